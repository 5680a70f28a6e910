"""Marks (a toy game of the tests): its text, its one ruleset and the passages it quotes."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.games.base import RuleCitation, Ruleset
from referee.games.kit.grid import Axis, Grid

TITLE = "Marks v1"
TEXT = """\
Marks

The board is a grid of three columns, A to C, and three rows, 1 to 3.

Any player CAN mark an unmarked square of the board by announcement. A square, once
marked, stays marked by the player who marked it.
"""
"""The whole rule text (a game of the project keeps it in ``rules/``)."""

RULESETS: Mapping[str, Ruleset] = MappingProxyType({"v1": Ruleset("v1", TITLE)})

BOARD = Grid(columns=Axis.of("ABC"), rows=Axis.of("123"))

SQUARES = RuleCitation(
    TITLE, "Marks", "The board is a grid of three columns, A to C, and three rows, 1 to 3."
)
MARKING = RuleCitation(
    TITLE, "Marks", "Any player CAN mark an unmarked square of the board by announcement."
)
STAYING = RuleCitation(
    TITLE, "Marks", "A square, once marked, stays marked by the player who marked it."
)
