"""The Arcadia contract through the real pipeline: parties, a proposal that fails with 2
objections and one adopted that changes the Tournament Template, the Lord-Ruler's Iteration
Date, the drafted notice on the day, the Lord-Ruler setting it to Never and beginning the
new Free Tournament with 2 Agoran consent, and `referee ruleset` saying plainly that the new
Template is not a text the referee implements. On SQLite and PostgreSQL; replaying the
stored mail gives the same state and history as the live run.
"""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from support import FixedClock, app_for, mail, outbox_rows, plain_body, settings_for

from referee.app import App
from referee.cli.inspect import cmd_ruleset
from referee.config import Settings, Visibility
from referee.engine.history import canonical_dump, reset_derived

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
START = datetime(2026, 11, 2, tzinfo=UTC)
END = datetime(2026, 11, 23, 12, tzinfo=UTC)
CONTRACT = {
    "name": "Arcadia contract",
    "kind": "arcadia_contract",
    "ruleset": "draft",
    "start": START.isoformat(),
    "officer": "lord-ruler",
    "publish": "draft",
}
POWERS: dict[str, Any] = {"powers": {"offices": {"lord-ruler": ["address"]}}}

SEASON: list[tuple[int, str, str]] = [
    (0, "Murphy", "I become a party to the Arcadia contract."),
    (0, "nix", "I become a party to the Arcadia contract."),
    (0, "Janet", "I join the Arcadia contract."),
    (0, "Kate", "I become a party to the Arcadia contract."),
    (0, "Aspen", "I become a party to the Arcadia contract."),
    (
        1,
        "nix",
        'I create an Arcadian Proposal with the following text: replace "given 2 Stone" '
        'with "given 5 Stone".',
    ),
    (1, "Janet", "I support Arcadian Proposal 1."),
    (1, "Aspen", "I support Arcadian Proposal 1."),
    (1, "Murphy", "I object to Arcadian Proposal 1."),
    (2, "Kate", "I object to Arcadian Proposal 1."),
    (
        2,
        "Janet",
        'I create an Arcadian Proposal with the following text: replace "is set to 6" with '
        '"is set to 7".',
    ),
    (2, "nix", "I support Arcadian Proposal 2."),
    (2, "Kate", "I support Arcadian Proposal 2."),
    (6, "nix", "I apply Arcadian Proposal 1."),  # 2 objections
    (6, "Janet", "I apply Arcadian Proposal 2."),
    (7, "nix", "I set the Iteration Date to 2026-11-16."),  # not the Lord-Ruler
    (7, "Murphy", "I set the Iteration Date to 2026-11-16."),
    (
        14,
        "Murphy",
        "I set the Iteration Date to Never.\n\nI intend, with 2 Agoran consent, to begin a new "
        "Free Tournament with the regulations of the Tournament Template.",
    ),
    (14, "nix", "I support the intent to begin a new Free Tournament."),
    (14, "Janet", "I support the intent to begin a new Free Tournament."),
    (19, "Murphy", "I begin a new Free Tournament with 2 Agoran consent."),
]


def _check(name: str, raw: bytes) -> None:
    path = GOLDEN / name
    text = raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _settings(tmp_path: Path, database_url: str) -> Settings:
    return settings_for(
        tmp_path,
        database_url,
        games=[CONTRACT],
        extra={"offices": {"lord-ruler": "Murphy"}, **POWERS},
    )


def _play(app: App) -> None:
    for number, (day, author, body) in enumerate(SEASON, 1):
        when = START + timedelta(days=day, hours=10, minutes=2 * number)
        raw = mail(
            author, body, when, subject="Arcadia", message_id=f"<contract-{number}@example.org>"
        )
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    processor = app.processor()
    assert processor.process_pending().quarantined == 0
    processor.advance_clock(END)


def test_proposals_and_the_iteration_date(
    tmp_path: Path, database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = _settings(tmp_path, database_url)
    app = app_for(settings, FixedClock(END))
    _play(app)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    events = live["games"]["Arcadia contract"]["events"]
    rejected = [(e["actor"], e["summary"]) for e in events if e["outcome"] == "rejected"]
    assert [actor for actor, _ in rejected] == ["nix", "nix"]
    assert rejected[0][1] == (
        "intent 1 has 2 objectors (Murphy and Kate); it can be performed only with fewer than 2"
    )
    assert rejected[1][1].startswith("only the Lord-Ruler can set the Iteration Date")
    state = live["games"]["Arcadia contract"]["state"]
    assert [v["number"] for v in state["template"]] == [1, 2]
    assert "Energy is set to 7." in state["template"][1]["text"]
    assert state["iteration_date"] is None and state["reminded"] == "2026-11-16"
    (begun,) = state["begun"]
    assert begun["by"] == "Murphy" and begun["template_version"] == 2
    assert events[-1]["summary"].startswith(
        "Murphy began a new Free Tournament, the Arcadian Tournament, with the regulations of "
        "Tournament Template version 2; the referee implements no ruleset for that text"
    )

    rows = outbox_rows(app)
    (reminder,) = [r for r in rows if r.kind == "notice:arcadia_contract/iteration"]
    assert reminder.recipients == ["murphy@example.com"]
    body = plain_body(reminder.raw)
    assert "I set the Iteration Date to Never." in body
    assert "differs from every text the referee implements" in " ".join(body.split())
    _check("arcadia_iteration_notice.eml", reminder.raw)

    assert cmd_ruleset(settings, argparse.Namespace(game="Arcadia contract")) == 0
    out = capsys.readouterr().out
    assert "WARNING: Tournament Template version 2 (Arcadian Proposal 2:" in out
    assert "-     6. Any actions that would set a player's Energy to be less than 0" in out
    assert "each player's Energy is set to 7. Any actions that would" in out

    with app.db.transaction() as session:
        reset_derived(session)
    replay = app.processor(silent=True)
    replay.process_pending()
    replay.advance_clock(END)
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    assert len(outbox_rows(app)) == len(rows)
    app.close()


def test_no_iteration_date_while_the_arcadian_tournament_is_in_play(
    tmp_path: Path, database_url: str
) -> None:
    tournament = {
        "name": "Arcadia",
        "kind": "arcadia",
        "ruleset": "draft",
        "start": START.isoformat(),
        "officer": "lord-ruler",
        "publish": "draft",
    }
    settings = settings_for(
        tmp_path,
        database_url,
        games=[CONTRACT, tournament],
        extra={"offices": {"lord-ruler": "Murphy"}, **POWERS},
    )
    app = app_for(settings, FixedClock(END))
    when = START + timedelta(days=1)
    raw = mail("Murphy", "I set the Iteration Date to 2026-12-01.", when, subject="Arcadia")
    app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    app.processor().process_pending()
    with app.db.transaction() as session:
        live = canonical_dump(session)
    (event,) = live["games"]["Arcadia contract"]["events"]
    app.close()
    assert event["outcome"] == "rejected"
    assert event["summary"] == "an Arcadian Tournament exists, so the Iteration Date cannot be set"
