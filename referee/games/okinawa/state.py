"""The state of Okinawa, and its canonical JSON form.

Stones are kept the way the rule lets them be told apart: airborne Stones of one owner are
fungible, so each owner has a count; a Stone on the grid is known by its Plot (no two share
one), so the grid maps each occupied Plot to its Stone's owner. A destroyed Stone is simply
gone. ``alliances`` is the partition as the game last read it (the Sensei's map shows it);
chains are always worked out afresh from the partition of the instant, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from referee.games.base import JsonData
from referee.games.kit.codecs import (
    dump_optional_time,
    dump_time,
    load_optional_time,
    load_time,
)
from referee.games.okinawa.actions import Plot


def sort_names(names: set[str] | list[str]) -> list[str]:
    return sorted(names, key=lambda n: (n.casefold(), n))


@dataclass(frozen=True)
class Win:
    """A Shouri: who satisfied the Victory Condition, when, and with how many Stones."""

    at: datetime
    player: str
    stones: int


@dataclass
class OkinawaState:
    airborne: dict[str, int] = field(default_factory=dict)
    """Each person the game has met, with eir airborne Stones (0 included)."""
    grid: dict[Plot, str] = field(default_factory=dict)
    """Each occupied Plot, with the owner of the Stone on it."""
    alliances: list[list[str]] = field(default_factory=list)
    """The alliances with more than one member, as last read (each sorted, by first name)."""
    wins: list[Win] = field(default_factory=list)
    last_award: datetime | None = None
    """The beginning of the last week whose Stones were awarded."""

    def meet(self, person: str) -> None:
        self.airborne.setdefault(person, 0)

    def persons(self) -> list[str]:
        return sort_names(set(self.airborne) | set(self.grid.values()))

    def on_grid(self, person: str) -> int:
        return sum(1 for owner in self.grid.values() if owner == person)


def dump_state(state: OkinawaState) -> JsonData:
    return {
        "airborne": dict(sorted(state.airborne.items())),
        "grid": [[lat, lon, owner] for (lat, lon), owner in sorted(state.grid.items())],
        "alliances": [list(members) for members in state.alliances],
        "wins": [
            {"at": dump_time(win.at), "player": win.player, "stones": win.stones}
            for win in state.wins
        ],
        "last_award": dump_optional_time(state.last_award),
    }


def load_state(data: JsonData) -> OkinawaState:
    """The exact inverse of :func:`dump_state`."""
    return OkinawaState(
        airborne={str(name): int(count) for name, count in data["airborne"].items()},
        grid={(int(lat), int(lon)): str(owner) for lat, lon, owner in data["grid"]},
        alliances=[[str(m) for m in members] for members in data["alliances"]],
        wins=[
            Win(load_time(win["at"]), str(win["player"]), int(win["stones"]))
            for win in data["wins"]
        ],
        last_award=load_optional_time(data["last_award"]),
    )
