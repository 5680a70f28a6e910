"""Process stored messages, one transaction each, in the order their actions take effect.

For each pending message: read it (author, time, text), find its actions, apply them to
their games at the message's effective time (ticks first), record every outcome, queue the
answer and any notices, and mark it done, all in one transaction. Anything unexpected
rolls that message back and quarantines it with the reason; the next message goes on.

Order is (effective time, arrival id). A message that takes effect before something a game
has already applied is fitted in where it belongs: the game is rewound to just before it
and the later messages are applied again, silently (their answers were already sent).
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.clock import utc
from referee.config import Settings
from referee.engine.answers import Answerer
from referee.engine.confirmations import (
    CONFIRMED_NOTE,
    find_confirmed,
    is_held,
    request_confirmation,
)
from referee.engine.officers import Command, OfficerDesk, find_commands
from referee.engine.people import People
from referee.engine.powers import (
    CONFIRM_RULE,
    PLAYER_OFFICER_RULE,
    PROOF_RULE,
    Powers,
    accepts,
    find_token,
    officer_plays,
)
from referee.engine.reading import ReadMessage, read_message
from referee.engine.results import (
    ActionResult,
    MessageResults,
    NotUnderstoodLine,
    QuotedAction,
)
from referee.engine.roster import Roster
from referee.engine.timeline import GameTimeline, forget_timeline, timeline_for
from referee.errors import RefereeError
from referee.games.base import Audience, Context, Game, PlayerStatus, Route
from referee.games.register.actions import Appoint
from referee.games.register.plugin import ADMINISTRATOR
from referee.ingress.inbox import Status
from referee.mailtext.dkim import TxtLookup
from referee.parsing import find_actions
from referee.parsing.finder import NotUnderstood
from referee.store.db import Database
from referee.store.models import InboundMessage

log = logging.getLogger("referee.processor")

ORDER = (InboundMessage.effective_at, InboundMessage.id)

# Messages per transaction in a replay: large enough that commits cost little, small enough
# that the LMTP server, which stores mail meanwhile, never waits long for the write lock.
REPLAY_BATCH = 200

COMMAND_LINE_ROUTE = "command-line"
"""The route of commands an officer types on the referee's command line (never mail's)."""


@dataclass(frozen=True)
class _Confirming:
    """Commands held from an earlier message, performed now that its author confirmed them:
    the (line, text) of each held result."""

    keys: frozenset[tuple[int, str]]

    def holds(self, line: int, text: str) -> bool:
        return (line, text) in self.keys


@dataclass
class ProcessSummary:
    done: int = 0
    quarantined: int = 0


class UnattributedMail(RefereeError):
    """Mail whose author cannot be known (quarantined, never silently done)."""


class RefusedHeaders(RefereeError):
    """Mail the strict header reader refuses (quarantined, never performed or answered)."""


class Processor:
    """Applies stored mail to the configured games. ``silent`` suppresses all outgoing mail."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        games: Sequence[Game[Any]],
        *,
        now: Callable[[], datetime],
        silent: bool = False,
        dkim_dns: TxtLookup | None = None,
    ) -> None:
        self.settings = settings
        self.db = db
        self.games = list(games)
        self.people = People.from_settings(settings)
        self.now = now
        self.silent = silent
        self.dkim_dns = dkim_dns  # replaces dkimpy's DNS lookup of DKIM keys (tests)
        self.roster = Roster(self.people, self.games)
        self.desk = OfficerDesk(settings, self.games)
        self.powers = Powers(settings, self.people, dkim_dns)
        self.answerer = Answerer(settings, self.people, self.games, self.roster, dkim_dns)

    # ----------------------------------------------------------------- public entry points

    def process_pending(
        self, progress: Callable[[int], object] | None = None, *, batch: int = 1
    ) -> ProcessSummary:
        """Process every pending message in effective-time order.

        ``batch`` messages share one transaction (see :meth:`_process_batch`). Live
        processing commits every message (``batch`` 1: an answer is sent only for a
        committed change); a replay re-derives what is on record and commits in batches.
        """
        summary = ProcessSummary()
        with self.db.transaction() as session:
            pending = list(
                session.scalars(
                    select(InboundMessage.id)
                    .where(InboundMessage.status == Status.PENDING.value)
                    .order_by(*ORDER)
                )
            )
        for start in range(0, len(pending), max(batch, 1)):
            chunk = pending[start : start + max(batch, 1)]
            if len(chunk) == 1:
                results = [self.process_one(chunk[0])]
            else:
                results = self._process_batch(chunk)
            summary.done += sum(results)
            summary.quarantined += len(results) - sum(results)
            if progress is not None:
                progress(len(results))
        return summary

    def process_one(self, row_id: int) -> bool:
        """Process one message; False if it had to be quarantined."""
        try:
            with self.db.transaction() as session:
                self._process_row(session, row_id)
            return True
        except Exception as error:
            log.error(
                "message %d could not be processed; quarantined\n%s", row_id, traceback.format_exc()
            )
            self._quarantine(row_id, f"{type(error).__name__}: {error}")
            return False

    def _process_batch(self, row_ids: Sequence[int]) -> list[bool]:
        """Process several messages in one transaction; if any fails, redo them one by one.

        Failures are rare, so the common case pays for one commit and lets the session
        write the batch's rows together; the rare failing batch is rolled back whole and
        each message then gets its own transaction, where the bad one is quarantined.
        """
        try:
            with self.db.transaction() as session:
                # One query for the whole batch; held here, the rows stay in the session's
                # identity map, so each message's ``session.get`` costs nothing.
                loaded = session.scalars(
                    select(InboundMessage).where(InboundMessage.id.in_(row_ids))
                ).all()
                for row_id in row_ids:
                    self._process_row(session, row_id)
                del loaded
            return [True] * len(row_ids)
        except Exception:
            log.warning("a batch of %d messages failed; processing them one by one", len(row_ids))
        return [self.process_one(row_id) for row_id in row_ids]

    def _process_row(self, session: Session, row_id: int) -> None:
        row = session.get(InboundMessage, row_id)
        if row is None or row.status != Status.PENDING.value:
            return
        row.attempts += 1
        results = self._process(session, row)
        row.results = results.to_json()
        row.status = Status.DONE.value
        row.reason = None
        row.processed_at = utc(self.now())

    def advance_clock(self, until: datetime | Mapping[str, datetime]) -> None:
        """Apply every game's ticks due by ``until`` (the scheduler's job in ``referee run``).

        ``until`` may instead give each game its own instant (a replay brings each game's
        clock back to where the live run had taken it).
        """
        with self.db.transaction() as session:
            for game in self.games:
                if isinstance(until, Mapping):
                    if game.name not in until:
                        continue
                    game_until = until[game.name]
                else:
                    game_until = until
                timeline = timeline_for(game, session)
                for tick, outcome in timeline.advance(
                    game_until, self._context(session, None, game_until, None)
                ):
                    self.answerer.queue_notices(
                        session, game, outcome.notices, None, self.silent, tick.at
                    )
                timeline.save()

    def rerun_game(self, session: Session, name: str, since: datetime, until: datetime) -> None:
        """Apply one game's mail again from ``since`` (after its rules changed), silently,
        and let its time run on to ``until`` as it had."""
        forget_timeline(session, name)
        game = next(g for g in self.games if g.name == name)
        timeline = timeline_for(game, session)
        later = list(
            session.scalars(
                select(InboundMessage)
                .where(InboundMessage.status == Status.DONE.value)
                .where(InboundMessage.effective_at >= since)
                .order_by(*ORDER)
            )
        )
        timeline.rewind(since)
        self._reapply_silently(session, later, name)
        for tick, outcome in timeline.advance(until, self._context(session, None, until, None)):
            self.answerer.queue_notices(session, game, outcome.notices, None, True, tick.at)
        timeline.save()

    # ----------------------------------------------------------------------- internals

    def _quarantine(self, row_id: int, reason: str) -> None:
        with self.db.transaction() as session:
            self._mark_quarantined(session, row_id, reason)

    def _mark_quarantined(self, session: Session, row_id: int, reason: str) -> None:
        row = session.get(InboundMessage, row_id)
        if row is not None:
            row.status = Status.QUARANTINED.value
            row.reason = reason[:2000]
            row.processed_at = utc(self.now())

    def _is_administrator(self, read: ReadMessage, row: InboundMessage) -> bool:
        """Commands typed on the referee's command line, or mail whose own From header (not
        a list's rewriting of it) is a configured administrator's address. For mail this is
        only a claim: :class:`Powers` decides whether the message proves it."""
        if row.route == COMMAND_LINE_ROUTE:
            return True
        attribution = read.attribution
        return attribution.how == "from" and attribution.address in self.people.administrators

    def _actor(self, read: ReadMessage, row: InboundMessage) -> str | None:
        if read.author is not None:
            return read.author
        return ADMINISTRATOR if self._is_administrator(read, row) else None

    def _context(
        self,
        session: Session,
        read: ReadMessage | None,
        at: datetime,
        row: InboundMessage | None,
        *,
        game: str | None = None,
        confirmed: bool = False,
    ) -> Context:
        """The circumstances of an action. Its offices are those the message proves
        (``confirmed``: the author confirmed the message by reply); over ``game``, never
        an office a player of it may not hold."""
        if read is None or row is None:
            return Context(
                at=at,
                actor=None,
                offices=frozenset(),
                route=Route.OFFICER,
                message_key=None,
                players=self.roster.statuses(session),
            )
        actor = self._actor(read, row)
        held = self._claimed(session, read, row, game)
        if row.route == COMMAND_LINE_ROUTE:
            offices = held
        else:
            # A header names the holder; only a proof lets the message use the office
            # (rulings P16). A guess from Cc is never the "address" proof.
            offices = self.powers.claim(read, row, held, confirmed=confirmed).proven
        return Context(
            at=at,
            actor=actor,
            offices=offices,
            route=Route.OFFICER if row.route == COMMAND_LINE_ROUTE else read.route,
            message_key=read.message_key,
            players=self.roster.statuses(session),
            credentials=read.credentials,
        )

    def _claimed(
        self, session: Session, read: ReadMessage, row: InboundMessage, game: str | None
    ) -> frozenset[str]:
        """The offices (and "administrator") the message's author holds, proven or not."""
        held = self.roster.offices_of(
            session, read.author, administrator=self._is_administrator(read, row)
        )
        if game is not None and held:
            held = self._without_conflict(session, game, self._actor(read, row), held)
        return held

    def _without_conflict(
        self, session: Session, name: str, actor: str | None, offices: frozenset[str]
    ) -> frozenset[str]:
        """A player of a game whose rules forbid its officer to play has no power over it."""
        game = next((g for g in self.games if g.name == name), None)
        if game is None or game.setup.officer not in offices:
            return offices
        if officer_plays(game, timeline_for(game, session).state, actor):
            return offices - {game.setup.officer}
        return offices

    def _appointment_conflict(self, session: Session, action: Appoint) -> str | None:
        """Why the Register may not give ``action.office`` to ``action.player`` (rulings P17)."""
        for game in self.games:
            if game.setup.officer != action.office:
                continue
            if officer_plays(game, timeline_for(game, session).state, action.player):
                return (
                    f"{action.player} plays {game.name}, whose officer is the "
                    f"{action.office}, and a player of it cannot be its officer"
                )
        return None

    def _held(
        self,
        read: ReadMessage,
        row: InboundMessage,
        game: str,
        text: str,
        line: int,
        claimed: frozenset[str],
        proven: frozenset[str],
    ) -> ActionResult:
        """The refusal of a command that needs an office the message does not prove."""
        missing = sorted(claimed - proven, key=lambda o: (o == ADMINISTRATOR, o))
        office = missing[0]
        person = self._actor(read, row)
        who = read.attribution.address if person == ADMINISTRATOR else person
        requested = self.powers.token(row.message_key) is not None and self.powers.confirmable(
            office
        )
        title = "an administrator" if office == ADMINISTRATOR else f"the {office}"
        return ActionResult(
            game=game,
            text=text,
            line=line,
            outcome="rejected",
            summary=(
                f"held, not done: this needs the powers of {title}, and nothing in this "
                f"message proves that {person} wrote it (a From or Reply-To header can be "
                f"forged). {self.powers.how_to_prove(office, who, requested=requested)}"
            ),
            rule=str(PROOF_RULE),
        )

    def _plays(self, session: Session, author: str | None) -> Mapping[str, bool]:
        return _Plays(session, self.games, author)

    def _process(self, session: Session, row: InboundMessage) -> MessageResults:
        read = read_message(row, self.people, self.dkim_dns)
        results = MessageResults(
            author=self._actor(read, row),
            address=read.attribution.address,
            effective_at=row.effective_at.isoformat(),
            time_note=_time_note(row),
            notes=list(read.text.notes),
        )
        if read.refused is not None:
            # Headers that parsers may read differently: nothing is performed or answered.
            raise RefusedHeaders(f"{read.refused}; quarantined so that an officer can look at it")
        doubt = read.attribution.doubt
        if results.author is None and doubt is not None and not read.attribution.address:
            # Nobody can be answered or credited; an officer must say who wrote it.
            raise UnattributedMail(f"{doubt}; quarantined so that an officer can look at it")
        if results.author is None:
            results.notes.append("the sender is not a registered player")
            if doubt is not None:
                results.notes.append(doubt)
            if not self.silent:
                results.answer = self.answerer.answer_unknown(session, read, row, silent=False)
            return results
        self._apply_message(session, read, row, results, only_game=None, silent=self.silent)
        if row.route == COMMAND_LINE_ROUTE:
            results.answer = "not answered: given on the command line, which shows the results"
        elif not self.silent:  # a replay re-derives state; the answers were sent long ago
            results.answer = self.answerer.answer(session, read, row, results, silent=False)
        return results

    def _apply_message(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        results: MessageResults,
        *,
        only_game: str | None,
        silent: bool,
        confirming: _Confirming | None = None,
    ) -> None:
        plays = self._plays(session, self._actor(read, row))
        private = read.route is Route.PRIVATE and read.sent_to_bot
        found = find_actions(
            self.games, read.own_lines(), plays, private=private, quoted=read.quoted_lines()
        )
        by_name = {g.name: g for g in self.games}
        wanted = [
            a
            for a in found.actions
            if (only_game is None or a.game == only_game)
            and (
                confirming is None
                or confirming.holds(a.action.source.line, read.redact(a.action.source.text))
            )
        ]
        timelines: dict[str, GameTimeline] = {}
        reapply: dict[str, list[InboundMessage]] = {}

        def ready(name: str) -> GameTimeline:
            """The game's timeline, rewound if the message goes before its clock, and with
            every tick due by the message's instant applied."""
            if name not in timelines:
                timeline = timeline_for(by_name[name], session)
                if (
                    only_game is None
                    and timeline.clock > row.effective_at
                    and by_name[name].rewinds_for_late_mail
                ):
                    reapply[name] = self._rewind_for(session, timeline, row)
                for tick, tick_outcome in timeline.advance(
                    row.effective_at, self._context(session, read, row.effective_at, row)
                ):
                    self.answerer.queue_notices(
                        session, by_name[name], tick_outcome.notices, None, silent, tick.at
                    )
                timelines[name] = timeline
            return timelines[name]

        for name in dict.fromkeys(a.game for a in wanted):
            ready(name)
        held: list[ActionResult] = []
        self._officer_commands(
            session, read, row, results, only_game, ready, silent, held, confirming
        )
        for item in wanted:
            before = self.roster.statuses(session)
            text = read.redact(item.action.source.text)
            if isinstance(item.action, Appoint) and self.roster.is_register(item.game):
                conflict = self._appointment_conflict(session, item.action)
                if conflict is not None:
                    results.actions.append(
                        ActionResult(
                            item.game,
                            text,
                            item.action.source.line,
                            "rejected",
                            conflict,
                            rule=str(PLAYER_OFFICER_RULE),
                        )
                    )
                    continue
            context = self._context(
                session,
                read,
                row.effective_at,
                row,
                game=item.game,
                confirmed=confirming is not None,
            )
            if read.copied_to_list:
                context = replace(context, published=True)
            claimed = self._claimed(session, read, row, item.game)
            if confirming is None and claimed != context.offices:
                powered = replace(context, offices=claimed)
                timeline = timelines[item.game]
                game_now = timeline.game_at(row.effective_at)
                if not accepts(game_now, timeline.state, item.action, powered):
                    context = powered  # refused because of an office held: say so
                elif not accepts(game_now, timeline.state, item.action, context):
                    result = self._held(
                        read,
                        row,
                        item.game,
                        text,
                        item.action.source.line,
                        powered.offices,
                        context.offices,
                    )
                    results.actions.append(result)
                    held.append(result)
                    continue
            applied = timelines[item.game].apply(item.action, context, row.id)
            outcome = applied.outcome
            results.actions.append(
                ActionResult(
                    game=item.game,
                    text=read.redact(applied.text),
                    line=item.action.source.line,
                    outcome="applied" if outcome else "rejected",
                    summary=outcome.summary if outcome else (applied.reason or ""),
                    rule=applied.rule,
                    private_summary=outcome.private_summary if outcome else None,
                    secret=outcome.secret if outcome else False,
                )
            )
            if outcome is not None:
                # The author's own acknowledgement already carries the private summary; a
                # separate notice to em about the same action would say it twice.
                notices = [
                    n
                    for n in outcome.notices
                    if not (n.audience is Audience.PLAYER and n.player == read.author)
                ]
                self.answerer.queue_notices(
                    session, by_name[item.game], notices, row, silent, row.effective_at
                )
            if outcome is not None and self.roster.is_register(item.game) and only_game is None:
                self._tell_games(session, before, read, row, ready, silent)
        for timeline in timelines.values():
            timeline.save()
        if confirming is None:
            self._confirm(session, read, row, results, only_game, silent)
        for name, later in reapply.items():
            self._reapply_silently(session, later, name)
        if only_game is not None or confirming is not None:
            return
        if held:
            self._request_confirmation(session, read, row, held, silent)
        for miss in found.not_understood:
            results.not_understood.append(_not_understood(read, miss))
        if silent:
            return  # quoted actions are only listed in answers, and a replay sends none
        quoted = find_actions(self.games, read.quoted_lines(), plays)
        for item in quoted.actions:
            results.quoted.append(QuotedAction(item.game, read.redact(item.action.source.text)))

    def _officer_commands(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        results: MessageResults,
        only_game: str | None,
        ready: Callable[[str], GameTimeline],
        silent: bool,
        held: list[ActionResult],
        confirming: _Confirming | None,
    ) -> None:
        """Publications and corrections, before the message's game actions."""
        found = find_commands(read.own_lines())
        in_reply_to = read.header_text("In-Reply-To")
        for command in found.commands:
            target = self.desk.target(session, command, in_reply_to)
            if only_game is not None and target != only_game:
                continue
            if confirming is not None and not confirming.holds(
                command.source.line, command.source.text
            ):
                continue
            context = self._context(
                session, read, row.effective_at, row, game=target, confirmed=bool(confirming)
            )
            claimed = self._claimed(session, read, row, target)
            if confirming is None and self._needs_proof(
                session, read, command, claimed, context.offices
            ):
                result = self._held(
                    read,
                    row,
                    target or "officers' commands",
                    command.source.text,
                    command.source.line,
                    claimed,
                    context.offices,
                )
                results.actions.append(result)
                held.append(result)
                continue
            results.actions.append(
                self.desk.carry_out(session, command, context, row, in_reply_to, ready, silent)
            )
        if only_game is None and confirming is None:
            for miss in found.not_understood:
                results.not_understood.append(_not_understood(read, miss))

    def _needs_proof(
        self,
        session: Session,
        read: ReadMessage,
        command: Command,
        claimed: frozenset[str],
        proven: frozenset[str],
    ) -> bool:
        """Whether the author holds the office ``command`` needs but does not prove it."""
        if claimed == proven:
            return False
        needed = self.desk.office_needed(session, command, read.header_text("In-Reply-To"))
        if needed is None:
            return False
        return bool({needed, ADMINISTRATOR} & claimed) and not {needed, ADMINISTRATOR} & proven

    def _confirm(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        results: MessageResults,
        only_game: str | None,
        silent: bool,
    ) -> None:
        """A reply with a confirmation token performs the commands it confirms, once."""
        found_token = find_token(read.own_lines())
        if found_token is None:
            return
        line, token = found_token

        def refuse(reason: str) -> None:
            if only_game is None:
                results.actions.append(
                    ActionResult(
                        "officers' commands",
                        "confirm [token]",
                        line,
                        "rejected",
                        reason,
                        rule=str(CONFIRM_RULE),
                    )
                )

        if self.settings.powers.confirmation_secret is None:
            refuse("confirmations are not used here")
            return
        person = (self._actor(read, row), read.attribution.address)
        found = find_confirmed(session, self.powers, token, row, person)
        if found.row is None:
            refuse(found.refusal or "that token confirms nothing")
            return
        held_row = found.row
        stored = MessageResults.from_json(held_row.results or {})
        keys = frozenset((a.line, a.text) for a in stored.actions if is_held(a))
        note = CONFIRMED_NOTE.format(key=held_row.message_key)
        if note not in results.notes:
            results.notes.append(note)
        held_read = read_message(held_row, self.people, self.dkim_dns)
        self._apply_message(
            session,
            held_read,
            row,
            results,
            only_game=only_game,
            silent=silent,
            confirming=_Confirming(keys),
        )

    def _request_confirmation(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        held: list[ActionResult],
        silent: bool,
    ) -> None:
        """Mail the held commands' confirmation request to the registered address of the
        person the message names, never to an address the message itself gives."""
        token = self.powers.token(row.message_key)
        actor = self._actor(read, row)
        if token is None or actor is None:
            return
        if actor == ADMINISTRATOR:
            address = read.attribution.address
            if address not in self.people.administrators:
                return
        else:
            address = self.people.primary_address(actor)
        if address is None:
            return
        request_confirmation(
            session,
            self.settings,
            token=token,
            to=address,
            person=actor,
            held=held,
            row=row,
            at=row.effective_at,
            silent=silent,
        )

    def _tell_games(
        self,
        session: Session,
        before: Mapping[str, PlayerStatus],
        read: ReadMessage,
        row: InboundMessage,
        ready: Callable[[str], GameTimeline],
        silent: bool,
    ) -> None:
        """A player's standing changed in the Register: every game learns of it at once."""
        after = self.roster.statuses(session)
        changed = [status for name, status in after.items() if before.get(name) != status]
        if not changed:
            return
        context = self._context(session, read, row.effective_at, row)
        for game in self.games:
            if self.roster.is_register(game.name):
                continue
            for status in changed:
                timeline = ready(game.name)
                outcome = timeline.status_changed(status, context, row.id)
                if outcome is not None:
                    self.answerer.queue_notices(
                        session, game, outcome.notices, row, silent, row.effective_at
                    )

    def _rewind_for(
        self, session: Session, timeline: GameTimeline, row: InboundMessage
    ) -> list[InboundMessage]:
        """Rewind a game to just before ``row``; return the processed mail to apply again."""
        log.info(
            "message %d takes effect before %s's clock; fitting it in", row.id, timeline.game.name
        )
        later = [
            m
            for m in session.scalars(
                select(InboundMessage)
                .where(InboundMessage.status == Status.DONE.value)
                .where(InboundMessage.effective_at >= row.effective_at)
                .order_by(*ORDER)
            )
            if (m.effective_at, m.id) > (row.effective_at, row.id)
        ]
        timeline.rewind(row.effective_at)
        return later

    def _reapply_silently(
        self, session: Session, rows: Iterable[InboundMessage], game: str
    ) -> None:
        """Apply already-answered mail again to one rewound game, sending nothing."""
        for later in rows:
            read = read_message(later, self.people, self.dkim_dns)
            actor = self._actor(read, later)
            if actor is None:
                continue
            stored = (
                MessageResults.from_json(later.results)
                if later.results
                else MessageResults(actor, read.attribution.address, later.effective_at.isoformat())
            )
            stored.actions = [a for a in stored.actions if a.game != game]
            self._apply_message(session, read, later, stored, only_game=game, silent=True)
            later.results = stored.to_json()


