"""The state of Alliances, and its canonical JSON form.

Every person the referee knows is in exactly one numbered alliance. Numbers are given in
order and never reused: the persons' own default alliances when the game first meets them
(in name order), then each new alliance a leaver forms. An alliance that becomes empty
ceases to exist and its number is not given again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.games.base import JsonData
from referee.games.tabled import IntentBook, dump_book, load_book


def sort_names(names: set[str] | list[str]) -> list[str]:
    return sorted(names, key=lambda n: (n.casefold(), n))


@dataclass
class AlliancesState:
    alliances: dict[int, list[str]] = field(default_factory=dict)
    """Alliance number -> its members, sorted by name."""
    next_alliance: int = 1
    intents: IntentBook = field(default_factory=IntentBook)

    def number_of(self, person: str) -> int | None:
        """The number of the alliance ``person`` is in (None if the game has not met em)."""
        for number, members in self.alliances.items():
            if person in members:
                return number
        return None

    def persons(self) -> list[str]:
        return sort_names([p for members in self.alliances.values() for p in members])

    def new_alliance(self, members: list[str]) -> int:
        number = self.next_alliance
        self.alliances[number] = sort_names(members)
        self.next_alliance += 1
        return number


@dataclass(frozen=True)
class AlliancesView:
    """The partition of persons into alliances at one instant, as other games read it."""

    alliances: tuple[tuple[int, frozenset[str]], ...]
    """Each existing alliance's number and members, by number."""

    def alliance_of(self, person: str) -> int | None:
        return next((n for n, members in self.alliances if person in members), None)

    def allied(self, one: str, other: str) -> bool:
        """Whether two persons are in the same alliance (a person is allied with emself)."""
        mine = self.alliance_of(one)
        return mine is not None and mine == self.alliance_of(other)


def view_state(state: AlliancesState) -> AlliancesView:
    return AlliancesView(
        tuple((n, frozenset(members)) for n, members in sorted(state.alliances.items()))
    )


def dump_state(state: AlliancesState) -> JsonData:
    return {
        "alliances": {str(n): list(m) for n, m in sorted(state.alliances.items())},
        "next_alliance": state.next_alliance,
        "intents": dump_book(state.intents),
    }


def load_state(data: JsonData) -> AlliancesState:
    """The exact inverse of :func:`dump_state`."""
    return AlliancesState(
        alliances={int(n): [str(p) for p in m] for n, m in data["alliances"].items()},
        next_alliance=int(data["next_alliance"]),
        intents=load_book(data["intents"]),
    )
