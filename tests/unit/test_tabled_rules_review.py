"""Rules review R1 (docs/rulings.md, R1-rules-review-go-okinawa-tabled): rule 2124's
windows and counts at their boundaries, each checked against the text and found as
written."""

from __future__ import annotations

from datetime import timedelta

from test_tabled_support import Desk, at

from referee.games.tabled import quotes

MICROSECOND = timedelta(microseconds=1)


def supported_paint(desk: Desk) -> None:
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Murphy", "I support intent 1", at(1))


def test_ripe_until_the_last_instant_before_fourteen_days() -> None:
    desk = Desk()
    supported_paint(desk)
    assert desk.one("nix", "I perform intent 1", at(14) - MICROSECOND).startswith("applied")
    desk = Desk()
    supported_paint(desk)
    reason, rule = desk.refusal("nix", "I perform intent 1", at(14))
    assert reason.startswith("intent 1 expired on Mon 18 Mar 2024 12:00:00 UTC")
    assert rule == quotes.RIPE


def test_with_2_support_the_sponsor_and_one_supporter_are_not_enough() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(0))
    reason, rule = desk.refusal("nix", "I perform intent 1", at(0, 1))
    assert reason == "intent 1 has 1 supporter (Janet); it needs at least 2"
    assert rule == quotes.WITH_SUPPORT


def test_the_sponsors_own_objection_counts_and_a_withdrawal_24_hours_ago_no_longer_blocks() -> None:
    desk = Desk()
    desk.do("nix", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("nix", "I object to intent 1", at(0))  # "unless e previously objected": e may
    desk.do("Janet", "I object to intent 1", at(0))
    reason, _ = desk.refusal("nix", "I perform intent 1", at(4))
    assert reason.startswith("intent 1 has 2 objectors (nix and Janet)")
    desk.do("Janet", "I withdraw my objection to intent 1", at(3))
    _, rule = desk.refusal("nix", "I perform intent 1", at(4) - MICROSECOND)
    assert rule == quotes.MATURE
    assert desk.one("nix", "I perform intent 1", at(4)) == (
        "applied: nix did it: ratify the report (intent 1, Without 2 Objections; "
        "supporters: none; objectors: nix)"
    )


def test_with_t_notice_from_exactly_t_after_tabling() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 days notice, to sweep the hall", at(0))
    _, rule = desk.refusal("nix", "I perform intent 1", at(2) - MICROSECOND)
    assert rule == quotes.WITH_NOTICE
    assert desk.one("nix", "I perform intent 1", at(2)).startswith("applied")


def test_agoran_consent_needs_strictly_more_than_n_times_the_objectors() -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 1.5 Agoran Consent, to rename the street", at(0))
    for person in ("Janet", "Murphy", "Kate"):
        desk.do(person, "I support intent 1", at(0))
    for person in ("snail", "Aspen"):
        desk.do(person, "I object to intent 1", at(0))
    reason, rule = desk.refusal("Janet", "I perform intent 1", at(4))
    assert reason == (
        "intent 1 has 3 supporters and 2 objectors; Agoran Consent needs more than 1.5 times "
        "as many supporters as objectors"
    )
    assert rule == quotes.WITH_CONSENT
    # A supporter may also object: nothing in rule 2124 makes the two exclusive.
    assert desk.one("Janet", "I object to intent 1", at(4)).endswith(
        "supporters now: Janet, Murphy, Kate; objectors now: snail, Aspen, Janet"
    )
