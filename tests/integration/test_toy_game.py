"""A toy game, Marks, written from docs/adding-a-game.md alone, played through the pipeline.

The game is four files beside this one (``marks/``: grammar, model, rules, plugin). It is
registered here only, for the length of each test, and played with real mail on real
databases (SQLite and PostgreSQL): the answers, the state and a replay show that the
recipe is enough to add a game.
"""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from marks import rules
from marks.plugin import ENTRY, MarksGame
from sqlalchemy import select
from support import ADDRESSES, FixedClock, app_for, mail, settings_for

import referee.games
from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump, reset_derived
from referee.errors import ConfigError
from referee.games import find_game
from referee.games.base import RuleCitation
from referee.store.models import OutboundMessage

START = datetime(2024, 3, 4, tzinfo=UTC)
GAME = {
    "name": "Marks",
    "kind": "noughts",  # an alias: the registry finds the game by it
    "ruleset": "v1",
    "start": START.isoformat(),
    "officer": "referee",
}
PLAY = [
    ("nix", "Hello all.\n\nI mark B2."),
    ("Janet", "I mark b2.\nI mark the middle square."),
    ("Janet", "I mark D4.\nI hereby mark c3"),
]


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(referee.games, "GAMES", (*referee.games.GAMES, ENTRY))
    yield


def _app(tmp_path: Path, database_url: str) -> App:
    settings = settings_for(tmp_path, database_url, games=[GAME])
    return app_for(settings, FixedClock(START + timedelta(days=2)))


def _play(app: App) -> None:
    for number, (author, body) in enumerate(PLAY, 1):
        when = START + timedelta(hours=number)
        raw = mail(author, body, when, subject="Marks", message_id=f"<marks-{number}@example>")
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when + timedelta(minutes=1))
    assert app.processor().process_pending().quarantined == 0


def _answers(app: App) -> list[tuple[list[str], str]]:
    with app.db.transaction() as session:
        rows = session.scalars(
            select(OutboundMessage)
            .where(OutboundMessage.kind == "ack")
            .order_by(OutboundMessage.id)
        )
        found = []
        for row in rows:
            message = email.message_from_bytes(row.raw, policy=email.policy.default)
            part = message.get_body(("plain",))
            assert part is not None
            found.append((list(row.recipients), " ".join(str(part.get_content()).split())))
    return found


@pytest.mark.usefixtures("registered")
def test_marks_through_the_pipeline(tmp_path: Path, database_url: str) -> None:
    app = _app(tmp_path, database_url)
    _play(app)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    state = live["games"]["Marks"]["state"]
    assert {square: mark["player"] for square, mark in state["marks"].items()} == {
        "B2": "nix",
        "C3": "Janet",
    }

    answers = _answers(app)
    assert [recipients for recipients, _ in answers] == [
        [ADDRESSES["nix"]],
        [ADDRESSES["Janet"]],
        [ADDRESSES["Janet"]],
    ]
    assert "APPLIED: nix marked B2" in answers[0][1]
    second = answers[1][1]
    assert "REJECTED: B2 is already marked by nix" in second
    assert 'Marks v1, "Marks": "A square, once marked, stays marked by the player' in second
    assert 'Line 2: "I mark the middle square"' in second and "I mark B2" in second
    third = answers[2][1]
    assert "REJECTED: D4 is not a square of the board (A1 to C3)" in third
    assert "APPLIED: Janet marked C3" in third

    # Replaying the stored mail rebuilds the same state and history.
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending()
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    app.close()


def test_without_registration_the_game_is_unknown(tmp_path: Path, sqlite_url: str) -> None:
    with pytest.raises(ConfigError, match=r"game\[0\]\.kind: unknown game kind 'noughts'"):
        _app(tmp_path, sqlite_url)


@pytest.mark.usefixtures("registered")
def test_the_registry_finds_the_toy_game() -> None:
    assert find_game("Noughts").load() is MarksGame


def test_the_toy_game_quotes_its_text_verbatim() -> None:
    words = re.sub(r"\s+", " ", rules.TEXT)
    quoted = [value for value in vars(rules).values() if isinstance(value, RuleCitation)]
    assert len(quoted) == 3
    for citation in quoted:
        assert citation.quote in words
        assert citation.section in words
