"""Applying one message: its officers' commands, then its actions, each to its game.

Every game concerned is first brought to the message's instant (rewound if the message is
late, then its due ticks applied). The results are collected for the answer, and the mail
they cause is decided into an :class:`Outgoing`; nothing is answered or queued here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.answers import Answerer
from referee.engine.context import ContextBuilder, MessageContext
from referee.engine.events import EventOutcome
from referee.engine.finding import FoundInMessage
from referee.engine.game_order import GameOrder
from referee.engine.late_mail import rewind_for
from referee.engine.officers import OfficerDesk
from referee.engine.outgoing import Outgoing
from referee.engine.results import ActionResult, NotUnderstoodLine
from referee.engine.roster import Roster
from referee.engine.ticks import advance, tick_contexts
from referee.engine.timeline import GameTimeline, timeline_for
from referee.games.base import Audience, Context, Game, Notice, PlayerStatus
from referee.parsing.finder import FoundAction
from referee.store.models import InboundMessage


@dataclass(frozen=True)
class Mode:
    """How a message is applied: the first time, or again for rewound games."""

    only: frozenset[str] | None = None
    """None: the message is met for the first time (every game; late mail rewinds; Register
    changes are told to the other games). Else the names of the rewound games it is applied
    to again, which alone change."""
    silent: bool = False
    """The mail it causes is recorded as suppressed, never sent (a replay)."""

    @property
    def first_time(self) -> bool:
        return self.only is None

    def includes(self, game: str | None) -> bool:
        return self.only is None or game in self.only


@dataclass
class Dispatched:
    """What applying a message did."""

    actions: list[ActionResult] = field(default_factory=list)
    not_understood: list[NotUnderstoodLine] = field(default_factory=list)
    rewound: dict[str, list[InboundMessage]] = field(default_factory=dict)
    """Games rewound because the message was late, with the mail to apply to them again."""


class Dispatcher:
    def __init__(
        self,
        order: GameOrder,
        contexts: ContextBuilder,
        roster: Roster,
        desk: OfficerDesk,
        answerer: Answerer,
    ) -> None:
        self.order = order
        self.contexts = contexts
        self.roster = roster
        self.desk = desk
        self.answerer = answerer

    def apply(
        self,
        session: Session,
        message: MessageContext,
        found: FoundInMessage,
        mode: Mode,
        outgoing: Outgoing,
    ) -> Dispatched:
        """Apply a message's commands and actions, in the order written; save the games."""
        run = _MessageRun(self, session, message, mode, outgoing)
        wanted = [item for item in found.actions if mode.includes(item.game)]
        for name in dict.fromkeys(item.game for item in wanted):
            run.ready(name)
        run.officer_commands(found)
        for item in wanted:
            run.action(item)
        for timeline in run.timelines.values():
            timeline.save()
        if mode.first_time:
            run.dispatched.not_understood.extend(found.not_understood)
        return run.dispatched


class _MessageRun:
    """One message being applied: the games it brought to its instant, and its results."""

    def __init__(
        self,
        dispatcher: Dispatcher,
        session: Session,
        message: MessageContext,
        mode: Mode,
        outgoing: Outgoing,
    ) -> None:
        self.engine = dispatcher
        self.session = session
        self.message = message
        self.mode = mode
        self.outgoing = outgoing
        self.timelines: dict[str, GameTimeline] = {}
        self.dispatched = Dispatched()

    def ready(self, name: str) -> GameTimeline:
        """The game's timeline at the message's instant: rewound if the message is late,
        with every tick due by then applied.

        The games linked to it by reading come along (each past the instant is rewound
        too), so that each reads the others as they stand at this instant. Applied again,
        the message brings along only the games being re-derived.
        """
        if name in self.timelines:
            return self.timelines[name]
        at = self.message.at
        group = [
            g
            for g in self.engine.order.group(name)
            if g.name not in self.timelines and self.mode.includes(g.name)
        ]
        timelines = [timeline_for(game, self.session) for game in group]
        for game, timeline in zip(group, timelines, strict=True):
            if self.mode.first_time and timeline.clock > at and game.rewinds_for_late_mail:
                self.dispatched.rewound[game.name] = rewind_for(
                    self.session, timeline, self.message.row
                )
        players = self.engine.contexts.players(self.session)
        for passed in advance(
            timelines, at, tick_contexts(self.session, self.engine.order, players)
        ):
            self.engine.answerer.decide_notices(
                self.session,
                self.outgoing,
                passed.game,
                passed.outcome.notices,
                None,
                self.mode.silent,
                passed.tick.at,
            )
        for game, timeline in zip(group, timelines, strict=True):
            self.timelines[game.name] = timeline
        return self.timelines[name]

    def context(self, game: str) -> Context:
        views = self.engine.order.views(self.session, game)
        return self.engine.contexts.action(self.session, self.message, views)

    def officer_commands(self, found: FoundInMessage) -> None:
        """Publications and corrections, before the message's game actions."""
        desk = self.engine.desk
        read = self.message.read
        in_reply_to = read.header_text("In-Reply-To")
        for command in found.commands:
            if not self.mode.first_time and not self.mode.includes(
                desk.target(self.session, command, in_reply_to)
            ):
                continue
            self.dispatched.actions.append(
                desk.carry_out(
                    self.session,
                    command,
                    self.engine.contexts.action(self.session, self.message),
                    self.message.row,
                    in_reply_to,
                    self.ready,
                    self.outgoing,
                    self.mode.silent,
                )
            )

    def action(self, item: FoundAction) -> None:
        roster = self.engine.roster
        read = self.message.read
        row = self.message.row
        before = roster.statuses(self.session)
        applied = self.timelines[item.game].apply(item.action, self.context(item.game), row.id)
        outcome = applied.outcome
        self.dispatched.actions.append(
            ActionResult(
                game=item.game,
                text=read.redact(applied.text),
                line=item.action.source.line,
                outcome=EventOutcome.APPLIED if outcome else EventOutcome.REJECTED,
                summary=outcome.summary if outcome else (applied.reason or ""),
                rule=applied.rule,
                private_summary=outcome.private_summary if outcome else None,
                secret=outcome.secret if outcome else False,
            )
        )
        if outcome is None:
            return
        # The author's own acknowledgement already carries the private summary; a separate
        # notice to em about the same action would say it twice.
        notices = [
            n
            for n in outcome.notices
            if not (n.audience is Audience.PLAYER and n.player == read.author)
        ]
        self._decide(self.timelines[item.game].game, notices)
        if roster.is_register(item.game) and self.mode.first_time:
            self.tell_games(before)

    def tell_games(self, before: Mapping[str, PlayerStatus]) -> None:
        """A player's standing changed in the Register: every game learns of it at once."""
        roster = self.engine.roster
        after = roster.statuses(self.session)
        changed = [status for name, status in after.items() if before.get(name) != status]
        if not changed:
            return
        context = self.engine.contexts.action(self.session, self.message)
        for game in self.engine.order.configured:
            if roster.is_register(game.name):
                continue
            for status in changed:
                timeline = self.ready(game.name)
                outcome = timeline.status_changed(status, context, self.message.row.id)
                if outcome is not None:
                    self._decide(game, outcome.notices)

    def _decide(self, game: Game[Any], notices: Iterable[Notice]) -> None:
        self.engine.answerer.decide_notices(
            self.session,
            self.outgoing,
            game,
            notices,
            self.message.row,
            self.mode.silent,
            self.message.at,
        )
