"""Process stored messages, one transaction each, in the order their actions take effect.

The life of a message (:meth:`Runner._process`): read it and settle who acts
(:mod:`~referee.engine.context`), find what it says (:mod:`~referee.engine.finding`), apply
it to its games (:mod:`~referee.engine.dispatch`), fit it in if it was late
(:mod:`~referee.engine.replay`), then queue the mail it caused and answer it once
(:mod:`~referee.engine.answers`); the message is marked done in the same transaction.
Anything unexpected rolls that message back and quarantines it with the reason; the next
message goes on.

Order is (effective time, arrival id). A message that takes effect before something a game
has already applied is fitted in where it belongs: the game is rewound to just before it
and the later messages are applied again, silently (their answers were already sent).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.clock import utc
from referee.config import Settings, Visibility
from referee.engine.answers import Answerer
from referee.engine.collector import collection_deferred, long_lived_frozen
from referee.engine.confirmations import request_confirmation
from referee.engine.context import COMMAND_LINE_ROUTE, ContextBuilder, MessageContext
from referee.engine.dispatch import Dispatcher
from referee.engine.finding import find_in_message, plays_in, quoted_actions
from referee.engine.game_order import GameOrder
from referee.engine.modes import Mode
from referee.engine.officers import OfficerDesk
from referee.engine.outgoing import Outgoing
from referee.engine.people import People
from referee.engine.powers import Powers
from referee.engine.read_ahead import Reading, reading_for
from referee.engine.replay import Replay
from referee.engine.results import ActionResult, MessageResults
from referee.engine.roster import Roster
from referee.engine.ticks import advance, tick_contexts
from referee.engine.timeline import timeline_for
from referee.errors import RefereeError, fault_reason, fault_trace
from referee.games.base import Game
from referee.games.register.plugin import ADMINISTRATOR
from referee.ingress.inbox import Status, reused_base
from referee.ingress.reuse import Copy, carries_proofs_of, text_decides
from referee.mailtext.dkim import TxtLookup
from referee.store import queries
from referee.store.db import Database
from referee.store.models import InboundMessage
from referee.store.outage import DatabaseUnavailable, is_outage

__all__ = [
    "COMMAND_LINE_ROUTE",
    "REPLAY_BATCH",
    "REUSED_MESSAGE_ID",
    "ProcessSummary",
    "RefusedHeaders",
    "Runner",
    "UnattributedMail",
]

log = logging.getLogger("referee.processor")

# Messages per transaction in a replay: large enough that commits and reloading each game's
# state per transaction cost little, small enough that the LMTP server, which stores mail
# meanwhile, never waits long for the write lock (well under a second at replay speed).
REPLAY_BATCH = 500

# The quarantine reason's name for mail whose Message-ID another message with other text
# already has: never read, its author told (rulings P9a).
REUSED_MESSAGE_ID = "MessageIdReused"

# Pending message ids read per query: the inbox is walked in pages, never loaded whole.
PENDING_PAGE = 1000


@dataclass
class ProcessSummary:
    done: int = 0
    quarantined: int = 0

    def add(self, results: Sequence[bool], progress: Callable[[int], object] | None) -> None:
        """Count a chunk's outcomes (True: done; False: quarantined), and show progress."""
        self.done += sum(results)
        self.quarantined += len(results) - sum(results)
        if progress is not None:
            progress(len(results))


class UnattributedMail(RefereeError):
    """Mail whose author cannot be known (quarantined, never silently done)."""


class RefusedHeaders(RefereeError):
    """Mail the strict header reader refuses (quarantined, never performed or answered)."""


