"""Turn a parse tree of ``grammar/scgo.lark`` into typed actions. No rules are checked here."""

from __future__ import annotations

from typing import Any

from referee.errors import UnreadableValue
from referee.games.base import Action, SourceText
from referee.games.scgo.actions import AgreeToPlay, BeginGame, PlaySquare, Seat
from referee.games.scgo.grid import normalise_square
from referee.parsing.trees import Token, Tree


def _children(tree: Tree[Any]) -> list[Any]:
    return list(tree.children)


# Words that stand for a person without naming em ("with Janet, Murphy and me"): the
# announcement's seats are players' names, and the reader does not guess whom a pronoun
# means (rulings P28-go-arcadia-s9).
_NOT_A_NAME = frozenset(("me", "myself", "i", "you", "yourself", "us", "ourselves", "everyone"))


def _seat(tree: Tree[Any]) -> Seat:
    name_tree, *rest = _children(tree)
    name = str(name_tree.children[0])
    if name.casefold() in _NOT_A_NAME:
        raise UnreadableValue(f"{name!r} names no player: name each player of the game")
    letter = str(rest[0]) if rest else None
    return Seat(name, letter)


def _play(tree: Tree[Any], source: SourceText) -> PlaySquare:
    square = ""
    number: int | None = None
    for child in _children(tree):
        if isinstance(child, Token) and child.type == "SQUARE":
            square = normalise_square(str(child))
        elif isinstance(child, Tree) and child.data == "round":
            number = int(str(child.children[0]))
    return PlaySquare(source, square, number)


def to_actions(tree: Tree[Any], source: SourceText) -> list[Action]:
    """The one action of a ``sentence`` tree."""
    (action,) = _children(tree)
    kind = str(action.data)
    if kind == "agree":
        return [AgreeToPlay(source)]
    if kind == "begin":
        seats = tuple(
            _seat(child)
            for child in _children(action)
            if isinstance(child, Tree) and child.data == "seat"
        )
        return [BeginGame(source, seats)]
    if kind == "play":
        return [_play(action, source)]
    raise ValueError(f"unexpected Single-Capture Go sentence: {kind}")
