"""The Lord-Ruler's attempt to begin a new Free Tournament, through the tabled-action library.

Rule 2566: "A player who is not the gamemaster of an existing tournament CAN initiate a
sanctioned tournament with a specified set of regulations with 2 Agoran consent." The
contract has the Lord-Ruler attempt it on the Iteration Date "with the set of regulations
supplied by the Tournament Template". The intent is tabled, supported, objected to and
performed like every intent (its own book, apart from the proposals'); performing it records
the tournament begun with the Template's current version, which the officer then configures
as a game of kind ``arcadia`` (docs/rulings.md, A15).
"""

from __future__ import annotations

from referee.clock import utc
from referee.games.arcadia.state import ArcadiaView
from referee.games.arcadia_contract import quotes
from referee.games.arcadia_contract.actions import BeginTournament
from referee.games.arcadia_contract.rules_in_force import implemented_version
from referee.games.arcadia_contract.state import Begun, ContractState
from referee.games.base import Action, Context, IllegalAction, JsonData, Outcome, RuleCitation
from referee.games.tabled import (
    Authorization,
    Authorized,
    Intent,
    IntentBook,
    Method,
    MethodKind,
    Proposal,
    TabledProcedure,
)

LORD_RULER = "lord-ruler"
CONSENT = (Method(MethodKind.CONSENT, n_tenths=20),)
FREE_TOURNAMENTS = RuleCitation(
    "Rule 2566",
    "Free Tournaments",
    "A player who is not the gamemaster of an existing tournament CAN initiate a sanctioned "
    "tournament with a specified set of regulations with 2 Agoran consent.",
)


class Iteration(TabledProcedure[ContractState]):
    """The tabled-action procedure, as the contract uses it to begin a Free Tournament."""

    supporters_may_perform = False

    def book(self, state: ContractState) -> IntentBook:
        return state.consent

    def proposal(self, state: ContractState, action: Action, context: Context) -> Proposal:
        if not isinstance(action, BeginTournament):
            raise IllegalAction(f"{action.verb} is not an action of the Arcadia contract")
        return Proposal({"begin": "free tournament"}, "begin a new Free Tournament")

    def authorized(self, state: ContractState, data: JsonData) -> Authorized:
        return Authorized(CONSENT, FREE_TOURNAMENTS)

    def check_tabling(
        self, state: ContractState, data: JsonData, sponsor: str, context: Context
    ) -> None:
        if LORD_RULER not in context.offices:
            raise IllegalAction(
                f"the contract has the Lord-Ruler begin the Arcadian Tournament; {sponsor} is "
                "not the Lord-Ruler",
                quotes.cite(quotes.ON_THE_DATE),
            )

    def check_performer(
        self, state: ContractState, intent: Intent, performer: str, context: Context
    ) -> None:
        self.check_tabling(state, intent.action, performer, context)
        # Rule 2566 gives the power to "A player" (R3-3): a Lord-Ruler who has deregistered
        # has none, whatever the office's record says.
        status = context.players.get(performer)
        if status is None or not status.registered:
            raise IllegalAction(
                f"{performer} is not a player, so e cannot initiate a Free Tournament",
                FREE_TOURNAMENTS,
            )
        # Rule 2566: only "a player who is not the gamemaster of an existing tournament" CAN
        # initiate one; the Lord-Ruler is the gamemaster of an Arcadian Tournament in play.
        if "arcadia" in context.views and context.view("arcadia", ArcadiaView).in_play:
            raise IllegalAction(
                f"{performer} is the gamemaster of an existing tournament (the Arcadian "
                "Tournament is in play), so e cannot initiate another",
                FREE_TOURNAMENTS,
            )

    def perform(
        self,
        state: ContractState,
        intent: Intent,
        authorization: Authorization,
        context: Context,
    ) -> Outcome:
        current = state.current
        version = implemented_version(current.text)
        state.begun.append(Begun(utc(context.at), str(context.actor), current.number))
        runs = (
            f"the referee runs it as the arcadia ruleset {version!r}"
            if version is not None
            else "the referee implements no ruleset for that text: an officer chooses one, "
            "with a reason (referee ruleset)"
        )
        return Outcome(
            f"{context.actor} began a new Free Tournament, the Arcadian Tournament, with the "
            f"regulations of Tournament Template version {current.number}; {runs}"
        )
