"""The Arcadian Tournament through the real pipeline, from the first joins to the Monument.

Two players join; claims cost more with each claim in a row and reset when the other
player claims, and a claim without the Energy is refused with the clause quoted; every
facility is built and one destroyed; midnight resets Energy and produces for sixteen days;
Food becomes Energy; nix builds the first Monument and wins. Mail goes into the stored inbox
as the list delivers it, on SQLite and PostgreSQL; the refusal and the Lord-Ruler's
reports are pinned byte for byte (REFEREE_REGEN=1 rewrites them), and replaying the stored
mail gives the same state and history as the live run.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from support import FixedClock, app_for, mail, outbox_rows, plain_body, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump, reset_derived

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
START = datetime(2026, 11, 30, tzinfo=UTC)  # a Monday: reports are due 7 and 14 Dec
END = datetime(2026, 12, 21, 1, tzinfo=UTC)
GAME = {
    "name": "Arcadia",
    "kind": "arcadia",
    "ruleset": "draft",
    "start": START.isoformat(),
    "officer": "lord-ruler",
    "publish": "draft",
    # The season ends at the first Monument (by default the tournament goes on: R2-3).
    "options": {"monument_concludes": True},
}

# (day, author, lines): each is one message, sent after 10:00 UTC in the order listed.
SEASON: list[tuple[int, str, list[str]]] = [
    (0, "nix", ["I join the Arcadian Tournament."]),
    (0, "Janet", ["I join the Arcadian Tournament.", "I claim (5, 5)."]),  # Energy 0
    (1, "nix", ["I claim the Land Unit at (1, 1).", "I claim the Land Unit at (1, 2)."]),
    (1, "Janet", ["I claim (9, 9)."]),
    (
        1,
        "nix",
        [
            "I set the Land Type of (1,3) to White and transfer it to myself.",
            "I claim (2, 1).",
            "I claim (2, 2).",  # 3 Energy, with none left
        ],
    ),
    (1, "Janet", ["I destroy 1 Lumber and 1 Stone to build a Farm at (9,9)."]),
    (2, "Janet", ["I destroy the Farm at (9, 9).", "I claim (9, 8)."]),
    (2, "nix", ["I build a Mine on (1, 1).", "I build an Orchard on (1, 2)."]),
    (3, "nix", ["I build a Farm on (1, 3)."]),
    (3, "Janet", ["I claim (9, 7)."]),
    (4, "nix", ["I build a Farm on (2, 1).", "I claim the Land Unit at (2, 2)."]),
    (4, "Janet", ["I claim (9, 6)."]),
    (5, "nix", ["I build a Farm on (2, 2).", "I claim the Land Unit at (2, 3)."]),
    (5, "Janet", ["I claim (9, 5)."]),
    (7, "nix", ["I build a Mine on (2, 3).", "I claim the Land Unit at (3, 1)."]),
    (7, "Janet", ["I claim (9, 4)."]),
    (8, "nix", ["I build an Orchard on (3, 1).", "I claim the Land Unit at (3, 2)."]),
    (8, "Janet", ["I claim (9, 3)."]),
    (9, "nix", ["I build a Mine on (3, 2).", "I claim the Land Unit at (3, 3)."]),
    (9, "Janet", ["I claim (9, 2)."]),
    (10, "nix", ["I build an Orchard on (3, 3)."]),
    (11, "nix", ["I destroy 2 Food to increase my Energy by 2."]),
    (16, "nix", ["I build a Monument at (1, 1)."]),
    (17, "Janet", ["I claim (9, 1)."]),  # after the end
]


def _check(name: str, raw: bytes) -> None:
    path = GOLDEN / name
    text = raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _app(tmp_path: Path, database_url: str) -> App:
    settings = settings_for(
        tmp_path, database_url, games=[GAME], extra={"offices": {"lord-ruler": "Murphy"}}
    )
    return app_for(settings, FixedClock(END))


def _play(app: App) -> None:
    for number, (day, author, lines) in enumerate(SEASON, 1):
        when = START + timedelta(days=day, hours=10, minutes=2 * number)
        raw = mail(
            author,
            "\n".join(lines),
            when,
            subject="Arcadia",
            message_id=f"<arcadia-{number}@example.org>",
        )
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    processor = app.processor()
    assert processor.process_pending().quarantined == 0
    processor.advance_clock(END)


def _events(dump: dict[str, Any]) -> list[dict[str, Any]]:
    return list(dump["games"]["Arcadia"]["events"])


def test_an_iteration_from_the_joins_to_the_monument(tmp_path: Path, database_url: str) -> None:
    app = _app(tmp_path, database_url)
    _play(app)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    events = _events(live)
    rejected = [(e["actor"], e["text"]) for e in events if e["outcome"] == "rejected"]
    assert rejected == [
        ("Janet", "I claim (5, 5)"),
        ("nix", "I claim (2, 2)"),
        ("Janet", "I claim (9, 1)"),
    ]
    claims = [e["summary"] for e in events if "transferred it to emself" in e["summary"]]
    assert [c.split(", for ")[1].split(" (")[0] for c in claims[:5]] == [
        "1 Energy",
        "2 Energy",
        "1 Energy",  # Janet
        "1 Energy",  # nix again: Janet's claim reset eir count
        "2 Energy",
    ]
    midnights = [e for e in events if e["outcome"] == "tick"]
    assert 14 <= len(midnights) <= 17  # quiet midnights are not recorded
    state = live["games"]["Arcadia"]["state"]
    assert state["winner"] == "nix"
    assert state["land"]["1,1"] == {"type": "Black", "facility": "Monument", "owner": "nix"}
    assert state["land"]["9,9"] == {"type": "Black", "facility": "None", "owner": "Janet"}

    rows = outbox_rows(app)
    acks = [r for r in rows if r.kind == "ack"]
    refused = acks[1]
    assert refused.recipients == ["janet@example.net"]
    text = " ".join(plain_body(refused.raw).split())
    assert "REJECTED: claiming (5, 5) costs 1 Energy and Janet has 0" in text
    assert "Any actions that would set a player's Energy to be less than 0" in text
    _check("arcadia_refused_claim.eml", refused.raw)

    reports = [r for r in rows if r.kind == "notice:arcadia/report"]
    assert [r.recipients for r in reports] == [["murphy@example.com"]] * len(reports)
    assert len(reports) == 3  # 7 and 14 Dec, and the one after the end (21 Dec)
    _check("arcadia_report_week2.eml", reports[1].raw)
    assert "THE MAP" in plain_body(reports[1].raw)
    final = plain_body(reports[2].raw)
    assert "nix built the first Monument and won; the tournament has concluded." in final
    _check("arcadia_report_final.eml", reports[2].raw)

    # Replaying the stored mail rebuilds the same state and history, sending nothing new.
    with app.db.transaction() as session:
        reset_derived(session)
    replay = app.processor(silent=True)
    replay.process_pending()
    replay.advance_clock(END)
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    assert len(outbox_rows(app)) == len(rows)
    app.close()
