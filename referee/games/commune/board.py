"""The playboard: a 10 x 10 grid, x coordinates A-J, y coordinates 0-9, orthogonal adjacency."""

from __future__ import annotations

from collections.abc import Iterator

from referee.games.kit.grid import Axis, Grid

LETTERS = "ABCDEFGHIJ"
NUMBERS = "0123456789"
SYMBOLS = LETTERS + NUMBERS
SIZE = len(LETTERS) * len(NUMBERS)
BOARD = Grid(columns=Axis.of(LETTERS), rows=Axis.of(NUMBERS))


def is_letter(symbol: str) -> bool:
    return symbol in LETTERS


def is_number(symbol: str) -> bool:
    return symbol in NUMBERS


def normalise_symbol(text: str) -> str:
    """``"b"`` -> ``"B"``; raises ValueError for anything that is not a Symbol."""
    symbol = text.strip().upper()
    if len(symbol) != 1 or symbol not in SYMBOLS:
        raise ValueError(f"{text!r} is not a Symbol (A-J or 0-9)")
    return symbol


def normalise_location(text: str) -> str:
    """``"g6"`` -> ``"G6"``; raises ValueError for a location off the board."""
    location = BOARD.normalise(text)
    if location is None:
        raise ValueError(f"{text!r} is not a location on the playboard (A0 to J9)")
    return location


def is_location(text: str) -> bool:
    try:
        normalise_location(text)
    except ValueError:
        return False
    return True


def locations() -> Iterator[str]:
    """Every location, row by row (A0, B0, ... J0, A1, ...)."""
    return BOARD.names()


def neighbours(location: str) -> list[str]:
    """Locations at the same coordinate on one axis and exactly one away on the other."""
    return [BOARD.name(near) for near in BOARD.neighbours(_cell(location))]


def location_sort_key(location: str) -> tuple[int, int]:
    """Row-major order, as the board is drawn."""
    return BOARD.sort_key(_cell(location))


def _cell(location: str) -> tuple[int, int]:
    cell = BOARD.parse(location)
    if cell is None:
        raise ValueError(f"{location!r} is not a location on the playboard (A0 to J9)")
    return cell
