"""The passages of the rule "Alliances" (Proposal 7450 "Igora") quoted in rejections.

Each is named by its opening words; :mod:`referee.games.kit.quotes` finds the exact words in
``rules/igora-p7450.txt`` (line breaks and double spaces after full stops folded).
"""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText

SOURCE = 'Proposal 7450 "Igora"'
SECTION = "Alliances"
TEXT = RuleText("igora-p7450.txt", SOURCE, begins_after='Enact a power-1 rule titled "Alliances"')

DEFINITION = Passage(SECTION, "An alliance is a set of persons.")
EXACTLY_ONE = Passage(SECTION, "Each person is in exactly one alliance.")
DEFAULT = Passage(SECTION, "By default, each person is in an alliance")
JOIN = Passage(SECTION, "A person CAN join an alliance With the Support")
LEAVE = Passage(SECTION, "A person CAN leave eir alliance by announcement;")
EMPTY = Passage(SECTION, "If an alliance is ever empty,")
REPORT = Passage(SECTION, "The Registrar's report includes all alliances")


def cite(passage: Passage) -> RuleCitation:
    return TEXT.cite(passage)


def words(passage: Passage) -> str:
    return TEXT.find(passage)
