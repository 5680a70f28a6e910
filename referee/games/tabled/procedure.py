"""The tabled-action procedure as a game uses it from its ``apply`` and its ticks.

A game subclasses :class:`TabledProcedure` and says what the procedure cannot know: where
its intents are kept in the state, what an action named in mail means (its canonical data),
which method(s) the game's rule authorizes for it, who may support and object, who may
perform it, and what performing it does. The procedure does the rest, the same way for
every game: tabling, support, objection, withdrawals, the checks of rule 2124 when the
action is performed, and the expiry of intents.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Generic, TypeVar

from referee.clock import format_utc, utc
from referee.games.base import Action, Context, IllegalAction, JsonData, Outcome, RuleCitation
from referee.games.tabled import quotes, references, responding
from referee.games.tabled.actions import (
    NAMING_AN_INTENT,
    TABLED_ACTIONS,
    IntentRef,
    ObjectToIntent,
    PerformIntent,
    SupportIntent,
    TableIntent,
    WithdrawIntent,
    WithdrawObjection,
    WithdrawSupport,
)
from referee.games.tabled.electorate import Electorate, all_players
from referee.games.tabled.intents import Closed, Intent, IntentBook
from referee.games.tabled.methods import Method, MethodKind, describe_all
from referee.games.tabled.parameters import TabledParameters
from referee.games.tabled.performing import Authorization, authorize, record_performance
from referee.games.tabled.timing import ConditionJudge, expires_at

S = TypeVar("S")


@dataclass(frozen=True)
class Proposal:
    """What the game makes of an action named in mail, at this moment."""

    data: JsonData
    """Canonical data compared between an intent and a performance (sorted keys, no floats)."""
    description: str
    """The action as the referee states it: "join alliance 3 (Janet, Murphy)"."""


@dataclass(frozen=True)
class Authorized:
    """The method(s) the game's rule authorizes for an action, and the rule's words."""

    methods: tuple[Method, ...]
    rule: RuleCitation
    everyone: str = "all eligible persons"
    """How the rule names the persons in "With the Support of all ..." (``of_all``)."""

    @property
    def wording(self) -> str:
        return describe_all(self.methods, self.everyone)


def methods_match(
    stated: tuple[Method, ...], rule: tuple[Method, ...], params: TabledParameters
) -> bool:
    """Whether an intent's (or a performance's) stated methods are the rule's methods.

    Omitted parameters take rule 1728's defaults. "With support" names the rule's "With the
    Support of all ..." method, whose N no player can state (docs/rulings.md).
    """
    if len(stated) != len(rule):
        return False
    remaining = list(stated)
    for wanted in rule:
        match = next((m for m in remaining if _same(m, wanted, params)), None)
        if match is None:
            return False
        remaining.remove(match)
    return True


def _same(stated: Method, rule: Method, params: TabledParameters) -> bool:
    if stated.kind is not rule.kind:
        return False
    if rule.of_all:
        return stated.of_all or stated.n_tenths is None
    if stated.of_all:
        return False
    if rule.kind is MethodKind.NOTICE:
        default = params.default_notice_hours
        return (stated.notice_hours or default) == (rule.notice_hours or default)
    return params.effective_n(stated.n_tenths) == params.effective_n(rule.n_tenths)


class TabledProcedure(ABC, Generic[S]):
    """Tabled actions (rules 1728, 2124) for one game; subclassed by the game."""

    supporters_may_perform: ClassVar[bool] = True
    """Rule 2124 lets a supporter perform a With N Support or With N Agoran Consent action;
    a game whose action is the sponsor's own (joining an alliance) narrows that in
    :meth:`check_performer`, with its own words."""

    def __init__(self, params: TabledParameters, game: str) -> None:
        self.params = params
        self.game = game

    # ------------------------------------------------------------------ the game's part

    @abstractmethod
    def book(self, state: S) -> IntentBook:
        """Where the game keeps its intents in ``state``."""

    @abstractmethod
    def proposal(self, state: S, action: Action, context: Context) -> Proposal:
        """The canonical data of an action named in mail; IllegalAction if it is not one
        that can be tabled (quote the game's rule)."""

    @abstractmethod
    def authorized(self, state: S, data: JsonData) -> Authorized:
        """The method(s) the game's rule authorizes for the action ``data``."""

    @abstractmethod
    def perform(
        self, state: S, intent: Intent, authorization: Authorization, context: Context
    ) -> Outcome:
        """Do the action of ``intent`` (the checks of rule 2124 have passed)."""

    def supporters(self, state: S, data: JsonData, context: Context) -> Electorate:
        """Who may support (and whose support counts): by default every player."""
        return all_players(
            context.players, count_current_players_only=self.params.count_current_players_only
        )

    def objectors(self, state: S, data: JsonData, context: Context) -> Electorate:
        """Who may object (and whose objection counts): by default every player."""
        return all_players(
            context.players, count_current_players_only=self.params.count_current_players_only
        )

    def check_tabling(self, state: S, data: JsonData, sponsor: str, context: Context) -> None:
        """The game's own objection to an intent (raise IllegalAction); none by default."""

    def check_performer(self, state: S, intent: Intent, performer: str, context: Context) -> None:
        """The game's own limit on who performs (raise IllegalAction); none by default."""

    def judge(self, state: S) -> ConditionJudge | None:
        """How to tell whether an intent's conditions are met; None: the referee cannot."""
        return None

    # ------------------------------------------------------------------ the procedure

    def handles(self, action: Action) -> bool:
        return isinstance(action, TABLED_ACTIONS)

    def apply(self, state: S, action: Action, context: Context) -> Outcome:
        """Validate and apply one tabled-action action (see :data:`TABLED_ACTIONS`)."""
        if context.actor is None:
            raise IllegalAction("the referee cannot tell who sent this action")
        handler = self._handlers().get(type(action))
        if handler is None:
            raise IllegalAction(f"{action.verb} is not a tabled-action action")
        outcome = handler(state, action, context)
        self.book(state).settle(context.at)  # an intent this closed is reduced to why it closed
        return outcome

    def validate(self, state: S, action: Action, context: Context) -> None:
        """The refusals :meth:`apply` gives before changing anything: no author, or no intent
        that the reference names (see ``Game.validate``). Every response, and a performance
        named by number or implicitly, finds its intent first."""
        if context.actor is None:
            raise IllegalAction("the referee cannot tell who sent this action")
        if not isinstance(action, NAMING_AN_INTENT):
            return
        # Each handler of these finds the intent first. An intent named by its action is
        # left to ``apply``: which one that is can depend on the state as ``apply`` sets it.
        ref: IntentRef = getattr(action, "ref")  # noqa: B009 (every one of them has a ref)
        if ref.number is not None or ref.action is None:
            self._find(state, ref, context)

    def _handlers(self) -> Mapping[type[Action], Callable[[S, Any, Context], Outcome]]:
        return {
            TableIntent: self._table,
            SupportIntent: self._support,
            ObjectToIntent: self._object,
            WithdrawSupport: self._withdraw_support,
            WithdrawObjection: self._withdraw_objection,
            WithdrawIntent: self._withdraw_intent,
            PerformIntent: self._perform,
        }

    def _find(self, state: S, ref: IntentRef, context: Context) -> Intent:
        book = self.book(state)
        assert context.actor is not None
        if ref.number is not None:
            return references.by_number(book, ref.number, self.game, ref.sponsor)
        if ref.owned:
            return references.by_sponsor(book, ref, context.actor, self.game)
        if ref.action is not None:
            found = references.by_action(
                book, ref, lambda a: self.proposal(state, a, context).data, self.game
            )
            return references.single(found, ref)
        return references.implicit(
            book, context.actor, context.message_key, context.offices, self.game
        )

    def _table(self, state: S, action: TableIntent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        proposal = self.proposal(state, action.action, context)
        authorized = self.authorized(state, proposal.data)
        if not action.methods:
            raise IllegalAction(
                f"an intent must name its method: to {proposal.description} is "
                f'"{authorized.wording}", e.g. "I intend, {authorized.wording.lower()}, to '
                f'{action.action.source.text}"',
                quotes.TABLING,
            )
        if not methods_match(action.methods, authorized.methods, self.params):
            raise IllegalAction(
                f"the intent names {describe_all(action.methods, authorized.everyone)}, but the "
                f"rule allows one to {proposal.description} only {authorized.wording}",
                authorized.rule,
            )
        self.check_tabling(state, proposal.data, actor, context)
        book = self.book(state)
        intent = responding.table(
            book,
            sponsor=actor,
            text=action.action.source.text,
            action=proposal.data,
            methods=authorized.methods,
            at=utc(context.at),
            params=self.params,
            conditions=action.conditions,
            message=context.message_key,
        )
        book.note(actor, context.message_key, intent.number)
        summary = (
            f"{actor} tabled intent {intent.number}: to {proposal.description}, "
            f"{authorized.wording}; ripe until {format_utc(expires_at(intent, self.params))}"
        )
        if intent.conditions:
            summary += (
                f"; conditional ({intent.conditions!r}): the referee can perform it only "
                "when the game shows that condition met"
            )
        return Outcome(summary)

    def table_announced(self, state: S, proposal: Proposal, context: Context) -> Intent:
        """Table the intent that a game's own action announces, by the rule's methods.

        Some texts make an announcement the intent itself (creating an Arcadian Proposal
        announces the intent to apply it, With 2 Support and Without 2 Objections): the game
        performs its action and tables this intent with it, and from then on the intent is
        supported, objected to and performed like any other.
        """
        actor = context.actor
        assert actor is not None
        authorized = self.authorized(state, proposal.data)
        self.check_tabling(state, proposal.data, actor, context)
        book = self.book(state)
        intent = responding.table(
            book,
            sponsor=actor,
            text=proposal.description,
            action=proposal.data,
            methods=authorized.methods,
            at=utc(context.at),
            params=self.params,
            conditions=None,
            message=context.message_key,
        )
        book.note(actor, context.message_key, intent.number)
        return intent

    def _support(self, state: S, action: SupportIntent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        intent = self._find(state, action.ref, context)
        electorate = self.supporters(state, intent.action, context)
        responding.support(
            intent, actor, utc(context.at), electorate, self.params, context.message_key
        )
        self.book(state).note(actor, context.message_key, intent.number)
        return Outcome(
            f"{actor} supported {self._label(intent)}; {self._standing(state, intent, context)}"
        )

    def _object(self, state: S, action: ObjectToIntent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        intent = self._find(state, action.ref, context)
        electorate = self.objectors(state, intent.action, context)
        responding.object_to(
            intent, actor, utc(context.at), electorate, self.params, context.message_key
        )
        self.book(state).note(actor, context.message_key, intent.number)
        return Outcome(
            f"{actor} objected to {self._label(intent)}; {self._standing(state, intent, context)}"
        )

    def _withdraw_support(self, state: S, action: WithdrawSupport, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        intent = self._find(state, action.ref, context)
        responding.withdraw_support(intent, actor, utc(context.at), context.message_key)
        return Outcome(
            f"{actor} withdrew eir support for {self._label(intent)}; "
            f"{self._standing(state, intent, context)}"
        )

    def _withdraw_objection(self, state: S, action: WithdrawObjection, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        intent = self._find(state, action.ref, context)
        responding.withdraw_objection(intent, actor, utc(context.at), context.message_key)
        ready = utc(context.at) + self.params.objection_withdrawal
        return Outcome(
            f"{actor} withdrew eir objection to {self._label(intent)}; "
            f"{self._standing(state, intent, context)}; it is not mature before "
            f"{format_utc(ready)}"
        )

    def _withdraw_intent(self, state: S, action: WithdrawIntent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        intent = self._find(state, action.ref, context)
        ended = responding.withdraw_intent(
            intent, actor, context.offices, utc(context.at), self.params
        )
        if ended:
            return Outcome(f"{actor} withdrew {self._label(intent)}; it can no longer be performed")
        return Outcome(
            f"{actor} announced the withdrawal of {self._label(intent)}; under this ruleset that "
            "does not end it (the rules define no withdrawal of intents, rule 2125)"
        )

    def _perform(self, state: S, action: PerformIntent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        if action.ref.action is not None and action.ref.number is None:
            return self._perform_named(state, action, context)
        intent = self._find(state, action.ref, context)
        self._check_stated(state, action, intent)
        return self._perform_one(state, intent, context)

    def _check_stated(self, state: S, action: PerformIntent, intent: Intent) -> None:
        if not action.methods:
            return
        authorized = self.authorized(state, intent.action)
        if not methods_match(action.methods, authorized.methods, self.params):
            raise IllegalAction(
                f"intent {intent.number} is to be performed {authorized.wording}, not "
                f"{describe_all(action.methods, authorized.everyone)}",
                quotes.COMBINATION,
            )

    def _perform_named(self, state: S, action: PerformIntent, context: Context) -> Outcome:
        """ "I join Janet's alliance with support": the action itself, by its intent(s)."""
        actor = context.actor
        assert actor is not None and action.ref.action is not None
        proposal = self.proposal(state, action.ref.action, context)
        authorized = self.authorized(state, proposal.data)
        if action.methods and not methods_match(action.methods, authorized.methods, self.params):
            raise IllegalAction(
                f"the rule allows one to {proposal.description} only {authorized.wording}, not "
                f"{describe_all(action.methods, authorized.everyone)}",
                authorized.rule,
            )
        book = self.book(state)
        candidates = [i for i in book.open_intents() if i.action == proposal.data]
        if not candidates:
            raise IllegalAction(
                f"nobody has tabled an open intent to {proposal.description}; it can be done "
                f'only {authorized.wording}, after an intent such as "I intend, '
                f'{authorized.wording.lower()}, to {action.ref.action.source.text}"',
                quotes.COMBINATION,
            )
        # Rule 2124 considers every intent for the combination: the author's own first,
        # newest first, and the first one that allows it is the one performed.
        candidates.sort(key=lambda i: (i.sponsor != actor, -i.number))
        first_refusal: IllegalAction | None = None
        for intent in candidates:
            try:
                return self._perform_one(state, intent, context)
            except IllegalAction as refusal:
                first_refusal = first_refusal or refusal
        assert first_refusal is not None
        raise first_refusal

    def _perform_one(self, state: S, intent: Intent, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        responding.ensure_open(intent)
        self.check_performer(state, intent, actor, context)
        authorized = self.authorized(state, intent.action)
        authorization = authorize(
            intent,
            performer=actor,
            at=utc(context.at),
            methods=authorized.methods,
            supporters=self.supporters(state, intent.action, context),
            objectors=self.objectors(state, intent.action, context),
            params=self.params,
            offices=context.offices,
            supporters_may_perform=self.supporters_may_perform,
            judge=self.judge(state),
        )
        outcome = self.perform(state, intent, authorization, context)
        record_performance(intent, actor, utc(context.at), self.params, context.message_key)
        self.book(state).note(actor, context.message_key, intent.number)
        summary = (
            f"{outcome.summary} (intent {intent.number}, {authorized.wording}; "
            f"{authorization.tally.describe()})"
        )
        return Outcome(summary, outcome.private_summary, outcome.notices, outcome.secret)

    # ------------------------------------------------------------------ descriptions

    def _label(self, intent: Intent) -> str:
        return f"intent {intent.number} ({intent.sponsor}'s intent to {intent.text})"

    def _standing(self, state: S, intent: Intent, context: Context) -> str:
        supporters = self.supporters(state, intent.action, context).ordered(
            list(intent.supporters())
        )
        objectors = self.objectors(state, intent.action, context).ordered(list(intent.objectors()))
        return (
            f"supporters now: {', '.join(supporters) or 'none'}; "
            f"objectors now: {', '.join(objectors) or 'none'}"
        )

    # ------------------------------------------------------------------ time

    def next_expiry(self, state: S, after: datetime) -> datetime | None:
        """The first instant strictly after ``after`` when an open intent stops being ripe."""
        return self.book(state).intents.next_expiry(self.params.ripe, utc(after))

    def expire(self, state: S, at: datetime) -> list[Intent]:
        """Close every open intent no longer ripe at ``at``; the ones closed, by number."""
        closed: list[Intent] = []
        for intent in self.book(state).intents.expiring(self.params.ripe, utc(at)):
            intent.closed = Closed.EXPIRED
            intent.closed_at = expires_at(intent, self.params)
            intent.closed_by = None
            closed.append(intent)
        self.book(state).settle(at)
        return closed
