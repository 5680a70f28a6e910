"""Alliances through the real pipeline: a join With the Support of all its existing members,
a premature attempt answered with rule 2124 quoted, and the Registrar's weekly report.

Mail goes into the stored inbox as the list delivers it; the processor applies it on a real
database (SQLite and PostgreSQL); acknowledgements and the report come out of the outbox.
The premature answer and the report are pinned byte for byte (REFEREE_REGEN=1 rewrites
them). Replaying the stored mail gives the same state and history as the live run.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from support import ADDRESSES, FixedClock, app_for, mail, outbox_rows, plain_body, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump, reset_derived

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
START = datetime(2023, 5, 1, tzinfo=UTC)  # Monday: the first report is due Monday 8 May
GAME = {
    "name": "Alliances",
    "kind": "alliances",
    "ruleset": "igora",
    "start": START.isoformat(),
    "officer": "registrar",
    "publish": "draft",
}

# (author, body, when): Janet joins Murphy; nix joins them (one premature attempt first);
# Aspen's intent to join Kate is still open, supported and objected to, when the week ends.
WEEK = [
    ("Janet", "Hello all.\n\nI intend to join Murphy's alliance with support.", (1, 10)),
    ("Murphy", "I support intent 1.", (1, 11)),
    ("Janet", "I join Murphy's alliance with support.", (1, 12)),
    (
        "nix",
        "I intend, With the Support of all its existing members, to join Janet's alliance.",
        (2, 9),
    ),
    ("Janet", "I support nix's intent to join Janet's alliance.", (2, 10)),
    ("nix", "Hoping this is enough:\n\nI do so.\n\n-- \nnix", (2, 11)),
    ("Kate", "I object to intent 2.", (2, 12)),
    ("Murphy", "I support intent 2.", (3, 9)),
    ("nix", "I perform intent 2.", (3, 10)),
    ("Aspen", "I intend to join Kate's alliance with support.", (4, 9)),
    ("ais523", "I support intent 3.", (4, 10)),
    ("Murphy", "I object to intent 3.", (5, 9)),
]
REPORT_DUE = START + timedelta(days=7)


def _check(name: str, raw: bytes) -> None:
    path = GOLDEN / name
    text = raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _app(tmp_path: Path, database_url: str) -> App:
    settings = settings_for(
        tmp_path, database_url, games=[GAME], extra={"offices": {"registrar": "Aspen"}}
    )
    return app_for(settings, FixedClock(REPORT_DUE + timedelta(hours=1)))


def _play(app: App) -> None:
    for number, (author, body, (day, hour)) in enumerate(WEEK, 1):
        when = START + timedelta(days=day, hours=hour)
        raw = mail(
            author, body, when, subject="Alliances", message_id=f"<week-{number}@example.org>"
        )
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    processor = app.processor()
    assert processor.process_pending().quarantined == 0
    processor.advance_clock(REPORT_DUE + timedelta(hours=1))


def _events(dump: dict[str, Any]) -> list[tuple[str | None, str, str]]:
    return [(e["actor"], e["outcome"], e["summary"]) for e in dump["games"]["Alliances"]["events"]]


def test_a_join_with_support_through_the_pipeline(tmp_path: Path, database_url: str) -> None:
    app = _app(tmp_path, database_url)
    _play(app)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    outcomes = [(actor, outcome) for actor, outcome, _ in _events(live)]
    assert outcomes == [
        ("Janet", "applied"),
        ("Murphy", "applied"),
        ("Janet", "applied"),
        ("nix", "applied"),
        ("Janet", "applied"),
        ("nix", "rejected"),  # the premature "I do so"
        ("Kate", "applied"),
        ("Murphy", "applied"),
        ("nix", "applied"),
        ("Aspen", "applied"),
        ("ais523", "rejected"),  # not a member of Kate's alliance
        ("Murphy", "applied"),
        (None, "report"),
    ]
    state = live["games"]["Alliances"]["state"]
    assert {n: m for n, m in state["alliances"].items() if len(m) > 1} == {
        "5": ["Janet", "Murphy", "nix"]
    }

    rows = outbox_rows(app)
    acks = [r for r in rows if r.kind == "ack"]
    # Every message is answered, privately, to its author.
    assert [r.recipients for r in acks] == [[ADDRESSES[author]] for author, _, _ in WEEK]
    premature = acks[5]
    assert premature.recipients == ["nix@example.org"]
    text = " ".join(plain_body(premature.raw).split())  # the template wraps long lines
    assert "REJECTED: intent 2 needs the support of all the existing members" in text
    assert (
        'The rule: Agora rule 2124, "Performing Tabled Actions": "With N Support: e is a '
        'sponsor or supporter of a ripe intent with at least N supporters."' in text
    )
    _check("alliances_premature_ack.eml", premature.raw)

    (report,) = [r for r in rows if r.kind == "notice:alliances/weekly"]
    assert report.recipients == ["aspen@example.com"]  # the Registrar, as a draft
    assert "Alliance 5 (3 members): Janet, Murphy and nix" in plain_body(report.raw)
    _check("alliances_weekly.eml", report.raw)

    # Replaying the stored mail rebuilds the same state and history, sending nothing new.
    with app.db.transaction() as session:
        reset_derived(session)
    replay = app.processor(silent=True)
    replay.process_pending()
    replay.advance_clock(REPORT_DUE + timedelta(hours=1))
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    assert len(outbox_rows(app)) == len(rows)
    app.close()
