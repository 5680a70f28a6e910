"""The versions of the Arcadia contract the referee implements: the draft as posted, with
Agora's tabled actions as rules 1728 and 2124 are now (their options can be switched)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.errors import OptionError
from referee.games.base import Ruleset, RulesetOption
from referee.games.kit.options import check_options
from referee.games.tabled import CURRENT, tabled_options

DRAFT = "draft"

NEVER_ANY_TIME = "iteration_never_any_time"

OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        NEVER_ANY_TIME,
        False,
        "the Lord-Ruler can set the Iteration Date to Never at any time (the text gives that "
        "only as eir duty on the Iteration Date; by default only once that date has come, R3-2)",
    ),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        DRAFT: Ruleset(
            DRAFT, "The Arcadia contract as first drafted", (*tabled_options(CURRENT), *OPTIONS)
        )
    }
)


def ruleset(version: str = DRAFT, **options: bool | int | str) -> Ruleset:
    try:
        return check_options(RULESETS[version], options)
    except OptionError as wrong:
        raise KeyError(str(wrong)) from None
