"""What a game shows of its state as a picture: a board and tables, as plain typed data.

A game describes; it never draws. :meth:`referee.games.base.Game.picture` returns a
:class:`StatePicture` built from the state's public part only (what the text report and the
public view show), and ``referee.reports.svg`` turns its :class:`BoardPicture` into SVG and
the site its tables into HTML. A board is any rectangle of labelled cells: Commune's
A-J by 0-9, Single-Capture Go's a.. by 1.., a grid numbered -4..4 or 1..9 alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

Cell = tuple[int, int]
"""(column index, row index), both counted from 0, as ``referee.games.kit.grid`` counts."""

_HEX = re.compile(r"^#[0-9a-f]{6}$")


def checked_colour(colour: str) -> str:
    """A colour as ``#rrggbb`` in lower case; anything else is a programming error."""
    folded = colour.lower()
    if not _HEX.match(folded):
        raise ValueError(f"{colour!r} is not a colour written #rrggbb")
    return folded


@dataclass(frozen=True)
class Swatch:
    """One kind of cell: the mark drawn in it, its fill colour and what the legend says."""

    mark: str
    fill: str
    label: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "fill", checked_colour(self.fill))


@dataclass(frozen=True)
class BoardPicture:
    """A rectangular board: axis labels, the occupied cells and the legend that explains them.

    ``cells`` maps a cell to the key of its swatch in ``legend``; a cell not in it is empty
    and drawn blank (``empty`` says what an empty cell means). ``columns`` run left to
    right, ``rows`` top to bottom, as the game's text picture draws them.
    """

    title: str
    description: str
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    legend: Mapping[str, Swatch]
    cells: Mapping[Cell, str] = field(default_factory=dict)
    empty: str = "an empty location"
    row_first: bool = False
    """A cell's name gives its row label first (``e7``), else its column label (``G6``)."""
    names: Mapping[Cell, str] = field(default_factory=dict)
    """A cell's name where its labels do not make one (``(+2, -3)``, "nix in alliance 2")."""

    def __post_init__(self) -> None:
        for cell, key in self.cells.items():
            column, row = cell
            if not (0 <= column < len(self.columns) and 0 <= row < len(self.rows)):
                raise ValueError(f"cell {cell} is off the board")
            if key not in self.legend:
                raise ValueError(f"cell {cell} uses {key!r}, which the legend does not explain")

    def cell_name(self, cell: Cell) -> str:
        if cell in self.names:
            return self.names[cell]
        column, row = cell
        first, second = self.columns[column], self.rows[row]
        return f"{second}{first}" if self.row_first else f"{first}{second}"


@dataclass(frozen=True)
class Table:
    """A table of the state: a caption, column headings and rows of text."""

    caption: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.headings):
                raise ValueError(
                    f"{self.caption}: a row of {len(row)} cells under {len(self.headings)} headings"
                )


@dataclass(frozen=True)
class StatePicture:
    """Everything a page shows of a game's state: its board (if it has one), its tables,
    and short facts ("Round 3 ends ...") said as sentences."""

    board: BoardPicture | None
    tables: tuple[Table, ...] = ()
    facts: tuple[str, ...] = ()
