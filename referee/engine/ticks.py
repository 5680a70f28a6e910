"""Time passing: each game's scheduled ticks and weekly reports, applied in time order.

Ordering at one instant: every tick due at or before a message's instant is applied before
the message's actions (a message stamped exactly Monday 00:00 belongs to the new week, as
rule 1023 says the week begins then), and the officer's weekly report is drafted at each
week boundary from the state at that instant, before any tick of the new week.

Games that read each other move through time together: at each step the earliest thing
due among them is applied, and at one instant the games read come before their readers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.context import ContextBuilder
from referee.engine.events import REPORT_TICK
from referee.engine.game_order import GameOrder
from referee.engine.timeline import GameTimeline
from referee.engine.weekly_reports import reports_for
from referee.games.base import Context, Game, Outcome, PlayerStatus, Tick

TickContext = Callable[[GameTimeline, Tick], Context]
"""The context of a tick of a game (who and what the game may know at its instant)."""


def tick_contexts(
    session: Session, order: GameOrder, players: Mapping[str, PlayerStatus]
) -> TickContext:
    """Ticks' contexts: no actor, ``players`` as they stood, the games read as they stand."""

    def context(timeline: GameTimeline, tick: Tick) -> Context:
        return ContextBuilder.scheduled(
            tick.at, players, order.views(session, timeline.game.name, tick.at)
        )

    return context


@dataclass(frozen=True)
class Passed:
    """A tick or weekly report that was applied, with what it did."""

    game: Game[Any]
    tick: Tick
    outcome: Outcome


@dataclass(frozen=True)
class _Due:
    at: datetime
    tick: Tick | None  # None: the weekly report


def _next_due(timeline: GameTimeline, until: datetime) -> _Due | None:
    tick = timeline.next_tick()
    report_at = reports_for(timeline).next_due()
    if report_at is not None and report_at <= until and (tick is None or report_at <= tick.at):
        return _Due(report_at, None)
    if tick is None or tick.at > until:
        return None
    return _Due(tick.at, tick)


def advance(
    timelines: Sequence[GameTimeline], until: datetime, tick_context: TickContext
) -> list[Passed]:
    """Apply every tick and report due at or before ``until`` to ``timelines`` together.

    ``timelines`` is one game, or games that read each other in dependency order (at one
    instant, the first due in that order goes first).
    """
    passed: list[Passed] = []
    while True:
        chosen: tuple[GameTimeline, _Due] | None = None
        for timeline in timelines:
            due = _next_due(timeline, until)
            if due is not None and (chosen is None or due.at < chosen[1].at):
                chosen = (timeline, due)
        if chosen is None:
            return passed
        timeline, due = chosen
        if due.tick is None:
            instant = tick_context(timeline, Tick(due.at, REPORT_TICK))
            tick, outcome = reports_for(timeline).draft(due.at, instant)
            passed.append(Passed(timeline.game, tick, outcome))
            continue
        applied = timeline.apply_tick(due.tick, tick_context(timeline, due.tick))
        if applied is not None:
            passed.append(Passed(timeline.game, due.tick, applied))
