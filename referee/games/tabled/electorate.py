"""Who may support or object to an intent: by default every player (rule 2124), or
whoever the rule enabling the action says ("all its existing members" for joining an
alliance, "active parties to this contract" for Arcadian Proposals)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.games.base import PlayerStatus, RuleCitation


@dataclass(frozen=True)
class Electorate:
    persons: frozenset[str]
    description: str
    """Who they are, as a player reads it: "the players", "the members of alliance 3"."""
    rule: RuleCitation | None = None
    """The game's rule that limits them, quoted when someone else tries; None for the
    default (rule 2124 itself)."""

    def __contains__(self, person: object) -> bool:
        return person in self.persons

    def ordered(self, names: Iterable[str]) -> list[str]:
        """``names`` that belong to the electorate, in the given order."""
        return [name for name in names if name in self.persons]


def all_players(players: Mapping[str, PlayerStatus]) -> Electorate:
    """Rule 2124's default: "a player CAN ... become a supporter ... become an objector"."""
    return Electorate(
        frozenset(name for name, status in players.items() if status.registered), "the players"
    )
