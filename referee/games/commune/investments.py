"""The weekly investment grant and the investment limit."""

from __future__ import annotations

from referee.clock import format_utc
from referee.games.base import Context, Outcome
from referee.games.commune.actions import GrantInvestment
from referee.games.commune.common import (
    actor_name,
    can_hold,
    next_free,
    participant,
    plural,
    record_use,
    reject,
    used_this_week,
)
from referee.games.commune.communities import resolve
from referee.games.commune.rulesets import Rules
from referee.games.commune.state import INVESTMENT_USE, CommuneState


def investment_limit(state: CommuneState) -> int:
    """The investment limit is the current number of communities."""
    return len(state.communities)


def check_grant_investment(
    state: CommuneState, rules: Rules, action: GrantInvestment, context: Context
) -> None:
    name = actor_name(context)
    if not rules.investment_method_specified:
        reject(
            rules,
            "invest",
            "Commune v1.2 says a participant CAN grant emself an investment but names no "
            "method for doing it, and a regulated action can only be performed by the methods "
            "the rules specify (rule 2125), so announcing it does nothing",
        )
    player = participant(state, rules, name, "invest")
    last = used_this_week(state, rules, name, INVESTMENT_USE, context.at)
    if last is not None:
        reject(
            rules,
            "invest",
            f"{name} already granted emself an investment this week (on {format_utc(last)}); "
            f"the next one can be granted from {format_utc(next_free(rules, last))}",
        )
    resolve(state, rules, action.community, name, "invest")
    limit = investment_limit(state)
    held = player.investment_total()
    if held >= limit:
        reject(
            rules,
            "invest_limit",
            f"{name} has {plural(held, 'investment')} and the investment limit is {limit} (the "
            f"number of communities), so e is at the limit",
        )


def grant_investment(
    state: CommuneState, rules: Rules, action: GrantInvestment, context: Context
) -> Outcome:
    name = actor_name(context)
    player = state.participants[name]
    community = resolve(state, rules, action.community, name, "invest")
    limit = investment_limit(state)
    record_use(state, name, INVESTMENT_USE, context.at)
    if not can_hold(context, name):
        return Outcome(
            f"{name}'s investment in {community.label} was destroyed (Clean-Up: e is not an "
            "active player)"
        )
    player.investments[community.number] = player.investments.get(community.number, 0) + 1
    return Outcome(
        f"{name} granted emself an investment in {community.label} (now "
        f"{player.investment_total()} of the limit of {limit})"
    )
