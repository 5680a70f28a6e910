"""The two versions of Commune and the named options where their text is unclear.

Every option is OFF by default, and OFF is the referee's reading of the text as written
(the Commune section of docs/rulings.md gives the clause, the choice and the reason for
each). Turning an option on selects the other reading a reasonable judge might prefer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from referee.errors import OptionError
from referee.games.base import RuleCitation, Ruleset, RulesetOption
from referee.games.commune import quotes
from referee.games.kit.options import check_options

V12 = "v1.2"
V13 = "v1.3"

# Option names (one constant each, so a typo is an import error, not a silent default).
HALF_OF_PLACED_TILES = "half_of_placed_tiles"
FOUNDING_TILE_UNOWNED = "founding_tile_unowned"
MERGER_TILE_UNOWNED = "merger_tile_unowned"
CONSTRUCTOR_RESETS = "constructor_resets_after_grant"
ROLLING_WEEK = "rolling_week"
TIEBREAK_PLACEMENTS_ONLY = "tiebreak_placements_only"
LIMIT_BEFORE_FOUNDING = "limit_before_founding"
LIMIT_EXACTLY_AT = "limit_exactly_at"
NAMING_ONCE_ONLY = "naming_once_only"
OFFER_CLOSES_ON_ACCEPTANCE = "offer_closes_on_acceptance"
TIE_MEANS_NO_WINNER = "tie_means_no_winner"
INACTIVE_CANNOT_JOIN = "inactive_cannot_join"
V12_INVESTMENT_BY_ANNOUNCEMENT = "v12_investment_by_announcement"

_COMMON_OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        HALF_OF_PLACED_TILES,
        False,
        '"more than half of the tiles" counts the tiles placed so far (which ends the game '
        "at the first placement) instead of the 100 locations of the playboard",
    ),
    RulesetOption(
        FOUNDING_TILE_UNOWNED,
        False,
        "the tile that founds a community does not belong to it (the text never says it does)",
    ),
    RulesetOption(
        MERGER_TILE_UNOWNED,
        False,
        "the tile that causes a merger belongs to no community instead of the acquiring one",
    ),
    RulesetOption(
        CONSTRUCTOR_RESETS,
        False,
        "a Token Constructor is set to construct nothing after its token is granted",
    ),
    RulesetOption(
        ROLLING_WEEK,
        False,
        '"once a week" means once in any 7 days (168 hours since the last use) instead of '
        "once per Agoran week (Monday 00:00 UTC)",
    ),
    RulesetOption(
        TIEBREAK_PLACEMENTS_ONLY,
        False,
        '"gained a tile" (merger tie-break) counts only tiles placed into the community, '
        "not tiles it received by acquiring another community",
    ),
    RulesetOption(
        LIMIT_BEFORE_FOUNDING,
        False,
        "the founder's investment is checked against the limit as it was before the new "
        "community existed",
    ),
    RulesetOption(
        LIMIT_EXACTLY_AT,
        False,
        '"at the investment limit" means exactly at it, so a player above the limit (after '
        "a merger shrank it) can still gain a founder's investment",
    ),
    RulesetOption(
        NAMING_ONCE_ONLY,
        False,
        "a founder can name eir community only while it is unnamed (no renaming)",
    ),
    RulesetOption(
        OFFER_CLOSES_ON_ACCEPTANCE,
        False,
        "a trade offer is used up when accepted (the text only withdraws it when the "
        "offerer has no matching token left)",
    ),
    RulesetOption(
        TIE_MEANS_NO_WINNER,
        False,
        "when several participants share the greatest number of accolades, nobody wins "
        "(by default all of them win)",
    ),
    RulesetOption(
        INACTIVE_CANNOT_JOIN,
        False,
        "an inactive player cannot become a participant (by default e can, but Clean-Up "
        "destroys every asset e would get)",
    ),
)

_V12_OPTIONS: tuple[RulesetOption, ...] = (
    RulesetOption(
        V12_INVESTMENT_BY_ANNOUNCEMENT,
        False,
        "v1.2's weekly investment grant, which names no method, can be performed by "
        "announcement (by default it cannot be performed at all, rule 2125)",
    ),
)

RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        V12: Ruleset(V12, quotes.TEXTS[V12].title, _COMMON_OPTIONS + _V12_OPTIONS),
        V13: Ruleset(V13, quotes.TEXTS[V13].title, _COMMON_OPTIONS),
    }
)


def ruleset(version: str, **options: bool) -> Ruleset:
    """A ruleset of ``version`` with some options switched (unknown names are refused)."""
    try:
        return check_options(RULESETS[version], options)
    except OptionError as wrong:
        raise KeyError(str(wrong)) from None


@dataclass(frozen=True)
class Rules:
    """The ruleset a game runs under, as the rule modules consult it."""

    ruleset: Ruleset
    officer: str = "surveyor"
    """The office whose holder is the Surveyor (the game's configured officer)."""

    def is_surveyor(self, offices: frozenset[str]) -> bool:
        held = {office.casefold() for office in offices}
        return "surveyor" in held or self.officer.casefold() in held

    @property
    def version(self) -> str:
        return self.ruleset.version

    @property
    def title(self) -> str:
        return self.ruleset.title

    def on(self, name: str) -> bool:
        """Whether a boolean option is switched on (False for options this version lacks)."""
        if not any(option.name == name for option in self.ruleset.options):
            return False
        value: Any = self.ruleset.option(name)
        return bool(value)

    def cite(self, key: str) -> RuleCitation:
        return quotes.cite(self.version, key)

    @property
    def investment_method_specified(self) -> bool:
        """v1.3 grants investments "by announcement"; v1.2 names no method at all."""
        return self.version != V12 or self.on(V12_INVESTMENT_BY_ANNOUNCEMENT)
