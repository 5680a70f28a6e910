"""A game's current state, read with SQLAlchemy Core alone.

``referee state`` shows one row of the ``game`` table; importing the ORM (the mapped models)
for that would take most of the command's start-up. This reads the same row the ORM maps
as :class:`referee.store.models.GameRecord`, and gives back the same values. SQLAlchemy
itself is imported when a row is read, not with this module: on SQLite the row is read
without it (:mod:`referee.store.sqlite_state`), which shares :class:`CurrentState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine


@dataclass(frozen=True)
class CurrentState:
    clock: datetime
    state: dict[str, Any]


def current_state(engine: Engine, game: str) -> CurrentState | None:
    """The game's stored state and clock, or None when nothing was recorded for it yet."""
    from sqlalchemy import JSON, DateTime, String, column, select, table

    rows = table("game", column("name", String), column("clock", DateTime), column("state", JSON))
    query = select(rows.c.clock, rows.c.state).where(rows.c.name == game)
    with engine.begin() as connection:
        row = connection.execute(query).first()
    if row is None:
        return None
    clock, state = row
    # Times are stored as naive UTC (the models' UtcDateTime): given back aware, as there.
    return CurrentState(clock.replace(tzinfo=UTC), state)
