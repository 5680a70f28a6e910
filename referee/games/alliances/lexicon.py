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
        (r"^I\s+(?:rescind|retract|revoke)\s+my\s+(support|objection)\s+", r"I withdraw my \1 "),
        # Several intents with one verb: "I support intents 2 and 3", "... 2, 3 and 4".
        (
            r"^I\s+(support|object\s+to)\s+intents\s+#?(\d+)\s*,\s*#?(\d+)\s*,?\s*(?:and|&)\s*"
            r"#?(\d+)$",
            r"I \1 intent \2 and \1 intent \3 and \1 intent \4",
        ),
        (
            r"^I\s+(support|object\s+to)\s+intents\s+#?(\d+)\s*(?:,|and|&)\s*#?(\d+)$",
            r"I \1 intent \2 and \1 intent \3",
        ),
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
