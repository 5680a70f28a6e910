"""The four methods of rule 2124, each supported, objected to, expired, performed too early
and performed by the wrong person, through the shared phrasing and procedure."""

from __future__ import annotations

from test_tabled_support import Desk, at

from referee.games.tabled import quotes


def test_with_n_support_supported_then_performed_by_the_sponsor() -> None:
    desk = Desk()
    assert desk.one("nix", "I intend, with 2 support, to paint the fence", at(0)).startswith(
        "applied: nix tabled intent 1: to paint the fence, With 2 Support; ripe until "
        "Mon 18 Mar 2024 12:00:00 UTC"
    )
    reason, rule = desk.refusal("nix", "I do so", at(hours=1))
    assert reason == "intent 1 has 0 supporters (none); it needs at least 2"
    assert rule == quotes.WITH_SUPPORT
    desk.do("Janet", "I support intent 1", at(hours=2))
    reason, _ = desk.refusal("nix", "I perform intent 1", at(hours=3))
    assert reason == "intent 1 has 1 supporter (Janet); it needs at least 2"
    desk.do("Murphy", "I support nix's intent to paint the fence", at(hours=4))
    # No waiting period for With N Support: ripe is enough.
    assert desk.one("nix", "I paint the fence with 2 support", at(hours=5)) == (
        "applied: nix did it: paint the fence (intent 1, With 2 Support; supporters: Janet "
        "and Murphy; objectors: none)"
    )
    assert desk.state.done == ["nix: paint the fence"]


