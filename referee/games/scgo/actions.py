"""The typed actions of Single-Capture Go, built by :mod:`referee.games.scgo.transform`."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import Action


@dataclass(frozen=True)
class Seat:
    """A player named in the referee's announcement, with the Letter asked for, if any."""

    name: str
    letter: str | None = None


@dataclass(frozen=True)
class AgreeToPlay(Action):
    """ "I agree to play Single-Capture Go": a player tells the GamesMaster e wants to play."""


@dataclass(frozen=True)
class BeginGame(Action):
    """The GamesMaster announces the beginning of the game with the players named."""

    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class PlaySquare(Action):
    """A player's play: one square, optionally for a named round."""

    square: str  # canonical lower case, e.g. "e7" (not yet checked against the grid size)
    round: int | None = None
