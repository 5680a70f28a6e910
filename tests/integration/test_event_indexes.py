"""The questions asked of a game's record before every message are answered by an index.

A game's last weekly report and its last change are asked before each message. Walked
back through the game's events, each costs as much as the record is long once a game is
over or nothing is published; asked by index, each is one step. The plans are read from
the databases themselves, on SQLite and on PostgreSQL (told to prefer an index wherever
one can answer, since on a table this small a scan is cheaper and would be chosen).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Select, insert, select, text
from sqlalchemy.orm import Session

from referee.engine.events import EventKind
from referee.store import queries
from referee.store.db import Database
from referee.store.models import GameEvent

START = datetime(2026, 1, 5, tzinfo=UTC)


def _fill(session: Session) -> None:
    """A finished game's record: a report and a change long ago, then only refusals."""
    rows: list[dict[str, Any]] = []
    for sequence in range(1, 201):
        rows.append(
            {
                "game": "Commune",
                "sequence": sequence,
                "at": START + timedelta(hours=sequence),
                "kind": EventKind.REPORT.value if sequence == 2 else "PlaceTile",
                "text": "",
                "outcome": "applied" if sequence <= 2 else "rejected",
                "summary": "",
                "secret": False,
                "state_after": {"n": sequence} if sequence == 1 else None,
            }
        )
    session.execute(insert(GameEvent), rows)


def _plan(session: Session, query: Select[Any]) -> str:
    compiled = query.compile(session.get_bind(), compile_kwargs={"literal_binds": True})
    if session.get_bind().dialect.name == "sqlite":
        rows = session.execute(text(f"EXPLAIN QUERY PLAN {compiled}"))
        return "\n".join(str(row[-1]) for row in rows)
    session.execute(text("SET LOCAL enable_seqscan = off"))
    session.execute(text("SET LOCAL enable_bitmapscan = off"))
    return "\n".join(str(row[0]) for row in session.execute(text(f"EXPLAIN {compiled}")))


def _last_of_kind() -> Select[Any]:
    return (
        select(GameEvent.at)
        .where(GameEvent.game == "Commune", GameEvent.kind == EventKind.REPORT.value)
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    )


def _last_change() -> Select[Any]:
    return (
        select(GameEvent.at)
        .where(GameEvent.game == "Commune", GameEvent.state_after.is_not(None))
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    )


@pytest.mark.parametrize(
    ("query", "index"),
    [(_last_of_kind, "ix_game_event_game_kind"), (_last_change, "ix_game_event_changes")],
)
def test_each_question_is_answered_by_its_index(database: Database, query: Any, index: str) -> None:
    with database.transaction() as session:
        _fill(session)
        plan = _plan(session, query())
    assert index in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan  # no sorting of the record


def test_the_answers_are_the_last_report_and_the_last_change(database: Database) -> None:
    with database.transaction() as session:
        _fill(session)
        assert queries.last_event_at(session, "Commune", kind=EventKind.REPORT) == START + (
            timedelta(hours=2)
        )
        assert queries.last_event_at(session, "Commune", changes_only=True) == START + (
            timedelta(hours=1)
        )
        assert queries.last_event_at(session, "Commune") == START + timedelta(hours=200)
