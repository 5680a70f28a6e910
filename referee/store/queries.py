"""The queries the engine asks of the store, in one place.

Each is a small function over a session. They speak the store's own terms (rows, columns,
strings as stored); the meaning of a status or an event kind belongs to the caller, which
may pass a string enum (it is bound as its plain string value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.orm import Session, defer

from referee.store.models import (
    GameEvent,
    GameRecord,
    InboundMessage,
    OutboundMessage,
    ReplyCount,
    RulesetAmendment,
)

MESSAGE_ORDER = (InboundMessage.effective_at, InboundMessage.id)
"""The order messages take effect in: their effective time, then their arrival."""

# ------------------------------------------------------------------------ inbound mail


def message_ids(session: Session, status: str) -> list[int]:
    """The ids of the messages with ``status``, in the order they take effect."""
    return list(
        session.scalars(
            select(InboundMessage.id)
            .where(InboundMessage.status == status)
            .order_by(*MESSAGE_ORDER)
        )
    )


def message_ids_after(
    session: Session, status: str, after: tuple[datetime, int] | None, limit: int
) -> list[tuple[int, datetime]]:
    """The next ``limit`` (id, effective time) of the messages with ``status``, in the order
    they take effect, after the message at ``after`` (its effective time and id)."""
    query = select(InboundMessage.id, InboundMessage.effective_at).where(
        InboundMessage.status == status
    )
    if after is not None:
        at, row_id = after
        query = query.where(
            or_(
                InboundMessage.effective_at > at,
                and_(InboundMessage.effective_at == at, InboundMessage.id > row_id),
            )
        )
    rows = session.execute(query.order_by(*MESSAGE_ORDER).limit(limit))
    return [(row_id, at) for row_id, at in rows]


def load_messages(session: Session, ids: Iterable[int]) -> Sequence[InboundMessage]:
    """Load several messages with one query (they stay in the session's identity map)."""
    return session.scalars(select(InboundMessage).where(InboundMessage.id.in_(list(ids)))).all()


def message_columns(
    session: Session, ids: Sequence[int], names: Sequence[str]
) -> list[tuple[Any, ...]]:
    """The columns ``names`` (the first must be ``id``) of the messages ``ids``, in that
    order, those that exist. Stored columns never change: pending writes are not flushed
    first (a flush before each such read wrote a batch's rows piecemeal), and the query
    goes to the session's connection, past the ORM's statement hooks, which would write the
    pending game events and states first (see :mod:`referee.engine.event_rows`)."""
    columns = [getattr(InboundMessage, name) for name in names]
    rows = session.connection().execute(select(*columns).where(InboundMessage.id.in_(list(ids))))
    by_id = {row[0]: tuple(row) for row in rows}
    return [by_id[row_id] for row_id in ids if row_id in by_id]


def messages_since(session: Session, status: str, since: datetime) -> list[InboundMessage]:
    """The messages with ``status`` taking effect at or after ``since``, in order."""
    return list(
        session.scalars(
            select(InboundMessage)
            .where(InboundMessage.status == status)
            .where(InboundMessage.effective_at >= since)
            .order_by(*MESSAGE_ORDER)
        )
    )


def message_keys_newest_first(
    session: Session, status: str, *, since: datetime, until: datetime, excluding: int
) -> list[tuple[int, str]]:
    """The (id, key) of the messages with ``status`` taking effect from ``since`` to
    ``until`` (both included), but ``excluding``, newest first."""
    rows = session.execute(
        select(InboundMessage.id, InboundMessage.message_key)
        .where(InboundMessage.status == status)
        .where(InboundMessage.effective_at <= until)
        .where(InboundMessage.effective_at >= since)
        .where(InboundMessage.id != excluding)
        .order_by(InboundMessage.effective_at.desc(), InboundMessage.id.desc())
    )
    return [(row_id, key) for row_id, key in rows]


def messages_between(
    session: Session, status: str, *, since: datetime, until: datetime, excluding: int
) -> list[InboundMessage]:
    """The messages with ``status`` taking effect from ``since`` to ``until`` (both
    included), but ``excluding``."""
    return list(
        session.scalars(
            select(InboundMessage)
            .where(InboundMessage.status == status)
            .where(InboundMessage.effective_at >= since)
            .where(InboundMessage.effective_at <= until)
            .where(InboundMessage.id != excluding)
        )
    )


def messages_in_effect_between(
    session: Session, *, since: datetime, until: datetime, excluding: int
) -> list[InboundMessage]:
    """Every stored message, whatever its status, taking effect from ``since`` to
    ``until`` (both included), but ``excluding``."""
    return list(
        session.scalars(
            select(InboundMessage)
            .where(InboundMessage.effective_at >= since)
            .where(InboundMessage.effective_at <= until)
            .where(InboundMessage.id != excluding)
        )
    )


def message_by_key(session: Session, key: str) -> InboundMessage | None:
    """The stored message whose key (its Message-ID, without angle brackets) is ``key``."""
    return session.scalar(select(InboundMessage).where(InboundMessage.message_key == key))


def messages_keyed_after(
    session: Session, prefix: str, visibility: str
) -> Sequence[InboundMessage]:
    """The stored messages of ``visibility`` whose key begins with ``prefix`` (messages
    kept under a key of their own after reusing a Message-ID), in the order stored."""
    return session.scalars(
        select(InboundMessage)
        .where(
            InboundMessage.message_key.startswith(prefix, autoescape=True),
            InboundMessage.visibility == visibility,
        )
        .order_by(InboundMessage.id)
    ).all()


def message_ids_with_status(session: Session, status: str) -> list[int]:
    """The ids of the stored messages with ``status``, in effective-time order."""
    return list(
        session.scalars(
            select(InboundMessage.id)
            .where(InboundMessage.status == status)
            .order_by(InboundMessage.effective_at, InboundMessage.id)
        )
    )


def games_of_message(session: Session, inbound_id: int) -> set[str]:
    """The games with an event recorded from the stored message ``inbound_id``."""
    return set(session.scalars(select(GameEvent.game).where(GameEvent.inbound_id == inbound_id)))


def ticked_since(session: Session, games: Iterable[str], since: datetime) -> bool:
    """Whether any of ``games`` recorded a tick (a round resolved, a deadline) after
    ``since``."""
    names = list(games)
    if not names:
        return False
    found = session.scalar(
        select(GameEvent.id)
        .where(GameEvent.game.in_(names), GameEvent.tick.is_not(None), GameEvent.at > since)
        .limit(1)
    )
    return found is not None


# ------------------------------------------------------------------------ games


def game_record(session: Session, game: str) -> GameRecord | None:
    return session.scalar(select(GameRecord).where(GameRecord.name == game))


def last_event_at(
    session: Session,
    game: str,
    *,
    kind: str | None = None,
    changes_only: bool = False,
    before: datetime | None = None,
) -> datetime | None:
    """The instant of the game's last event (of ``kind``; that changed the state; strictly
    before ``before``)."""
    query = select(GameEvent.at).where(GameEvent.game == game)
    if kind is not None:
        query = query.where(GameEvent.kind == str(kind))
    if before is not None:
        query = query.where(GameEvent.at < before)
    if changes_only:
        query = query.where(GameEvent.state_after.is_not(None))
    return session.scalar(query.order_by(GameEvent.sequence.desc()).limit(1))


def last_tick_of_kind(session: Session, game: str, kind: str) -> str | None:
    """The ``tick`` column of the game's last event of ``kind``."""
    return session.scalar(
        select(GameEvent.tick)
        .where(GameEvent.game == game, GameEvent.kind == str(kind))
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    )


def event_at_with_tick(session: Session, game: str, kind: str, tick: str) -> datetime | None:
    """When the game's event of ``kind`` with ``tick`` happened, or None."""
    return session.scalar(
        select(GameEvent.at).where(
            GameEvent.game == game, GameEvent.kind == str(kind), GameEvent.tick == tick
        )
    )


def last_event_before(
    session: Session, game: str, before: datetime, *, changes_only: bool = False
) -> GameEvent | None:
    """The game's last event strictly before ``before`` (or the last that changed the state)."""
    query = select(GameEvent).where(GameEvent.game == game, GameEvent.at < before)
    if changes_only:
        query = query.where(GameEvent.state_after.is_not(None))
    return session.scalar(query.order_by(GameEvent.sequence.desc()).limit(1))


def last_place_before(session: Session, game: str, before: datetime) -> tuple[datetime, int] | None:
    """The instant and sequence number of the game's last event strictly before ``before``
    (two columns: the event's whole state is not needed to know where the record ends)."""
    row = session.execute(
        select(GameEvent.at, GameEvent.sequence)
        .where(GameEvent.game == game, GameEvent.at < before)
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    ).first()
    return None if row is None else (row[0], row[1])


def delete_events_from(session: Session, game: str, since: datetime) -> None:
    """Forget every event of the game at or after ``since``."""
    session.execute(delete(GameEvent).where(GameEvent.game == game, GameEvent.at >= since))


def events_with_messages(
    session: Session,
    game: str,
    since: datetime | None = None,
    *,
    until: datetime | None = None,
    without_kinds: Iterable[str] = (),
    with_state: bool = False,
) -> list[tuple[GameEvent, str | None]]:
    """The game's events in order (from ``since``, before ``until``, without some kinds),
    each with the key of the message that caused it (None for ticks).

    Each event's ``state_after`` (a whole state, the largest column by far) is loaded only
    ``with_state``: a history never reads it, and decoding it dominated long histories.
    """
    query = (
        select(GameEvent, InboundMessage.message_key)
        .outerjoin(InboundMessage, InboundMessage.id == GameEvent.inbound_id)
        .where(GameEvent.game == game)
        .order_by(GameEvent.sequence)
    )
    if not with_state:
        query = query.options(defer(GameEvent.state_after))
    if since is not None:
        query = query.where(GameEvent.at >= since)
    if until is not None:
        query = query.where(GameEvent.at < until)
    excluded = [str(kind) for kind in without_kinds]
    if excluded:
        query = query.where(GameEvent.kind.not_in(excluded))
    return [(event, key) for event, key in session.execute(query)]


def count_events(
    session: Session, game: str, since: datetime, until: datetime, *, without_kind: str
) -> int:
    """How many of the game's events from ``since`` to before ``until`` are not of
    ``without_kind``.

    Counted as all the events in that time (read from the index on (game, at) alone) less
    those of the kind (found by the index on (game, kind), and few): asking the database
    to test each event's kind would read every row of a long record.
    """
    every = session.scalar(
        select(func.count())
        .select_from(GameEvent)
        .where(GameEvent.game == game, GameEvent.at >= since, GameEvent.at < until)
    )
    of_kind = session.scalars(
        select(GameEvent.at).where(GameEvent.game == game, GameEvent.kind == str(without_kind))
    )
    return int(every or 0) - sum(1 for at in of_kind if since <= at < until)


def last_change_at_or_before(session: Session, game: str, at: datetime) -> GameEvent | None:
    """The game's last event at or before ``at`` that changed its state."""
    return session.scalar(
        select(GameEvent)
        .where(GameEvent.game == game, GameEvent.at <= at)
        .where(GameEvent.state_after.is_not(None))
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    )


def game_records(session: Session) -> Sequence[GameRecord]:
    """Every game's record, by name."""
    return session.scalars(select(GameRecord).order_by(GameRecord.name)).all()


def message_outcomes(session: Session) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every stored message's key, status and results."""
    rows = session.execute(
        select(InboundMessage.message_key, InboundMessage.status, InboundMessage.results)
    )
    return [(key, status, results) for key, status, results in rows]


def forget_derived(session: Session, *, done: str, pending: str, also: Sequence[str] = ()) -> int:
    """Delete everything derived from the stored mail and make the ``done`` messages (and
    those of the statuses ``also``) ``pending`` again; returns how many."""
    session.execute(delete(GameEvent))
    session.execute(delete(GameRecord))
    session.execute(delete(ReplyCount))
    result = session.execute(
        update(InboundMessage)
        .where(InboundMessage.status.in_([done, *also]))
        .values(status=pending, results=None)
    )
    return int(getattr(result, "rowcount", 0) or 0)


def amendments_of(session: Session, game: str) -> Sequence[RulesetAmendment]:
    """The game's ruleset amendments in the order they take effect."""
    return session.scalars(
        select(RulesetAmendment)
        .where(RulesetAmendment.game == game)
        .order_by(RulesetAmendment.effective_at, RulesetAmendment.id)
    ).all()


# ------------------------------------------------------------------------ outgoing mail


def outbound_by_message_id(session: Session, message_id: str) -> OutboundMessage | None:
    return session.scalar(select(OutboundMessage).where(OutboundMessage.message_id == message_id))


def outbound_exists(session: Session, message_id: str) -> bool:
    found = session.scalar(
        select(OutboundMessage.id).where(OutboundMessage.message_id == message_id)
    )
    return found is not None


def outbound_of_kind_newest_first(session: Session, pattern: str) -> Iterable[OutboundMessage]:
    """Outgoing mail whose kind is LIKE ``pattern``, newest first."""
    return session.scalars(
        select(OutboundMessage)
        .where(OutboundMessage.kind.like(pattern))
        .order_by(OutboundMessage.id.desc())
    )


def reply_counter(session: Session, address: str, day: datetime) -> ReplyCount:
    """The count of automatic answers to ``address`` on ``day``, created at zero if new."""
    counter = session.scalar(
        select(ReplyCount).where(ReplyCount.address == address, ReplyCount.day == day)
    )
    if counter is None:
        counter = ReplyCount(address=address, day=day, count=0)
        session.add(counter)
    return counter
