"""Validate and apply one Commune action: the dispatcher over the rule modules.

Every handler checks everything before it changes anything, so an IllegalAction always
leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.games.base import Action, Context, IllegalAction, Outcome
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

Handler = Callable[[CommuneState, Rules, Any, Context], Outcome]

HANDLERS: Mapping[type[Action], Handler] = {
    BecomeParticipant: participation.become,
    CeaseParticipant: participation.cease,
    BeginConstructing: constructors.begin,
    GrantConstructed: constructors.grant,
    PlaceTile: placement.place_tile,
    NameCommunity: naming.name_community,
    GrantInvestment: investments.grant_investment,
    MakeOffer: trading.make_offer,
    AcceptOffer: trading.accept_offer,
    WithdrawOffer: trading.withdraw_offer,
}


def apply_action(state: CommuneState, rules: Rules, action: Action, context: Context) -> Outcome:
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"{action.verb} is not an action of Commune")
    guard_time(state, rules, context.at)
    return handler(state, rules, action, context)
