"""Build one LALR parser per grammar file, once, and keep Lark's types inside this package."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Lark, UnexpectedInput

from referee.errors import ActionSyntaxError
from referee.paths import GRAMMAR_DIR

SHARED = ("common.lark",)
"""The grammars every game's grammar may import relatively (``%import .common (...)``)."""


def _shared(base_path: object, grammar_path: str) -> tuple[str, str]:
    """Lark's import hook: a relative import of a shared grammar is served from ``grammar/``
    whatever folder the importing grammar is in (a game kept outside the project, such as
    one the tests define); every other import goes on to Lark's own search."""
    if base_path is None or grammar_path not in SHARED:
        raise OSError(grammar_path)
    path = GRAMMAR_DIR / grammar_path
    return str(path), path.read_text(encoding="utf-8")


@cache
def parser_for(grammar_file: str) -> Lark:
    """The LALR parser for ``grammar/<grammar_file>`` (or for a grammar file named by its
    absolute path); its start rule is ``sentence``."""
    path = GRAMMAR_DIR / grammar_file
    return Lark.open(
        str(path),
        parser="lalr",
        start="sentence",
        propagate_positions=True,
        maybe_placeholders=False,
        import_paths=[_shared],
    )


@dataclass(frozen=True)
class SyntaxProblem:
    """Why a sentence did not parse, in the project's own terms."""

    column: int
    found: str
    expected: tuple[str, ...]


def parse_sentence(grammar_file: str, text: str) -> Any:
    """Parse one sentence; raises :class:`SentenceSyntaxError` instead of Lark's errors."""
    try:
        return parser_for(grammar_file).parse(text)
    except UnexpectedInput as error:
        expected = tuple(sorted(getattr(error, "expected", ()) or ()))
        token = getattr(error, "token", None)
        found = str(token) if token is not None else text[error.column - 1 : error.column + 9]
        raise SentenceSyntaxError(
            SyntaxProblem(error.column, found or "the end", expected)
        ) from None


class SentenceSyntaxError(ActionSyntaxError):
    """A sentence that does not parse in a grammar; ``problem`` says where and why."""

    def __init__(self, problem: SyntaxProblem) -> None:
        super().__init__(f"unexpected {problem.found!r} at column {problem.column}")
        self.problem = problem
