"""Parse trees as the games read them: lark's types, and the walks every game needs.

Games turn trees into typed actions; they import the tree types from here, never lark
itself, so the parser library is a detail of this package alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token, Tree

from referee.games.base import SourceText

__all__ = ["AnyTree", "Token", "Tree", "child", "end", "span", "start", "subtrees", "tokens"]

AnyTree = Tree[Token]


def subtrees(tree: AnyTree) -> Iterator[AnyTree]:
    """The direct children that are trees (rules), in order."""
    for item in tree.children:
        if isinstance(item, Tree):
            yield item


def tokens(tree: AnyTree) -> Iterator[Token]:
    """The direct children that are tokens (terminals), in order."""
    for item in tree.children:
        if isinstance(item, Token):
            yield item


def child(tree: AnyTree, name: str) -> AnyTree | None:
    """The first direct subtree of rule ``name``, or None."""
    return next((item for item in subtrees(tree) if item.data == name), None)


def start(tree: AnyTree) -> int:
    """Where the tree's words begin in the sentence (0 when the parser kept no position)."""
    return int(getattr(tree.meta, "start_pos", 0))


def end(tree: AnyTree, default: int) -> int:
    """Where the tree's words end in the sentence (``default`` when unknown)."""
    return int(getattr(tree.meta, "end_pos", default))


def span(sentence: SourceText, tree: AnyTree) -> SourceText:
    """The words of ``tree`` within the sentence, with their own column."""
    first = start(tree)
    last = end(tree, len(sentence.text))
    return SourceText(sentence.text[first:last], sentence.line, sentence.column + first)
