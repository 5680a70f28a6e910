"""The passages of the Arcadia draft that the referee quotes, found word for word in
``rules/arcadia-draft.txt``. Where the draft breaks off, the quote ends where its words do."""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText

TEXT = RuleText("arcadia-draft.txt", "Arcadia (draft)", begins_after="===== TOURNAMENT =====")
SECTION = "TOURNAMENT"

LOCATION = Passage(SECTION, "Land Units are assets.", closing="inclusive.")
EXACTLY_ONE = Passage(SECTION, "Exactly one Land Unit can exist")
JOINING = Passage(
    SECTION, "Players, upon joining this tournament, are given 2 Stone and 2", closing="and 2"
)
ENERGY = Passage(SECTION, "Energy is a player switch", closing="set to 6.")
BELOW_ZERO = Passage(
    SECTION,
    "Any actions that would set a player's Energy to be less than 0",
    closing="less than 0",
)
FOOD = Passage(SECTION, "Players CAN, by announcement, destroy N Food")
CLAIM = Passage(SECTION, "Participants CAN set the Land Type of a Land Unit")
CLAIM_COST = Passage(SECTION, "This action decreases eir Energy by one")
BUILD = Passage(SECTION, "The owner of a Land Unit with a Facility value None CAN")
BUILD_ENERGY = Passage(SECTION, "Each of these actions decreases eir Energy by 2.")
DESTROY = Passage(SECTION, "The owner of a Land Unit with a Facility value not equal")
DESTROY_ENERGY = Passage(SECTION, "This action decreases eir Energy by 1.")
PRODUCTION = Passage(SECTION, "Every day at midnight, for each Farm")
MONUMENT = Passage(SECTION, "Players CAN, by announcement, set the Facility of a Land Unit")
WINS = Passage(SECTION, "The first player to do so wins the tournament.")
CONCLUDES = RuleCitation(
    "Rule 2464",
    "Tournaments",
    "Additionally, if it has not previously concluded, a tournament concludes 3 months after "
    "its initiation.",
)
CONSENT = RuleCitation(
    "Rule 2464",
    "Tournaments",
    "A Tournament is governed by a set of regulations, created in accordance with its parent "
    "rule, which have binding control over those who freely consent to oversee or "
    "participate in the tournament and over the tournament itself.",
)


def cite(passage: Passage) -> RuleCitation:
    return TEXT.cite(passage)


def words(passage: Passage) -> str:
    return TEXT.find(passage)


# Rule 2577 (Asset Actions) and rule 2576 (Ownership), for transfers by announcement
# (rulings R4-1).
TRANSFER = RuleCitation(
    "Rule 2577",
    "Asset Actions",
    "An asset generally CAN be transferred (syn. given) by announcement by its owner to "
    "another entity, subject to modification by its backing document. Attempts to transfer "
    "no assets are successful.",
)
OWNERS = RuleCitation(
    "Rule 2576",
    "Ownership",
    "An asset CANNOT be gained by or transferred to an entity unless its backing document "
    "specifies that entity can own it. If an asset's backing document is otherwise silent on "
    "which entities can own it, then it can be owned by Agora, players, and contracts.",
)
NO_WINNER = RuleCitation(
    "Rule 2566",
    "Free Tournaments",
    "A free tournament CAN be concluded with no winner without 3 objections.",
)
LOST_AND_FOUND_POWER = RuleCitation(
    "Rule 2576",
    "Ownership",
    "Assets owned by the Lost and Found Department can be transferred or destroyed by any "
    "player without objection.",
)
