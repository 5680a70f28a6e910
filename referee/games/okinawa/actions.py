"""The typed actions of Okinawa, as grammar/okinawa.lark's transformer produces them.

A position is kept as written (latitude, longitude), even off the grid: the game, not the
grammar, refuses a Plot that does not exist, with the rule quoted.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action

Plot = tuple[int, int]
"""A Plot as (Latitude, Longitude): -4 is extreme south or west, 4 extreme north or east."""


@dataclass(frozen=True)
class PlayStone(Action):
    """Play a Stone on ``plot``: an airborne one, or the one standing on ``stone_at``."""

    plot: Plot
    stone_at: Plot | None = None


@dataclass(frozen=True)
class CaptureChain(Action):
    """Capture the chain containing the Stone on ``plot``; with no plot ("I capture my chain
    in jeopardy"), the one chain in jeopardy with a Stone of the author's, found when the
    action is performed."""

    plot: Plot | None
    owner: str | None = None
    """The person the author named as the chain's owner ("Janet's chain at (1, 1)"): the
    chain must hold a Stone of eirs, or the capture is refused."""


@dataclass(frozen=True)
class DestroyStones(Action):
    """Rule 2577: the owner destroys ``count`` of eir airborne Stones, or (``plot`` set) eir
    Stone on that Plot (R5-2)."""

    count: int
    plot: Plot | None = None
