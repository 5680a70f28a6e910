"""The playboard: a 10 x 10 grid, x coordinates A-J, y coordinates 0-9, orthogonal adjacency."""

from __future__ import annotations

from collections.abc import Iterator

LETTERS = "ABCDEFGHIJ"
NUMBERS = "0123456789"
SYMBOLS = LETTERS + NUMBERS
SIZE = len(LETTERS) * len(NUMBERS)


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
    location = text.strip().upper()
    if len(location) != 2 or location[0] not in LETTERS or location[1] not in NUMBERS:
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
    for y in NUMBERS:
        for x in LETTERS:
            yield x + y


def neighbours(location: str) -> list[str]:
    """Locations at the same coordinate on one axis and exactly one away on the other."""
    x = LETTERS.index(location[0])
    y = NUMBERS.index(location[1])
    found = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < len(LETTERS) and 0 <= ny < len(NUMBERS):
            found.append(LETTERS[nx] + NUMBERS[ny])
    return found


def location_sort_key(location: str) -> tuple[int, int]:
    """Row-major order, as the board is drawn."""
    return NUMBERS.index(location[1]), LETTERS.index(location[0])
