"""Rewrites of the tabled phrasing that every game using it shares (its lexicons import them)."""

from __future__ import annotations

_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

METHOD_NUMBERS: tuple[tuple[str, str], ...] = tuple(
    (
        rf"\b(with(?:out)?\s+){word}(\s+(?:agoran\s+consent|support(?:ers?)?|objections?)\b)",
        rf"\g<1>{number}\g<2>",
    )
    for number, word in enumerate(_NUMBER_WORDS, 1)
)
"""A method's number in words ("with two Agoran consent", "without three objections"), for
a lexicon's ``rewrites`` (rulings P49-read-agora-s11-5)."""
