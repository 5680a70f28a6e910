"""Rules review R5 (docs/rulings.md, R5-rules-review): the questions R4 left open (Arcadia's
assets outside the tournament, Okinawa's Stones destroyed by their owner, the open intents
in the Arcadia report) and a fresh look at time limits, coinciding events and assets. Every
case goes through the referee's real pipeline (mail into the stored inbox on SQLite,
processed, the answer and the stored state read back). The cases marked "was wrong" fail on
the code before the review.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from review_pipeline import Season
from support import outbox_rows, plain_body
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


def _holdings(season: Season, name: str) -> dict[str, int]:
    return dict(season.state("Arcadia")["players"][name]["currencies"])


# ------------------------------------------------ R5-1: owners outside the tournament


def test_r5_1_currencies_go_to_a_player_outside_the_tournament_and_to_agora(
    arcadia: Season,
) -> None:
    # Was wrong: refused "an officer records it by a correction". Rule 2576: Arcadia is
    # silent, so its assets "can be owned by Agora, players, and contracts".
    answer = arcadia.send("nix", "I give 1 Lumber to Murphy. I transfer 1 Stone to Agora.")
    assert "APPLIED: nix transferred 1 Lumber to Murphy (not a player of this tournament)" in (
        answer
    )
    assert "APPLIED: nix transferred 1 Stone to Agora" in answer
    state = arcadia.state("Arcadia")
    assert state["others"] == {
        "Agora": {"Food": 0, "Stone": 1, "Lumber": 0},
        "Murphy": {"Food": 0, "Stone": 0, "Lumber": 1},
    }
    assert _holdings(arcadia, "nix") == {"Food": 0, "Stone": 1, "Lumber": 1}
    # Rule 2577: its owner (Murphy now) can give it on; e cannot give what e does not hold.
    answer = arcadia.send("Murphy", "I give 2 Lumber to Janet. I give 1 Lumber to Janet.")
    assert "REJECTED: Murphy has 1 Lumber, so e cannot transfer 2 Lumber" in answer
    assert "APPLIED: Murphy transferred 1 Lumber to Janet" in answer
    state = arcadia.state("Arcadia")
    assert "Murphy" not in state["others"]  # an empty purse is not kept
    assert _holdings(arcadia, "Janet")["Lumber"] == 3
    answer = arcadia.send("Kate", "I give 1 Lumber to Janet")
    assert "REJECTED: Kate owns no currencies of this tournament" in answer


def test_r5_1_what_an_outsider_holds_stays_eirs_on_joining(arcadia: Season) -> None:
    arcadia.send("nix", "I give 2 Lumber to Murphy")
    answer = arcadia.send("Murphy", "I join the Arcadian Tournament")
    assert "Murphy joined the tournament and was given 2 Stone and 2 Lumber (e already had 2" in (
        answer
    )
    assert _holdings(arcadia, "Murphy") == {"Food": 0, "Stone": 2, "Lumber": 4}
    assert "others" not in arcadia.state("Arcadia")


def test_r5_1_a_land_unit_goes_to_a_player_outside_and_back_to_agora_on_deregistration(
    arcadia: Season,
) -> None:
    arcadia.send("nix", "I claim (1, 1). I build a Farm on (1, 1).")
    answer = arcadia.send("nix", "I transfer the Land Unit at (1, 1) to Murphy")
    assert "APPLIED: nix transferred the Land Unit at (1, 1) to Murphy" in answer
    assert arcadia.state("Arcadia")["land"]["1,1"]["owner"] == "Murphy"
    # "for each Farm each player owns": the tournament's players (R5-1); Murphy is not one.
    arcadia.advance(timedelta(days=1))
    assert "others" not in arcadia.state("Arcadia")
    arcadia.send("nix", "I give 1 Stone to Murphy")
    arcadia.send("Murphy", "I deregister.")
    state = arcadia.state("Arcadia")
    assert state["land"]["1,1"]["owner"] is None
    assert state["lost_and_found"] == {"Food": 0, "Stone": 1, "Lumber": 0}
    assert "others" not in state


def test_r5_1_the_lost_and_found_gives_to_agora_and_to_a_player_outside(
    arcadia: Season,
) -> None:
    # Was wrong: refused "is not a player of this tournament". "Assets owned by the Lost and
    # Found Department can be transferred ... by any player without objection", to any
    # entity that can own them (rule 2576).
    arcadia.send("Janet", "I deregister.")  # eir 2 Stone and 2 Lumber go to the Department
    answer = arcadia.send(
        "nix",
        "I intend, without objection, to transfer 1 Stone from the Lost and Found Department "
        "to Murphy. I intend, without objection, to transfer 1 Lumber from the Lost and Found "
        "Department to Agora.",
    )
    assert "APPLIED: nix tabled intent 1: to transfer 1 Stone owned by the Lost and Found" in (
        answer
    )
    assert "APPLIED: nix tabled intent 2" in answer
    answer = arcadia.send(
        "nix",
        "I transfer 1 Stone from the Lost and Found Department to Murphy without objection. "
        "I transfer 1 Lumber from the Lost and Found Department to Agora without objection.",
        after=timedelta(days=4),
    )
    assert "APPLIED: nix transferred 1 Stone from the Lost and Found Department to Murphy" in (
        answer
    )
    assert "APPLIED: nix transferred 1 Lumber from the Lost and Found Department to Agora" in (
        answer
    )
    state = arcadia.state("Arcadia")
    assert state["lost_and_found"] == {"Food": 0, "Stone": 1, "Lumber": 1}
    assert state["others"]["Murphy"]["Stone"] == 1
    assert state["others"]["Agora"]["Lumber"] == 1
    # Someone who is no player cannot own them.
    answer = arcadia.send(
        "nix",
        "I intend, without objection, to transfer 1 Stone from the Lost and Found Department "
        "to Janet.",
    )
    assert "REJECTED: Janet is not a player, and Arcadia's assets can be owned" in answer


# ------------------------------------------------ R5-3: the report lists open intents


def test_r5_3_the_weekly_report_lists_the_open_intents(arcadia: Season) -> None:
    # Was wrong: the gamemaster's report did not show the intents awaiting objections, so
    # the players could not see from it what is about to be performed (rule 2124).
    arcadia.send(
        "nix", "I intend, without 3 objections, to conclude the Arcadian Tournament with no winner"
    )
    arcadia.send(
        "Janet", "I object to the intent to conclude the Arcadian Tournament with no winner"
    )
    arcadia.advance(timedelta(days=7))  # past Monday 7 Dec: the week's report is drafted
    reports = [r for r in outbox_rows(arcadia.app) if r.kind == "notice:arcadia/report"]
    assert len(reports) == 1
    body = plain_body(reports[0].raw)
    assert "OPEN INTENTS (rules 1728 and 2124)" in body
    assert "Intent 1: nix intends to conclude the Arcadian Tournament with no winner," in body
    assert "Without 3 Objections" in body
    assert "Objectors:  Janet (" in body


# ------------------------------------------------ R5-2: Okinawa's Stones destroyed by their owner


def test_r5_2_an_owner_destroys_eir_airborne_stones(okinawa: Season) -> None:
    # Was wrong: not read. Rule 2577: "An asset generally CAN be destroyed by its owner by
    # announcement, subject to modification by its backing document"; Okinawa makes Stones
    # fixed (not transferable), never indestructible.
    answer = okinawa.send("nix", "I destroy 2 airborne Stones")
    assert "APPLIED: nix destroyed 2 airborne Stones (rule 2577; 1 airborne left)" in answer
    answer = okinawa.send("nix", "I destroy two airborne Stones. I destroy one airborne Stone.")
    assert "REJECTED: nix owns 1 airborne Stone, so e cannot destroy 2" in answer
    assert "APPLIED: nix destroyed 1 airborne Stone (rule 2577; 0 airborne left)" in answer
    assert okinawa.state("Okinawa")["airborne"]["nix"] == 0
    answer = okinawa.send("nix", "I destroy 0 airborne Stones")
    assert "APPLIED: nix destroyed no Stones" in answer
    # A bare "Stones" could be Arcadia's Stone: told, never performed.
    answer = okinawa.send("Janet", "I destroy 2 Stones")
    assert "APPLIED" not in answer
    assert okinawa.state("Okinawa")["airborne"]["Janet"] == 3


def test_r5_2_an_owner_destroys_eir_stone_on_a_plot_even_when_in_jeopardy(
    okinawa: Season,
) -> None:
    # nix's corner Stone is in jeopardy from the start, so e "CANNOT place a Stone"; e can
    # still destroy it (destroying is not placing), which frees the Plot and lifts the ban.
    # Only a play brings a chain into jeopardy, so a destruction captures nothing.
    okinawa.send("Janet", "I play a Stone at (3, 4). I play a Stone at (4, 3).")
    okinawa.send("nix", "I play a Stone at (4, 4).")
    answer = okinawa.send(
        "nix", "I destroy Janet's Stone at (3, 4). I destroy the Stone at (3, 4)."
    )
    assert "REJECTED: nix owns no Stone on (+3, +4) (there is Janet's Stone)" in answer
    answer = okinawa.send("nix", "I destroy my Stone at (4, 4). I play a Stone at (0, 0).")
    assert "APPLIED: nix destroyed eir Stone on (+4, +4) (rule 2577)" in answer
    assert "APPLIED: nix played an airborne Stone on (0, 0)" in answer
    assert okinawa.state("Okinawa")["grid"] == [[0, 0, "nix"], [3, 4, "Janet"], [4, 3, "Janet"]]


# ------------------------------------------------ fresh: coinciding events, boundaries


def test_r5_4_the_last_midnight_and_the_conclusion_coincide(arcadia: Season) -> None:
    # Begun Mon 30 Nov 2026 00:00 UTC: "3 months after its initiation" is 1 Mar 2027 00:00
    # (rule 1023: no 30 Feb, so the 1st of the next month: R2-2), which is also a midnight.
    # Both happen at that instant, the midnight first (R5-4); a message stamped 00:00:00 is
    # after both (P6), so it finds the tournament concluded.
    last_minute = datetime(2027, 2, 28, 23, 59, tzinfo=UTC)
    arcadia.advance(last_minute - timedelta(minutes=1) - arcadia.clock.moment)
    answer = arcadia.send("nix", "I claim (1, 1)", after=timedelta(minutes=1))
    assert "for 1 Energy (5 left" in answer
    answer = arcadia.send("nix", "I give 1 Stone to Janet", after=timedelta(minutes=1))
    assert "REJECTED: the tournament concluded at 2027-03-01 00:00 UTC (3 months passed)" in (
        answer
    )
    # The midnight at the conclusion's instant was applied: Energy 6 again.
    assert arcadia.state("Arcadia")["players"]["nix"]["energy"] == 6
    _, summary = arcadia.summaries("Arcadia")[-2]
    assert summary.startswith("Midnight: Energy set to 6 for nix")
    assert "3 months have passed since the tournament began: it concludes" in summary


def test_r5_6_the_lost_and_founds_recipient_must_still_be_a_player_when_performed(
    arcadia: Season,
) -> None:
    arcadia.send("Janet", "I deregister.")
    arcadia.send(
        "nix",
        "I intend, without objection, to transfer 1 Stone from the Lost and Found Department "
        "to Murphy.",
    )
    arcadia.send("Murphy", "I deregister.")
    answer = arcadia.send(
        "nix",
        "I transfer 1 Stone from the Lost and Found Department to Murphy without objection.",
        after=timedelta(days=4),
    )
    assert "REJECTED: Murphy is not a player, and Arcadia's assets can be owned" in answer
    assert arcadia.state("Arcadia")["lost_and_found"]["Stone"] == 2
