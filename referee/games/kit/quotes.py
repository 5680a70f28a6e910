"""Rule quotes taken word for word from the vendored rule texts (``rules/``).

A game names a passage by its section heading and the opening words of its sentence; the
kit finds it in the text and returns the exact words, from the opening through the first
``closing`` (a full stop by default) that ends the opening or follows it. The published
line breaks and runs of spaces are folded into single spaces and nothing else is changed,
so a quote is always the enacted wording, and a passage that is not in the text fails the
test suite instead of misquoting a rule to a player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from referee.errors import RuleTextError
from referee.games.base import RuleCitation
from referee.paths import RULES_DIR


@dataclass(frozen=True)
class Passage:
    """Where a quote is: its section heading, its opening words and its closing words."""

    section: str
    opening: str
    closing: str = "."


@dataclass(frozen=True)
class RuleText:
    """One vendored text (a file under ``rules/``), as an answer names it."""

    file: str
    title: str
    begins_after: str = ""
    """Words before the game's own part of the file (a proposal quoted in a reply, or a
    code of regulations holding many); sections are looked for after them."""

    def words(self) -> str:
        """The text with its line breaks and spaces folded, from ``begins_after`` on."""
        text = folded(self.file)
        if not self.begins_after:
            return text
        start = text.find(self.begins_after)
        if start < 0:
            raise RuleTextError(self.file, f"has no {self.begins_after!r}")
        return text[start:]

    def find(self, passage: Passage) -> str:
        """The exact words of ``passage``; :class:`RuleTextError` if the text lacks it."""
        return _find(self, passage)

    def cite(self, passage: Passage) -> RuleCitation:
        return RuleCitation(self.title, passage.section, self.find(passage))


@cache
def folded(file: str) -> str:
    """A vendored text with every run of whitespace folded into one space."""
    path = RULES_DIR / file
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RuleTextError(file, f"cannot be read ({error.strerror})") from error
    return re.sub(r"\s+", " ", raw).strip()


@cache
def _find(text: RuleText, passage: Passage) -> str:
    words = text.words()
    section = words.find(passage.section)
    if section < 0:
        raise RuleTextError(text.file, f"has no section {passage.section!r}")
    start = words.find(passage.opening, section)
    if start < 0:
        raise RuleTextError(
            text.file, f"has no {passage.opening!r} after section {passage.section!r}"
        )
    # The closing words may be the opening's own last words ("... of persons.").
    end = words.find(passage.closing, start + max(len(passage.opening) - len(passage.closing), 0))
    if end < 0:
        raise RuleTextError(text.file, f"has no {passage.closing!r} after {passage.opening!r}")
    return words[start : end + len(passage.closing)]
