"""Arcadian Proposals through the tabled-action library (rules 1728 and 2124).

"With 2 support and without 2 objections from active parties to this contract, the player
who submitted an Arcadian Proposal CAN apply any changes listed therein to the Tournament
Template and post to the Public Forum the full modified Tournament Template." Creating a
proposal tables the intent to apply it with that combined method (the library's
:meth:`TabledProcedure.table_by_action`); support, objection and performance are the
library's, counted from the active parties at each moment; only the submitter performs.
"""

from __future__ import annotations

from referee.clock import utc
from referee.games.arcadia_contract import quotes
from referee.games.arcadia_contract.actions import ApplyProposal
from referee.games.arcadia_contract.changes import ChangeError, apply_changes
from referee.games.arcadia_contract.state import ContractState, TemplateVersion
from referee.games.base import Action, Context, IllegalAction, JsonData, Outcome
from referee.games.tabled import (
    Authorization,
    Authorized,
    Electorate,
    Intent,
    IntentBook,
    Method,
    MethodKind,
    Proposal,
    TabledProcedure,
)

APPLY_METHODS = (
    Method(MethodKind.SUPPORT, n_tenths=20),
    Method(MethodKind.OBJECTIONS, n_tenths=20),
)


def _number(data: JsonData) -> int:
    return int(data["apply"])


class Proposals(TabledProcedure[ContractState]):
    """The tabled-action procedure, as the contract uses it for its proposals."""

    supporters_may_perform = False

    def book(self, state: ContractState) -> IntentBook:
        return state.intents

    def proposal(self, state: ContractState, action: Action, context: Context) -> Proposal:
        if not isinstance(action, ApplyProposal):
            raise IllegalAction(f"{action.verb} is not an action of the Arcadia contract")
        if action.number not in state.proposals:
            raise IllegalAction(
                f"there is no Arcadian Proposal {action.number}", quotes.cite(quotes.APPLY)
            )
        return Proposal({"apply": action.number}, f"apply Arcadian Proposal {action.number}")

    def authorized(self, state: ContractState, data: JsonData) -> Authorized:
        return Authorized(APPLY_METHODS, quotes.cite(quotes.APPLY))

    def _active_parties(self, state: ContractState, context: Context) -> Electorate:
        active = frozenset(
            p for p in state.parties if (s := context.players.get(p)) is not None and s.active
        )
        return Electorate(active, "the active parties to this contract", quotes.cite(quotes.APPLY))

    def supporters(self, state: ContractState, data: JsonData, context: Context) -> Electorate:
        return self._active_parties(state, context)

    def objectors(self, state: ContractState, data: JsonData, context: Context) -> Electorate:
        return self._active_parties(state, context)

    def check_performer(
        self, state: ContractState, intent: Intent, performer: str, context: Context
    ) -> None:
        proposal = state.proposals[_number(intent.action)]
        if performer != proposal.by:
            raise IllegalAction(
                f"only {proposal.by}, who submitted Arcadian Proposal {proposal.number}, can "
                "apply it",
                quotes.cite(quotes.APPLY),
            )
        # "the player who submitted an Arcadian Proposal CAN apply": a submitter who has
        # stopped being a player no longer can (R3-4).
        status = context.players.get(performer)
        if status is None or not status.registered:
            raise IllegalAction(
                f"{performer} is not a player, and only the player who submitted Arcadian "
                f"Proposal {proposal.number} can apply it",
                quotes.cite(quotes.APPLY),
            )
        if proposal.applied_as is not None:
            raise IllegalAction(
                f"Arcadian Proposal {proposal.number} was already applied (Template version "
                f"{proposal.applied_as})",
                quotes.cite(quotes.APPLY),
            )

    def perform(
        self,
        state: ContractState,
        intent: Intent,
        authorization: Authorization,
        context: Context,
    ) -> Outcome:
        proposal = state.proposals[_number(intent.action)]
        try:  # refused before anything changes, once the conditions are known to hold
            text = apply_changes(state.current.text, proposal.text)
        except ChangeError as why:
            raise IllegalAction(
                f"Arcadian Proposal {proposal.number} cannot be applied: {why}",
                quotes.cite(quotes.APPLY),
            ) from None
        version = TemplateVersion(
            number=state.current.number + 1,
            text=text,
            at=utc(context.at),
            by=context.actor,
            message=context.message_key,
            why=f"Arcadian Proposal {proposal.number}: {proposal.text}",
        )
        state.template.append(version)
        proposal.applied_as = version.number
        return Outcome(
            f"{context.actor} applied Arcadian Proposal {proposal.number} ({proposal.text}); "
            f"the Tournament Template is now version {version.number}"
        )
