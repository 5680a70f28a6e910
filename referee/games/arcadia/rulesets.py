"""The versions of the Arcadian Tournament's regulations the referee implements, and the
named options where the draft is unclear (docs/rulings.md, "Arcadia").

``draft`` is the TOURNAMENT section of the draft as posted: the seed of the Tournament
Template. A Template changed by Arcadian Proposals is a new text; the referee runs it only
under a version it implements, chosen by an officer (docs/rulings.md, A11).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from referee.errors import OptionError
from referee.games.base import Ruleset, RulesetOption
from referee.games.kit.options import check_options

DRAFT = "draft"

ALTERNATING_START = "alternating_land_type_start"
JOINING_ENERGY = "joining_energy"
MONUMENT_CONCLUDES = "monument_concludes"
DEREGISTERED_ASSETS_DESTROYED = "deregistered_assets_destroyed"


class AlternatingStart(enum.StrEnum):
    BLACK = "black"
    WHITE = "white"


OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        ALTERNATING_START,
        AlternatingStart.BLACK.value,
        "the value of the Alternating Land Type when the tournament begins (the text names "
        "none; by default the first value it lists, Black)",
    ),
    RulesetOption(
        JOINING_ENERGY,
        0,
        "the Energy a player has on joining, until the next midnight sets it to 6 (the text "
        "names none; by default 0, the least possible value)",
    ),
    RulesetOption(
        MONUMENT_CONCLUDES,
        False,
        "the first Monument concludes the tournament at once (the text only says its builder "
        "wins; by default the tournament goes on until 3 months after it began, rule 2464)",
    ),
    RulesetOption(
        DEREGISTERED_ASSETS_DESTROYED,
        False,
        "a deregistered player's Food, Stone and Lumber cease to exist (the text says nothing "
        "of it; by default rule 2576 has the Lost and Found Department own them, R3-1)",
    ),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {DRAFT: Ruleset(DRAFT, "Arcadia, the Tournament Template as first drafted", OPTIONS)}
)

CHOICES: Mapping[str, type[enum.StrEnum]] = MappingProxyType({ALTERNATING_START: AlternatingStart})


def ruleset(version: str = DRAFT, **options: bool | int | str) -> Ruleset:
    """A ruleset of ``version`` with some options switched (unknown names are refused)."""
    try:
        return check_options(RULESETS[version], options, CHOICES)
    except OptionError as wrong:
        raise KeyError(str(wrong)) from None
