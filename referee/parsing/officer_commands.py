"""Officers' commands in a message's own lines: publishing a draft, correcting a state.

The grammar is ``grammar/officer.lark``; this module turns its parse trees into typed
commands, so the engine that carries them out never sees a parse tree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from lark import Token, Tree

from referee.games.base import SourceText
from referee.parsing.finder import NotUnderstood
from referee.parsing.grammars import SentenceSyntaxError, parse_sentence
from referee.parsing.sentences import split_sentences

GRAMMAR = "officer.lark"
EXAMPLES = (
    "publish (in a reply to a drafted report)",
    "correct GAME: PATH = VALUE because REASON",
    "correct GAME: remove PATH because REASON",
)
_LOOKS = re.compile(r"^\s*(i\s+)?(hereby\s+)?(publish|correct)\b", re.I)
_WORDS = re.compile(r"\b(publish|correct)\b", re.I)

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None


@dataclass(frozen=True)
class Publish:
    """Publish the drafted report this message replies to."""

    source: SourceText


@dataclass(frozen=True)
class SetValue:
    """A correction's new value (JSON; a bare word is a string)."""

    value: JsonValue


@dataclass(frozen=True)
class RemoveEntry:
    """A correction that removes the entry at its path."""


@dataclass(frozen=True)
class Correct:
    """Correct one recorded value of a game's state, giving the reason."""

    source: SourceText
    game: str
    path: tuple[str, ...]
    change: SetValue | RemoveEntry
    reason: str


Command: TypeAlias = Publish | Correct


@dataclass
class FoundCommands:
    commands: list[Command] = field(default_factory=list)
    not_understood: list[NotUnderstood] = field(default_factory=list)


def find_commands(lines: Iterable[tuple[int, str]]) -> FoundCommands:
    """The officers' commands in the author's own lines (quoted lines never count)."""
    found = FoundCommands()
    lines = list(lines)
    if not any(_WORDS.search(text) for _, text in lines):
        return found  # nearly every message: no need to split it into sentences again
    for sentence in split_sentences(lines):
        if not _LOOKS.match(sentence.text):
            continue
        source = SourceText(sentence.text, sentence.line, sentence.column)
        try:
            tree = parse_sentence(GRAMMAR, sentence.text)
        except SentenceSyntaxError as error:
            found.not_understood.append(
                NotUnderstood(
                    sentence,
                    ("officers' commands",),
                    EXAMPLES,
                    f"the words stop making sense at {error.problem.found!r} "
                    f"(column {error.problem.column})",
                )
            )
            continue
        found.commands.append(_command(tree, source))
    return found


def _command(tree: Tree[Token], source: SourceText) -> Command:
    (command,) = tree.children
    assert isinstance(command, Tree)
    if command.data == "publish":
        return Publish(source)
    game, change_tree, reason = command.children
    assert isinstance(change_tree, Tree)
    path_token, *rest = change_tree.children
    path = tuple(str(path_token).split("."))
    change: SetValue | RemoveEntry
    if change_tree.data == "remove_value":
        change = RemoveEntry()
    else:
        change = SetValue(_json_value(str(rest[0]).strip()))
    return Correct(source, str(game).strip(), path, change, str(reason).strip())


def _json_value(text: str) -> JsonValue:
    """JSON, or a bare word taken as a string (``= Jade`` means ``= "Jade"``)."""
    try:
        value: Any = json.loads(text)
    except ValueError:
        return text
    return _typed(value)


def _typed(value: Any) -> JsonValue:
    """``json.loads`` gives only JSON values; this says so to the type checker."""
    if isinstance(value, dict):
        return {str(k): _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"not a JSON value: {value!r}")
