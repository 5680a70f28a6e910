"""The nine-by-nine grid of Plots: names, adjacency, chains and jeopardy.

A Plot is (Latitude, Longitude), each from -4 to 4. Its canonical name is the signed pair,
latitude first: ``(+2, -3)`` is latitude 2 (north), longitude -3 (west); ``(0, 0)`` is the
centre. Every answer and the map use this name, so a player sees how e was read.

The grid is the kit's :class:`Grid` with signed axes: longitude -4..4 from west to east,
latitude 4..-4 from north to south (the map's top row is the northernmost).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

from referee.games.kit.grid import Axis, Grid
from referee.games.okinawa.actions import Plot

LOW, HIGH = -4, 4
LONGITUDES = tuple(range(LOW, HIGH + 1))
LATITUDES = tuple(range(HIGH, LOW - 1, -1))


def signed(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


GRID = Grid(
    columns=Axis.of([signed(v) for v in LONGITUDES]), rows=Axis.of([signed(v) for v in LATITUDES])
)


def exists(plot: Plot) -> bool:
    return all(LOW <= value <= HIGH for value in plot)


def plot_name(plot: Plot) -> str:
    """The canonical name: ``(+2, -3)``."""
    latitude, longitude = plot
    return f"({signed(latitude)}, {signed(longitude)})"


def plot_words(plot: Plot) -> str:
    """The name with its axes spelt out, for refusals: "latitude +2, longitude -3"."""
    latitude, longitude = plot
    return f"latitude {signed(latitude)}, longitude {signed(longitude)}"


def plots_text(plots: Iterable[Plot]) -> str:
    return ", ".join(plot_name(p) for p in sorted(plots, key=drawing_order))


def drawing_order(plot: Plot) -> tuple[int, int]:
    """North to south, each row west to east."""
    latitude, longitude = plot
    return -latitude, longitude


def _cell(plot: Plot) -> tuple[int, int]:
    latitude, longitude = plot
    return LONGITUDES.index(longitude), LATITUDES.index(latitude)


def _plot(cell: tuple[int, int]) -> Plot:
    column, row = cell
    return LATITUDES[row], LONGITUDES[column]


def neighbours(plot: Plot) -> list[Plot]:
    """The Plots orthogonally adjacent to ``plot`` (the edge of the grid has none beyond)."""
    return [_plot(cell) for cell in GRID.neighbours(_cell(plot))]


def all_plots() -> list[Plot]:
    return [_plot(cell) for cell in GRID.cells()]


AllianceOf = Callable[[str], Hashable]
"""The alliance a person is in, as any value equal for allies and only for them."""


@dataclass(frozen=True)
class Chain:
    """A connected component of Stones: its Plots and its liberties."""

    plots: frozenset[Plot]
    liberties: frozenset[Plot]

    @property
    def in_jeopardy(self) -> bool:
        """ "no unoccupied Plots orthogonally adjacent to it" (the edge is no liberty)."""
        return not self.liberties

    def owners(self, grid: Mapping[Plot, str]) -> list[str]:
        return sorted({grid[p] for p in self.plots}, key=lambda n: (n.casefold(), n))


def chains(grid: Mapping[Plot, str], alliance_of: AllianceOf) -> list[Chain]:
    """Every chain on ``grid``: Stones are connected when orthogonally adjacent and their
    owners are in one alliance; a chain is a connected component (in drawing order of its
    first Plot)."""
    seen: set[Plot] = set()
    found: list[Chain] = []
    for start in sorted(grid, key=drawing_order):
        if start in seen:
            continue
        alliance = alliance_of(grid[start])
        members, liberties, frontier = {start}, set(), [start]
        while frontier:
            plot = frontier.pop()
            for near in neighbours(plot):
                owner = grid.get(near)
                if owner is None:
                    liberties.add(near)
                elif near not in members and alliance_of(owner) == alliance:
                    members.add(near)
                    frontier.append(near)
        seen |= members
        found.append(Chain(frozenset(members), frozenset(liberties)))
    return found


def chain_at(grid: Mapping[Plot, str], alliance_of: AllianceOf, plot: Plot) -> Chain | None:
    return next((c for c in chains(grid, alliance_of) if plot in c.plots), None)
