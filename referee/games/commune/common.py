"""Checks and small operations every Commune action shares: time, participation, weeks,
who can hold an asset (Clean-Up), and rejection with the version's own words."""

from __future__ import annotations

from datetime import datetime
from typing import NoReturn

from referee.clock import WEEK, add_months, format_utc, utc, week_start
from referee.games.base import Context, IllegalAction
from referee.games.commune.rulesets import ROLLING_WEEK, Rules
from referee.games.commune.state import CommuneState, Participant

TOURNAMENT_MONTHS = 3


def reject(rules: Rules, key: str, reason: str) -> NoReturn:
    """Refuse an action: ``reason`` for the player, the clause ``key`` of the version quoted."""
    raise IllegalAction(reason, rules.cite(key))


def end_time(state: CommuneState) -> datetime:
    """When "it has been 3 months since the tournament started"."""
    return add_months(state.started_at, TOURNAMENT_MONTHS)


def guard_time(state: CommuneState, rules: Rules, at: datetime) -> None:
    """Every action: the tournament must be in play (started, not ended)."""
    at = utc(at)
    if state.over:
        assert state.ended_at is not None
        key = state.end_reason or "end_time"
        reject(
            rules,
            key,
            f"the tournament ended on {format_utc(state.ended_at)}; nothing can be done in it "
            "any more",
        )
    if at < state.started_at:
        reject(
            rules,
            "join",
            f"the tournament has not started yet (it starts {format_utc(state.started_at)})",
        )
    if at >= end_time(state):
        reject(
            rules,
            "end_time",
            f"the tournament ended on {format_utc(end_time(state))}, 3 months after it started",
        )


def actor_name(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("the referee cannot tell who sent this action")
    return context.actor


def participant(state: CommuneState, rules: Rules, name: str, key: str) -> Participant:
    """The actor as a participant, or a rejection citing clause ``key``."""
    found = state.participants.get(name)
    if found is None:
        reject(
            rules,
            key,
            f'{name} is not a participant in this tournament (say "I become a participant '
            'in Commune" first)',
        )
    return found


def find_participant(state: CommuneState, name: str) -> Participant | None:
    """A participant by name, ignoring case."""
    folded = name.casefold()
    for candidate in state.participants.values():
        if candidate.name.casefold() == folded:
            return candidate
    return None


def can_hold(context: Context, name: str) -> bool:
    """Clean-Up: assets that would belong to a deregistered person or a deactivated player
    (or to no one: Agora, the L&FD, abeyance) are destroyed instead."""
    status = context.players.get(name)
    return status is not None and status.registered and status.active


def used_this_week(
    state: CommuneState, rules: Rules, player: str, key: str, at: datetime
) -> datetime | None:
    """When ``key`` (a constructor side or the investment grant) was used within the current
    week by ``player``, or None if it is free again."""
    last = state.uses.get(player, {}).get(key)
    if last is None:
        return None
    if rules.on(ROLLING_WEEK):
        return last if utc(at) - last < WEEK else None
    return last if week_start(last) == week_start(at) else None


def next_free(rules: Rules, last: datetime) -> datetime:
    if rules.on(ROLLING_WEEK):
        return last + WEEK
    return week_start(last) + WEEK


def record_use(state: CommuneState, player: str, key: str, at: datetime) -> None:
    state.uses.setdefault(player, {})[key] = utc(at)


def a_symbol(symbol: str) -> str:
    """ "a 5", "an E", "an 8": a Symbol with the article it is read aloud with."""
    return f"an {symbol}" if symbol in "AEFHI8" else f"a {symbol}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def join_words(words: list[str], final: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {final} " + words[-1]
