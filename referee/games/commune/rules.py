"""Commune's actions: each action type with its check and its performance.

Each check raises the precise refusal and never changes the state; each performance does
what a checked action does, and checks nothing again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.games.base import Action, Context, Handler, Outcome
from referee.games.commune import (
    constructors,
    investments,
    naming,
    participation,
    placement,
    trading,
)
from referee.games.commune.actions import (
    AcceptOffer,
    BecomeParticipant,
    BeginConstructing,
    CeaseParticipant,
    GrantConstructed,
    GrantInvestment,
    MakeOffer,
    NameCommunity,
    PlaceTile,
    WithdrawOffer,
)
from referee.games.commune.common import guard_time
from referee.games.commune.rulesets import Rules
from referee.games.commune.state import CommuneState

Check = Callable[[CommuneState, Rules, Any, Context], None]
Perform = Callable[[CommuneState, Rules, Any, Context], Outcome]

RULES: Mapping[type[Action], tuple[Check, Perform]] = {
    BecomeParticipant: (participation.check_become, participation.become),
    CeaseParticipant: (participation.check_cease, participation.cease),
    BeginConstructing: (constructors.check_begin, constructors.begin),
    GrantConstructed: (constructors.check_grant, constructors.grant),
    PlaceTile: (placement.check_place_tile, placement.place_tile),
    NameCommunity: (naming.check_name, naming.name_community),
    GrantInvestment: (investments.check_grant_investment, investments.grant_investment),
    MakeOffer: (trading.check_make_offer, trading.make_offer),
    AcceptOffer: (trading.check_accept_offer, trading.accept_offer),
    WithdrawOffer: (trading.check_withdraw_offer, trading.withdraw_offer),
}
"""Each action's check (raises, never changes the state) and its performance (unchecked)."""


def handlers(rules: Rules) -> dict[type[Action], Handler[CommuneState, Any]]:
    """The handler table of a game under ``rules``; every action first meets the clock (no
    action once the tournament has ended)."""

    def handler(check: Check, perform: Perform) -> Handler[CommuneState, Any]:
        def validate(state: CommuneState, action: Any, context: Context) -> None:
            guard_time(state, rules, context.at)
            check(state, rules, action, context)

        def apply(state: CommuneState, action: Any, context: Context) -> Outcome:
            return perform(state, rules, action, context)

        return Handler(validate, apply)

    return {kind: handler(check, perform) for kind, (check, perform) in RULES.items()}
