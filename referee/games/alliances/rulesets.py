"""The rulesets Alliances runs under: the same rule text, two eras of tabled actions.

``igora`` follows the current rules 1728 and 2124 (the texts in the repository).
``igora-2016`` starts from the defaults of the older dependent-actions rules in force when
Proposal 7450 was adopted. Every tabled-action option can be switched in either
(docs/rulings.md, "Tabled actions" and "Alliances").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.errors import OptionError
from referee.games.base import Ruleset, RulesetOption
from referee.games.kit.options import check_options
from referee.games.tabled import CURRENT, ERA_2016, tabled_options

IGORA = "igora"
IGORA_2016 = "igora-2016"

NONPLAYER_MEMBERS_EXCUSED = "nonplayer_members_excused"

OPTIONS = (
    RulesetOption(
        NONPLAYER_MEMBERS_EXCUSED,
        False,
        'Members who are not players (deregistered) are left out of "all its existing '
        'members" whose support a join needs. As written they are members, and rule 2124 '
        "lets only a player support, so an alliance with such a member cannot be joined.",
    ),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        IGORA: Ruleset(
            IGORA,
            'Proposal 7450 "Igora", tabled actions as in rules 1728/2124 now',
            (*tabled_options(CURRENT), *OPTIONS),
        ),
        IGORA_2016: Ruleset(
            IGORA_2016,
            'Proposal 7450 "Igora", dependent actions as in 2016',
            (*tabled_options(ERA_2016), *OPTIONS),
        ),
    }
)


def ruleset(version: str = IGORA, **options: bool | int | str) -> Ruleset:
    """A ruleset of ``version`` with some options switched (unknown names are refused)."""
    try:
        return check_options(RULESETS[version], options)
    except OptionError as wrong:
        raise KeyError(str(wrong)) from None
