"""One game moving through time: its state as stored, and the record of every change.

The game's clock is the instant of the last thing applied to it (an action or a tick), not
the wall clock: so a message stamped a little before a tick that has not happened yet is
still in time. Which ticks and reports come due is :mod:`referee.engine.ticks`' business;
this module applies what it is given and records it.

A message stamped earlier than the clock (it was delayed on its way) is put where it
belongs: :meth:`GameTimeline.rewind` restores the state recorded just before that instant
and :mod:`referee.engine.replay` applies the later messages again after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session

from referee.engine.eras import Eras
from referee.engine.event_rows import PendingEvent, add_event, set_state_after
from referee.engine.events import EventKind, EventOutcome
from referee.games.base import (
    Action,
    Context,
    Game,
    IllegalAction,
    Outcome,
    PlayerStatus,
    Route,
    RuleCitation,
    Tick,
)
from referee.store import queries
from referee.store.models import GameRecord

ANNOUNCEMENT_RULE = RuleCitation(
    "Rule 478",
    "Fora",
    'Where the rules define an action that a person CAN perform "by announcement", that '
    "person performs that action by, in a single public message, specifying the action and "
    "setting forth intent to perform that action by sending that message",
)


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

    # The test suite turns this on: every action a game's ``validate`` judges is then
    # checked to have left the state exactly as it was (see ``Game.validate``).
    verify_validation: ClassVar[bool] = False

    def __init__(self, game: Game[Any], session: Session) -> None:
        self.game = game
        self.session = session
        record = queries.game_record(session, game.name)
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
        self.eras = Eras.load(game, session)
        self.state: Any = game.load(record.state)
        # The dump of ``state`` while it is unchanged: a message's actions need the picture
        # before each of them (to undo a refused one) and the batch's state after, and
        # dumping a grown game is the costliest step of applying an action.
        self._dumped: dict[str, Any] | None = record.state
        self._unsaved: PendingEvent | None = None
        self.generation = 0
        """Counts rewinds: what was looked up from the record before one is stale after."""
        # Where the search for the next tick starts while only reports were drafted since
        # the last tick or action: a report drafted at a week boundary moves the clock to
        # it, and the game's own ticks due at that instant (asked for strictly after an
        # instant) must still come after it.
        self._ticks_after: datetime | None = None
        # When the state last changed: asked before every message once a game is over, so
        # looked up once and then kept as events are recorded and rewound.
        self._last_change: datetime | None = None
        self._last_change_known = False
        self._next_tick: tuple[dict[str, Any], datetime, Game[Any], Tick | None] | None = None

    def last_change_at(self) -> datetime | None:
        """The instant of the last recorded event that changed the state, or None."""
        if not self._last_change_known:
            self._last_change = queries.last_event_at(
                self.session, self.game.name, changes_only=True
            )
            self._last_change_known = True
        return self._last_change

    def game_at(self, at: datetime) -> Game[Any]:
        """The game under the ruleset in force at ``at`` (amendments change it from then)."""
        return self.eras.game_at(at)

    @property
    def clock(self) -> datetime:
        return self.record.clock

    def record_event(
        self,
        at: datetime,
        *,
        kind: EventKind | str,
        text: str,
        outcome: EventOutcome,
        summary: str,
        inbound_id: int | None = None,
        tick: str | None = None,
        actor: str | None = None,
        private_summary: str | None = None,
        secret: bool = False,
        rule: str | None = None,
        changed: bool = True,
    ) -> None:
        """Record one event at ``at``; ``changed`` if it changed the state.

        ``kind`` is an :class:`EventKind`, or the verb of a player's action.
        """
        self.record.sequence += 1
        event = add_event(
            self.session,
            {
                "game": self.game.name,
                "sequence": self.record.sequence,
                "at": at,
                "inbound_id": inbound_id,
                "tick": tick,
                "actor": actor,
                "kind": str(kind),
                "text": text,
                "outcome": str(outcome),
                "summary": summary,
                "private_summary": private_summary,
                "secret": secret,
                "rule": rule,
                "state_after": None,
            },
        )
        if changed:
            if self._last_change_known:
                self._last_change = at
            # The state is written once, on the last change of a batch (see ``save``):
            # every action of one message happens at the same instant.
            self._unsaved = event
        if str(kind) == EventKind.REPORT.value:
            if self._ticks_after is None:
                self._ticks_after = self.record.clock
        else:
            self._ticks_after = None
        self.record.clock = max(self.record.clock, at)

    def next_tick(self) -> Tick | None:
        """The game's next scheduled event after its clock, under the rules then in force
        (after the last tick or action, when only reports were drafted since)."""
        after = self._ticks_after if self._ticks_after is not None else self.record.clock
        game = self.game_at(self.record.clock)
        # Asked before every message: kept while the state is unchanged, which is while its
        # kept dump is (every change forgets the dump; a restored state brings its own back).
        kept = self._next_tick
        if kept is not None and kept[0] is self._dumped and kept[1] == after and kept[2] is game:
            return kept[3]
        tick = game.next_tick(self.state, after)
        if self._dumped is not None:
            self._next_tick = (self._dumped, after, game, tick)
        return tick

    def apply_tick(self, tick: Tick, context: Context) -> Outcome | None:
        """Apply a scheduled event; record it if the game says it changed something."""
        self._dumped = None
        outcome = self.game_at(tick.at).apply_tick(self.state, tick, context)
        if outcome is None:
            self._ticks_after = None
            self.record.clock = max(self.record.clock, tick.at)
            return None
        self.record_event(
            tick.at,
            kind=EventKind.TICK,
            text=tick.name,
            outcome=EventOutcome.TICK,
            summary=outcome.summary,
            tick=tick.name,
            private_summary=outcome.private_summary,
            secret=outcome.secret,
        )
        self.save()  # each tick has its own instant, so its own recorded state
        return outcome

    def apply(self, action: Action, context: Context, inbound_id: int | None) -> Applied:
        """Validate and apply one action; a rejection leaves the state exactly as it was."""
        text = action.source.text
        game = self.game_at(context.at)
        # Only a game that may still refuse while applying needs the state kept beforehand;
        # every other game's refusals come from ``validate``, which changes nothing.
        before = self.snapshot() if game.refuses_while_applying else None
        validated = False
        try:
            if game.acts_by_announcement and context.route is Route.PRIVATE:
                raise IllegalAction(
                    "this was mailed privately, and the action is performed by announcement, "
                    "which must be a public message (send it to the list)",
                    ANNOUNCEMENT_RULE,
                )
            unchanged = self.snapshot() if self.verify_validation else None
            try:
                game.validate(self.state, action, context)
            finally:
                if unchanged is not None:
                    changed = self.game.dump(self.state) != unchanged
                    assert not changed, f"{game.name}: validate of {text!r} changed the state"
            validated = True
            self._dumped = None
            outcome = game.apply(self.state, action, context)
        except IllegalAction as illegal:
            if validated:
                if before is None:
                    raise AssertionError(
                        f"{game.name}: apply refused {text!r} after validate accepted it"
                    ) from illegal
                self.state = self.game.load(before)
                self._dumped = before
            rule = str(illegal.rule) if illegal.rule else None
            noted = game.note_refusal(self.state, action, context, illegal.reason)
            if noted:
                self._dumped = None
            secret = game.refusal_is_secret(action, context)
            self.record_event(
                context.at,
                kind=action.verb,
                text=text,
                outcome=EventOutcome.REJECTED,
                # The reason may name the square: the public record says only that a
                # play was refused; the reason is kept with the secrets.
                summary=f"a play mailed privately was refused {game.secret_note}"
                if secret
                else illegal.reason,
                private_summary=illegal.reason if secret else None,
                secret=secret,
                inbound_id=inbound_id,
                actor=context.actor,
                rule=rule,
                changed=noted,
            )
            return Applied(action, text, None, illegal.reason, rule)
        self.record_event(
            context.at,
            kind=action.verb,
            text=text,
            outcome=EventOutcome.APPLIED,
            summary=outcome.summary,
            inbound_id=inbound_id,
            actor=context.actor,
            private_summary=outcome.private_summary,
            secret=outcome.secret,
        )
        return Applied(action, text, outcome)

    def status_changed(
        self, status: PlayerStatus, context: Context, inbound_id: int | None
    ) -> Outcome | None:
        """Tell the game a player's standing changed; record it if the game reacted."""
        self._dumped = None
        outcome = self.game.player_status_changed(self.state, status, context)
        if outcome is None:
            return None
        self.record_event(
            context.at,
            kind=EventKind.STATUS,
            text=f"{status.name}'s standing changed",
            outcome=EventOutcome.APPLIED,
            summary=outcome.summary,
            inbound_id=inbound_id,
            actor=context.actor,
            private_summary=outcome.private_summary,
            secret=outcome.secret,
        )
        return outcome

    def rewind(self, before: datetime) -> None:
        """Forget everything recorded at or after ``before``; the state becomes what it was."""
        name = self.game.name
        earlier = queries.last_event_before(self.session, name, before, changes_only=True)
        last_any = queries.last_place_before(self.session, name, before)
        queries.delete_events_from(self.session, name, before)
        if earlier is not None and earlier.state_after is not None:
            self.state = self.game.load(earlier.state_after)
        else:
            self.state = self.game.initial_state()
        self._dumped = None
        self.record.state = self.snapshot()
        self.record.clock = last_any[0] if last_any is not None else self.game.setup.start
        self.record.sequence = last_any[1] if last_any is not None else 0
        self._unsaved = None
        self._ticks_after = None
        self._last_change = earlier.at if earlier is not None else None
        self._last_change_known = True
        self.generation += 1
        self.session.flush()

    def snapshot(self) -> dict[str, Any]:
        """The dumped state as it stands (kept while the state is unchanged: never modify)."""
        if self._dumped is None:
            self._dumped = self.game.dump(self.state)
        return self._dumped

    def copy_of_state(self) -> Any:
        """A fresh copy of the state, to try an action on (from the kept dump, if any)."""
        return self.game.load(self.snapshot())

    def replace_state(self, state: Any) -> None:
        """Put a whole new state in place (a correction's); record the change separately."""
        self.state = state
        self._dumped = None

    def save(self) -> None:
        """Write the current state to the last event that changed it, and to the game.

        The rows are written before the session's next statement or at its commit (see
        :mod:`referee.engine.event_rows`), not here. The game's own row, which holds the
        state as it stands, is written once per transaction (see :func:`_write_states`):
        a replay changes a game thousands of times in one.
        """
        dumped = self.snapshot()
        if self.record.state is not dumped:
            self.session.info.setdefault(_UNWRITTEN_KEY, {})[self.game.name] = self
        if self._unsaved is not None:
            set_state_after(self.session, self._unsaved, dumped)
            self._unsaved = None

    def _write_state(self) -> None:
        dumped = self.snapshot()
        if self.record.state is not dumped:
            self.record.state = dumped