class Runner:
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
        self.order = GameOrder(self.games)
        self.people = People.from_settings(settings)
        self.now = now
        self.silent = silent
        self.roster = Roster(self.people, self.games)
        self.powers = Powers(settings, self.people, dkim_dns)
        self.contexts = ContextBuilder(self.people, self.roster, self.powers, self.games, dkim_dns)
        self.answerer = Answerer(settings, self.people, self.games, self.roster, dkim_dns)
        desk = OfficerDesk(settings, self.games)
        self.dispatcher = Dispatcher(
            settings, self.order, self.contexts, self.roster, desk, self.answerer, self.powers
        )
        self.replay = Replay(self.games, self.order, self.contexts, self.dispatcher, self.answerer)
        self._reading: Reading | None = None  # the messages read ahead, during a batch run

    # ----------------------------------------------------------------- transactions

    def process_pending(
        self, progress: Callable[[int], object] | None = None, *, batch: int = 1
    ) -> ProcessSummary:
        """Process every pending message in effective-time order.

        ``batch`` messages share one transaction (see :meth:`_process_batch`). Live
        processing commits every message (``batch`` 1: an answer is sent only for a
        committed change); a replay re-derives what is on record and commits in batches.
        """
        summary = ProcessSummary()
        self._read_published_again()
        if batch <= 1:
            for one in self._pending_chunks(1):
                summary.add([self.process_one(one[0])], progress)
            return summary
        with long_lived_frozen():
            self._reading = reading_for(self.settings.read_ahead, batch, self.contexts, self.games)
            try:
                chunks = self._pending_chunks(batch)
                chunk: list[int] | None = next(chunks, None)
                self._expect(chunk)
                while chunk is not None:
                    following = next(chunks, None)
                    self._expect(following)  # read while this chunk is applied
                    with collection_deferred():
                        summary.add(self._process_batch(chunk), progress)
                    chunk = following
            finally:
                if self._reading is not None:
                    self._reading.close()
                self._reading = None
        return summary

    def _read_published_again(self) -> None:
        """Fit in the private mail done before a public source brought a copy of it."""
        with self.db.transaction() as session:
            ids = queries.message_ids_with_status(session, Status.PUBLISHED.value)
        for row_id in ids:
            with self.db.transaction() as session:
                row = session.get(InboundMessage, row_id)
                if row is not None and row.status == Status.PUBLISHED.value:
                    self._published_copy(session, row)

    def _published_copy(self, session: Session, row: InboundMessage) -> None:
        """Read private mail again as published: a copy came through a public list, so
        everyone there read it (rulings SEC-3-4). A game with secret moves is re-derived
        from the message on, so a secret move in it is refused as a public play, unless
        the game was resolved since (a round already announced stands); the author is
        warned privately either way."""
        row.status = Status.DONE.value
        if self.contexts.for_message(row).read.names_list:
            return  # copied to the list in its To or Cc: read and warned so already (P9)
        secret = {game.name for game in self.games if game.holds_secrets}
        touched = sorted(queries.games_of_message(session, row.id) & secret)
        now = utc(self.now())
        resolved = queries.ticked_since(session, touched, row.effective_at)
        results = MessageResults.from_json(row.results) if row.results else None
        if resolved:
            # The round was secret while it ran, as far as the referee could know: a
            # replay must agree with what was announced, so the mail stays private.
            row.visibility = Visibility.PRIVATE.value
            note = "a copy came through a public list after the round was resolved"
        else:
            for name in touched:
                self.rerun_game(session, name, row.effective_at, now)
            note = "a copy came through a public list: read again as copied to the list"
        results = MessageResults.from_json(row.results) if row.results else results
        if results is not None:
            results.notes.append(note)
            if not self.silent:
                message = self.contexts.for_message(row)
                results.answer = self.answerer.answer_published(
                    session, message.read, row, moves=bool(touched), counted=resolved
                )
            row.results = results.to_json()

    def _expect(self, chunk: list[int] | None) -> None:
        if self._reading is not None and chunk is not None:
            self._reading.expect(chunk)

    def _pending_chunks(self, size: int) -> Iterator[list[int]]:
        """The pending messages' ids in effective-time order, ``size`` at a time, read page
        by page after the last one handed out: an archive is never held whole."""
        after: tuple[datetime, int] | None = None
        while True:
            with self.db.transaction() as session:
                page = queries.message_ids_after(
                    session, Status.PENDING.value, after, max(size, PENDING_PAGE)
                )
            if not page:
                return
            row_id, at = page[-1]
            after = (at, row_id)
            ids = [row_id for row_id, _ in page]
            for start in range(0, len(ids), size):
                yield ids[start : start + size]

    def process_one(self, row_id: int) -> bool:
        """Process one message; False if it had to be quarantined.

        Raises :class:`DatabaseUnavailable` when the database refuses the work: that is no
        fault of the message, which stays pending, and processing stops there.
        """
        try:
            with self.db.transaction() as session:
                return self._process_row(session, row_id)
        except Exception as error:
            if is_outage(error):
                raise DatabaseUnavailable.because(error) from None
            # Named, never quoted: an exception's text may repeat the mail (SEC-2).
            log.error(
                "message %d could not be processed; quarantined\n%s", row_id, fault_trace(error)
            )
            self._quarantine(row_id, fault_reason(error))
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
                loaded = queries.load_messages(session, row_ids)
                results = [self._process_row(session, row_id) for row_id in row_ids]
                del loaded
            return results
        except Exception:
            log.warning("a batch of %d messages failed; processing them one by one", len(row_ids))
        return [self.process_one(row_id) for row_id in row_ids]

    def _process_row(self, session: Session, row_id: int) -> bool:
        """Process one pending message; False if it was quarantined without failing."""
        row = session.get(InboundMessage, row_id)
        if row is None or row.status != Status.PENDING.value:
            return True
        reused = reused_base(row.message_key, row.raw)
        first = None if reused is None else queries.message_by_key(session, reused)
        if reused is not None and not _displaced_post(row, first):
            row.attempts += 1
            self._refuse_reused(session, row, first)
            return False
        results = self._process(session, row)
        # Counted with the outcome, in one write of the row: a failed attempt is rolled
        # back whole, the count with it, so counting first only wrote the row twice.
        row.attempts += 1
        row.results = results.to_json()
        row.status = Status.DONE.value
        row.reason = None
        row.processed_at = utc(self.now())
        return True

    def _quarantine(self, row_id: int, reason: str) -> None:
        with self.db.transaction() as session:
            row = session.get(InboundMessage, row_id)
            if row is not None:
                row.status = Status.QUARANTINED.value
                row.reason = reason[:2000]
                row.processed_at = utc(self.now())

    # ----------------------------------------------------------------- the life of a message

    def _process(self, session: Session, row: InboundMessage) -> MessageResults:
        """Read, apply, fit in, answer: one message, in the caller's transaction."""
        ahead = None if self._reading is None else self._reading.take(row.id, session)
        if ahead is None:
            message = self.contexts.for_message(row)
        else:
            message = ahead.context(self.contexts, row)
        read = message.read
        results = self._results_of(message)
        doubt = read.attribution.doubt
        if message.actor is None:
            results.notes.append("the sender is not a registered player")
            if doubt is not None:
                results.notes.append(doubt)
            if not self.silent:
                results.answer = self.answerer.answer_unknown(session, read, row, silent=False)
            return results
        found = None
        if ahead is not None:
            found = ahead.found_with(plays_in(session, self.games, message.actor))
        if found is None:
            found = find_in_message(session, self.games, message)
        outgoing = Outgoing()
        dispatched = self.dispatcher.apply(
            session, message, found, Mode(silent=self.silent), outgoing
        )
        results.actions.extend(dispatched.actions)
        results.notes.extend(n for n in dispatched.notes if n not in results.notes)
        self.replay.fit_in(session, dispatched.rewound, outgoing)
        outgoing.queue(session)
        if dispatched.held:
            self._request_confirmation(session, message, dispatched.held)
        results.not_understood.extend(dispatched.not_understood)
        if not self.silent:  # quoted actions are only listed in answers; a replay sends none
            results.quoted.extend(quoted_actions(self.games, message, found))
        if message.from_command_line:
            results.answer = "not answered: given on the command line, which shows the results"
        elif not self.silent:  # a replay re-derives state; the answers were sent long ago
            results.answer = self.answerer.answer(session, read, row, results, silent=False)
        return results

    def _results_of(self, message: MessageContext) -> MessageResults:
        """The start of a message's results, once its headers are found readable and its
        author known or at least answerable (else it is quarantined: raises)."""
        read, row = message.read, message.row
        if read.refused is not None:
            # Headers that parsers may read differently: nothing is performed or answered.
            raise RefusedHeaders(f"{read.refused}; quarantined so that an officer can look at it")
        doubt = read.attribution.doubt
        if message.actor is None and doubt is not None and not read.attribution.address:
            # Nobody can be answered or credited; an officer must say who wrote it.
            raise UnattributedMail(f"{doubt}; quarantined so that an officer can look at it")
        return MessageResults(
            author=message.actor,
            address=read.attribution.address,
            effective_at=row.effective_at.isoformat(),
            time_note=_time_note(row),
            notes=list(read.text.notes),
        )

    def _refuse_reused(
        self, session: Session, row: InboundMessage, first: InboundMessage | None
    ) -> None:
        """Quarantine a message that reuses the Message-ID of another, without reading it,
        and tell its author (rulings P9a); the first message is left as it was."""
        message = self.contexts.for_message(row)
        results = self._results_of(message)
        when = "" if first is None else f" at {utc(first.arrived_at):%Y-%m-%d %H:%M:%S} UTC"
        number = "" if first is None else f" (message {first.id})"
        reason = f"Message-ID already used by a different message stored{when}{number}"
        results.notes.append(f"{reason}; nothing in this message was read")
        if self.silent:
            pass
        elif first is not None and not self._may_tell(message, row, first):
            results.answer = "not answered: it reused the Message-ID of private mail"
        elif message.actor is None:
            results.answer = self.answerer.answer_unknown(session, message.read, row, silent=False)
        else:
            results.answer = self.answerer.answer_reused(session, message.read, row, when)
        row.results = results.to_json()
        row.status = Status.QUARANTINED.value
        row.reason = f"{REUSED_MESSAGE_ID}: {reason}; quarantined so that an officer can look at it"
        row.processed_at = utc(self.now())

    def _may_tell(
        self, message: MessageContext, row: InboundMessage, first: InboundMessage
    ) -> bool:
        """Whether the sender of ``row``, which reuses ``first``'s Message-ID, may be told so.

        Where only the text told ``row`` from a copy of private mail, telling anyone but
        that mail's own author would answer a guess of it (SEC-3-3): the officer sees the
        quarantine, and the sender learns nothing either way. Where its sender or proofs
        already told it apart (a genuine message whose Message-ID someone took first), the
        answer reveals nothing, and its author is told."""
        if first.visibility != Visibility.PRIVATE.value:
            return True
        if message.actor is not None and message.actor == self.contexts.for_message(first).actor:
            return True
        return not text_decides(_copy_of(first), _copy_of(row))

    def _request_confirmation(
        self, session: Session, message: MessageContext, held: list[ActionResult]
    ) -> None:
        """Mail the held commands' confirmation request to the registered address of the
        person the message names, never to an address the message itself gives."""
        token = self.powers.token(message.row.message_key)
        actor = message.actor
        if token is None or actor is None:
            return
        if actor == ADMINISTRATOR:
            address = message.read.attribution.address
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
            row=message.row,
            at=message.at,
            silent=self.silent,
        )

    # ----------------------------------------------------------------- time, and amendments

    def advance_clock(self, until: datetime | Mapping[str, datetime]) -> None:
        """Apply every game's ticks due by ``until`` (the scheduler's job in ``referee run``).

        ``until`` may instead give each game its own instant (a replay brings each game's
        clock back to where the live run had taken it). Games linked by reading move
        together to one instant; given one each, they move one by one, in dependency order.
        """
        with self.db.transaction() as session:
            outgoing = Outgoing()
            for group in self.order.groups(g.name for g in self.order.games):
                if isinstance(until, Mapping):
                    steps = [([g], until[g.name]) for g in group if g.name in until]
                else:
                    steps = [(group, until)]
                for games, game_until in steps:
                    players = self.contexts.players(session)
                    timelines = [timeline_for(game, session) for game in games]
                    for passed in advance(
                        timelines, game_until, tick_contexts(session, self.order, players)
                    ):
                        self.answerer.decide_notices(
                            session,
                            outgoing,
                            passed.game,
                            passed.outcome.notices,
                            None,
                            self.silent,
                            passed.tick.at,
                        )
                    for timeline in timelines:
                        timeline.save()
            outgoing.queue(session)

    def rerun_game(self, session: Session, name: str, since: datetime, until: datetime) -> None:
        """Apply one game's mail again from ``since`` (after its rules changed), silently,
        and let its time run on to ``until`` as it had."""
        self.replay.rerun(session, name, since, until)


def _copy_of(row: InboundMessage) -> Copy:
    return Copy(row.raw, frozenset(row.passphrase_holders or ()))


def _displaced_post(row: InboundMessage, first: InboundMessage | None) -> bool:
    """Whether ``row`` is a post from a public source whose Message-ID private mail took
    first with other text (SEC-3-2): everyone on the list read the post's Message-ID, and
    nobody but its sender the private message's, so the post stands, under its own key."""
    return (
        first is not None
        and row.visibility == Visibility.PUBLIC.value
        and first.visibility == Visibility.PRIVATE.value
        # The author's own private mail, as a list changed it (its passphrase or signature
        # came with it): not a forger's, so it is kept aside as before, never read twice.
        and not carries_proofs_of(_copy_of(first), _copy_of(row))
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
