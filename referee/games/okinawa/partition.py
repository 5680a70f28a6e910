"""Who is allied with whom, read from the Alliances game at the instant of an action.

Okinawa reads the Alliances game's view (:class:`AlliancesView`) from its :class:`Context`;
it never reaches into that game's state. With no Alliances game configured (no view), the
rule "Alliances" is still in force but nobody has joined anyone: each person is in an
alliance containing no other persons (its "By default" clause). A person the Alliances
game has not met yet is in that default alliance too.
"""

from __future__ import annotations

from collections.abc import Hashable

from referee.games.alliances.state import AlliancesView
from referee.games.base import Context
from referee.games.okinawa.board import AllianceOf
from referee.games.okinawa.state import sort_names

ALLIANCES = "alliances"


def view(context: Context) -> AlliancesView | None:
    """The partition at the context's instant, or None when no Alliances game is read."""
    try:
        return context.view(ALLIANCES, AlliancesView)
    except LookupError:
        return None


def alliance_of(context: Context) -> AllianceOf:
    return alliance_function(view(context))


def alliance_function(partition: AlliancesView | None) -> AllianceOf:
    def of(person: str) -> Hashable:
        number = None if partition is None else partition.alliance_of(person)
        return ("alone", person) if number is None else ("alliance", number)

    return of


def groups(partition: AlliancesView | None) -> list[list[str]]:
    """The alliances with more than one member, each sorted, in order of first member."""
    if partition is None:
        return []
    found = [sort_names(list(members)) for _, members in partition.alliances if len(members) > 1]
    return sorted(found, key=lambda members: (members[0].casefold(), members[0]))


def from_groups(found: list[list[str]]) -> AllianceOf:
    """The partition the state last recorded (for the map, drawn without a context)."""
    index = {person: number for number, members in enumerate(found) for person in members}

    def of(person: str) -> Hashable:
        number = index.get(person)
        return ("alone", person) if number is None else ("alliance", number)

    return of
