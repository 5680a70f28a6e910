"""The exact words of the rule "Alliances" (Proposal 7450 "Igora"), quoted in rejections.

The published text's line breaks and double spaces after full stops are folded into single
spaces; nothing else is changed.
"""

from __future__ import annotations

from referee.games.base import RuleCitation

SOURCE = 'Proposal 7450 "Igora"'
SECTION = "Alliances"

DEFINITION = "An alliance is a set of persons."
EXACTLY_ONE = "Each person is in exactly one alliance."
DEFAULT = "By default, each person is in an alliance that contains no other persons."
JOIN = (
    "A person CAN join an alliance With the Support of all its existing members; this causes "
    "em to cease to be a member of eir previous alliance."
)
LEAVE = (
    "A person CAN leave eir alliance by announcement; this causes em to become a member of a "
    "new alliance containing no other persons."
)
EMPTY = "If an alliance is ever empty, it ceases to exist."
REPORT = "The Registrar's report includes all alliances that have more than one member."


def cite(words: str) -> RuleCitation:
    return RuleCitation(SOURCE, SECTION, words)
