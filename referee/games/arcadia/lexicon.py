"""The Arcadian Tournament's other words, put in its grammar's terms before parsing."""

from __future__ import annotations

from referee.games.base import Lexicon, rewrites

_FACILITY = r"(?:farm|mine|orchard|monument)"
_RESOURCE = r"(?:food|stones?|lumber)"
_AMOUNT = rf"(?:\S+\s+{_RESOURCE})"
_TOURNAMENT = r"\s+(?=(?:the\s+)?arcadia(?:n)?(?:\s+tournament)?$)"

LEXICON = Lexicon(
    verbs=("join", "enter", "leave", "claim", "build", "destroy", "set"),
    trailing=(r"(?:the\s+)?arcadia(?:n\s+tournament)?",),
    rewrites=rewrites(
        # Taking part.
        (
            rf"^I\s+(?:sign\s+up\s+for|register\s+for|enlist\s+in|take\s+part\s+in|"
            rf"participate\s+in){_TOURNAMENT}",
            "I join ",
        ),
        (rf"^I\s+(?:quit|exit|drop\s+out\s+of|depart(?:\s+from)?){_TOURNAMENT}", "I leave "),
        # Building: other verbs, and several facilities with one verb.
        (
            rf"^I\s+(?:construct|erect|put\s+up|raise|establish)\s+(?=an?\s+{_FACILITY}\b)",
            "I build ",
        ),
        (
            rf"^(I\s+build\b.*?\))\s*,?\s*(?:and\s+)?(?=an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 and build ",
        ),
        (
            rf"^(I\s+build\b.*?\))\s*,?\s*(?:and\s+)?(?=an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 and build ",
        ),
        # Paying resources is destroying them (the rule's own word).
        (
            rf"^I\s+(?:spend|pay|use|expend|consume|sacrifice|give\s+up)\s+(?={_AMOUNT})",
            "I destroy ",
        ),
        # Tearing a facility down.
        (
            rf"^I\s+(?:demolish|tear\s+down|raze|dismantle|knock\s+down|remove)\s+"
            rf"(?:the|my)\s+(?={_FACILITY}\b|facility\b)",
            "I destroy the ",
        ),
        (rf"^I\s+destroy\s+my\s+(?={_FACILITY}\b)", "I destroy the "),
        # Food into Energy.
        (
            r"\bto\s+(?:gain|get|receive|obtain|earn|add)\s+([0-9]+|\w+)\s+energy$",
            r"to increase my Energy by \1",
        ),
        (
            rf"^I\s+(?:convert|turn|exchange|trade)\s+({_AMOUNT})\s+(?:into|to|for)\s+"
            r"([0-9]+|\w+)\s+energy$",
            r"I destroy \1 to increase my Energy by \2",
        ),
        (
            rf"^I\s+(?:convert|turn|exchange|trade)\s+({_AMOUNT})\s+(?:into|to|for)\s+energy$",
            r"I destroy \1 to increase my Energy",
        ),
        # "Land Unit (3, 4)": the unit named by its location.
        (r"\bland\s+unit\s+(?=\()", "Land Unit at "),
    ),
)