class _Plays(Mapping[str, bool]):
    """Whether the author takes part in each game, looked up only if a question needs it.

    Most messages parse cleanly and never ask, so the games' states are not loaded for them.
    """

    def __init__(self, session: Session, games: Sequence[Game[Any]], author: str | None) -> None:
        self._session = session
        self._games = {g.name: g for g in games}
        self._author = author
        self._known: dict[str, bool] = {}

    def __getitem__(self, name: str) -> bool:
        if name not in self._known:
            game = self._games[name]
            if self._author is None:
                self._known[name] = False
            else:
                state = timeline_for(game, self._session).state
                self._known[name] = self._author in game.participants(state)
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


def _not_understood(read: ReadMessage, miss: NotUnderstood) -> NotUnderstoodLine:
    return NotUnderstoodLine(
        text=read.redact(miss.sentence.text),
        line=miss.sentence.line,
        problem=miss.problem,
        expected=list(miss.expected),
        games=list(miss.games),
    )


def _time_note(row: InboundMessage) -> str | None:
    if row.date_header is None:
        return (
            "The message has no usable Date header, so its actions take effect when it "
            f"arrived ({row.effective_at:%Y-%m-%d %H:%M:%S} UTC)."
        )
    if row.date_header > row.effective_at:
        return (
            f"The message's Date ({row.date_header:%Y-%m-%d %H:%M:%S} UTC) is after it "
            "arrived; nothing takes effect before the referee has a message, so its actions "
            f"take effect at its arrival ({row.effective_at:%Y-%m-%d %H:%M:%S} UTC)."
        )
    if row.date_header != row.effective_at:
        return (
            f"The message's Date ({row.date_header:%Y-%m-%d %H:%M:%S} UTC) is too far from when "
            "it arrived, so its actions take effect at its arrival "
            f"({row.effective_at:%Y-%m-%d %H:%M:%S} UTC)."
        )
    return None
