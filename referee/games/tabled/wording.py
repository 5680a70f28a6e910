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

RULE_2124_ANSWERS: tuple[tuple[str, str], ...] = (
    (
        r"^I\s+(?:hereby\s+)?become\s+(?:a|one)\s+supporter\s+(?:of|to|for)\s+(?=\S)",
        "I support ",
    ),
    (
        r"^I\s+(?:hereby\s+)?become\s+(?:an|one)\s+objector\s+(?:to|of|against)\s+(?=\S)",
        "I object to ",
    ),
    (
        r"^I\s+(?:hereby\s+)?(?:cease|stop)\s+(?:to\s+be|being)\s+(?:a|one)\s+supporter\s+"
        r"(?:of|to|for)\s+(?=\S)",
        "I withdraw my support for ",
    ),
    (
        r"^I\s+(?:hereby\s+)?(?:cease|stop)\s+(?:to\s+be|being)\s+(?:an|one)\s+objector\s+"
        r"(?:to|of|against)\s+(?=\S)",
        "I withdraw my objection to ",
    ),
)
"""Rule 2124's own words for the answers to an intent named after them ("I become a
supporter of intent 4", "I cease to be an objector to Arcadian Proposal 2"), for a lexicon's
``rewrites`` (rulings P71-read-agora-s19-7)."""
