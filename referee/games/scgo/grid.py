"""The N x N grid: its size, square names (``a1``, ``e7``), adjacency, Groups and Liberty.

Rows are lettered ``a``, ``b``, ``c``... from the top and columns numbered ``1``, ``2``...
from the left, as the rule's picture shows. A grid is a mapping from square name to what
occupies it: a player's capital Letter or :data:`AT`. Absent squares are unoccupied.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from enum import StrEnum
from functools import cache

from referee.games.kit.grid import Axis, Grid

AT = "@"
"""The character placed on collisions and on the Letters of doomed players."""

SQUARE_PATTERN = re.compile(r"^([A-Za-z])([1-9][0-9]?)$")
PLAYERS_PER_SQUARE = 12


class GroupDefinition(StrEnum):
    """How the rule's definition of a Group is read (ruleset option ``group_definition``)."""

    ANY_SET = "any-set"
    """As written: any set of identical Letters in which each member is orthogonally adjacent
    to another member (or a lone Letter with no identical neighbour) is a Group."""
    CONNECTED = "connected"
    """As in Go: a Group is a maximal orthogonally connected set of identical Letters."""


def grid_size(players: int) -> int:
    """The smallest N with N^2 >= 12 x players (IV: "N is the smallest integer such that...")."""
    n = 1
    while n * n < PLAYERS_PER_SQUARE * players:
        n += 1
    return n


def square_name(row: int, column: int) -> str:
    """``(0, 0)`` is ``a1``; rows are letters, columns are numbers counted from 1."""
    return f"{chr(ord('a') + row)}{column + 1}"


def parse_square(text: str) -> tuple[int, int] | None:
    """``"E7"`` -> ``(4, 6)``; None when the text is not a square name at all."""
    match = SQUARE_PATTERN.match(text.strip())
    if match is None:
        return None
    return ord(match.group(1).lower()) - ord("a"), int(match.group(2)) - 1


def normalise_square(text: str) -> str:
    """The canonical (lower-case) spelling of a square name, which must parse."""
    place = parse_square(text)
    if place is None:
        raise ValueError(f"not a square name: {text!r}")
    return square_name(*place)


@cache
def board(n: int) -> Grid:
    """The N x N grid: rows lettered from ``a``, columns numbered from ``1``, row first."""
    rows = Axis.of([chr(ord("a") + row) for row in range(n)])
    columns = Axis.of([str(column + 1) for column in range(n)])
    return Grid(columns=columns, rows=rows, row_first=True)


def on_grid(square: str, n: int) -> bool:
    return board(n).parse(square) is not None


def squares(n: int) -> Iterator[str]:
    """Every square, row by row."""
    return board(n).names()


def neighbours(square: str, n: int) -> list[str]:
    """The orthogonally adjacent squares that are on the grid."""
    grid = board(n)
    cell = grid.parse(square)
    if cell is None:
        raise ValueError(f"not a square name: {square!r}")
    return [grid.name(near) for near in grid.neighbours(cell)]


def has_liberty(square: str, grid: Mapping[str, str], n: int) -> bool:
    """Whether the square is orthogonally adjacent to an unoccupied square (``@`` occupies)."""
    return any(other not in grid for other in neighbours(square, n))


def _components(members: set[str], grid: Mapping[str, str], n: int) -> list[list[str]]:
    """Orthogonally connected components of ``members`` (all holding the same Letter)."""
    seen: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(members, key=sort_key):
        if start in seen:
            continue
        component: list[str] = []
        todo = [start]
        seen.add(start)
        while todo:
            square = todo.pop()
            component.append(square)
            for other in neighbours(square, n):
                if other in members and other not in seen:
                    seen.add(other)
                    todo.append(other)
        found.append(sorted(component, key=sort_key))
    return found


def groups_without_liberty(
    letter: str, grid: Mapping[str, str], n: int, definition: GroupDefinition
) -> list[list[str]]:
    """The Groups of ``letter`` that have no Liberty, each as its sorted squares.

    Connected reading: the connected components none of whose members touches an empty
    square. As-written reading: a set in which every member has an identical neighbour in the
    set (or a lone Letter) is a Group whatever else it touches, so a Group without Liberty
    exists exactly when some Letter without Liberty is alone, or touches an identical Letter
    that is also without Liberty. The union of all such Groups is returned, split into its
    connected parts.
    """
    mine = {square for square, held in grid.items() if held == letter}
    if definition is GroupDefinition.CONNECTED:
        return [
            component
            for component in _components(mine, grid, n)
            if not any(has_liberty(square, grid, n) for square in component)
        ]
    airless = {square for square in mine if not has_liberty(square, grid, n)}
    doomed: set[str] = set()
    for square in airless:
        identical = [other for other in neighbours(square, n) if other in mine]
        if not identical or any(other in airless for other in identical):
            doomed.add(square)
    return _components(doomed, grid, n)


def sort_key(square: str) -> tuple[int, int]:
    place = parse_square(square)
    return place if place is not None else (99, 99)


def picture(grid: Mapping[str, str], n: int, empty: str = ".") -> list[str]:
    """Fixed-width lines depicting the grid, with column numbers and row letters."""
    header = "   " + "".join(f"{column + 1:>3}" for column in range(n))
    lines = [header]
    for row in range(n):
        cells = "".join(f"{grid.get(square_name(row, column), empty):>3}" for column in range(n))
        lines.append(f"  {chr(ord('a') + row)}{cells}")
    return lines
