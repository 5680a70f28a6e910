"""Shared helpers of the tabled-action tests (no tests here): a small game that uses them.

"Chores" is the least a game needs to use the procedure: a grammar that imports
grammar/tabled.lark's templates around one action of its own ("paint the fence"), and a
:class:`TabledProcedure` whose rule authorizes each chore by one method. Sentences go
through Lark and the procedure exactly as a real game's do; a rejected action leaves the
state as it was, as the engine guarantees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from lark import Lark, Token, Tree

from referee.games.base import (
    Action,
    Context,
    IllegalAction,
    JsonData,
    Outcome,
    PlayerStatus,
    Route,
    RuleCitation,
    SourceText,
)
from referee.games.tabled import (
    Authorization,
    Authorized,
    Electorate,
    Intent,
    IntentBook,
    Method,
    MethodKind,
    Proposal,
    TabledParameters,
    TabledProcedure,
    dump_book,
    load_book,
)
from referee.games.tabled.transform import is_tabled, link_implicit, tabled_action
from referee.paths import GRAMMAR_DIR

START = datetime(2024, 3, 4, 12, 0, tzinfo=UTC)  # a Monday
NAMES = ("nix", "Janet", "Murphy", "Kate", "snail", "Aspen")
PLAYERS = {name: PlayerStatus(name, active=True, first_class=True) for name in NAMES}

GRAMMAR = r"""
%import .tabled (intend, support_intent, object_intent, withdraw_support, withdraw_objection)
%import .tabled (withdraw_intent, perform_intent, perform_named, perform_prefixed, methods)
%import .tabled (subject, WS, _COMMA, _AND, _THE)
%ignore WS

sentence: _first (_joiner _next)*
_first: subject _action | perform_prefixed{chore, subject}
_next: subject? _action
_joiner: _AND | _COMMA _AND?

_action: intend{chore}
       | support_intent{chore, _chore_q}
       | object_intent{chore, _chore_q}
       | withdraw_support{chore, _chore_q}
       | withdraw_objection{chore, _chore_q}
       | withdraw_intent{chore, _chore_q}
       | perform_intent{_chore_q}
       | perform_named{chore}

chore: DEED _THE THING
_chore_q: "chore"i
DEED: /(paint|sweep|ratify|award|polish|rename|mend)(?![A-Za-z])/i
THING: /(fence|hall|report|badge|silver|street|roof)(?![A-Za-z])/i
"""

SUPPORT_2 = (Method(MethodKind.SUPPORT, 20),)
WITHOUT_2 = (Method(MethodKind.OBJECTIONS, 20),)
CONSENT_1 = (Method(MethodKind.CONSENT, 10),)
CONSENT_15 = (Method(MethodKind.CONSENT, 15),)
NOTICE_2_DAYS = (Method(MethodKind.NOTICE, notice_hours=48),)
NOTICE_DEFAULT = (Method(MethodKind.NOTICE),)
SUPPORT_ALL = (Method(MethodKind.SUPPORT, of_all=True),)
SUPPORT_1 = (Method(MethodKind.SUPPORT),)

DEEDS: Mapping[str, tuple[Method, ...]] = {
    "paint": SUPPORT_2,  # With 2 Support
    "ratify": WITHOUT_2,  # Without 2 Objections
    "award": CONSENT_1,  # With Agoran Consent
    "rename": CONSENT_15,  # With 1.5 Agoran Consent
    "sweep": NOTICE_2_DAYS,  # With 2 days Notice
    "mend": NOTICE_DEFAULT,  # With Notice (T = 4 days)
    "polish": SUPPORT_ALL,  # With the Support of all the crew
}
CREW = frozenset({"Janet", "Murphy"})
"""Only the crew may support or object to polishing (an electorate a game narrows)."""
CHORES_RULE = RuleCitation("Chores", "Methods", "Each chore CAN be done by its own method.")


@cache
def parser() -> Lark:
    return Lark(
        GRAMMAR,
        parser="lalr",
        start="sentence",
        propagate_positions=True,
        maybe_placeholders=False,
        # As if the grammar were a file beside tabled.lark, as a game's grammar is.
        source_path=str(GRAMMAR_DIR / "chores.lark"),
    )


@dataclass(frozen=True)
class DoChore(Action):
    deed: str
    thing: str


def _chore(tree: Tree[Token], source: SourceText) -> Action:
    deed, thing = (str(t).lower() for t in tree.children if isinstance(t, Token))
    return DoChore(source, deed, thing)


def parse(text: str) -> list[Action]:
    """The actions of one sentence, each with its own words, as a game's transform does."""
    tree = parser().parse(text)
    sentence = SourceText(text, 1, 1)
    actions: list[Action] = []
    for child in tree.children:
        if isinstance(child, Tree) and is_tabled(child):
            start = int(child.meta.start_pos)
            words = SourceText(text[start : child.meta.end_pos], 1, start + 1)
            actions.append(tabled_action(child, words, sentence, _chore))
    return link_implicit(actions)


