"""Reading the record: a game's state at an instant, its history, a canonical dump."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from referee.games.base import Game, HistoryEntry
from referee.ingress.inbox import Status
from referee.store.models import GameEvent, GameRecord, InboundMessage, ReplyCount


@dataclass(frozen=True)
class StateAt:
    at: datetime | None
    state: dict[str, Any]


def state_at(session: Session, game: Game[Any], at: datetime | None) -> StateAt:
    """The game's whole state now (``at`` None) or as it was at instant ``at``."""
    if at is None:
        record = session.scalar(select(GameRecord).where(GameRecord.name == game.name))
        if record is None:
            return StateAt(None, game.dump(game.initial_state()))
        return StateAt(record.clock, record.state)
    event = session.scalar(
        select(GameEvent)
        .where(GameEvent.game == game.name, GameEvent.at <= at)
        .where(GameEvent.state_after.is_not(None))
        .order_by(GameEvent.sequence.desc())
        .limit(1)
    )
    if event is None or event.state_after is None:
        return StateAt(None, game.dump(game.initial_state()))
    return StateAt(event.at, event.state_after)


def history(
    session: Session,
    game: str,
    since: datetime | None = None,
    until: datetime | None = None,
    *,
    reveal_secrets: bool = False,
) -> list[HistoryEntry]:
    """Every recorded change of a game, oldest first, with the message that caused it."""
    query = (
        select(GameEvent, InboundMessage.message_key)
        .outerjoin(InboundMessage, InboundMessage.id == GameEvent.inbound_id)
        .where(GameEvent.game == game)
        .order_by(GameEvent.sequence)
    )
    if since is not None:
        query = query.where(GameEvent.at >= since)
    if until is not None:
        query = query.where(GameEvent.at < until)
    entries = []
    for event, message_key in session.execute(query):
        summary = event.summary
        if reveal_secrets and event.private_summary:
            summary = event.private_summary
        entries.append(
            HistoryEntry(
                at=event.at,
                actor=event.actor,
                message_id=message_key,
                text=event.text
                if (reveal_secrets or not event.secret)
                else "(secret until revealed)",
                outcome=event.outcome,
                summary=summary,
            )
        )
    return entries


def canonical_dump(session: Session) -> dict[str, Any]:
    """Everything derived from the inbox, without row ids: equal dumps mean equal states."""
    games: dict[str, Any] = {}
    for record in session.scalars(select(GameRecord).order_by(GameRecord.name)):
        events = [
            {
                "sequence": e.sequence,
                "at": e.at.isoformat(),
                "message": key,
                "tick": e.tick,
                "actor": e.actor,
                "kind": e.kind,
                "text": e.text,
                "outcome": e.outcome,
                "summary": e.summary,
                "private_summary": e.private_summary,
                "rule": e.rule,
                "state_after": e.state_after,
            }
            for e, key in session.execute(
                select(GameEvent, InboundMessage.message_key)
                .outerjoin(InboundMessage, InboundMessage.id == GameEvent.inbound_id)
                .where(GameEvent.game == record.name)
                .order_by(GameEvent.sequence)
            )
        ]
        games[record.name] = {
            "kind": record.kind,
            "ruleset": record.ruleset,
            "clock": record.clock.isoformat(),
            "state": record.state,
            "events": events,
        }
    messages = {
        key: {"status": status, "actions": (results or {}).get("actions", [])}
        for key, status, results in session.execute(
            select(InboundMessage.message_key, InboundMessage.status, InboundMessage.results)
        )
    }
    return {"games": games, "messages": dict(sorted(messages.items()))}


def reset_derived(session: Session) -> int:
    """Forget all derived state so it can be rebuilt from the stored mail; returns messages."""
    session.execute(delete(GameEvent))
    session.execute(delete(GameRecord))
    session.execute(delete(ReplyCount))
    result = session.execute(
        update(InboundMessage)
        .where(InboundMessage.status == Status.DONE.value)
        .values(status=Status.PENDING.value, results=None)
    )
    return int(getattr(result, "rowcount", 0) or 0)
