"""The numbers and readings of rules 1728 and 2124, as named ruleset options.

A game that uses tabled actions adds :func:`tabled_options` to each of its rulesets and
builds :class:`TabledParameters` from the ruleset it runs under. The defaults are the
current texts (``rules/agora/1728-*.yaml``, ``2124-*.yaml``) as written: an option that
supplies what they do not say is off. :data:`ERA_2016`
holds the defaults of the older "dependent actions" rules, under which a 2016 game such as
Igora was played. docs/rulings.md ("Tabled actions") explains each option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType
from typing import Any

from referee.games.base import Ruleset, RulesetOption

RIPE_DAYS = "tabled_ripe_days"
MATURE_DAYS = "tabled_mature_days"
OBJECTION_WITHDRAWAL_HOURS = "tabled_objection_withdrawal_hours"
SPEAKER = "tabled_speaker"
SPEAKER_WINDOW_HOURS = "tabled_speaker_window_hours"
DEFAULT_N = "tabled_default_n"
DEFAULT_NOTICE_DAYS = "tabled_default_notice_days"
NOTICE_MINIMUM_DAYS = "tabled_notice_minimum_days"
MAX_N = "tabled_max_n"
SPONSOR_SUPPORT_COUNTS = "tabled_sponsor_support_counts"
SUPPORT_AGAIN = "tabled_support_again_after_withdrawal"
SINGLE_USE = "tabled_single_use"
WITHDRAWAL_ENDS_INTENT = "tabled_withdrawal_ends_intent"
COUNT_CURRENT_PLAYERS_ONLY = "tabled_count_current_players_only"

_DESCRIPTIONS: Mapping[str, str] = {
    RIPE_DAYS: "an intent is ripe for this many days after it is tabled (rule 2124: 14)",
    MATURE_DAYS: "an intent is mature this many days after it is tabled (rule 2124: 4)",
    OBJECTION_WITHDRAWAL_HOURS: "an intent is not mature while an objection was withdrawn "
    "within this many hours (rule 2124: 24)",
    SPEAKER: "the Speaker's name; empty when the game is not told who the Speaker is, and "
    "then no objection is the Speaker's",
    SPEAKER_WINDOW_HOURS: "an intent is not ripe while the Speaker objected to it within this "
    "many hours (rule 2124: 48; 0 turns the Speaker's objection off)",
    DEFAULT_N: "N when a method omits it (rule 1728: 1)",
    DEFAULT_NOTICE_DAYS: "T, in days, when With Notice omits it (rule 1728: 4)",
    NOTICE_MINIMUM_DAYS: "With T Notice needs at least this many days whatever T is (current "
    "rules: 0; the older dependent-actions rule: 4)",
    MAX_N: "N above this is treated as this (0: no cap; one intermediate text capped it at 8)",
    SPONSOR_SUPPORT_COUNTS: "tabling an intent also makes its sponsor a supporter (current "
    "rules: no, e cannot support eir own intent)",
    SUPPORT_AGAIN: "a person who withdrew eir support (objection) may support (object) again; "
    'by default "unless e ... previously supported it" forbids it',
    SINGLE_USE: "an intent is used up when its action is performed (the text never says so, "
    "so by default it can be performed again while ripe)",
    WITHDRAWAL_ENDS_INTENT: "a sponsor's withdrawal of eir intent ends it for everyone (the "
    "rules define no withdrawal of intents, so by default it is recorded without effect)",
    COUNT_CURRENT_PLAYERS_ONLY: "support and objections count only from persons who are players "
    "when the action is performed (as written, a supporter or objector stays one until e "
    "withdraws, whether or not e is still a player)",
}

CURRENT: Mapping[str, bool | int | str] = MappingProxyType(
    {
        RIPE_DAYS: 14,
        MATURE_DAYS: 4,
        OBJECTION_WITHDRAWAL_HOURS: 24,
        SPEAKER: "",
        SPEAKER_WINDOW_HOURS: 48,
        DEFAULT_N: 1,
        DEFAULT_NOTICE_DAYS: 4,
        NOTICE_MINIMUM_DAYS: 0,
        MAX_N: 0,
        SPONSOR_SUPPORT_COUNTS: False,
        SUPPORT_AGAIN: False,
        SINGLE_USE: False,
        WITHDRAWAL_ENDS_INTENT: False,
        COUNT_CURRENT_PLAYERS_ONLY: False,
    }
)
"""Defaults that follow the current rules 1728 and 2124 as written."""

ERA_2016: Mapping[str, bool | int | str] = MappingProxyType(
    {
        **CURRENT,
        # The dependent-actions rule of the time: "If the action is to be performed Without
        # N Objections, With N Agoran Consent, or With Notice, ... at least 4 days earlier".
        NOTICE_MINIMUM_DAYS: 4,
        # The Speaker's 48-hour objection is a later addition: none of the older texts the
        # referee's rulings cite has it. An officer whose era had it sets it back to 48.
        SPEAKER_WINDOW_HOURS: 0,
    }
)
"""Defaults for a game played under the older "dependent actions" rules (2016)."""


def tabled_options(
    defaults: Mapping[str, bool | int | str] = CURRENT,
) -> tuple[RulesetOption, ...]:
    """The tabled-action options, with ``defaults`` (:data:`CURRENT` or :data:`ERA_2016`)."""
    return tuple(RulesetOption(name, defaults[name], _DESCRIPTIONS[name]) for name in CURRENT)


@dataclass(frozen=True)
class TabledParameters:
    """The procedure's numbers and readings, as the rest of the package consults them."""

    ripe: timedelta = timedelta(days=14)
    mature: timedelta = timedelta(days=4)
    objection_withdrawal: timedelta = timedelta(hours=24)
    speaker: str | None = None
    speaker_window: timedelta = timedelta(hours=48)
    default_n_tenths: int = 10
    default_notice_hours: int = 96
    notice_minimum: timedelta = timedelta(0)
    max_n_tenths: int | None = None
    sponsor_support_counts: bool = False
    support_again: bool = False
    single_use: bool = False
    withdrawal_ends_intent: bool = False
    count_current_players_only: bool = False

    @classmethod
    def from_options(cls, values: Mapping[str, Any]) -> TabledParameters:
        """From option values (missing ones take the current rules' defaults)."""

        def get(name: str) -> Any:
            return values.get(name, CURRENT[name])

        speaker = str(get(SPEAKER)).strip()
        max_n = int(get(MAX_N))
        return cls(
            ripe=timedelta(days=int(get(RIPE_DAYS))),
            mature=timedelta(days=int(get(MATURE_DAYS))),
            objection_withdrawal=timedelta(hours=int(get(OBJECTION_WITHDRAWAL_HOURS))),
            speaker=speaker or None,
            speaker_window=timedelta(hours=int(get(SPEAKER_WINDOW_HOURS))),
            default_n_tenths=int(get(DEFAULT_N)) * 10,
            default_notice_hours=int(get(DEFAULT_NOTICE_DAYS)) * 24,
            notice_minimum=timedelta(days=int(get(NOTICE_MINIMUM_DAYS))),
            max_n_tenths=max_n * 10 if max_n > 0 else None,
            sponsor_support_counts=bool(get(SPONSOR_SUPPORT_COUNTS)),
            support_again=bool(get(SUPPORT_AGAIN)),
            single_use=bool(get(SINGLE_USE)),
            withdrawal_ends_intent=bool(get(WITHDRAWAL_ENDS_INTENT)),
            count_current_players_only=bool(get(COUNT_CURRENT_PLAYERS_ONLY)),
        )

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset) -> TabledParameters:
        """From a game's ruleset; options it lacks take the current rules' defaults."""
        known = {option.name for option in ruleset.options}
        return cls.from_options({name: ruleset.option(name) for name in CURRENT if name in known})

    def effective_n(self, stated: int | None) -> int:
        """N in tenths: the default when omitted, "less than 1 ... treated as 1", and the cap."""
        n = self.default_n_tenths if stated is None else stated
        n = max(n, 10)
        if self.max_n_tenths is not None:
            n = min(n, self.max_n_tenths)
        return n

    def effective_notice(self, stated: int | None) -> timedelta:
        """T: the default when omitted, at least the era's minimum."""
        notice = timedelta(hours=self.default_notice_hours if stated is None else stated)
        return max(notice, self.notice_minimum)
