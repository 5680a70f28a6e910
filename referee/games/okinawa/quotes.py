"""The passages of the rule "Okinawa" (Proposal 7450 "Igora") quoted in rejections.

Each is named by its opening words; :mod:`referee.games.kit.quotes` finds the exact words in
``rules/igora-p7450.txt`` (line breaks and double spaces after full stops folded).
"""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText

SOURCE = 'Proposal 7450 "Igora"'
SECTION = "Okinawa"
TEXT = RuleText("igora-p7450.txt", SOURCE, begins_after='Enact a power-1 rule titled "Okinawa"')

SENSEI = Passage(SECTION, "The Sensei is an office;")
FIXED = Passage(SECTION, "Stones are a fixed asset whose recordkeepor is the Sensei.")
AWARD = Passage(SECTION, "At the beginning of each week,")
CAP = Passage(SECTION, "If a person ever owns more than 10 airborne")
GRID = Passage(SECTION, "Okinawa is an entity consisting of")
COORDINATES = Passage(SECTION, "Every Plot has a Latitude and a Longitude,")
POSITION = Passage(SECTION, "Position is a Stone switch,")
ONE_PER_PLOT = Passage(SECTION, "It is IMPOSSIBLE for two Stones to occupy the same Plot.")
MAP = Passage(SECTION, "The Sensei SHALL report the Positions")
FUNGIBLE = Passage(SECTION, "Airborne Stones with the same owner are fungible.")
PLAY = Passage(SECTION, "A person CAN, by announcement, Play any Stone")
CONNECTED = Passage(SECTION, "Two Stones are connected if")
CHAIN = Passage(SECTION, "A chain is a connected component of Stones.")
JEOPARDY = Passage(SECTION, "A chain is in jeopardy if")
BAN = Passage(SECTION, "If a person owns a Stone that is part of a chain")
CAPTURE = Passage(SECTION, "If a chain is in jeopardy, then any person")
AUTOMATIC = Passage(SECTION, "If a chain is not in jeopardy, and then")
DESTROYED = Passage(SECTION, "When a chain is captured,")
SHOURI = Passage(SECTION, "If a player has at least seven Stones in Okinawa,")
ANNOUNCE = Passage(SECTION, "When this happens, the Sensei SHOULD announce")


def cite(passage: Passage) -> RuleCitation:
    return TEXT.cite(passage)


def words(passage: Passage) -> str:
    return TEXT.find(passage)


DESTROY_OWN = RuleCitation(
    "Rule 2577",
    "Asset Actions",
    "An asset generally CAN be destroyed by its owner by announcement, subject to "
    "modification by its backing document. Attempts to destroy no assets are successful.",
)
"""Okinawa makes Stones fixed, not indestructible, and says nothing else of destroying them
(R5-2)."""
