"""The Arcadia contract as a referee game plug-in: the :class:`ArcadiaContract` class."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, time
from functools import partial
from typing import Any, ClassVar

from referee.clock import format_utc, utc
from referee.games.arcadia.state import ArcadiaView
from referee.games.arcadia_contract import quotes, rules_in_force
from referee.games.arcadia_contract.actions import (
    ApplyProposal,
    BeginTournament,
    CreateProposal,
    JoinContract,
    LeaveContract,
    SetIterationDate,
)
from referee.games.arcadia_contract.iteration import Iteration
from referee.games.arcadia_contract.proposals import Proposals
from referee.games.arcadia_contract.rulesets import NEVER_ANY_TIME, RULESETS
from referee.games.arcadia_contract.state import (
    ArcadianProposal,
    ContractState,
    ContractView,
    TemplateVersion,
    dump_state,
    load_state,
    view_state,
)
from referee.games.base import (
    Action,
    Audience,
    Context,
    Game,
    GameSetup,
    Handler,
    IllegalAction,
    JsonData,
    Notice,
    Outcome,
    Ruleset,
    SourceText,
    Tick,
)
from referee.games.kit.options import Options
from referee.games.tabled import TABLED_ACTIONS, Proposal, TabledParameters

LORD_RULER = "lord-ruler"
ITERATION_TICK = "iteration-date"
EXPIRY_TICK = "intent-expiry"

_ACTION_WORDS = re.compile(
    r"\barcadian\s+proposal|\barcadia(?:n)?\s+contract\b|\biteration\s+date\b|"
    r"\bfree\s+tournament\b|"
    # "AP 9": the proposals' initials, read as "Arcadian Proposal 9" (P26-go-arcadia).
    r"\bAP\s*#?[0-9]|"
    # Support or objection for a proposal named otherwise ("whatever Murphy proposed",
    # "Proposal 3"): told, with Arcadian Proposals as the nearest forms.
    # ("the AP Janet posted": the initials with no number, told the same way.)
    r"^\s*I\s+(?:support|object\s+to|withdraw\s+my\s+(?:support|objection))\b[^.]*"
    r"(?:\bpropos\w*|\b(?-i:APs?)\b)",
    re.IGNORECASE,
)


class ArcadiaContract(Game[ContractState]):
    """The Arcadia contract; the Lord-Ruler keeps it."""

    kind: ClassVar[str] = "arcadia_contract"
    grammar: ClassVar[str] = "arcadia_contract.lark"
    lexicon_module: ClassVar[str | None] = "referee.games.arcadia_contract.lexicon"
    examples: ClassVar[tuple[str, ...]] = (
        "I become a party to the Arcadia contract",
        "I leave the Arcadia contract",
        'I create an Arcadian Proposal with the following text: replace "6" with "7"',
        "I support Arcadian Proposal 2",
        "I object to Arcadian Proposal 2",
        "I withdraw my support for Arcadian Proposal 2",
        "I apply Arcadian Proposal 2",
        "I set the Iteration Date to 2027-01-04",
        "I set the Iteration Date to Never",
        "I intend, with 2 Agoran consent, to begin a new Free Tournament",
        "I support the intent to begin a new Free Tournament",
        "I object to the intent to begin a new Free Tournament",
        "I begin a new Free Tournament with 2 Agoran consent",
    )
    reads: ClassVar[frozenset[str]] = frozenset({"arcadia"})
    refuses_while_applying: ClassVar[bool] = True
    """The library finds an intent named by its action as applying settles intents."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__(setup)
        params = TabledParameters.from_ruleset(setup.ruleset)
        self.proposals = Proposals(params, setup.name)
        self.iteration = Iteration(params, setup.name)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    def initial_state(self) -> ContractState:
        seed = TemplateVersion(
            1, quotes.seed_template(), utc(self.setup.start), None, None, "the draft as posted"
        )
        return ContractState(template=[seed])

    def looks_like_action(self, sentence: str) -> bool:
        return _ACTION_WORDS.search(sentence) is not None

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        # Imported on first use: a command that only shows a stored state needs no parser.
        from referee.games.arcadia_contract.transform import sentence_actions

        return sentence_actions(tree, source)

    def handlers(self) -> Mapping[type[Action], Handler[ContractState, Any]]:
        tabled = Handler(self._check_tabled, self._tabled)
        table: dict[type[Action], Handler[ContractState, Any]] = dict.fromkeys(
            TABLED_ACTIONS, tabled
        )
        table[JoinContract] = Handler(_check_join, _join)
        table[LeaveContract] = Handler(_check_leave, _leave)
        table[CreateProposal] = Handler(_check_party, self._create)
        never_any_time = Options(self.setup.ruleset).flag(NEVER_ANY_TIME)
        table[SetIterationDate] = Handler(
            partial(_check_set_date, never_any_time=never_any_time), _set_date
        )
        return table

    def _procedure(self, action: Action) -> Proposals | Iteration:
        """The intents of beginning a Free Tournament, or else of applying proposals."""
        named = getattr(action, "action", None) or getattr(
            getattr(action, "ref", None), "action", None
        )
        return self.iteration if isinstance(named, BeginTournament) else self.proposals

    def _check_tabled(self, state: ContractState, action: Action, context: Context) -> None:
        self._procedure(action).validate(state, action, context)

    def _tabled(self, state: ContractState, action: Action, context: Context) -> Outcome:
        return self._procedure(action).apply(state, action, context)

    def _create(self, state: ContractState, action: CreateProposal, context: Context) -> Outcome:
        actor = context.actor
        assert actor is not None
        number = state.intents.next_number
        state.proposals[number] = ArcadianProposal(number, actor, action.text, utc(context.at))
        intent = self.proposals.table_announced(
            state, Proposal({"apply": number}, f"apply Arcadian Proposal {number}"), context
        )
        assert intent.number == number  # only proposals are tabled in this book
        return Outcome(
            f"{actor} created Arcadian Proposal {number}: {action.text!r}; {actor} CAN apply "
            "it With 2 Support and Without 2 Objections from active parties"
        )

    # ------------------------------------------------------------------ the Iteration Date

    def next_tick(self, state: ContractState, after: datetime) -> Tick | None:
        ticks: list[Tick] = []
        expiries = [
            at
            for at in (
                self.proposals.next_expiry(state, after),
                self.iteration.next_expiry(state, after),
            )
            if at is not None
        ]
        expiry = min(expiries, default=None)
        if expiry is not None:
            ticks.append(Tick(expiry, EXPIRY_TICK, "a proposal's intent stops being ripe"))
        if state.iteration_date is not None and state.reminded != state.iteration_date:
            at = datetime.combine(state.iteration_date, time(0), tzinfo=UTC)
            ticks.append(Tick(max(at, utc(after)), ITERATION_TICK, "the Iteration Date"))
        return min(ticks, key=lambda t: t.at, default=None)

    def apply_tick(self, state: ContractState, tick: Tick, context: Context) -> Outcome | None:
        if tick.name == EXPIRY_TICK:
            texts = [
                f"the intent to apply Arcadian Proposal {i.number} expired"
                for i in self.proposals.expire(state, tick.at)
            ] + [
                f"intent {i.number}, {i.sponsor}'s intent to {i.text}, expired"
                for i in self.iteration.expire(state, tick.at)
            ]
            return Outcome("; ".join(texts)) if texts else None
        if tick.name != ITERATION_TICK or state.iteration_date is None:
            return None
        state.reminded = state.iteration_date
        notice = Notice(
            Audience.OFFICER,
            "arcadia_contract/iteration",
            {
                "date": state.iteration_date.isoformat(),
                "version": state.current.number,
                "duty": quotes.words(quotes.ON_THE_DATE),
                "rules": rules_in_force.notes(state),
            },
        )
        return Outcome(
            f"It is the Iteration Date ({state.iteration_date.isoformat()}): the Lord-Ruler "
            "SHALL set it to Never and attempt to begin a new Free Tournament with Template "
            f"version {state.current.number}; the referee sent em a drafted notice",
            notices=(notice,),
        )

    # ------------------------------------------------------------------ the rest

    def ruleset_notes(self, state: ContractState) -> list[str]:
        return rules_in_force.notes(state)

    def participants(self, state: ContractState) -> frozenset[str]:
        return frozenset(state.parties)

    def view(self, state: ContractState) -> ContractView:
        return view_state(state)

    def dump(self, state: ContractState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> ContractState:
        return load_state(data)

    def render(self, state: ContractState, *, reveal_secrets: bool = False) -> str:
        date = "Never" if state.iteration_date is None else state.iteration_date.isoformat()
        lines = [
            f"Parties: {', '.join(state.parties) or 'none'}",
            f"Iteration Date: {date}",
            "Arcadian Proposals:",
        ]
        for number, p in sorted(state.proposals.items()):
            done = f" (applied: version {p.applied_as})" if p.applied_as else ""
            lines.append(f"  {number}. by {p.by}, {format_utc(p.at)}{done}: {p.text}")
        if not state.proposals:
            lines.append("  none")
        for begun in state.begun:
            lines.append(
                f"Free Tournament begun {format_utc(begun.at)} by {begun.by}, under Template "
                f"version {begun.template_version}"
            )
        current = state.current
        lines.append("")
        lines.append(
            f"Tournament Template, version {current.number} ({format_utc(current.at)}; "
            f"{current.why}):"
        )
        lines.append(current.text.rstrip("\n"))
        return "\n".join(lines)


def _actor(context: Context) -> str:
    if context.actor is None:
        raise IllegalAction("an action of the Arcadia contract needs a person who performs it")
    return context.actor


def _check_join(state: ContractState, action: JoinContract, context: Context) -> None:
    actor = _actor(context)
    if actor in state.parties:
        raise IllegalAction(f"{actor} is already a party to the contract", quotes.PARTIES)


def _join(state: ContractState, action: JoinContract, context: Context) -> Outcome:
    actor = _actor(context)
    state.parties = sorted([*state.parties, actor], key=str.casefold)
    return Outcome(f"{actor} became a party to the Arcadia contract")


def _check_leave(state: ContractState, action: LeaveContract, context: Context) -> None:
    actor = _actor(context)
    if actor not in state.parties:
        raise IllegalAction(f"{actor} is not a party to the contract", quotes.PARTIES)


def _leave(state: ContractState, action: LeaveContract, context: Context) -> Outcome:
    actor = _actor(context)
    state.parties.remove(actor)
    return Outcome(f"{actor} ceased to be a party to the Arcadia contract")


def _check_party(state: ContractState, action: Action, context: Context) -> None:
    actor = _actor(context)
    if actor not in state.parties:
        raise IllegalAction(f"{actor} is not a party to the contract", quotes.cite(quotes.CREATE))


def _tournament(context: Context) -> ArcadiaView | None:
    """The Arcadian Tournament as the engine shows it, or None where it shows none."""
    if "arcadia" not in context.views:
        return None
    return context.view("arcadia", ArcadiaView)


def _check_set_date(
    state: ContractState,
    action: SetIterationDate,
    context: Context,
    *,
    never_any_time: bool = False,
) -> None:
    if LORD_RULER not in context.offices:
        raise IllegalAction(
            f"only the Lord-Ruler can set the Iteration Date; {_actor(context)} is not the "
            "Lord-Ruler",
            quotes.cite(quotes.SET_DATE),
        )
    if action.when is None and not never_any_time:
        # Never is not "a new date": the contract speaks of setting it only as the duty "On
        # the Iteration Date" (R3-2).
        due = state.iteration_date
        if due is None:
            raise IllegalAction(
                "the Iteration Date is Never already: the contract has the Lord-Ruler set it "
                "to Never only on the Iteration Date",
                quotes.cite(quotes.ON_THE_DATE),
            )
        if due > utc(context.at).date():
            raise IllegalAction(
                f"the Iteration Date ({due.isoformat()}) has not come: the contract has the "
                "Lord-Ruler set it to Never only on the Iteration Date (before it, e can set "
                "it to another new date)",
                quotes.cite(quotes.ON_THE_DATE),
            )
    tournament = _tournament(context)
    if action.when is not None and tournament is not None and tournament.in_play:
        raise IllegalAction(
            "an Arcadian Tournament exists, so the Iteration Date cannot be set",
            quotes.cite(quotes.SET_DATE),
        )
    if action.when is not None and action.when <= utc(context.at).date():
        raise IllegalAction(
            f"{action.when.isoformat()} is not a new date: it has come already",
            quotes.cite(quotes.SET_DATE),
        )
    if action.when is not None and action.when == state.iteration_date:
        raise IllegalAction(
            f"{action.when.isoformat()} is not a new date: it is the Iteration Date already "
            "(rule 2162: attempting to flip a switch to a value it already has does not flip "
            "it)",
            quotes.cite(quotes.SET_DATE),
        )


def _set_date(state: ContractState, action: SetIterationDate, context: Context) -> Outcome:
    state.iteration_date = action.when
    value = "Never" if action.when is None else action.when.isoformat()
    return Outcome(f"{_actor(context)} set the Iteration Date to {value}")


__all__ = ["ApplyProposal", "ArcadiaContract"]
