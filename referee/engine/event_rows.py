"""Game events written in batches, not one ORM object each.

A replay records thousands of events in one transaction. Building an ORM object per event
and letting the unit of work insert it cost more than applying the action, so the timeline
keeps each event's values here and they are inserted together, with one statement, before
the session's next statement or commit. A session that is rolled back or closed without
committing discards them, exactly as it would discard pending ORM objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, insert, update
from sqlalchemy.orm import ORMExecuteState, Session

from referee.store.models import GameEvent

_KEY = "referee.pending_events"


@dataclass
class PendingEvent:
    """One event's column values, and whether they are in the database yet."""

    values: dict[str, Any]
    written: bool = field(default=False)


def add_event(session: Session, values: dict[str, Any]) -> PendingEvent:
    pending = PendingEvent(values)
    session.info.setdefault(_KEY, []).append(pending)
    return pending


def set_state_after(session: Session, pending: PendingEvent, state: dict[str, Any]) -> None:
    """Give an event the game's state after it, whether or not it has been written."""
    if not pending.written:
        pending.values["state_after"] = state
        return
    session.execute(
        update(GameEvent)
        .where(
            GameEvent.game == pending.values["game"],
            GameEvent.sequence == pending.values["sequence"],
        )
        .values(state_after=state)
    )


def write_events(session: Session) -> None:
    """Insert every pending event of the session, in the order they were recorded."""
    pending: list[PendingEvent] = session.info.get(_KEY) or []
    if not pending:
        return
    session.info[_KEY] = []
    # Core, not the ORM's bulk insert: this runs inside the ORM's own statement hook.
    table = GameEvent.metadata.tables[GameEvent.__tablename__]
    session.connection().execute(insert(table), [p.values for p in pending])
    for item in pending:
        item.written = True


def _before_statement(state: ORMExecuteState) -> None:
    write_events(state.session)


def _forget(session: Session, *_: Any) -> None:
    session.info.pop(_KEY, None)


# On the Session class, so that every session (the application's, the tests', a CLI's)
# sees its own pending events before any query: a query never misses an event.
event.listen(Session, "do_orm_execute", _before_statement)
event.listen(Session, "before_commit", write_events)
event.listen(Session, "after_rollback", _forget)
