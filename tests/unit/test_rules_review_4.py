"""Rules review R4 (docs/rulings.md, R4-rules-review): the questions R3 left open, and a
fresh clause-by-clause look at Commune, Okinawa, Single-Capture Go and Arcadia. Every case
goes through the referee's real pipeline: mail into the stored inbox on SQLite, processed,
and the answer its author got and the stored state read back. The cases marked "was wrong"
fail on the code before the review.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from arcadia_table import table
from review_pipeline import Season
from support import COMMUNE_START, commune_game

ARCADIA_START = datetime(2026, 11, 30, tzinfo=UTC)  # a Monday
ARCADIA = {
    "name": "Arcadia",
    "kind": "arcadia",
    "ruleset": "draft",
    "start": ARCADIA_START.isoformat(),
    "officer": "lord-ruler",
    "publish": "draft",
    "options": {"joining_energy": 6},
}
OKINAWA_START = datetime(2023, 5, 1, tzinfo=UTC)  # a Monday: the first award is at the start
OKINAWA = {
    "name": "Okinawa",
    "kind": "okinawa",
    "ruleset": "igora",
    "start": OKINAWA_START.isoformat(),
    "officer": "sensei",
    "publish": "list",
}


@pytest.fixture
def arcadia(tmp_path: Path) -> Iterator[Season]:
    season = Season(tmp_path, [ARCADIA], ARCADIA_START, offices={"lord-ruler": "Murphy"})
    season.send("nix", "I join the Arcadian Tournament.")
    season.send("Janet", "I join the Arcadian Tournament.")
    yield season
    season.close()


def _holdings(season: Season, name: str) -> dict[str, int]:
    return dict(season.state("Arcadia")["players"][name]["currencies"])


# ---------------------------------------------------------------- R4-1: rule 2577 transfers


def test_r4_1_an_owner_transfers_arcadias_currencies_by_announcement(arcadia: Season) -> None:
    # Was wrong: "not understood". Rule 2577: "An asset generally CAN be transferred (syn.
    # given) by announcement by its owner to another entity"; Arcadia is silent, so they are
    # liquid.
    answer = arcadia.send("nix", "I transfer 1 Stone to Janet. I give Janet 1 Lumber and 1 Stone.")
    assert "APPLIED: nix transferred 1 Stone to Janet" in answer
    assert "APPLIED: nix transferred 1 Lumber and 1 Stone to Janet" in answer
    assert _holdings(arcadia, "nix") == {"Food": 0, "Stone": 0, "Lumber": 1}
    assert _holdings(arcadia, "Janet") == {"Food": 0, "Stone": 4, "Lumber": 3}
    # Energy is not spent: the text gives the transfer no cost.
    assert arcadia.state("Arcadia")["players"]["nix"]["energy"] == 6


def test_r4_1_what_cannot_be_transferred_is_refused_with_the_rule(arcadia: Season) -> None:
    cases = {
        "I give 5 Lumber to Janet": "nix has 2 Lumber, so e cannot transfer 5 Lumber",
        "I give 1 Lumber to myself": "a transfer is to another entity",
        "I give 1 Lumber to Bob": "Bob is not a player (the referee knows no such person)",
        # A player of Agora outside the tournament, and Agora, can own them: R5-1 (in
        # test_rules_review_5).
    }
    for text, reason in cases.items():
        answer = arcadia.send("nix", text)
        assert f"REJECTED: {reason}" in answer or reason in answer, (text, answer)
        assert "Rule 257" in answer
    assert _holdings(arcadia, "nix") == {"Food": 0, "Stone": 2, "Lumber": 2}
    # "Attempts to transfer no assets are successful."
    answer = arcadia.send("nix", "I transfer 0 Food to Janet")
    assert "APPLIED: nix transferred no assets to Janet" in answer


def test_r4_1_a_deregistered_person_cannot_receive_them(arcadia: Season) -> None:
    # Rule 2576: Arcadia is silent, so its assets "can be owned by Agora, players, and
    # contracts"; a deregistered person is none of these.
    arcadia.send("Janet", "I deregister.")
    answer = arcadia.send("nix", "I transfer 1 Stone to Janet")
    assert "REJECTED: Janet is not a player, and Arcadia's assets can be owned" in answer
    assert "Rule 2576" in answer


def test_r4_1_a_land_unit_is_transferred_and_given_to_agora_becomes_public(
    arcadia: Season,
) -> None:
    arcadia.send("nix", "I claim (1, 1). I build a Farm on (1, 1).")
    answer = arcadia.send(
        "nix", "I transfer the Land Unit at (1, 1) to Janet. I transfer (1,1) to Agora"
    )
    assert "APPLIED: nix transferred the Land Unit at (1, 1) to Janet" in answer
    assert "REJECTED: nix does not own the Land Unit at (1, 1) (its owner is Janet)" in answer
    assert arcadia.state("Arcadia")["land"]["1,1"]["owner"] == "Janet"
    # The Farm now produces for its new owner ("for each Farm each player owns").
    arcadia.advance(timedelta(days=1))
    assert _holdings(arcadia, "Janet")["Food"] == 1
    answer = arcadia.send("Janet", "I transfer (1, 1) to Agora")
    assert "transferred the Land Unit at (1, 1) to Agora (it is now Public Land)" in answer
    assert arcadia.state("Arcadia")["land"]["1,1"]["owner"] is None


def test_r4_1_a_plain_destruction_is_still_told(arcadia: Season) -> None:
    # "I destroy 3 Food" is a near miss of "destroy N Food in order to increase eir Energy
    # by N": told, never performed (R4-1).
    answer = arcadia.send("nix", "I destroy 2 Lumber")
    assert "Not understood" in answer
    assert _holdings(arcadia, "nix")["Lumber"] == 2


# ---------------------------------------------------------------- Arcadia, afresh


def test_arcadia_leaving_and_joining_again_in_one_message(arcadia: Season) -> None:
    # Rule 478: in the order written. Leaving destroys eir currencies and frees eir land (A3);
    # joining again is joining: "Players, upon joining this tournament, are given 2 Stone and
    # 2 [Lumber]", and eir Energy is the joining value until midnight.
    arcadia.send("nix", "I claim (2, 2). I destroy 1 Lumber and 1 Stone to build a Farm at (2,2).")
    answer = arcadia.send("nix", "I leave the Arcadian Tournament. I join the Arcadian Tournament.")
    assert "nix left the tournament; eir 1 Land Units became Public Land" in answer
    assert "nix joined the tournament and was given 2 Stone and 2 Lumber" in answer
    state = arcadia.state("Arcadia")
    assert state["players"]["nix"]["currencies"] == {"Food": 0, "Stone": 2, "Lumber": 2}
    assert state["players"]["nix"]["energy"] == 6
    # The Land Unit keeps its Land Type and Farm but is Agora's; it is not Aether, so it
    # cannot be claimed again, and Agora, not a player, gets nothing from its Farm.
    assert state["land"]["2,2"] == {"type": "Black", "facility": "Farm", "owner": None}
    answer = arcadia.send("nix", "I claim (2, 2).")
    assert "REJECTED: the Land Unit at (2, 2) is Black, not Aether (owner: Agora)" in answer


def test_arcadia_a_claim_counts_from_the_last_claim_of_another_player(arcadia: Season) -> None:
    # "one more than the amount of times this action has been performed by the player in
    # question since another player has performed this action": nix, Janet, nix costs 1, 1, 1.
    arcadia.send("nix", "I claim (1, 1).")
    arcadia.send("Janet", "I claim (9, 9).")
    answer = arcadia.send("nix", "I claim (1, 2). I claim (1, 3).")
    assert "for 1 Energy (4 left; claim 1 since another player's)" in answer
    assert "for 2 Energy (2 left; claim 2 since another player's)" in answer


# ---------------------------------------------------------------- Okinawa, afresh


@pytest.fixture
def okinawa(tmp_path: Path) -> Iterator[Season]:
    season = Season(tmp_path, [OKINAWA], OKINAWA_START - timedelta(minutes=1))
    season.advance(timedelta(minutes=2))  # the award at the start of the week
    yield season
    season.close()


def test_okinawa_a_deregistered_person_plays_but_is_awarded_nothing(okinawa: Season) -> None:
    # "A person CAN, by announcement, Play any Stone that e owns": a deregistered person is
    # still a person who owns Stones (R3-5); "every active first-class player is awarded 3
    # Stones" passes em by.
    okinawa.send("Murphy", "I deregister.")
    answer = okinawa.send("Murphy", "I play a Stone at (0, 0).")
    assert "APPLIED: Murphy played an airborne Stone on (0, 0) (2 airborne left)" in answer
    okinawa.send("Kate", "I become inactive.")
    okinawa.advance(timedelta(days=7))
    state = okinawa.state("Okinawa")
    assert state["airborne"]["Murphy"] == 2
    assert state["airborne"]["Kate"] == 3
    assert state["airborne"]["nix"] == 6


def test_okinawa_the_second_play_of_a_message_captures(okinawa: Season) -> None:
    # Rule 478: actions "are performed in the order they appear"; the second play brings nix's
    # corner Stone into jeopardy without changing its chain, so it is captured at once.
    okinawa.send("nix", "I play a Stone at (4, 4).")
    answer = okinawa.send("Janet", "I play a Stone at (3, 4). I play a Stone at (4, 3).")
    assert "APPLIED: Janet played an airborne Stone on (+3, +4)" in answer
    assert "captured, the chain of nix's 1 Stone at (+4, +4)" in answer
    grid = okinawa.state("Okinawa")["grid"]
    assert grid == [[3, 4, "Janet"], [4, 3, "Janet"]]


def test_okinawa_a_stone_played_into_jeopardy_is_not_captured_and_bans_its_owner(
    okinawa: Season,
) -> None:
    # The automatic capture needs a chain "not in jeopardy" that comes into it; a Stone
    # played onto a Plot with no free neighbour forms a chain that never was out of
    # jeopardy. Its owner then "CANNOT place a Stone on a Plot" until it is captured.
    okinawa.send("Janet", "I play a Stone at (3, 4). I play a Stone at (4, 3).")
    answer = okinawa.send("nix", "I play a Stone at (4, 4). I play a Stone at (0, 0).")
    assert "APPLIED: nix played an airborne Stone on (+4, +4)" in answer
    assert "REJECTED" in answer.split("(0, 0)")[1]
    assert [4, 4, "nix"] in okinawa.state("Okinawa")["grid"]


# ---------------------------------------------------------------- Commune, afresh


@pytest.fixture
def commune(tmp_path: Path) -> Iterator[Season]:
    season = Season(tmp_path, [commune_game()], COMMUNE_START + timedelta(hours=1))
    season.send("nix", "I become a participant in Commune.")
    yield season
    season.close()


def test_commune_one_use_of_a_constructor_a_week_even_in_one_message(commune: Season) -> None:
    # "For each of eir Token Constructors, players CAN once a week do one of the following":
    # beginning and granting are each one use.
    answer = commune.send(
        "nix",
        "I begin constructing a 7 with my Left Token Constructor. "
        "With my left constructor, I grant myself the token it is constructing.",
    )
    assert "APPLIED: nix began constructing a 7" in answer
    assert "REJECTED: nix already used eir Left Token Constructor this week" in answer


def test_commune_ceasing_and_joining_again_keeps_the_weeks_uses(commune: Season) -> None:
    # Ceasing destroys eir assets; the constructors of the new participant construct
    # nothing; the week's use is still spent (Commune 5).
    commune.send("nix", "I begin constructing a 7 with my Left Token Constructor.")
    commune.send("nix", "I cease to be a participant. I become a participant in Commune.")
    state = commune.state("Commune")
    assert state["participants"]["nix"]["constructors"]["left"] is None
    answer = commune.send("nix", "I begin constructing a 3 with my Left Token Constructor.")
    assert "REJECTED: nix already used eir Left Token Constructor this week" in answer
    commune.advance(timedelta(days=5))  # Monday 24 April 2023
    answer = commune.send("nix", "I begin constructing a 3 with my Left Token Constructor.")
    assert "APPLIED: nix began constructing a 3" in answer


def test_commune_a_participant_who_deregisters_ceases_and_cannot_join(commune: Season) -> None:
    answer = commune.send("Janet", "I become a participant in Commune. I deregister.")
    assert "APPLIED: Janet became a participant" in answer
    assert "Janet" not in commune.state("Commune")["participants"]
    answer = commune.send("Janet", "I become a participant in Commune.")
    assert "REJECTED: Janet is not a player of Agora, so cannot become a participant" in answer


def test_commune_an_inactive_player_joins_and_gains_nothing(commune: Season) -> None:
    # "Any player CAN become a participant" (Commune 15); Clean-Up destroys any asset that
    # would belong to "a deactivated player".
    commune.send("Kate", "I become inactive.")
    answer = commune.send("Kate", "I become a participant in Commune.")
    assert "Kate became a participant (inactive: Clean-Up destroys any asset e would get)" in (
        answer
    )


# ---------------------------------------------------------------- R4-3: rule 2566's conclusion

INTEND = "I intend, without 3 objections, to conclude the Arcadian Tournament with no winner"
OBJECT = "I object to the intent to conclude the Arcadian Tournament with no winner"
PERFORM = "I conclude the Arcadian Tournament with no winner without 3 objections"


def test_r4_3_the_tournament_is_concluded_with_no_winner_without_3_objections(
    arcadia: Season,
) -> None:
    # Was wrong: not read at all. Rule 2566: "A free tournament CAN be concluded with no
    # winner without 3 objections"; rule 2124: the sponsor of "a mature ripe intent with less
    # than N objectors" performs it.
    answer = arcadia.send("nix", INTEND)
    assert "APPLIED: nix tabled intent 1: to conclude the Arcadian Tournament with no winner" in (
        answer
    )
    arcadia.send("Janet", OBJECT)
    answer = arcadia.send("nix", PERFORM)
    assert "REJECTED: too early" in answer  # mature 4 days after tabling
    answer = arcadia.send("nix", PERFORM, after=timedelta(days=4))
    assert "APPLIED: nix concluded the Arcadian Tournament with no winner before its 3 months" in (
        answer
    )
    state = arcadia.state("Arcadia")
    assert state["ended_at"] is not None and state["winner"] is None
    assert state["no_winner_by"] == "nix"
    answer = arcadia.send("Janet", "I claim (1, 1).")
    assert "REJECTED: the tournament concluded at" in answer
    assert "with no winner (nix concluded it without 3 objections)" in answer


def test_r4_3_three_objections_stop_it(arcadia: Season) -> None:
    arcadia.send("nix", INTEND)
    for objector in ("Janet", "Kate", "Murphy"):
        arcadia.send(objector, OBJECT)
    answer = arcadia.send("nix", PERFORM, after=timedelta(days=4))
    assert "REJECTED" in answer and "3 objectors" in answer
    assert arcadia.state("Arcadia")["ended_at"] is None
    # A withdrawn objection leaves 2, but the intent is not mature for 24 hours after it.
    arcadia.send("Kate", OBJECT.replace("I object to", "I withdraw my objection to"))
    answer = arcadia.send("nix", PERFORM)
    assert "REJECTED" in answer
    answer = arcadia.send("nix", PERFORM, after=timedelta(days=1))
    assert "APPLIED: nix concluded the Arcadian Tournament with no winner" in answer


def test_r4_3_the_method_must_be_the_rules(arcadia: Season) -> None:
    # Rule 1728: the intent specifies "the method (including non-default parameter values)";
    # "without objection" is N = 1, not rule 2566's 3.
    answer = arcadia.send(
        "nix", "I intend, without objection, to conclude the Arcadian Tournament with no winner"
    )
    assert "REJECTED" in answer
    assert "Rule 2566" in answer


# ---------------------------------------------------------------- R4-2: the Lost and Found


def test_r4_2_the_lost_and_found_departments_assets_go_without_objection(
    arcadia: Season,
) -> None:
    # Was wrong: not read. Rule 2576: "Assets owned by the Lost and Found Department can be
    # transferred or destroyed by any player without objection."
    arcadia.send("Janet", "I deregister.")  # eir 2 Stone and 2 Lumber go to the Department
    assert arcadia.state("Arcadia")["lost_and_found"] == {"Food": 0, "Stone": 2, "Lumber": 2}
    answer = arcadia.send(
        "nix",
        "I intend, without objection, to transfer 2 Stone from the Lost and Found Department "
        "to me. I intend, without objection, to destroy 1 Lumber owned by the Lost and Found "
        "Department.",
    )
    assert "APPLIED: nix tabled intent 1: to transfer 2 Stone owned by the Lost and Found" in (
        answer
    )
    assert "APPLIED: nix tabled intent 2: to destroy 1 Lumber" in answer
    arcadia.send(
        "Kate", "I object to the intent to destroy 1 Lumber owned by the Lost and Found Department"
    )
    answer = arcadia.send(
        "nix",
        "I transfer 2 Stone from the Lost and Found Department to me without objection. "
        "I destroy 1 Lumber owned by the Lost and Found Department without objection.",
        after=timedelta(days=4),
    )
    assert "APPLIED: nix transferred 2 Stone from the Lost and Found Department to nix" in answer
    assert "REJECTED" in answer  # Kate objected to the destruction
    state = arcadia.state("Arcadia")
    assert state["lost_and_found"] == {"Food": 0, "Stone": 0, "Lumber": 2}
    assert state["players"]["nix"]["currencies"]["Stone"] == 4


def test_r4_2_only_a_player_and_only_what_the_department_owns(arcadia: Season) -> None:
    arcadia.send("Janet", "I deregister.")
    answer = arcadia.send(
        "Janet", "I intend, without objection, to destroy 1 Lumber of the Lost and Found"
    )
    assert "REJECTED: Janet is not a player: only a player can do this" in answer
    arcadia.send(
        "nix", "I intend, without objection, to transfer 5 Stone from the Lost and Found to nix"
    )
    answer = arcadia.send(
        "nix",
        "I transfer 5 Stone from the Lost and Found to nix without objection",
        after=timedelta(days=4),
    )
    assert "REJECTED: the Lost and Found Department owns 2 Stone, not 5 Stone" in answer


def test_r4_3_a_monuments_winner_stays_when_the_tournament_is_concluded_with_no_winner() -> None:
    # Rule 2464: "Each time that one or more winners of a tournament are determined before it
    # concludes, that person or those persons win the game" (R2-3); the later conclusion
    # names no winner and takes nothing back. (The game itself, for the 20 of each currency.)
    t = table(joining_energy=6)
    t.say("nix", "I join the Arcadian Tournament")
    t.say("nix", "I claim (1, 1)")
    t.give("nix", Food=20, Stone=20, Lumber=20)
    assert "wins the tournament" in t.say("nix", "I build a Monument at (1, 1)")
    t.say("Janet", INTEND)
    t.now += timedelta(days=4)
    summary = t.say("Janet", PERFORM)
    assert summary.startswith(
        "Janet concluded the Arcadian Tournament with no winner before its 3 months (rule "
        "2566, without 3 objections); nix, who built the first Monument, has won already"
    )
    assert t.state.winner == "nix" and t.state.over
    assert t.game.load(t.game.dump(t.state)).no_winner_by == "Janet"
    assert "Janet concluded the tournament with no winner" in t.game.render(t.state)