@dataclass
class ChoreState:
    intents: IntentBook = field(default_factory=IntentBook)
    done: list[str] = field(default_factory=list)


class Chores(TabledProcedure[ChoreState]):
    def book(self, state: ChoreState) -> IntentBook:
        return state.intents

    def proposal(self, state: ChoreState, action: Action, context: Context) -> Proposal:
        assert isinstance(action, DoChore)
        return Proposal(
            {"deed": action.deed, "thing": action.thing}, f"{action.deed} the {action.thing}"
        )

    def authorized(self, state: ChoreState, data: JsonData) -> Authorized:
        return Authorized(DEEDS[data["deed"]], CHORES_RULE, "the crew")

    def supporters(self, state: ChoreState, data: JsonData, context: Context) -> Electorate:
        if data["deed"] == "polish":
            return Electorate(CREW, "the crew", CHORES_RULE)
        return super().supporters(state, data, context)

    def objectors(self, state: ChoreState, data: JsonData, context: Context) -> Electorate:
        return self.supporters(state, data, context)

    def perform(
        self, state: ChoreState, intent: Intent, authorization: Authorization, context: Context
    ) -> Outcome:
        state.done.append(f"{context.actor}: {intent.text}")
        return Outcome(f"{context.actor} did it: {intent.text}")


def params(**options: Any) -> TabledParameters:
    return TabledParameters.from_options(options)


@dataclass
class Desk:
    """One Chores game, played by sentences at chosen instants."""

    procedure: Chores = field(default_factory=lambda: Chores(TabledParameters(), "Chores"))
    state: ChoreState = field(default_factory=ChoreState)
    message: int = 0
    last_rule: RuleCitation | None = None

    @classmethod
    def with_options(cls, **options: Any) -> Desk:
        return cls(Chores(params(**options), "Chores"))

    def context(self, actor: str, at: datetime) -> Context:
        self.message += 1
        return Context(at, actor, frozenset(), Route.PUBLIC, f"m{self.message}", PLAYERS)

    def do(self, actor: str, text: str, at: datetime) -> list[str]:
        """Apply every action of ``text`` as one message at ``at``: "applied: ..." or
        "rejected: ..." per action. A rejection restores the state, as the engine does; a
        refusal by ``validate`` must have left it untouched (the engine trusts that)."""
        context = self.context(actor, at)
        answers: list[str] = []
        for action in parse(text):
            before = (dump_book(self.state.intents), list(self.state.done))
            try:
                self.procedure.validate(self.state, action, context)
            except IllegalAction as refusal:
                assert (dump_book(self.state.intents), list(self.state.done)) == before
                self.last_rule = refusal.rule
                answers.append("rejected: " + refusal.reason)
                continue
            try:
                answers.append(
                    "applied: " + self.procedure.apply(self.state, action, context).summary
                )
            except IllegalAction as refusal:
                self.state.intents = load_book(before[0])
                self.state.done = before[1]
                self.last_rule = refusal.rule
                answers.append("rejected: " + refusal.reason)
        return answers

    def one(self, actor: str, text: str, at: datetime) -> str:
        (answer,) = self.do(actor, text, at)
        return answer

    def refusal(self, actor: str, text: str, at: datetime) -> tuple[str, RuleCitation | None]:
        """The reason and the rule quoted, for a sentence that must be refused."""
        answer = self.one(actor, text, at)
        assert answer.startswith("rejected: "), answer
        return answer.removeprefix("rejected: "), self.last_rule


def at(days: float = 0, hours: float = 0, minutes: float = 0) -> datetime:
    return START + timedelta(days=days, hours=hours, minutes=minutes)
