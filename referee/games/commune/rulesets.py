"""The two versions of Commune and the named options where their text is unclear.

Every option is OFF by default, and OFF is the text as written, read literally as Agora's
judges read an enacted text (the Commune section of docs/rulings.md gives the clause, the
choice and the reason for each). Turning an option on supplies a reading the text does not
state: the likely intention, or another reading a reasonable judge might prefer.
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
FOUNDING_TILE_JOINS = "founding_tile_joins_community"
MERGER_TILE_JOINS = "merger_tile_joins_acquirer"
CONSTRUCTOR_RESETS = "constructor_resets_after_grant"
ROLLING_WEEK = "rolling_week"
TIEBREAK_PLACEMENTS_ONLY = "tiebreak_placements_only"
LIMIT_BEFORE_FOUNDING = "limit_before_founding"
LIMIT_INCLUDES_ABOVE = "limit_includes_above"
NAMING_ONCE_ONLY = "naming_once_only"
OFFER_CLOSES_ON_ACCEPTANCE = "offer_closes_on_acceptance"
TIED_PARTICIPANTS_WIN = "tied_participants_win"
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
        FOUNDING_TILE_JOINS,
        False,
        "the tile that founds a community belongs to it (the likely intention; the text never "
        "says so, and by default the tile belongs to no community)",
        replaces="founding_tile_unowned",
    ),
    RulesetOption(
        MERGER_TILE_JOINS,
        False,
        "the tile that causes a merger joins the acquiring community once the merger is done "
        "(the likely intention; the text gives it to nobody, and by default it belongs to no "
        "community)",
        replaces="merger_tile_unowned",
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
        LIMIT_INCLUDES_ABOVE,
        False,
        '"at the investment limit" also covers a player above it (after a merger shrank it), '
        'who then gains no founder\'s investment (by default "at" means exactly at it)',
        replaces="limit_exactly_at",
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
        TIED_PARTICIPANTS_WIN,
        False,
        "when several participants share the greatest number of accolades, all of them win "
        '(by default nobody does: there is no "the participant" with the greatest number)',
        replaces="tie_means_no_winner",
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
