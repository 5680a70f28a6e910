"""Rules review R6 (docs/rulings.md, R6-rules-review): edge times, assets, standing changes
and the ends of the games. Every case goes through the referee's real pipeline (mail into
the stored inbox on SQLite, processed, the answer and the stored state read back). The
cases marked "was wrong" fail on the code before the review.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from review_pipeline import Season
from support import COMMUNE_START, commune_game
from test_rules_review_4 import ARCADIA, ARCADIA_START, OKINAWA, OKINAWA_START


@pytest.fixture
def arcadia(tmp_path: Path) -> Iterator[Season]:
    season = Season(tmp_path, [ARCADIA], ARCADIA_START, offices={"lord-ruler": "Murphy"})
    season.send("nix", "I join the Arcadian Tournament.")
    season.send("Janet", "I join the Arcadian Tournament.")
    yield season
    season.close()


@pytest.fixture
def okinawa(tmp_path: Path) -> Iterator[Season]:
    season = Season(tmp_path, [OKINAWA], OKINAWA_START - timedelta(minutes=1))
    season.advance(timedelta(minutes=2))  # the award at the start of the week
    yield season
    season.close()


def _until(season: Season, instant: datetime) -> timedelta:
    return instant - season.clock.moment


# ------------------------------------------- R6-1: a standing change at a tick's instant


def test_r6_1_okinawa_inactive_at_the_weeks_first_second_is_still_awarded(
    okinawa: Season,
) -> None:
    # Was wrong: Kate's "I become inactive" stamped Monday 00:00:00 was told to Okinawa
    # before the week's award due at that same instant, so the award passed her by. P6:
    # every scheduled event due at or before a message's instant comes before its actions;
    # "At the beginning of each week, every active first-class player is awarded 3 Stones",
    # and at the beginning of the week Kate was active.
    monday = OKINAWA_START + timedelta(days=7)
    okinawa.send("Kate", "I become inactive.", after=_until(okinawa, monday))
    assert okinawa.state("Okinawa")["airborne"]["Kate"] == 6
    # One second into the week is after its beginning: the next award passes her by.
    okinawa.advance(timedelta(days=7))
    assert okinawa.state("Okinawa")["airborne"]["Kate"] == 6
    assert okinawa.state("Okinawa")["airborne"]["nix"] == 9


def test_r6_1_arcadia_deregistered_at_midnight_gets_the_midnights_food_first(
    arcadia: Season,
) -> None:
    # Was wrong: the midnight's production was applied after nix's deregistration at the same
    # instant, so eir Farm produced nothing for em and the Department got no Food. "Every
    # day at midnight, for each Farm each player owns, 1 Food is created in eir possession":
    # at midnight nix was a player; then eir currencies pass to the Lost and Found (R3-1).
    arcadia.send("nix", "I claim (1, 1). I build a Farm on (1, 1).")
    midnight = ARCADIA_START + timedelta(days=1)
    answer = arcadia.send("nix", "I deregister.", after=_until(arcadia, midnight))
    assert "APPLIED" in answer
    state = arcadia.state("Arcadia")
    assert state["lost_and_found"] == {"Food": 1, "Stone": 1, "Lumber": 1}
    assert "nix" not in state["players"]


def test_r6_1_commune_inactive_at_the_end_instant_still_wins(tmp_path: Path) -> None:
    # Was wrong: a participant who became inactive at the very instant the 3 months ran
    # out ceased to be a participant before the end, so "immediately before the tournament
    # ends" e was no longer "the participant with the greatest number of accolades".
    season = Season(tmp_path, [commune_game()], COMMUNE_START + timedelta(hours=1))
    season.send("nix", "I become a participant in Commune.")
    end = datetime(2023, 7, 19, tzinfo=UTC)
    season.send("nix", "I become inactive.", after=_until(season, end))
    assert season.state("Commune")["winners"] == ["nix"]
    season.close()


# ------------------------------------------------ R6-2: checked right, pinned

INTEND = "I intend, without 3 objections, to conclude the Arcadian Tournament with no winner"
OBJECT = "I object to the intent to conclude the Arcadian Tournament with no winner"
WITHDRAW = (
    "I withdraw my objection to the intent to conclude the Arcadian Tournament with no winner"
)
PERFORM = "I conclude the Arcadian Tournament with no winner without 3 objections"


def test_r6_2_a_sponsor_who_withdraws_an_objection_waits_24_hours_like_anyone(
    arcadia: Season,
) -> None:
    # Rule 2124: "Become an objector ..., unless e previously objected to it" does not
    # exclude the sponsor; "nobody withdrew objections from it in the past 24 hours" counts
    # a withdrawal earlier in the same message (the half-open window (now - 24h, now]).
    answer = arcadia.send("nix", f"{INTEND}. {OBJECT}.")
    assert "APPLIED: nix objected to intent 1" in answer
    answer = arcadia.send("nix", f"{WITHDRAW}. {PERFORM}.", after=timedelta(days=4))
    assert "APPLIED: nix withdrew eir objection to intent 1" in answer
    assert "REJECTED: too early: nix withdrew an objection to intent 1" in answer
    answer = arcadia.send("nix", PERFORM, after=timedelta(hours=24))
    assert "APPLIED: nix concluded the Arcadian Tournament with no winner" in answer


def test_r6_2_a_sponsor_cannot_support_and_the_window_closes_at_14_days(
    arcadia: Season,
) -> None:
    arcadia.send("nix", INTEND)
    answer = arcadia.send(
        "nix", "I support the intent to conclude the Arcadian Tournament with no winner"
    )
    assert "REJECTED: nix tabled intent 1, so e cannot support it" in answer
    arcadia.advance(timedelta(days=14) - timedelta(minutes=5, seconds=1))
    answer = arcadia.send("nix", PERFORM, after=timedelta(seconds=1))  # exactly 14 days
    assert "REJECTED" in answer
    assert arcadia.state("Arcadia")["ended_at"] is None


def test_r6_2_a_deregistration_mid_message_takes_effect_where_it_stands(arcadia: Season) -> None:
    # Rule 478: in the order they appear. After "I deregister" nix's currencies are the
    # Lost and Found's (R3-1): the transfer after it has nothing of eir own to give.
    answer = arcadia.send(
        "nix", "I transfer 1 Stone to Janet. I deregister. I give 1 Lumber to Janet."
    )
    assert "APPLIED: nix transferred 1 Stone to Janet" in answer
    assert "REJECTED: nix owns no currencies of this tournament" in answer
    state = arcadia.state("Arcadia")
    assert state["lost_and_found"] == {"Food": 0, "Stone": 1, "Lumber": 2}
    assert state["players"]["Janet"]["currencies"] == {"Food": 0, "Stone": 3, "Lumber": 2}


def test_r6_2_commune_the_weeks_first_second_is_a_new_week(tmp_path: Path) -> None:
    # Rule 1023: "Agoran weeks begin at midnight UTC on Monday"; the constructor used at
    # Sunday 23:59:59 may be used again one second later (Commune ruling 5, P6).
    season = Season(tmp_path, [commune_game()], COMMUNE_START + timedelta(hours=1))
    season.send("nix", "I become a participant in Commune.")
    sunday = datetime(2023, 4, 23, 23, 59, 59, tzinfo=UTC)
    left = "with my Left Token Constructor"
    answer = season.send("nix", f"I begin constructing a 7 {left}.", after=_until(season, sunday))
    assert "APPLIED: nix began constructing a 7" in answer
    answer = season.send(
        "nix",
        "With my left constructor, I grant myself the token it is constructing.",
        after=timedelta(seconds=1),
    )
    assert "APPLIED: nix granted emself a 7 from eir Left Token Constructor" in answer
    season.close()


# ------------------------------------------------ R6-3: after the end


def test_r6_3_commune_a_standing_change_after_the_end_changes_nothing(tmp_path: Path) -> None:
    # Rule 2464: once concluded, the regulations "cease to have any effect": ceasing on
    # deregistration and Clean-Up no longer apply.
    season = Season(tmp_path, [commune_game()], COMMUNE_START + timedelta(hours=1))
    season.send("nix", "I become a participant in Commune.")
    season.send("nix", "I begin constructing a 7 with my Left Token Constructor.")
    season.advance(_until(season, datetime(2023, 7, 19, 0, 0, 1, tzinfo=UTC)))
    before = season.state("Commune")
    assert before["winners"] == ["nix"]
    season.send("nix", "I deregister.")
    assert season.state("Commune") == before
    season.close()


def test_r6_3_arcadia_a_deregistration_after_the_conclusion_changes_nothing(
    arcadia: Season,
) -> None:
    arcadia.advance(_until(arcadia, datetime(2027, 3, 1, 0, 0, 1, tzinfo=UTC)))
    before = arcadia.state("Arcadia")
    assert before["ended_at"] is not None
    arcadia.send("nix", "I deregister.")
    assert arcadia.state("Arcadia") == before
