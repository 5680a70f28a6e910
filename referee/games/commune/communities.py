"""Finding the community a sentence refers to (by name, by a tile, or "my community")."""

from __future__ import annotations

from referee.games.commune.actions import CommunityRef
from referee.games.commune.board import normalise_location
from referee.games.commune.common import reject
from referee.games.commune.rulesets import Rules
from referee.games.commune.state import CommuneState, Community


def resolve(
    state: CommuneState, rules: Rules, ref: CommunityRef, speaker: str, key: str
) -> Community:
    """The existing community ``ref`` names, or a rejection citing clause ``key``."""
    if ref.name is not None:
        folded = ref.name.casefold()
        for community in state.communities.values():
            if community.name is not None and community.name.casefold() == folded:
                return community
        reject(rules, key, f"there is no community called {ref.name}")
    if ref.location is not None:
        try:
            location = normalise_location(ref.location)
        except ValueError:
            reject(rules, "board", f"{ref.location} is not a location on the playboard")
        owner = state.board.get(location)
        if owner is None:
            reject(rules, key, f"no community has a tile at {location}")
        return state.communities[owner]
    if ref.number is not None:
        numbered = state.communities.get(ref.number)
        if numbered is None:
            reject(rules, key, f"there is no community #{ref.number}")
        return numbered
    if ref.founder is not None:
        founded = [
            c
            for c in state.communities.values()
            if c.founder is not None and c.founder.casefold() == ref.founder.casefold()
        ]
        if not founded:
            reject(rules, key, f"{ref.founder} is not the founder of any existing community")
        if len(founded) > 1:
            readings = ", ".join(_called(c) for c in founded)
            reject(
                rules,
                key,
                f"{ref.founder} founded more than one community ({readings}); "
                "name the one you mean by its name or a location",
            )
        return founded[0]
    mine = state.founded_by(speaker)
    if not mine:
        reject(rules, key, f"{speaker} is not the founder of any existing community")
    return mine[0]


def _called(community: Community) -> str:
    return community.name if community.name is not None else f"community #{community.number}"
