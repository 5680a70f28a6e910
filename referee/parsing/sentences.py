"""Split the author's own text into sentences that keep their line and column.

Players write actions as sentences in prose ("Hi all. I place a tile at G6. Cheers"), or
one per line without full stops. A sentence ends at ``.``, ``!``, ``?`` or ``;`` followed
by white space or the end of the paragraph (so "v1.3" and "e.g.G6" stay whole), at a
blank line, and where a new line starts with a bullet or with the word "I" (the usual shape
of a list of actions written one per line).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_TERMINATOR = re.compile(r"[.!?;]+(?=\s|$)")
_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+")
_STARTS_SENTENCE = re.compile(r"^\s*(?:[-*\u2022+]\s+|\(?\d{1,2}[.)]\s+)?I\b")


@dataclass(frozen=True)
class Sentence:
    text: str
    line: int
    column: int


@dataclass(frozen=True)
class _Char:
    line: int
    column: int


def _flush(chars: list[tuple[str, _Char]]) -> Iterable[Sentence]:
    text = "".join(c for c, _ in chars)
    for piece_start, piece_end in _pieces(text):
        piece = text[piece_start:piece_end]
        stripped = piece.strip()
        if not stripped:
            continue
        offset = piece_start + (len(piece) - len(piece.lstrip()))
        position = chars[offset][1]
        yield Sentence(stripped, position.line, position.column)


def _pieces(text: str) -> Iterable[tuple[int, int]]:
    start = 0
    for match in _TERMINATOR.finditer(text):
        yield start, match.start()
        start = match.end()
    yield start, len(text)


def split_sentences(lines: Iterable[tuple[int, str]]) -> list[Sentence]:
    """Split numbered lines (``(line_number, text)``) into sentences, bullets removed."""
    sentences: list[Sentence] = []
    current: list[tuple[str, _Char]] = []
    for number, raw in lines:
        if not raw.strip():
            sentences.extend(_flush(current))
            current = []
            continue
        if (current and _STARTS_SENTENCE.match(raw)) or _BULLET.match(raw):
            sentences.extend(_flush(current))
            current = []
        bullet = _BULLET.match(raw)
        skip = bullet.end() if bullet else 0
        if current:
            current.append((" ", _Char(number, skip + 1)))
        current.extend((ch, _Char(number, i + 1)) for i, ch in enumerate(raw) if i >= skip)
    sentences.extend(_flush(current))
    return sentences
