"""Rectangular boards named by their axes' labels: cells, names, adjacency, drawing order.

Every board game here names a cell by one label from each axis: Commune's ``G6`` (column
letter, then row digit), Single-Capture Go's ``e7`` (row letter, then column number). An
axis is any sequence of labels (letters, digits, signed numbers), so a board whose axes are
numbered from -4 to 4, or from 1 to 9, is the same :class:`Grid` with other labels.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
"""A cell as (column index, row index), both counted from 0."""


@dataclass(frozen=True)
class Axis:
    """The labels of one axis, in board order; a label is matched without regard to case."""

    labels: tuple[str, ...]

    @classmethod
    def of(cls, labels: Sequence[str] | str) -> Axis:
        return cls(tuple(labels))

    def __len__(self) -> int:
        return len(self.labels)

    def index(self, label: str) -> int | None:
        folded = label.casefold()
        return next((i for i, known in enumerate(self.labels) if known.casefold() == folded), None)


@dataclass(frozen=True)
class Grid:
    """A board of ``columns`` x ``rows`` cells with orthogonal adjacency."""

    columns: Axis
    rows: Axis
    row_first: bool = False
    """A cell's name gives its row label first (``e7``), else its column label (``G6``)."""
    separator: str = ""
    """Between the two labels of a name (empty when the labels cannot run together)."""

    def name(self, cell: Cell) -> str:
        column, row = cell
        parts = (self.rows.labels[row], self.columns.labels[column])
        return self.separator.join(parts if self.row_first else parts[::-1])

    def parse(self, text: str) -> Cell | None:
        """The cell a name denotes (any case, spaces around ignored), or None."""
        first, second = (self.rows, self.columns) if self.row_first else (self.columns, self.rows)
        text = text.strip()
        for split in range(1, len(text)):
            head, tail = text[:split], text[split:]
            if self.separator:
                if not tail.startswith(self.separator):
                    continue
                tail = tail[len(self.separator) :]
            a, b = first.index(head), second.index(tail)
            if a is not None and b is not None:
                return (b, a) if self.row_first else (a, b)
        return None

    def normalise(self, text: str) -> str | None:
        """The canonical spelling of a cell's name, or None when it names no cell."""
        cell = self.parse(text)
        return None if cell is None else self.name(cell)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row, each row from its first column."""
        for row in range(len(self.rows)):
            for column in range(len(self.columns)):
                yield column, row

    def names(self) -> Iterator[str]:
        return (self.name(cell) for cell in self.cells())

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells one step away along one axis (above, left, right, below)."""
        column, row = cell
        steps = ((0, -1), (-1, 0), (1, 0), (0, 1))
        return [
            (column + dc, row + dr)
            for dc, dr in steps
            if 0 <= column + dc < len(self.columns) and 0 <= row + dr < len(self.rows)
        ]

    def sort_key(self, cell: Cell) -> tuple[int, int]:
        """Drawing order: row by row."""
        column, row = cell
        return row, column
