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
    respondents: frozenset[str] | None = None
    """Those of :attr:`persons` who CAN support or object now (rule 2124: "a player CAN");
    None when all of them can. A game whose rule names persons who need not be players
    ("all its existing members") says which of them are players here: the others still
    count among those whose support is needed, but cannot give it."""

    def __contains__(self, person: object) -> bool:
        return person in self.persons

    def can_respond(self, person: str) -> bool:
        """Whether ``person`` may become a supporter or objector (rule 2124)."""
        return person in self.persons and (self.respondents is None or person in self.respondents)

    def unable(self) -> list[str]:
        """The persons of the electorate who cannot respond (not players), by name."""
        if self.respondents is None:
            return []
        return sorted(self.persons - self.respondents, key=str.casefold)

    def ordered(self, names: Iterable[str]) -> list[str]:
        """``names`` that belong to the electorate, in the given order."""
        return [name for name in names if name in self.persons]


def all_players(
    players: Mapping[str, PlayerStatus], *, count_current_players_only: bool = False
) -> Electorate:
    """Rule 2124's default: "a player CAN ... become a supporter ... become an objector".

    Only players can respond; but a supporter or objector stays one until e withdraws, so,
    as written, the support and objections of persons who have since stopped being players
    still count (option ``tabled_count_current_players_only`` counts players only)."""
    registered = frozenset(name for name, status in players.items() if status.registered)
    counted = registered if count_current_players_only else frozenset(players)
    return Electorate(counted, "the players", respondents=registered)
