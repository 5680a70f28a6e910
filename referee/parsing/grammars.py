"""Build one LALR parser per grammar file, once, and keep Lark's types inside this package."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, UnexpectedInput

from referee.errors import ActionSyntaxError
from referee.paths import GRAMMAR_DIR

SHARED = ("common.lark",)
"""The grammars every game's grammar may import relatively (``%import .common (...)``)."""


class _SharedGrammars:
    """Lark's import hook: a relative import of a shared grammar is served from ``grammar/``
    whatever folder the importing grammar is in (a game kept outside the project, such as
    one the tests define); every other import goes on to Lark's own search.

    Its text form is fixed: Lark keys its parser cache on its options' text, which for a
    plain function would hold its address and so change with every process.
    """

    def __call__(self, base_path: object, grammar_path: str) -> tuple[str, str]:
        if base_path is None or grammar_path not in SHARED:
            raise OSError(grammar_path)
        path = GRAMMAR_DIR / grammar_path
        return str(path), path.read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return "referee-shared-grammars"


_shared = _SharedGrammars()


@cache
def parser_for(grammar_file: str) -> Lark:
    """The LALR parser for ``grammar/<grammar_file>`` (or for a grammar file named by its
    absolute path); its start rule is ``sentence``.

    Building the LALR tables costs most of a command's start-up, so they are kept in the
    user's cache directory (see :func:`parser_cache_file`); Lark rebuilds them when the
    grammar, a grammar it imports, its options or Lark itself changed.
    """
    path = GRAMMAR_DIR / grammar_file
    cache_file = parser_cache_file(path)
    return Lark.open(
        str(path),
        parser="lalr",
        start="sentence",
        propagate_positions=True,
        maybe_placeholders=False,
        import_paths=[_shared],
        cache=str(cache_file) if cache_file is not None else False,
    )


def parser_cache_file(grammar: Path) -> Path | None:
    """Where the parser built from ``grammar`` is kept: ``$REFEREE_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/referee``, else ``~/.cache/referee``; None (no cache, the parser is
    built each time) when that folder cannot be made or written, or is set to an empty
    value."""
    configured = os.environ.get("REFEREE_CACHE_DIR")
    if configured is not None:
        if not configured:
            return None
        folder = Path(configured)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "referee"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    # One file per grammar file (games kept outside the project have their own folder).
    where = hashlib.sha256(str(grammar.resolve()).encode("utf-8")).hexdigest()[:16]
    return folder / f"parser-{grammar.stem}-{where}.lark-cache"


@dataclass(frozen=True)
class SyntaxProblem:
    """Why a sentence did not parse, in the project's own terms."""

    column: int
    found: str
    expected: tuple[str, ...]


def parse_sentence(grammar_file: str, text: str) -> Any:
    """Parse one sentence; raises :class:`SentenceSyntaxError` instead of Lark's errors."""
    parsed = _parsed(grammar_file, text)
    if isinstance(parsed, SyntaxProblem):
        raise SentenceSyntaxError(parsed)
    return parsed


PARSED_KEPT = 4096
"""Sentences whose parse (tree or problem) is kept per process: the same sentences recur
across a list's messages (a reply quotes them again, a replay reads them all again), and
the games only read the trees they are given, so a kept tree serves every later asking."""


@lru_cache(maxsize=PARSED_KEPT)
def _parsed(grammar_file: str, text: str) -> Any:
    """The tree of ``text`` in the grammar, or the :class:`SyntaxProblem` it has."""
    try:
        return parser_for(grammar_file).parse(text)
    except UnexpectedInput as error:
        expected = tuple(sorted(getattr(error, "expected", ()) or ()))
        token = getattr(error, "token", None)
        found = str(token) if token is not None else text[error.column - 1 : error.column + 9]
        return SyntaxProblem(error.column, found or "the end", expected)


class SentenceSyntaxError(ActionSyntaxError):
    """A sentence that does not parse in a grammar; ``problem`` says where and why."""

    def __init__(self, problem: SyntaxProblem) -> None:
        super().__init__(f"unexpected {problem.found!r} at column {problem.column}")
        self.problem = problem