_CACHE_KEY = "referee.timelines"
_UNWRITTEN_KEY = "referee.unwritten_states"


def _write_states(session: Session) -> None:
    """Put each saved timeline's state on its game's row (flushed with the next flush)."""
    unwritten: dict[str, GameTimeline] = session.info.pop(_UNWRITTEN_KEY, {})
    for timeline in unwritten.values():
        timeline._write_state()


def _before_statement(state: ORMExecuteState) -> None:
    # Whoever asks for a game's row sees its state as saved (the write of the row follows,
    # with the autoflush that comes after this hook).
    if _UNWRITTEN_KEY in state.session.info and any(
        mapper.class_ is GameRecord for mapper in state.all_mappers
    ):
        _write_states(state.session)


def _forget(session: Session, *_: Any) -> None:
    session.info.pop(_UNWRITTEN_KEY, None)


event.listen(Session, "do_orm_execute", _before_statement)
event.listen(Session, "before_commit", _write_states)
event.listen(Session, "after_rollback", _forget)


def timeline_for(game: Game[Any], session: Session) -> GameTimeline:
    """The game's timeline in this session, loaded once and kept while the session lives.

    Loading a game means decoding its whole state; a replay applies thousands of messages
    in one session, so each game is loaded once instead of once per message.
    """
    cache: dict[str, GameTimeline] = session.info.setdefault(_CACHE_KEY, {})
    timeline = cache.get(game.name)
    if timeline is None:
        timeline = cache[game.name] = GameTimeline(game, session)
    return timeline


def untouched_until(game: Game[Any], session: Session, at: datetime) -> bool:
    """Whether the game has never been stored and nothing of it falls due by ``at``.

    Such a game stands in its initial state at ``at`` whether or not it is loaded; loading
    it would store that state, a row a rejected action must not leave behind.
    """
    if game.name in session.info.get(_CACHE_KEY, {}):
        return False
    if queries.game_record(session, game.name) is not None:
        return False
    tick = game.next_tick(game.initial_state(), game.setup.start)
    return tick is None or tick.at > at


def forget_timeline(session: Session, game_name: str) -> None:
    """Drop a loaded timeline, so the next use reloads it (after its ruleset changed)."""
    session.info.get(_CACHE_KEY, {}).pop(game_name, None)
