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

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from referee.clock import WEEK, next_week_start
from referee.engine.event_rows import PendingEvent, add_event, set_state_after
from referee.games.base import (
    Action,
    Audience,
    Context,
    Game,
    IllegalAction,
    Notice,
    Outcome,
    PlayerStatus,
    Route,
    RuleCitation,
    Tick,
)
from referee.store.models import GameEvent, GameRecord, RulesetAmendment

ANNOUNCEMENT_RULE = RuleCitation(
    "Rule 478",
    "Fora",
    'Where the rules define an action that a person CAN perform "by announcement", that '
    "person performs that action by, in a single public message, specifying the action and "
    "setting forth intent to perform that action by sending that message",
)

CORRECTION_RULE = RuleCitation(
    "referee procedure",
    "P13 Corrections",
    "The game's officer or an administrator CAN correct one recorded value of a game's "
    "state by announcement, giving the reason; the correction is recorded like any change.",
)


class _ReportContext(Mapping[str, Any]):
    """A report's template context whose costly part is computed on first use only."""

    def __init__(self, known: dict[str, Any], later: Callable[[], dict[str, Any]]) -> None:
        self._known = known
        self._later: Callable[[], dict[str, Any]] | None = later

    def _whole(self) -> dict[str, Any]:
        if self._later is not None:
            self._known = {**self._known, **self._later()}
            self._later = None
        return self._known

    def __getitem__(self, key: str) -> Any:
        return self._whole()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())


class _Marker:
    def __repr__(self) -> str:
        return "REMOVE"


REMOVE: Any = _Marker()
"""The value of a correction that removes the entry at its path."""
_ABSENT: Any = _Marker()


def _replace(data: Any, path: tuple[str, ...], value: Any) -> Any:
    """Set (or remove) ``data`` at ``path`` in place; returns the old value or _ABSENT."""
    *parents, last = path
    node = data
    for depth, key in enumerate(parents):
        node = _child(node, key, path[: depth + 1])
    if isinstance(node, list):
        index = _index(node, last, path)
        old = node[index]
        if value is REMOVE:
            del node[index]
        else:
            node[index] = value
        return old
    if not isinstance(node, dict):
        raise IllegalAction(f"{'.'.join(path[:-1])} holds no entries to change", CORRECTION_RULE)
    old = node.get(last, _ABSENT)
    if value is REMOVE:
        if old is _ABSENT:
            raise IllegalAction(f"there is nothing at {'.'.join(path)} to remove", CORRECTION_RULE)
        del node[last]
    else:
        node[last] = value
    return old


def _child(node: Any, key: str, where: tuple[str, ...]) -> Any:
    if isinstance(node, dict):
        if key not in node:
            known = ", ".join(sorted(map(str, node))) or "none"
            raise IllegalAction(
                f"there is no {'.'.join(where)} in the state (entries there: {known})",
                CORRECTION_RULE,
            )
        return node[key]
    if isinstance(node, list):
        return node[_index(node, key, where)]
    raise IllegalAction(f"{'.'.join(where[:-1])} holds no entries", CORRECTION_RULE)


def _index(node: list[Any], key: str, where: tuple[str, ...]) -> int:
    if not key.isdigit() or int(key) >= len(node):
        raise IllegalAction(
            f"{'.'.join(where)}: a list position from 0 to {len(node) - 1} is needed",
            CORRECTION_RULE,
        )
    return int(key)


