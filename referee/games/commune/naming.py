"""Naming a community after a colour (its founder, or the Surveyor if it is unnamed)."""

from __future__ import annotations

from referee.games.base import Context, Outcome
from referee.games.commune.actions import NameCommunity
from referee.games.commune.colours import colour_name
from referee.games.commune.common import actor_name, reject
from referee.games.commune.communities import resolve
from referee.games.commune.rulesets import NAMING_ONCE_ONLY, Rules
from referee.games.commune.state import CommuneState, Community


def check_name(state: CommuneState, rules: Rules, action: NameCommunity, context: Context) -> None:
    _checked(state, rules, action, context)


def name_community(
    state: CommuneState, rules: Rules, action: NameCommunity, context: Context
) -> Outcome:
    name = actor_name(context)
    community, colour = _checked(state, rules, action, context)
    is_founder = community.founder == name
    before = community.label
    verb = "named" if community.name is None else "renamed"
    community.name = colour
    who = "its founder" if is_founder else "the Surveyor"
    return Outcome(f"{name} ({who}) {verb} {before} {colour}")


def _checked(
    state: CommuneState, rules: Rules, action: NameCommunity, context: Context
) -> tuple[Community, str]:
    """The community named and the colour's canonical name, once every check has passed."""
    name = actor_name(context)
    community = resolve(state, rules, action.community, name, "name_founder")
    is_founder = community.founder == name
    if is_founder:
        key = "name_founder"
        if community.name is not None and rules.on(NAMING_ONCE_ONLY):
            reject(rules, key, f"{community.label} has already been named")
    elif rules.is_surveyor(context.offices):
        key = "name_surveyor"
        if community.name is not None:
            reject(
                rules,
                key,
                f"{community.label} has already been named; the Surveyor can only name an "
                "unnamed community",
            )
    else:
        reject(
            rules,
            "name_founder",
            f"only {community.founder} (its founder) or the Surveyor can name {community.label}",
        )
    colour = colour_name(action.colour)
    if colour is None:
        reject(
            rules,
            key,
            f"{action.colour} is not a colour the referee knows; a community is named after a "
            "color",
        )
    initial = colour[0].casefold()
    clash = [
        c
        for c in state.communities.values()
        if c.name is not None and c.name[0].casefold() == initial
    ]
    if clash:
        reject(
            rules,
            key,
            f"{colour} starts with {colour[0]}, like the existing community {clash[0].name}",
        )
    return community, colour
