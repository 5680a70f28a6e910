"""Marks (a toy game of the tests) as a plug-in: parsing, the handler table, its registry entry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from marks.model import Mark, MarkSquare, MarksState, dump_state, load_state
from marks.rules import BOARD, MARKING, RULESETS, SQUARES, STAYING

from referee.clock import utc
from referee.games import GameEntry
from referee.games.base import (
    Action,
    Context,
    Game,
    Handler,
    IllegalAction,
    JsonData,
    Outcome,
    Ruleset,
    SourceText,
)
from referee.parsing import trees

_LOOKS = re.compile(r"\bmark\b", re.IGNORECASE)


class MarksGame(Game[MarksState]):
    kind: ClassVar[str] = "marks"
    grammar: ClassVar[str] = str(Path(__file__).with_name("marks.lark"))
    examples: ClassVar[tuple[str, ...]] = ("I mark B2",)

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return RULESETS

    def initial_state(self) -> MarksState:
        return MarksState()

    def looks_like_action(self, sentence: str) -> bool:
        return _LOOKS.search(sentence) is not None

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        (square,) = trees.tokens(tree)
        return [MarkSquare(source, str(square))]

    def handlers(self) -> Mapping[type[Action], Handler[MarksState, Any]]:
        return {MarkSquare: Handler(_check_mark, _mark)}

    def participants(self, state: MarksState) -> frozenset[str]:
        return frozenset(mark.player for mark in state.marks.values())

    def dump(self, state: MarksState) -> JsonData:
        return dump_state(state)

    def load(self, data: JsonData) -> MarksState:
        return load_state(data)

    def render(self, state: MarksState, *, reveal_secrets: bool = False) -> str:
        lines = []
        for row in BOARD.rows.labels:
            cells = [state.marks.get(column + row) for column in BOARD.columns.labels]
            lines.append(" ".join("." if mark is None else mark.player[0] for mark in cells))
        return "\n".join(lines) + "\n"


def _check_mark(state: MarksState, action: MarkSquare, context: Context) -> None:
    if context.actor is None:
        raise IllegalAction("the referee cannot tell who sent this action", MARKING)
    square = BOARD.normalise(action.square)
    if square is None:
        raise IllegalAction(f"{action.square} is not a square of the board (A1 to C3)", SQUARES)
    if square in state.marks:
        raise IllegalAction(f"{square} is already marked by {state.marks[square].player}", STAYING)


def _mark(state: MarksState, action: MarkSquare, context: Context) -> Outcome:
    assert context.actor is not None  # checked by _check_mark
    square = BOARD.normalise(action.square)
    assert square is not None  # checked by _check_mark
    state.marks[square] = Mark(context.actor, utc(context.at))
    return Outcome(f"{context.actor} marked {square}")


def _load() -> type[Game[Any]]:
    return MarksGame


ENTRY = GameEntry("marks", "Marks", ("noughts",), _load)
"""What registering the game adds to ``referee.games.GAMES``."""
