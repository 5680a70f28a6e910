"""Okinawa's other words for playing and capturing, put in its grammar's terms before parsing."""

from __future__ import annotations

from referee.games.base import Lexicon, rewrites

_SIGNED = r"([+\-\u2212]?\s*[0-9]+)"

LEXICON = Lexicon(
    verbs=("play", "place", "put", "drop", "move", "capture"),
    trailing=("okinawa", r"the\s+game\s+of\s+okinawa"),
    rewrites=rewrites(
        # A Plot in square brackets or braces, as in parentheses.
        (rf"[\[{{]\s*{_SIGNED}\s*,\s*{_SIGNED}\s*[\]}}]", r"(\1, \2)"),
        # "I move my Stone at (1, 1) to ...": the Stone is named by where it stands.
        (r"^I\s+move\s+my\s+stone\s+(?:at|on)\s+(?=\()", "I move my Stone from "),
        # Go's other names for a chain: a group, a string, a chain of Stones.
        (
            r"^I\s+capture\s+(?:the\s+)?(?:chain|group|string)(?:\s+of\s+(?:my\s+|the\s+)?"
            r"stones)?\s+(?=at\b|on\b|containing\b|including\b|with\b|of\b|that\b|which\b)",
            "I capture the chain ",
        ),
    ),
)
