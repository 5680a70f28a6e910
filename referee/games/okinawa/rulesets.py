"""The ruleset Okinawa runs under: the text of Proposal 7450, read literally by default.

Each option supplies a reading the text does not state, and is off by default
(docs/rulings.md, "Okinawa").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.errors import OptionError
from referee.games.base import Ruleset, RulesetOption
from referee.games.kit.options import check_options

IGORA = "igora"

ONLY_AIRBORNE_PLAYED = "only_airborne_stones_played"
SHOURI_COUNTS_AIRBORNE = "shouri_counts_airborne"

OPTIONS = (
    RulesetOption(
        ONLY_AIRBORNE_PLAYED,
        False,
        'Only an airborne Stone can be Played, as in Go. As written ("Play any Stone that e '
        'owns on any unoccupied Plot"), a Stone already on a Plot can be Played onto another.',
    ),
    RulesetOption(
        SHOURI_COUNTS_AIRBORNE,
        False,
        "A player's airborne Stones count towards Shouri's seven. As written, only Stones "
        '"in Okinawa" (the grid of Plots) count.',
    ),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {IGORA: Ruleset(IGORA, 'Proposal 7450 "Igora", the rule "Okinawa"', OPTIONS)}
)


def ruleset(version: str = IGORA, **options: bool | int | str) -> Ruleset:
    """A ruleset of ``version`` with some options switched (unknown names are refused)."""
    try:
        return check_options(RULESETS[version], options)
    except OptionError as wrong:
        raise KeyError(str(wrong)) from None
