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
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.clock import utc
from referee.config import Settings
from referee.engine.answers import Answerer
from referee.engine.people import People
from referee.engine.reading import ReadMessage, read_message
from referee.engine.results import (
    ActionResult,
    MessageResults,
    NotUnderstoodLine,
    QuotedAction,
)
from referee.engine.timeline import GameTimeline
from referee.games.base import Audience, Context, Game, Route
from referee.ingress.inbox import Status
from referee.parsing import find_actions
from referee.store.db import Database
from referee.store.models import GameRecord, InboundMessage

log = logging.getLogger("referee.processor")

ORDER = (InboundMessage.effective_at, InboundMessage.id)


@dataclass
class ProcessSummary:
    done: int = 0
    quarantined: int = 0


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
    ) -> None:
        self.settings = settings
        self.db = db
        self.games = list(games)
        self.people = People.from_settings(settings)
        self.now = now
        self.silent = silent
        self.answerer = Answerer(settings, self.people, self.games)

    # ----------------------------------------------------------------- public entry points

    def process_pending(self, progress: Callable[[int], object] | None = None) -> ProcessSummary:
        """Process every pending message in effective-time order."""
        summary = ProcessSummary()
        with self.db.transaction() as session:
            pending = list(
                session.scalars(
                    select(InboundMessage.id)
                    .where(InboundMessage.status == Status.PENDING.value)
                    .order_by(*ORDER)
                )
            )
        for row_id in pending:
            if self.process_one(row_id):
                summary.done += 1
            else:
                summary.quarantined += 1
            if progress is not None:
                progress(1)
        return summary

    def process_one(self, row_id: int) -> bool:
        """Process one message; False if it had to be quarantined."""
        try:
            with self.db.transaction() as session:
                row = session.get(InboundMessage, row_id)
                if row is None or row.status != Status.PENDING.value:
                    return True
                row.attempts += 1
                results = self._process(session, row)
                row.results = results.to_json()
                row.status = Status.DONE.value
                row.reason = None
                row.processed_at = utc(self.now())
            return True
        except Exception as error:
            log.error(
                "message %d could not be processed; quarantined\n%s", row_id, traceback.format_exc()
            )
            self._quarantine(row_id, f"{type(error).__name__}: {error}")
            return False

    def advance_clock(self, until: datetime) -> None:
        """Apply every game's ticks due by ``until`` (the scheduler's job in ``referee run``)."""
        with self.db.transaction() as session:
            for game in self.games:
                timeline = GameTimeline(game, session)
                for tick, outcome in timeline.advance(until, self._context(None, until, None)):
                    self.answerer.queue_notices(
                        session, game, outcome.notices, None, self.silent, tick.at
                    )
                timeline.save()

    # ----------------------------------------------------------------------- internals

    def _quarantine(self, row_id: int, reason: str) -> None:
        with self.db.transaction() as session:
            row = session.get(InboundMessage, row_id)
            if row is not None:
                row.status = Status.QUARANTINED.value
                row.reason = reason[:2000]
                row.processed_at = utc(self.now())

    def _context(self, read: ReadMessage | None, at: datetime, row_id: int | None) -> Context:
        author = read.author if read else None
        return Context(
            at=at,
            actor=author,
            offices=self.people.offices_of(author),
            route=read.route if read else Route.OFFICER,
            message_key=read.message_key if read else None,
            players=self.people.statuses(),
            credentials=read.credentials if read else frozenset(),
        )

    def _plays(self, session: Session, author: str | None) -> Mapping[str, bool]:
        return _Plays(session, self.games, author)

    def _process(self, session: Session, row: InboundMessage) -> MessageResults:
        read = read_message(row, self.people)
        results = MessageResults(
            author=read.author,
            address=read.attribution.address,
            effective_at=row.effective_at.isoformat(),
            time_note=_time_note(row),
            notes=list(read.text.notes),
        )
        if read.author is None:
            results.notes.append("the sender is not a registered player")
            if not self.silent:
                results.answer = self.answerer.answer_unknown(session, read, row, silent=False)
            return results
        self._apply_message(session, read, row, results, only_game=None, silent=self.silent)
        if not self.silent:  # a replay re-derives state; the answers were sent long ago
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
    ) -> None:
        plays = self._plays(session, read.author)
        found = find_actions(self.games, read.own_lines(), plays)
        by_name = {g.name: g for g in self.games}
        wanted = [a for a in found.actions if only_game is None or a.game == only_game]
        timelines: dict[str, GameTimeline] = {}
        reapply: dict[str, list[InboundMessage]] = {}
        for name in dict.fromkeys(a.game for a in wanted):
            timeline = GameTimeline(by_name[name], session)
            if only_game is None and timeline.clock > row.effective_at:
                reapply[name] = self._rewind_for(session, timeline, row)
            for tick, tick_outcome in timeline.advance(
                row.effective_at, self._context(read, row.effective_at, row.id)
            ):
                self.answerer.queue_notices(
                    session, by_name[name], tick_outcome.notices, None, silent, tick.at
                )
            timelines[name] = timeline
        context = self._context(read, row.effective_at, row.id)
        for item in wanted:
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
        for timeline in timelines.values():
            timeline.save()
        for name, later in reapply.items():
            self._reapply_silently(session, later, name)
        if only_game is not None:
            return
        for miss in found.not_understood:
            results.not_understood.append(
                NotUnderstoodLine(
                    text=read.redact(miss.sentence.text),
                    line=miss.sentence.line,
                    problem=miss.problem,
                    expected=list(miss.expected),
                    games=list(miss.games),
                )
            )
        if silent:
            return  # quoted actions are only listed in answers, and a replay sends none
        quoted = find_actions(self.games, read.quoted_lines(), plays)
        for item in quoted.actions:
            results.quoted.append(QuotedAction(item.game, read.redact(item.action.source.text)))

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
            read = read_message(later, self.people)
            if read.author is None:
                continue
            stored = (
                MessageResults.from_json(later.results)
                if later.results
                else MessageResults(
                    read.author, read.attribution.address, later.effective_at.isoformat()
                )
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
                record = self._session.scalar(select(GameRecord).where(GameRecord.name == name))
                state = game.load(record.state) if record else game.initial_state()
                self._known[name] = self._author in game.participants(state)
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


def _time_note(row: InboundMessage) -> str | None:
    if row.date_header is None:
        return (
            "The message has no usable Date header, so its actions take effect when it "
            f"arrived ({row.effective_at:%Y-%m-%d %H:%M:%S} UTC)."
        )
    if row.date_header != row.effective_at:
        return (
            f"The message's Date ({row.date_header:%Y-%m-%d %H:%M:%S} UTC) is too far from when "
            "it arrived, so its actions take effect at its arrival "
            f"({row.effective_at:%Y-%m-%d %H:%M:%S} UTC)."
        )
    return None