@dataclass(frozen=True)
class Correction:
    """What a correction answers: the summary and the command as it may be repeated
    (both without the values when the path is secret)."""

    summary: str
    text: str


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
        self._eras = _eras(game, session)
        self.state: Any = game.load(record.state)
        # The dump of ``state`` while it is unchanged: a message's actions need the picture
        # before each of them (to undo a refused one) and the batch's state after, and
        # dumping a grown game is the costliest step of applying an action.
        self._dumped: dict[str, Any] | None = record.state
        self._unsaved: PendingEvent | None = None
        # When the last weekly report was drafted; looked up once, then kept up to date,
        # because the question is asked before every message.
        self._last_report: datetime | None = None
        self._last_report_known = False

    def game_at(self, at: datetime) -> Game[Any]:
        """The game under the ruleset in force at ``at`` (amendments change it from then)."""
        current = self.game
        for effective_at, game in self._eras:
            if effective_at <= at:
                current = game
        return current

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
        event = add_event(
            self.session,
            {
                "game": self.game.name,
                "sequence": self.record.sequence,
                "at": at,
                "inbound_id": inbound_id,
                "tick": tick,
                "actor": actor,
                "kind": kind,
                "text": text,
                "outcome": outcome,
                "summary": summary,
                "private_summary": private_summary,
                "secret": secret,
                "rule": rule,
                "state_after": None,
            },
        )
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
            tick = self.game_at(self.record.clock).next_tick(self.state, self.record.clock)
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
            self._dumped = None
            outcome = self.game_at(tick.at).apply_tick(self.state, tick, tick_context)
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
        if not self._last_report_known:
            self._last_report = self._last_event_at(kind="report")
            self._last_report_known = True
        last = self._last_report
        if self.game.is_over(self.state) and last is not None:
            last_change = self._last_event_at(changes_only=True)
            if last_change is None or last >= last_change:
                return None  # the report after the end has been drafted: no more
        return next_week_start(last if last is not None else self.game.setup.start)

    def _draft_report(self, at: datetime) -> tuple[Tick, Outcome]:
        template = self.game.report_template
        assert template is not None
        # The state part is taken now (later ticks of this advance change the state); the
        # history part is read only if the draft is rendered, which a replay skips for every
        # draft it already sent, and it is rendered before any later message is applied.
        context = _ReportContext(
            {
                **self.game.report_context(self.state),
                "period_start": max(at - WEEK, self.game.setup.start),
                "period_end": at,
            },
            lambda: self._report_history(at),
        )
        week = f"{at - WEEK:%d %b %Y} to {at:%d %b %Y}"
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
        self._last_report = at
        self._last_report_known = True
        tick = Tick(at, "report", week)
        return tick, Outcome(summary, notices=(Notice(Audience.LIST, template, context),))

    def _report_history(self, at: datetime) -> dict[str, Any]:
        """What a draft reports besides the state: every change since the last published
        report (the players have seen nothing later), up to the draft's instant."""
        from referee.engine.history import history

        since = self._last_published(before=at) or self.game.setup.start
        return {
            "changes_since": since,
            "history": [
                entry
                for entry in history(self.session, self.game.name, since, at)
                if entry.outcome != "report"
            ],
        }

    def apply(self, action: Action, context: Context, inbound_id: int | None) -> Applied:
        """Validate and apply one action; a rejection leaves the state exactly as it was."""
        text = action.source.text
        game = self.game_at(context.at)
        # Only a game that may still refuse while applying needs the state kept beforehand;
        # every other game's refusals come from ``validate``, which changes nothing.
        before = self._current_dump() if game.refuses_while_applying else None
        validated = False
        try:
            if game.acts_by_announcement and context.route is Route.PRIVATE:
                raise IllegalAction(
                    "this was mailed privately, and the action is performed by announcement, "
                    "which must be a public message (send it to the list)",
                    ANNOUNCEMENT_RULE,
                )
            unchanged = self._current_dump() if self.verify_validation else None
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
            self._record(
                context.at,
                kind=action.verb,
                text=text,
                outcome="rejected",
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

    def _last_published(self, before: datetime) -> datetime | None:
        """The end of the period of the last report the players had seen before the report
        drafted at ``before``.

        A report that goes straight to the list is published when drafted: the one before
        ``before`` is the last the players saw, never the draft being rendered itself (which
        is already recorded, and would leave an empty period).
        """
        if self.game.setup.publish_directly:
            return self.session.scalar(
                select(GameEvent.at)
                .where(
                    GameEvent.game == self.game.name,
                    GameEvent.kind == "report",
                    GameEvent.at < before,
                )
                .order_by(GameEvent.sequence.desc())
                .limit(1)
            )
        tick = self.session.scalar(
            select(GameEvent.tick)
            .where(GameEvent.game == self.game.name, GameEvent.kind == "publication")
            .order_by(GameEvent.sequence.desc())
            .limit(1)
        )
        return datetime.fromisoformat(tick) if tick else None

    def publication_of(self, period_end: datetime) -> datetime | None:
        """When the report drafted at ``period_end`` was published, or None."""
        return self.session.scalar(
            select(GameEvent.at).where(
                GameEvent.game == self.game.name,
                GameEvent.kind == "publication",
                GameEvent.tick == period_end.isoformat(),
            )
        )

    def record_publication(
        self, period_end: datetime, summary: str, context: Context, inbound_id: int | None
    ) -> None:
        self._record(
            context.at,
            kind="publication",
            text=f"publish the report drafted at {period_end.isoformat()}",
            outcome="published",
            summary=summary,
            inbound_id=inbound_id,
            actor=context.actor,
            tick=period_end.isoformat(),
            changed=False,
        )

    def correct(
        self,
        path: tuple[str, ...],
        value: Any,
        reason: str,
        context: Context,
        inbound_id: int | None,
        *,
        text: str,
    ) -> Correction:
        """An officer's correction of one value of the state; returns what changed.

        The change is made on the dumped state and must load back: a correction can set
        any recorded value, but cannot make a state the game cannot represent.
        """
        data = copy.deepcopy(self._current_dump())
        secret_before = self.game.is_secret_path(self.state, path)
        try:
            old = _replace(data, path, value)
        except IllegalAction as refused:
            if not secret_before:
                raise
            # The usual refusal tells what entries (and how many) there are: not for secrets.
            raise IllegalAction(
                f"{'.'.join(path)} is {self.game.secret_note.strip('[]')}: there is no such "
                "entry to change, or it cannot be changed so",
                CORRECTION_RULE,
            ) from refused
        try:
            state = self.game.load(data)
        except Exception as error:
            # The loader's complaint may quote a secret value; then only its kind is told.
            detail = type(error).__name__ if secret_before else f"{type(error).__name__}: {error}"
            raise IllegalAction(
                f"the corrected state is not one {self.game.name} can hold ({detail})",
                CORRECTION_RULE,
            ) from None
        secret = secret_before or self.game.is_secret_path(state, path)
        self.state = state
        self._dumped = None
        where = ".".join(path)
        before = "(nothing)" if old is _ABSENT else json.dumps(old, sort_keys=True)
        after = "(removed)" if value is REMOVE else json.dumps(value, sort_keys=True)
        summary = f"{context.actor} corrected {where} from {before} to {after}: {reason}"
        if not secret:
            self._record(
                context.at,
                kind="correction",
                text=text,
                outcome="correction",
                summary=summary,
                inbound_id=inbound_id,
                actor=context.actor,
            )
            return Correction(summary, text)
        # A secret value (an unrevealed play) is told to nobody, the corrector included:
        # whoever holds or usurps the office must not read the secrets back this way.
        note = self.game.secret_note
        public = f"{context.actor} corrected {where} {note}: {reason}"
        self._record(
            context.at,
            kind="correction",
            text=f"correct {self.game.name}: {where} {note} because {reason}",
            outcome="correction",
            summary=public,
            inbound_id=inbound_id,
            actor=context.actor,
            private_summary=summary,
            secret=True,
        )
        return Correction(public, f"correct {self.game.name}: {where} {note} because {reason}")

    def status_changed(
        self, status: PlayerStatus, context: Context, inbound_id: int | None
    ) -> Outcome | None:
        """Tell the game a player's standing changed; record it if the game reacted."""
        self._dumped = None
        outcome = self.game.player_status_changed(self.state, status, context)
        if outcome is None:
            return None
        self._record(
            context.at,
            kind="status",
            text=f"{status.name}'s standing changed",
            outcome="applied",
            summary=outcome.summary,
            inbound_id=inbound_id,
            actor=context.actor,
            private_summary=outcome.private_summary,
            secret=outcome.secret,
        )
        return outcome

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
        self._dumped = None
        self.record.state = self._current_dump()
        self.record.clock = last_any.at if last_any is not None else self.game.setup.start
        self.record.sequence = last_any.sequence if last_any is not None else 0
        self._unsaved = None
        self._last_report_known = False
        self.session.flush()

    def _current_dump(self) -> dict[str, Any]:
        if self._dumped is None:
            self._dumped = self.game.dump(self.state)
        return self._dumped

    def save(self) -> None:
        """Write the current state to the game and to the last event that changed it.

        The rows are written before the session's next statement or at its commit (see
        :mod:`referee.engine.event_rows`), not here.
        """
        dumped = self._current_dump()
        if self.record.state is not dumped:
            self.record.state = dumped
        if self._unsaved is not None:
            set_state_after(self.session, self._unsaved, dumped)
            self._unsaved = None


_CACHE_KEY = "referee.timelines"


def _eras(game: Game[Any], session: Session) -> list[tuple[datetime, Game[Any]]]:
    """The game under each amendment of its ruleset, in the order they take effect."""
    from referee.engine.registry import ruleset_for, variant

    amendments = session.scalars(
        select(RulesetAmendment)
        .where(RulesetAmendment.game == game.name)
        .order_by(RulesetAmendment.effective_at, RulesetAmendment.id)
    ).all()
    return [
        (
            amendment.effective_at,
            variant(
                game,
                ruleset_for(type(game), amendment.ruleset, amendment.options, "amendment"),
            ),
        )
        for amendment in amendments
    ]


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


def forget_timeline(session: Session, game_name: str) -> None:
    """Drop a loaded timeline, so the next use reloads it (after its ruleset changed)."""
    session.info.get(_CACHE_KEY, {}).pop(game_name, None)
