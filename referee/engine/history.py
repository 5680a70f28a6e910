"""Reading the record: a game's state at an instant, its history, a canonical dump."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from referee.games.base import Game, HistoryEntry
from referee.store import queries

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


@dataclass(frozen=True)
class StateAt:
    at: datetime | None
    state: dict[str, Any]


def state_at(session: Session, game: Game[Any], at: datetime | None) -> StateAt:
    """The game's whole state now (``at`` None) or as it was at instant ``at``."""
    if at is None:
        record = queries.game_record(session, game.name)
        if record is None:
            return StateAt(None, game.dump(game.initial_state()))
        return StateAt(record.clock, record.state)
    event = queries.last_change_at_or_before(session, game.name, at)
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
    entries = []
    for event, message_key in queries.events_with_messages(session, game, since, until=until):
        summary = event.summary
        if reveal_secrets and event.private_summary:
            summary = event.private_summary
        hidden = event.secret and not reveal_secrets
        entries.append(
            HistoryEntry(
                at=event.at,
                actor=event.actor,
                # A secret event's mail is not named either: a Message-ID links the private
                # mail and often tells when and from which machine it was sent (SEC-2).
                message_id=None if hidden else message_key,
                text="(secret until revealed)" if hidden else event.text,
                outcome=event.outcome,
                summary=summary,
            )
        )
    return entries


def canonical_dump(session: Session) -> dict[str, Any]:
    """Everything derived from the inbox, without row ids: equal dumps mean equal states."""
    games: dict[str, Any] = {}
    for record in queries.game_records(session):
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
            for e, key in queries.events_with_messages(session, record.name, with_state=True)
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
        for key, status, results in queries.message_outcomes(session)
    }
    return {"games": games, "messages": dict(sorted(messages.items()))}


def reset_derived(session: Session) -> int:
    """Forget all derived state so it can be rebuilt from the stored mail; returns messages."""
    # Imported here: the inbox (and the mail parsing behind it) is no concern of the
    # commands that only read a state or a history.
    from referee.ingress.inbox import Status

    # Mail done and then published (SEC-3-4) is read again from the start like the rest: it
    # is read as published from its stored visibility.
    return queries.forget_derived(
        session,
        done=Status.DONE.value,
        pending=Status.PENDING.value,
        also=(Status.PUBLISHED.value,),
    )