def test_with_n_support_objections_do_not_count() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1 and I support intent 1", at(1))  # second is refused
    desk.do("Kate", "I object to intent 1", at(1))
    desk.do("snail", "I object to intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    assert desk.one("nix", "I do so", at(2)).startswith("applied: nix did it")


def test_with_n_support_a_supporter_may_perform_in_the_same_message() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    answers = desk.do("Murphy", "I support intent 1 and do so", at(2))
    assert answers[0].startswith("applied: Murphy supported intent 1")
    assert answers[1].startswith("applied: Murphy did it: paint the fence (intent 1")


def test_with_n_support_performed_by_the_wrong_person() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    reason, rule = desk.refusal("Kate", "I perform intent 1", at(2))
    assert reason == (
        "only the sponsor (nix) or a supporter of intent 1 can perform it; Kate is neither"
    )
    assert rule == quotes.WITH_SUPPORT
    assert desk.state.done == []


def test_with_n_support_expired_after_14_days() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    reason, rule = desk.refusal("nix", "I do so", at(14))  # exactly 14 days later
    assert reason == (
        "intent 1 expired on Mon 18 Mar 2024 12:00:00 UTC: it was tabled on Mon 04 Mar 2024 "
        "12:00:00 UTC, and an intent is ripe only within 14 days of being tabled"
    )
    assert rule == quotes.RIPE
    assert desk.one("nix", "I do so", at(14, minutes=-1)).startswith("applied")


def test_the_expiry_closes_the_intent_and_later_responses_are_refused() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    assert desk.procedure.next_expiry(desk.state, at(0)) == at(14)
    assert desk.procedure.next_expiry(desk.state, at(14)) is None
    closed = desk.procedure.expire(desk.state, at(14))
    assert [i.number for i in closed] == [1]
    reason, rule = desk.refusal("Janet", "I support intent 1", at(15))
    assert reason.startswith("intent 1 expired on Mon 18 Mar 2024 12:00:00 UTC")
    assert rule == quotes.RIPE


def test_without_n_objections_too_early_then_performed() -> None:
    desk = Desk()
    desk.do("nix", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("Kate", "I object to intent 1", at(1))
    reason, rule = desk.refusal("nix", "I do so", at(3, hours=23))
    assert reason == (
        "too early: intent 1 was tabled on Mon 04 Mar 2024 12:00:00 UTC and is mature only 4 "
        "days later, from Fri 08 Mar 2024 12:00:00 UTC"
    )
    assert rule == quotes.MATURE
    assert desk.one("nix", "I do so", at(4)) == (
        "applied: nix did it: ratify the report (intent 1, Without 2 Objections; supporters: "
        "none; objectors: Kate)"
    )


def test_without_n_objections_objected_to() -> None:
    desk = Desk()
    desk.do("nix", "I intend to ratify the report without 2 objections", at(0))
    desk.do("Kate", "I object to intent 1", at(1))
    desk.do("snail", "I object to the intent to ratify the report", at(2))
    reason, rule = desk.refusal("nix", "I ratify the report without 2 objections", at(5))
    assert reason == (
        "intent 1 has 2 objectors (Kate and snail); it can be performed only with fewer than 2"
    )
    assert rule == quotes.WITHOUT_OBJECTIONS


def test_without_n_objections_only_the_sponsor_performs() -> None:
    desk = Desk()
    desk.do("nix", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    reason, rule = desk.refusal("Janet", "I perform intent 1", at(5))
    assert reason == (
        "only the sponsor of intent 1 (nix) can perform it without 2 objections; Janet is not "
        "its sponsor"
    )
    assert rule == quotes.WITHOUT_OBJECTIONS


def test_a_withdrawn_objection_blocks_for_24_hours() -> None:
    desk = Desk()
    desk.do("nix", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("Kate", "I object to intent 1", at(1))
    desk.do("snail", "I object to intent 1", at(1))
    assert desk.one("snail", "I withdraw my objection to intent 1", at(5)).endswith(
        "it is not mature before Sun 10 Mar 2024 12:00:00 UTC"
    )
    reason, rule = desk.refusal("nix", "I do so", at(5, hours=23, minutes=59))
    assert reason == (
        "too early: snail withdrew an objection to intent 1 on Sat 09 Mar 2024 12:00:00 UTC, "
        "within the past 24 hours; it is mature again from Sun 10 Mar 2024 12:00:00 UTC"
    )
    assert rule == quotes.MATURE
    assert desk.one("nix", "I do so", at(6)).startswith("applied: nix did it")


def test_agoran_consent_ratio() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with Agoran Consent, to award the badge", at(0))
    reason, rule = desk.refusal("nix", "I do so", at(4))
    assert reason == (
        "intent 1 has 0 supporters and 0 objectors; Agoran Consent needs more than 1 times as "
        "many supporters as objectors"
    )
    assert rule == quotes.WITH_CONSENT
    desk.do("Janet", "I support intent 1", at(4))
    desk.do("Kate", "I object to intent 1", at(4))
    assert desk.one("nix", "I do so", at(4, hours=1)).startswith("rejected: intent 1 has 1 ")
    desk.do("Murphy", "I support intent 1", at(4, hours=2))
    assert desk.one("nix", "I do so", at(4, hours=3)).startswith("applied: nix did it")


def test_agoran_consent_n_in_tenths_and_supporters_perform() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 1.5 Agoran Consent, to rename the street", at(0))
    for name in ("Janet", "Murphy", "Aspen"):
        desk.do(name, "I support intent 1", at(1))
    desk.do("Kate", "I object to intent 1", at(1))
    desk.do("snail", "I object to intent 1", at(1))
    # 3 supporters, 2 objectors: 3 > 1.5 x 2 is false.
    reason, _ = desk.refusal("Janet", "I do so", at(4))
    assert reason.endswith("more than 1.5 times as many supporters as objectors")
    desk.do("snail", "I withdraw my objection to intent 1", at(4))
    # 3 > 1.5 x 1, but a withdrawn objection keeps it immature for 24 hours.
    assert desk.one("Janet", "I do so", at(4, hours=1)).startswith("rejected: too early")
    assert desk.one("Janet", "I do so", at(5)).startswith("applied: Janet did it")


def test_agoran_consent_too_early() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with Agoran Consent, to award the badge", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    reason, rule = desk.refusal("Janet", "I do so", at(2))
    assert reason.startswith("too early: intent 1 was tabled on Mon 04 Mar 2024")
    assert rule == quotes.MATURE


def test_with_t_notice() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 days notice, to sweep the hall", at(0))
    reason, rule = desk.refusal("nix", "I do so", at(1, hours=23))
    assert reason == (
        "too early: intent 1 was tabled on Mon 04 Mar 2024 12:00:00 UTC with 2 days notice, "
        "so it can be performed from Wed 06 Mar 2024 12:00:00 UTC"
    )
    assert rule == quotes.WITH_NOTICE
    desk.do("Janet", "I support intent 1", at(1))
    reason, rule = desk.refusal("Janet", "I perform intent 1", at(3))
    assert reason.startswith("only the sponsor of intent 1 (nix) can perform it")
    assert rule == quotes.WITH_NOTICE
    # T notice needs no maturity: 2 days are enough, objections or not.
    desk.do("Kate", "I object to intent 1", at(1))
    assert desk.one("nix", "I sweep the hall with 2 days' notice", at(2)).startswith("applied")


def test_with_notice_defaults_to_four_days() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with notice, to mend the roof", at(0))
    assert desk.one("nix", "I do so", at(3, hours=23)).startswith("rejected: too early")
    assert desk.one("nix", "I do so", at(4)).startswith("applied")


def test_the_speakers_objection_makes_an_intent_unripe_for_48_hours() -> None:
    desk = Desk.with_options(tabled_speaker="Kate")
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    desk.do("Kate", "I object to intent 1", at(2))
    reason, rule = desk.refusal("nix", "I do so", at(3, hours=23))
    assert reason == (
        "the Speaker (Kate) objected to intent 1 on Wed 06 Mar 2024 12:00:00 UTC, within the "
        "past 48 hours; it is not ripe before Fri 08 Mar 2024 12:00:00 UTC"
    )
    assert rule == quotes.RIPE
    assert desk.one("nix", "I do so", at(4)).startswith("applied")


def test_without_a_speaker_nobodys_objection_is_the_speakers() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))
    desk.do("Kate", "I object to intent 1", at(2))
    assert desk.one("nix", "I do so", at(2, hours=1)).startswith("applied")
