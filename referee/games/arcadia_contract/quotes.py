"""The passages of the Arcadia contract that the referee quotes, word for word from
``rules/arcadia-draft.txt``, and the seed of the Tournament Template."""

from __future__ import annotations

from referee.games.base import RuleCitation
from referee.games.kit.quotes import Passage, RuleText
from referee.paths import RULES_DIR

TEXT = RuleText(
    "arcadia-draft.txt", "Arcadia contract (draft)", begins_after="===== CONTRACT ====="
)
SECTION = "CONTRACT"

LORD_RULER = Passage(SECTION, "The Lord-Ruler of Arcadia is the player")
ITERATION_DATE = Passage(SECTION, "The Iteration Date is a singleton switch")
SET_DATE = Passage(SECTION, "If no Arcadian Tournament exists, the Lord-Ruler CAN")
ON_THE_DATE = Passage(SECTION, "On the Iteration Date, the Lord-Ruler SHALL")
CREATE = Passage(SECTION, "Any party to this contract can create an Arcadian Proposal")
APPLY = Passage(SECTION, "With 2 support and without 2 objections from active parties")
PARTIES = RuleCitation(
    "Arcadia contract (draft)",
    "referee procedure",
    "Parties join and leave the contract by announcement (docs/rulings.md, A13).",
)

_SEED_START = "===== TOURNAMENT ====="
_SEED_END = "Reply via email to"


def cite(passage: Passage) -> RuleCitation:
    return TEXT.cite(passage)


def words(passage: Passage) -> str:
    return TEXT.find(passage)


def seed_template() -> str:
    """The TOURNAMENT section of the draft, as posted: the Template's first version."""
    raw = (RULES_DIR / TEXT.file).read_text(encoding="utf-8")
    body = raw.split(_SEED_START, 1)[1].split(_SEED_END, 1)[0]
    return body.strip("\n").rstrip() + "\n"
