"""Applying one message: its officers' commands, then its actions, each to its game.

Every game concerned is first brought to the message's instant (rewound if the message is
late, then its due ticks applied). The results are collected for the answer, and the mail
they cause is decided into an :class:`Outgoing`; nothing is answered or queued here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from sqlalchemy.orm import Session

from referee.config import Settings
from referee.engine.answers import Answerer
from referee.engine.context import ContextBuilder, MessageContext
from referee.engine.events import EventOutcome
from referee.engine.finding import FoundInMessage, find_in_message
from referee.engine.game_order import GameOrder
from referee.engine.held import appointment_conflict, confirmation, held_result
from referee.engine.late_mail import rewind_for
from referee.engine.modes import Confirming, Dispatched, Mode
from referee.engine.officers import OfficerDesk
from referee.engine.outgoing import Outgoing
from referee.engine.powers import PLAYER_OFFICER_RULE, Powers, accepts
from referee.engine.results import ActionResult
from referee.engine.roster import Roster
from referee.engine.ticks import advance, tick_contexts
from referee.engine.timeline import GameTimeline, timeline_for, untouched_until
from referee.games.base import Audience, Game, Notice, PlayerStatus
from referee.games.register.actions import Appoint
from referee.games.register.plugin import ADMINISTRATOR
from referee.parsing.finder import FoundAction
from referee.parsing.officer_commands import Command


class Dispatcher:
    def __init__(
        self,
        settings: Settings,
        order: GameOrder,
        contexts: ContextBuilder,
        roster: Roster,
        desk: OfficerDesk,
        answerer: Answerer,
        powers: Powers,
    ) -> None:
        self.settings = settings
        self.order = order
        self.contexts = contexts
        self.roster = roster
        self.desk = desk
        self.answerer = answerer
        self.powers = powers

    def apply(
        self,
        session: Session,
        message: MessageContext,
        found: FoundInMessage,
        mode: Mode,
        outgoing: Outgoing,
    ) -> Dispatched:
        """Apply a message's commands and actions, in the order written; save the games;
        then perform the held commands of an earlier message that it confirms."""
        dispatched = self._apply(session, message, found, mode, outgoing)
        confirmed = confirmation(session, self.settings, self.powers, self.contexts, message)
        if isinstance(confirmed, ActionResult):
            if mode.first_time:  # a token that confirms nothing is answered as refused
                dispatched.actions.append(confirmed)
        elif confirmed is not None:
            dispatched.notes.append(confirmed.note)
            held_found = find_in_message(session, self.order.configured, confirmed.message)
            confirming = replace(mode, confirming=Confirming(confirmed.keys))
            dispatched.add(
                self._apply(session, confirmed.message, held_found, confirming, outgoing)
            )
        return dispatched

    def _apply(
        self,
        session: Session,
        message: MessageContext,
        found: FoundInMessage,
        mode: Mode,
        outgoing: Outgoing,
    ) -> Dispatched:
        run = _MessageRun(self, session, message, mode, outgoing)
        wanted = [
            item
            for item in found.actions
            if mode.includes(item.game)
            and (
                mode.confirming is None
                or mode.confirming.holds(
                    item.action.source.line, message.read.redact(item.action.source.text)
                )
            )
        ]
        for name in dict.fromkeys(item.game for item in wanted):
            run.ready(name)
        run.officer_commands(found)
        for item in wanted:
            run.action(item)
        for timeline in run.timelines.values():
            timeline.save()
        if mode.first_time and mode.confirming is None:
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

    def officer_commands(self, found: FoundInMessage) -> None:
        """Publications and corrections, before the message's game actions."""
        desk = self.engine.desk
        contexts = self.engine.contexts
        confirming = self.mode.confirming
        in_reply_to = self.message.read.header_text("In-Reply-To")
        for command in found.commands:
            target = desk.target(self.session, command, in_reply_to)
            if not self.mode.includes(target):
                continue
            if confirming is not None and not confirming.holds(
                command.source.line, command.source.text
            ):
                continue
            context = contexts.action(
                self.session, self.message, game=target, confirmed=confirming is not None
            )
            if confirming is None and self._needs_proof(command, target, in_reply_to):
                powered = contexts.action(self.session, self.message, game=target, powered=True)
                self._hold(
                    target or "officers' commands",
                    command.source.text,
                    command.source.line,
                    powered.offices,
                    context.offices,
                )
                continue
            self.dispatched.actions.append(
                desk.carry_out(
                    self.session,
                    command,
                    context,
                    self.message.row,
                    in_reply_to,
                    self.ready,
                    self.outgoing,
                    self.mode.silent,
                )
            )

    def _needs_proof(self, command: Command, target: str | None, in_reply_to: str) -> bool:
        """Whether the author holds the office ``command`` needs but does not prove it."""
        needed = self.engine.desk.office_needed(self.session, command, in_reply_to)
        if needed is None:
            return False
        contexts = self.engine.contexts
        proven = contexts.action(self.session, self.message, game=target).offices
        powered = contexts.action(self.session, self.message, game=target, powered=True).offices
        return bool({needed, ADMINISTRATOR} & powered) and not {needed, ADMINISTRATOR} & proven

    def _hold(
        self,
        game: str,
        text: str,
        line: int,
        claimed: frozenset[str],
        proven: frozenset[str],
    ) -> None:
        result = held_result(self.engine.powers, self.message, game, text, line, claimed, proven)
        self.dispatched.actions.append(result)
        self.dispatched.held.append(result)

    def action(self, item: FoundAction) -> None:
        roster = self.engine.roster
        contexts = self.engine.contexts
        read = self.message.read
        row = self.message.row
        before = roster.statuses(self.session)
        text = read.redact(item.action.source.text)
        line = item.action.source.line
        if isinstance(item.action, Appoint) and roster.is_register(item.game):
            conflict = appointment_conflict(self.session, self.engine.order.configured, item.action)
            if conflict is not None:
                self.dispatched.actions.append(
                    ActionResult(
                        item.game,
                        text,
                        line,
                        EventOutcome.REJECTED,
                        conflict,
                        rule=str(PLAYER_OFFICER_RULE),
                    )
                )
                return
        if roster.is_register(item.game) and self.mode.first_time:
            self.ready_others(item.game)
        timeline = self.timelines[item.game]
        views = self.engine.order.views(self.session, item.game, self.message.at)
        confirming = self.mode.confirming
        context = contexts.action(
            self.session, self.message, views, game=item.game, confirmed=confirming is not None
        )
        # An author who holds no office has nothing unproven to hold the action for.
        if confirming is None and contexts.holds_office(self.session, self.message):
            powered = contexts.action(
                self.session, self.message, views, game=item.game, powered=True
            )
            if powered.offices != context.offices:
                game_now = timeline.game_at(self.message.at)
                state, copy = timeline.state, timeline.copy_of_state
                if not accepts(game_now, state, item.action, powered, copy):
                    context = powered  # refused because of an office held: say so
                elif not accepts(game_now, state, item.action, context, copy):
                    self._hold(item.game, text, line, powered.offices, context.offices)
                    return
        if read.copied_to_list:
            context = replace(context, published=True)
        applied = timeline.apply(item.action, context, row.id)
        outcome = applied.outcome
        self.dispatched.actions.append(
            ActionResult(
                game=item.game,
                text=read.redact(applied.text),
                line=line,
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
        self._decide(timeline.game, notices)
        if roster.is_register(item.game) and self.mode.first_time:
            self.tell_games(before)

    def ready_others(self, register: str) -> None:
        """Every other game brought to the message's instant before a Register action: a
        tick due at that instant (Okinawa's award, Arcadia's midnight) reads the standings
        as they were before the message (P6, R6-1), not as the action leaves them.

        A game never stored with nothing due yet is left unloaded: it reads no standings
        before the message, and loading it would store a row for an action that may be
        refused."""
        at = self.message.at
        for game in self.engine.order.configured:
            if game.name == register or not self.mode.includes(game.name):
                continue
            if not untouched_until(game, self.session, at):
                self.ready(game.name)

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
