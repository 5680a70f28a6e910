"""Turn a parse tree of one sentence (grammar/okinawa.lark) into typed actions.

Every way of writing a position becomes the one (Latitude, Longitude) pair: north and east
are positive, south and west negative. No rule is checked here; a pair off the grid is kept
as written so that the game refuses it with the rule quoted.
"""

from __future__ import annotations

import re

from referee.games.base import Action, SourceText
from referee.games.okinawa.actions import CaptureChain, DestroyStones, PlayStone, Plot
from referee.parsing.trees import AnyTree, Token, span, subtrees, tokens

_NEGATIVE = {"s", "south", "w", "west"}


def _signed(token: Token) -> int:
    text = re.sub(r"\s+", "", str(token)).replace("\u2212", "-")
    return int(text)


_COUNTS = {
    word: n
    for n, words in enumerate(
        (
            ("zero",),
            ("a", "an", "one"),
            ("two",),
            ("three",),
            ("four",),
            ("five",),
            ("six",),
            ("seven",),
            ("eight",),
            ("nine",),
            ("ten",),
        )
    )
    for word in words
}


def _compass(token: Token) -> int:
    match = re.fullmatch(r"([0-9]+)\s*([A-Za-z]+)", str(token))
    assert match is not None  # the terminal's own pattern
    value = int(match.group(1))
    return -value if match.group(2).casefold() in _NEGATIVE else value


def plot(tree: AnyTree) -> Plot:
    """The (Latitude, Longitude) of a ``plot`` subtree."""
    (position,) = subtrees(tree)
    kind = str(position.data)
    found = list(tokens(position))
    if kind in {"signed_pair", "words_pair"}:
        return _signed(found[0]), _signed(found[1])
    if kind == "words_pair_reversed":
        return _signed(found[1]), _signed(found[0])
    if kind == "compass_pair":
        return _compass(found[0]), _compass(found[1])
    if kind == "compass_pair_reversed":
        return _compass(found[1]), _compass(found[0])
    raise ValueError(f"not an Okinawa position: {kind}")


def _plots(tree: AnyTree) -> list[Plot]:
    return [plot(item) for item in subtrees(tree) if item.data == "plot"]


def game_actions(tree: AnyTree, words: SourceText) -> list[Action]:
    """The actions of one ``play``, ``plays``, ``move`` or ``capture`` subtree."""
    kind = str(tree.data)
    plots = _plots(tree)
    if kind in {"play", "plays"}:
        return [PlayStone(words, where) for where in plots]
    if kind == "move":
        origin, target = plots
        return [PlayStone(words, target, stone_at=origin)]
    if kind == "capture":
        owners = [str(t) for t in tree.children if isinstance(t, Token) and t.type == "OWNER"]
        owner = re.sub(r"(?:'s|\u2019s)$", "", owners[0]) if owners else None
        return [CaptureChain(words, plots[0], owner)]
    if kind == "capture_mine":
        return [CaptureChain(words, None)]
    if kind == "destroy_airborne":
        (count,) = [str(t) for t in tree.children if isinstance(t, Token) and t.type == "COUNT"]
        return [DestroyStones(words, _COUNTS.get(count.casefold()) or int(count))]
    if kind == "destroy_placed":
        return [DestroyStones(words, 1, plots[0])]
    raise ValueError(f"not an Okinawa action: {kind}")


def sentence_actions(tree: AnyTree, source: SourceText) -> list[Action]:
    """The actions of one parsed sentence, in the order written, each with its own words
    (from its subject, if it has one, to its end)."""
    actions: list[Action] = []
    subject_start: int | None = None
    for item in subtrees(tree):
        if str(item.data) == "subject":
            subject_start = int(getattr(item.meta, "start_pos", 0))
            continue
        words = span(source, item)
        if subject_start is not None:
            begin = subject_start
            end = int(getattr(item.meta, "end_pos", len(source.text)))
            words = SourceText(source.text[begin:end], source.line, source.column + begin)
            subject_start = None
        actions.extend(game_actions(item, words))
    return actions
