"""One game moving through time: ticks, actions, and the record of every change.

The game's clock is the instant of the last thing applied to it (an action or a tick), not
the wall clock: so a message stamped a little before a tick that has not happened yet is
still in time. Ordering at one instant: every tick due at or before a message's instant is
applied before the message's actions (a message stamped exactly Monday 00:00 belongs to the
new week, as rule 1023 says the week begins then).

A message stamped earlier than the clock (it was delayed on its way) is put where it
belongs: :meth:`GameTimeline.rewind` restores the state recorded just before that instant
and the caller replays the later messages after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from referee.clock import WEEK, next_week_start
from referee.games.base import (
    Action,
    Audience,
    Context,
    Game,
    IllegalAction,
    Notice,
    Outcome,
    Route,
    Tick,
)
from referee.store.models import GameEvent, GameRecord


@dataclass(frozen=True)
class Applied:
    """The result of one action: applied with its outcome, or rejected with its reason."""

    action: Action | None
    text: str
    outcome: Outcome | None
    reason: str | None = None
    rule: str | None = None

    @property
    def applied(self) -> bool:
        return self.outcome is not None


class GameTimeline:
    """A game's state as stored, with methods that change it and record each change."""

    def __init__(self, game: Game[Any], session: Session) -> None:
        self.game = game
        self.session = session
        record = session.scalar(select(GameRecord).where(GameRecord.name == game.name))
        if record is None:
            state = game.initial_state()
            record = GameRecord(
                name=game.name,
                kind=game.kind,
                ruleset=game.ruleset.version,
                clock=game.setup.start,
                state=game.dump(state),
                sequence=0,
            )
            session.add(record)
            session.flush()
        self.record = record
        self.state: Any = game.load(record.state)
        self._unsaved: GameEvent | None = None

    @property
    def clock(self) -> datetime:
        return self.record.clock

    def _record(
        self,
        at: datetime,
        *,
        kind: str,
        text: str,
        outcome: str,
        summary: str,
        inbound_id: int | None = None,
        tick: str | None = None,
        actor: str | None = None,
        private_summary: str | None = None,
        secret: bool = False,
        rule: str | None = None,
        changed: bool = True,
    ) -> None:
        self.record.sequence += 1
        event = GameEvent(
            game=self.game.name,
            sequence=self.record.sequence,
            at=at,
            inbound_id=inbound_id,
            tick=tick,
            actor=actor,
            kind=kind,
            text=text,
            outcome=outcome,
            summary=summary,
            private_summary=private_summary,
            secret=secret,
            rule=rule,
            state_after=None,
        )
        self.session.add(event)
        if changed:
            # The state is written once, on the last change of a batch (see ``save``):
            # every action of one message happens at the same instant.
            self._unsaved = event
        self.record.clock = max(self.record.clock, at)

    def advance(self, until: datetime, context: Context) -> list[tuple[Tick, Outcome]]:
        """Apply every tick due at or before ``until``, in time order.

        The officer's weekly report is one of them: it is drafted at each week boundary
        (rule 1023) from the state at that instant, before any tick of the new week.
        """
        done: list[tuple[Tick, Outcome]] = []
        while True:
            tick = self.game.next_tick(self.state, self.record.clock)
            report_at = self._next_report()
            if (
                report_at is not None
                and report_at <= until
                and (tick is None or report_at <= tick.at)
            ):
                done.append(self._draft_report(report_at))
                continue
            if tick is None or tick.at > until:
                break
            tick_context = Context(
                at=tick.at,
                actor=None,
                offices=frozenset(),
                route=Route.OFFICER,
                message_key=None,
                players=context.players,
            )
            outcome = self.game.apply_tick(self.state, tick, tick_context)
            if outcome is None:
                self.record.clock = max(self.record.clock, tick.at)
                continue
            self._record(
                tick.at,
                kind="tick",
                text=tick.name,
                outcome="tick",
                summary=outcome.summary,
                tick=tick.name,
                private_summary=outcome.private_summary,
                secret=outcome.secret,
            )
            self.save()  # each tick has its own instant, so its own recorded state
            done.append((tick, outcome))
        return done

    # ------------------------------------------------------------------ weekly reports

    def _last_event_at(
        self, *, kind: str | None = None, changes_only: bool = False
    ) -> datetime | None:
        query = select(GameEvent.at).where(GameEvent.game == self.game.name)
        if kind is not None:
            query = query.where(GameEvent.kind == kind)
        if changes_only:
            query = query.where(GameEvent.state_after.is_not(None))
        return self.session.scalar(query.order_by(GameEvent.sequence.desc()).limit(1))

    def _next_report(self) -> datetime | None:
        """When the next weekly report is due, or None (no report, or the game is over)."""
        if self.game.report_template is None:
            return None
        last = self._last_event_at(kind="report")
        if self.game.is_over(self.state) and last is not None:
            last_change = self._last_event_at(changes_only=True)
            if last_change is None or last >= last_change:
                return None  # the report after the end has been drafted: no more
        return next_week_start(last if last is not None else self.game.setup.start)

    def _draft_report(self, at: datetime) -> tuple[Tick, Outcome]:
        from referee.engine.history import history

        template = self.game.report_template
        assert template is not None
        since = at - WEEK
        context = {
            **self.game.report_context(self.state),
            "period_start": since,
            "period_end": at,
            "history": [
                entry
                for entry in history(self.session, self.game.name, since, at)
                if entry.outcome != "report"
            ],
        }
        week = f"{since:%d %b %Y} to {at:%d %b %Y}"
        summary = f"the {self.game.setup.officer}'s weekly report for {week} was drafted"
        self._record(
            at,
            kind="report",
            text="weekly report",
            outcome="report",
            summary=summary,
            tick="report",
            changed=False,
        )
        tick = Tick(at, "report", week)
        return tick, Outcome(summary, notices=(Notice(Audience.LIST, template, context),))

    def apply(self, action: Action, context: Context, inbound_id: int | None) -> Applied:
        """Validate and apply one action; a rejection leaves the state exactly as it was."""
        before = self.game.dump(self.state)
        text = action.source.text
        try:
            outcome = self.game.apply(self.state, action, context)
        except IllegalAction as illegal:
            self.state = self.game.load(before)
            rule = str(illegal.rule) if illegal.rule else None
            noted = self.game.note_refusal(self.state, action, context, illegal.reason)
            self._record(
                context.at,
                kind=action.verb,
                text=text,
                outcome="rejected",
                summary=illegal.reason,
                inbound_id=inbound_id,
                actor=context.actor,
                rule=rule,
                changed=noted,
            )
            return Applied(action, text, None, illegal.reason, rule)
        self._record(
            context.at,
            kind=action.verb,
            text=text,
            outcome="applied",
            summary=outcome.summary,
            inbound_id=inbound_id,
            actor=context.actor,
            private_summary=outcome.private_summary,
            secret=outcome.secret,
        )
        return Applied(action, text, outcome)

    def rewind(self, before: datetime) -> None:
        """Forget everything recorded at or after ``before``; the state becomes what it was."""
        earlier = self.session.scalar(
            select(GameEvent)
            .where(GameEvent.game == self.game.name, GameEvent.at < before)
            .where(GameEvent.state_after.is_not(None))
            .order_by(GameEvent.sequence.desc())
            .limit(1)
        )
        last_any = self.session.scalar(
            select(GameEvent)
            .where(GameEvent.game == self.game.name, GameEvent.at < before)
            .order_by(GameEvent.sequence.desc())
            .limit(1)
        )
        self.session.execute(
            delete(GameEvent).where(GameEvent.game == self.game.name, GameEvent.at >= before)
        )
        if earlier is not None and earlier.state_after is not None:
            self.state = self.game.load(earlier.state_after)
        else:
            self.state = self.game.initial_state()
        self.record.state = self.game.dump(self.state)
        self.record.clock = last_any.at if last_any is not None else self.game.setup.start
        self.record.sequence = last_any.sequence if last_any is not None else 0
        self.session.flush()

    def save(self) -> None:
        """Write the current state to the game and to the last event that changed it."""
        dumped = self.game.dump(self.state)
        self.record.state = dumped
        if self._unsaved is not None:
            self._unsaved.state_after = dumped
            self._unsaved = None
        self.session.flush()
