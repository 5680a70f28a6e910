"""The ruleset options of rules 1728/2124, including the older era's defaults."""

from __future__ import annotations

from datetime import timedelta

import pytest
from test_tabled_support import Desk, at

from referee.games.base import Ruleset
from referee.games.tabled import CURRENT, ERA_2016, TabledParameters, quotes, tabled_options
from referee.games.tabled import parameters as p


def test_the_current_defaults_are_the_numbers_of_the_rules() -> None:
    params = TabledParameters.from_options(CURRENT)
    assert params == TabledParameters()
    assert (params.ripe, params.mature) == (timedelta(days=14), timedelta(days=4))
    assert params.objection_withdrawal == timedelta(hours=24)
    assert (params.speaker, params.speaker_window) == (None, timedelta(hours=48))
    assert (params.default_n_tenths, params.default_notice_hours) == (10, 96)


def test_the_2016_era_differs_only_where_the_older_rule_did() -> None:
    changed = {name for name in CURRENT if CURRENT[name] != ERA_2016[name]}
    assert changed == {p.NOTICE_MINIMUM_DAYS, p.SPEAKER_WINDOW_HOURS}
    era = TabledParameters.from_options(ERA_2016)
    assert era.notice_minimum == timedelta(days=4)
    assert era.speaker_window == timedelta(0)


def test_options_come_from_a_games_ruleset() -> None:
    options = tabled_options(ERA_2016)
    ruleset = Ruleset("x", "X", options, {p.RIPE_DAYS: 7, p.SPEAKER: "Kate"})
    params = TabledParameters.from_ruleset(ruleset)
    assert params.ripe == timedelta(days=7)
    assert params.speaker == "Kate"
    assert params.notice_minimum == timedelta(days=4)  # the ruleset's own default
    assert all(isinstance(o.default, bool | int | str) for o in options)
    assert [o.name for o in options] == list(CURRENT)


def test_older_era_with_t_notice_waits_at_least_four_days() -> None:
    desk = Desk.with_options(**ERA_2016)
    desk.do("nix", "I intend, with 2 days notice, to sweep the hall", at(0))
    reason, rule = desk.refusal("nix", "I do so", at(3))
    assert reason == (
        "too early: intent 1 was tabled on Mon 04 Mar 2024 12:00:00 UTC with 2 days notice, so "
        "it can be performed from Fri 08 Mar 2024 12:00:00 UTC"
    )
    assert rule is not None and rule.section == p.NOTICE_MINIMUM_DAYS
    assert desk.one("nix", "I do so", at(4)).startswith("applied")


def test_older_era_ignores_the_speaker_window() -> None:
    desk = Desk.with_options(**{**ERA_2016, p.SPEAKER: "Kate"})
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    desk.do("Kate", "I object to intent 1", at(1))
    assert desk.one("nix", "I do so", at(1, hours=1)).startswith("applied")


def test_the_sponsors_own_support_counts_when_the_option_says_so() -> None:
    current = Desk()
    current.do("nix", "I intend, with support, to paint the fence", at(0))  # needs 2: refused
    counted = Desk.with_options(tabled_sponsor_support_counts=True, tabled_default_n=2)
    counted.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    counted.do("Janet", "I support intent 1", at(1))
    assert counted.one("nix", "I do so", at(1)) == (
        "applied: nix did it: paint the fence (intent 1, With 2 Support; supporters: nix and "
        "Janet; objectors: none)"
    )
    reason, rule = counted.refusal("nix", "I support intent 1", at(2))
    assert reason == "nix already supports intent 1: tabling it made em a supporter"
    assert rule is not None and rule.section == p.SPONSOR_SUPPORT_COUNTS


def test_supporting_again_after_a_withdrawal_when_the_option_allows() -> None:
    desk = Desk.with_options(tabled_support_again_after_withdrawal=True)
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Janet", "I withdraw my support for intent 1", at(1))
    assert desk.one("Janet", "I support intent 1", at(2)).startswith("applied")


def test_an_intent_may_be_performed_again_unless_single_use() -> None:
    literal = Desk()
    literal.do("nix", "I intend, with notice, to mend the roof", at(0))
    assert literal.one("nix", "I do so", at(4)).startswith("applied")
    assert literal.one("nix", "I do so", at(5)).startswith("applied")
    assert literal.state.done == ["nix: mend the roof", "nix: mend the roof"]

    once = Desk.with_options(tabled_single_use=True)
    once.do("nix", "I intend, with notice, to mend the roof", at(0))
    once.do("nix", "I do so", at(4))
    reason, rule = once.refusal("nix", "I perform intent 1", at(5))
    assert reason == "intent 1 was already performed by nix on Fri 08 Mar 2024 12:00:00 UTC"
    assert rule is not None and rule.section == "tabled_single_use"


def test_withdrawing_an_intent_has_no_effect_as_written() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    assert desk.one("nix", "I withdraw my intent 1", at(1)) == (
        "applied: nix announced the withdrawal of intent 1 (nix's intent to paint the fence); "
        "under this ruleset that does not end it (the rules define no withdrawal of intents, "
        "rule 2125)"
    )
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    assert desk.one("Janet", "I do so", at(2)).startswith("applied")


@pytest.mark.parametrize(
    ("stated", "cap", "expected"), [(None, 0, 10), (0, 0, 10), (5, 0, 10), (120, 8, 80)]
)
def test_n_defaults_and_limits(stated: int | None, cap: int, expected: int) -> None:
    """N omitted is 1; "less than 1 ... treated as 1"; an era's cap of 8 applies."""
    params = TabledParameters.from_options({p.MAX_N: cap})
    assert params.effective_n(stated) == expected


def test_a_changed_ripe_window_is_used_and_named() -> None:
    desk = Desk.with_options(tabled_ripe_days=7)
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    reason, rule = desk.refusal("Kate", "I object to intent 1", at(7))
    assert reason.startswith("intent 1 expired on Mon 11 Mar 2024 12:00:00 UTC")
    reason, rule = desk.refusal("nix", "I do so", at(7))
    assert reason.endswith("an intent is ripe only within 7 days of being tabled")
    assert rule == quotes.RIPE
