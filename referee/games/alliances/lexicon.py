"""Alliances' and tabled actions' other words, put in the grammar's terms before parsing."""

from __future__ import annotations

from referee.games.base import Lexicon, rewrites

_ALLIANCE = r"((?:my|the|[\w\-]+['\u2019]s)\s+alliance|alliance\s+#?\d+)"

LEXICON = Lexicon(
    verbs=("intend", "support", "object", "withdraw", "perform", "join", "leave"),
    trailing=("alliances",),
    rewrites=rewrites(
        (r"^I\s+announce\s+(?:my\s+|an\s+)?intent(?:ion)?\s+to\s+", "I intend to "),
        (r"^I\s+(?:give|lend|offer|add|pledge)\s+my\s+support\s+to\s+", "I support "),
        (r"^I\s+(?:second|endorse|back)\s+(?=(?:\w+\s+)?intent)", "I support "),
        (
            r"^I\s+(?:raise|register|lodge|file|state)\s+(?:an|my)\s+objection\s+(?:to|against)\s+",
            "I object to ",
        ),
        (
            rf"^I\s+(?:quit|exit|abandon|depart(?:\s+from)?|withdraw\s+from)\s+{_ALLIANCE}$",
            r"I leave \1",
        ),
    ),
)
