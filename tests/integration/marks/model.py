"""Marks (a toy game of the tests): its actions and its state, with the state's codec."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from referee.games.base import Action, JsonData
from referee.games.kit.codecs import dump_time, load_time


@dataclass(frozen=True)
class MarkSquare(Action):
    """ "I mark B2"."""

    square: str  # as written; the board decides whether it is a square


@dataclass(frozen=True)
class Mark:
    player: str
    at: datetime


@dataclass
class MarksState:
    marks: dict[str, Mark] = field(default_factory=dict)
    """Square (canonical, e.g. "B2") -> who marked it, and when."""


def dump_state(state: MarksState) -> JsonData:
    return {
        "marks": {
            square: {"player": mark.player, "at": dump_time(mark.at)}
            for square, mark in sorted(state.marks.items())
        }
    }


def load_state(data: JsonData) -> MarksState:
    return MarksState(
        {
            square: Mark(str(mark["player"]), load_time(mark["at"]))
            for square, mark in data["marks"].items()
        }
    )
