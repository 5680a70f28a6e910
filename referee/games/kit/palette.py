"""Fills that stay apart for most readers, for pictures that colour people or groups.

The first eight are Okabe and Ito's palette for colour-blind readers; the rest extend it
with Tol's muted colours. Marks drawn on them take black or white, whichever reads better.
"""

from __future__ import annotations

DISTINCT_FILLS = (
    "#e69f00",
    "#56b4e9",
    "#009e73",
    "#f0e442",
    "#0072b2",
    "#d55e00",
    "#cc79a7",
    "#882255",
    "#44aa99",
    "#117733",
    "#ddcc77",
    "#aa4499",
)


def fill_for(index: int) -> str:
    """The ``index``-th fill (counted from 0), round again after the last."""
    return DISTINCT_FILLS[index % len(DISTINCT_FILLS)]
