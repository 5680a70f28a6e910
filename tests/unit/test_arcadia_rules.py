"""The Arcadian Tournament, clause by clause: joining, the Map, claiming, Energy,
facilities, production at midnight, the Monument, and the conclusion."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from arcadia_table import START, context, make_game, quote_of, table

from referee.games.arcadia.actions import JoinTournament
from referee.games.arcadia.state import (
    LOCATIONS,
    LandUnit,
    adjacent,
    dump_state,
    load_state,
)
from referee.games.base import PlayerStatus, SourceText


def test_joining_gives_2_stone_and_2_lumber_and_no_energy_until_midnight() -> None:
    t = table()
    assert t.say("nix", "I join the Arcadian Tournament") == (
        "nix joined the tournament and was given 2 Stone and 2 Lumber; eir Energy is 0 until "
        "midnight"
    )
    player = t.state.players["nix"]
    assert player.currencies == {"Food": 0, "Stone": 2, "Lumber": 2}
    error = t.rejected("nix", "I become a participant in Arcadia")
    assert error.reason == "nix is already a player of this tournament"
    assert "freely consent to oversee or participate" in quote_of(error)
    assert t.rejected("Bob", "I join Arcadia").reason == "Bob is not a player of Agora"


def test_joining_energy_option() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    assert t.energy("nix") == 6


def test_leaving_returns_land_to_agora() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim the Land Unit at (3, 4)")
    assert t.say("nix", "I leave the Arcadian Tournament") == (
        "nix left the tournament; eir 1 Land Units became Public Land; eir 2 Stone and "
        "2 Lumber ceased to exist"
    )
    unit = t.state.land[(3, 4)]
    assert unit.owner is None and unit.land_type == "Black"
    assert t.rejected("nix", "I leave Arcadia").reason == "nix is not a player of this tournament"


def test_actions_before_the_start_are_refused() -> None:
    t = table()
    t.now = START - timedelta(hours=1)
    error = t.rejected("nix", "I join Arcadia")
    assert error.reason == "the tournament has not begun: it begins at 2026-12-01 12:00 UTC"


def test_the_map_has_one_unit_per_location_and_orthogonal_adjacency() -> None:
    state = make_game().initial_state()
    assert len(LOCATIONS) == 81 and set(state.land) == set(LOCATIONS)
    assert all(unit == LandUnit() for unit in state.land.values())
    assert all(unit.public for unit in state.land.values())
    assert adjacent((3, 4), (3, 5)) and adjacent((3, 4), (2, 4))
    assert not adjacent((3, 4), (4, 5)) and not adjacent((3, 4), (3, 4))
    assert not adjacent((3, 4), (3, 6))
    with pytest.raises(ValueError, match="not on the Map"):
        load_state({**dump_state(state), "land": {"10,1": dict.fromkeys(("type",), "Black")}})


def test_claim_cost_rises_and_resets_when_another_player_claims() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("Janet", "I join Arcadia")
    assert t.say("nix", "I claim the Land Unit at (3, 4)") == (
        "nix set the Land Type of (3, 4) to Black and transferred it to emself, for 1 Energy "
        "(5 left; claim 1 since another player's); the Alternating Land Type is now White"
    )
    assert t.say("nix", "I set the Land Type of (3,5) to White and transfer it to myself") == (
        "nix set the Land Type of (3, 5) to White and transferred it to emself, for 2 Energy "
        "(3 left; claim 2 since another player's); the Alternating Land Type is now Black"
    )
    t.say("nix", "I claim (3, 6)")
    assert t.energy("nix") == 0
    error = t.rejected("nix", "I claim (3, 7)")
    assert error.reason == (
        "claiming (3, 7) costs 4 Energy and nix has 0: it would set eir Energy below 0"
    )
    assert quote_of(error) == "Any actions that would set a player's Energy to be less than 0"
    t.say("Janet", "I claim (5, 5)")
    assert t.state.claims_since_another("nix") == 0
    assert t.state.claims_since_another("Janet") == 1
    t.next_day()
    assert t.say("nix", "I claim (3, 7)").endswith(
        "for 1 Energy (5 left; claim 1 since another player's); the Alternating Land Type is "
        "now White"
    )


def test_claims_need_aether_land_on_the_map_and_the_alternating_type() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("Janet", "I join Arcadia")
    t.say("nix", "I claim (1, 1)")
    error = t.rejected("Janet", "I claim the Land Unit at (1, 1)")
    assert error.reason == (
        "the Land Unit at (1, 1) is Black, not Aether (owner: nix); only Aether land can be claimed"
    )
    assert quote_of(error).startswith("Participants CAN set the Land Type of a Land Unit whose")
    error = t.rejected("Janet", "I set the Land Type of (2,2) to Black and transfer it to me")
    assert error.reason == (
        "a claim sets the Land Type to the Alternating Land Type, which is White, not Black"
    )
    error = t.rejected("Janet", "I claim (0, 10)")
    assert error.reason.startswith("there is no Land Unit at (0, 10)")
    assert quote_of(error).endswith("Both are integers between 1 and 9, inclusive.")
    error = t.rejected("snail", "I claim (2, 2)")
    assert error.reason.startswith("snail is not a player of this tournament")


def test_alternating_start_option() -> None:
    assert make_game().initial_state().alternating == "Black"
    assert make_game(alternating_land_type_start="white").initial_state().alternating == "White"
    with pytest.raises(KeyError, match="must be one of"):
        make_game(alternating_land_type_start="grey")


def test_each_facility_costs_its_currencies_and_2_energy() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    for unit in ("(1, 1)", "(1, 2)", "(1, 3)"):
        t.state.land[(1, int(unit[4]))].owner = "nix"
    assert t.say("nix", "I build a Farm on (1, 1)") == (
        "nix destroyed 1 Lumber and 1 Stone and built a Farm at (1, 1), for 2 Energy (4 left)"
    )
    t.give("nix", Lumber=1)
    assert t.say("nix", "I destroy 2 Lumber to build a Mine at (1,2)").startswith(
        "nix destroyed 2 Lumber and built a Mine at (1, 2)"
    )
    error = t.rejected("nix", "I build an Orchard in (1, 3)")
    assert error.reason == "an Orchard is built by destroying 2 Stone, and nix has 1 Stone"
    t.give("nix", Stone=1)
    error = t.rejected("nix", "I destroy 1 Lumber and 1 Stone to build an Orchard at (1,3)")
    assert error.reason == "an Orchard is built by destroying 2 Stone, not 1 Lumber and 1 Stone"
    assert quote_of(error).startswith("The owner of a Land Unit with a Facility value None CAN")
    t.say("nix", "I build an Orchard at (1, 3)")
    assert t.energy("nix") == 0
    assert [t.state.land[(1, n)].facility for n in (1, 2, 3)] == ["Farm", "Mine", "Orchard"]
    error = t.rejected("nix", "I build a Farm on (1, 1)")
    assert error.reason == "the Land Unit at (1, 1) already has a Farm"
    error = t.rejected("nix", "I build a Farm on (2, 1)")
    assert error.reason == "nix does not own the Land Unit at (2, 1) (its owner is Agora)"


def test_building_needs_2_energy_and_destroying_1() -> None:
    t = table(joining_energy=1)
    t.say("nix", "I join Arcadia")
    t.state.land[(4, 4)].owner = "nix"
    error = t.rejected("nix", "I build a Farm on (4, 4)")
    assert error.reason == (
        "building a Farm costs 2 Energy and nix has 1: it would set eir Energy below 0"
    )
    t.state.land[(4, 4)].facility = "Farm"
    error = t.rejected("nix", "I destroy the Mine at (4, 4)")
    assert error.reason == "the facility at (4, 4) is a Farm, not a Mine"
    assert t.say("nix", "I destroy the Farm at (4, 4)") == (
        "nix destroyed the Farm at (4, 4), for 1 Energy (0 left)"
    )
    error = t.rejected("nix", "I destroy the Facility at (4, 4)")
    assert error.reason == "the Land Unit at (4, 4) has no facility"
    assert quote_of(error).endswith("can set its Facility value to None by announcement.")


def test_food_into_energy() -> None:
    t = table()
    t.say("nix", "I join Arcadia")
    t.give("nix", Food=5)
    assert t.say("nix", "I destroy 3 Food to increase my Energy by 3") == (
        "nix destroyed 3 Food and increased eir Energy by 3 to 3"
    )
    error = t.rejected("nix", "I destroy 2 Food to increase my Energy by 4")
    assert error.reason == "destroying 2 Food increases Energy by 2, not 4"
    error = t.rejected("nix", "I destroy 3 Food for Energy")
    assert error.reason == "nix has 2 Food, not 3"
    assert quote_of(error) == (
        "Players CAN, by announcement, destroy N Food in order to increase eir Energy by N."
    )
    error = t.rejected("nix", "I destroy 2 Stone to increase my Energy")
    assert error.reason == "only Food increases Energy, not Stone"


def test_midnight_resets_energy_then_produces() -> None:
    t = table()
    t.say("nix", "I join Arcadia")
    t.state.land[(1, 1)] = LandUnit("Black", "Farm", "nix")
    t.state.land[(1, 2)] = LandUnit("White", "Mine", "nix")
    t.state.land[(1, 3)] = LandUnit("Black", "Orchard", "nix")
    t.state.land[(1, 4)] = LandUnit("Black", "Farm", None)  # Public Land produces nothing
    t.next_day()
    assert t.ticks == ["Midnight: Energy set to 6 for nix; nix gained 1 Food, 1 Stone, 1 Lumber"]
    t.next_day(2)
    assert t.state.players["nix"].currencies == {"Food": 3, "Stone": 5, "Lumber": 5}
    assert t.energy("nix") == 6


def test_a_midnight_that_changes_nothing_records_nothing() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.next_day(10)
    assert t.ticks == []


def test_an_action_at_midnight_exactly_comes_after_the_midnight() -> None:
    t = table()
    t.say("nix", "I join Arcadia")
    midnight = datetime(2026, 12, 2, tzinfo=UTC)
    t.at(midnight - timedelta(seconds=2))
    assert t.energy("nix") == 0
    t.at(midnight - timedelta(seconds=1))  # the next action is stamped 00:00:00
    t.advance(midnight)
    t.now = midnight - timedelta(seconds=1)
    t.state.land[(2, 2)].owner = "nix"
    t.say("nix", "I claim (2, 3)")
    assert t.energy("nix") == 5


def test_the_monument_wins_and_ends_the_tournament_with_the_option() -> None:
    t = table(joining_energy=6, monument_concludes=True)
    t.say("nix", "I join Arcadia")
    t.say("Janet", "I join Arcadia")
    t.state.land[(5, 5)] = LandUnit("Black", "Farm", "nix")
    t.give("nix", Food=19, Stone=18, Lumber=18)
    error = t.rejected("nix", "I build a Monument at (5,5)")
    assert error.reason == (
        "a Monument is built by destroying 20 Food and 20 Stone and 20 Lumber, and nix has "
        "19 Food and 20 Stone and 20 Lumber"
    )
    assert quote_of(error).startswith("Players CAN, by announcement, set the Facility")
    t.give("nix", Food=1)
    assert t.say(
        "nix", "I destroy 20 Food, 20 Stones and 20 Lumber to build a Monument at (5, 5)"
    ) == (
        "nix destroyed 20 Food and 20 Stone and 20 Lumber and built a Monument at (5, 5) in "
        "place of its Farm: e is the first to do so, wins the tournament, and the tournament "
        "concludes"
    )
    assert t.state.winner == "nix" and t.game.is_over(t.state)
    error = t.rejected("Janet", "I claim (1, 1)")
    assert error.reason.startswith("the tournament concluded at ")
    assert quote_of(error) == "The first player to do so wins the tournament."
    assert t.game.next_tick(t.state, t.now) is None


def test_the_tournament_concludes_after_3_months() -> None:
    t = table()
    t.say("nix", "I join Arcadia")
    t.at(datetime(2027, 3, 2, tzinfo=UTC))
    assert t.ticks[-1].endswith("it concludes with no winner")
    assert t.state.ended_at == datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
    assert t.game.next_tick(t.state, t.now) is None


def test_validate_never_changes_the_state_and_dump_load_are_inverse() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (2, 2)")
    t.state.land[(2, 2)].facility = "Mine"
    data = t.game.dump(t.state)
    assert t.game.dump(t.game.load(data)) == data
    loaded = t.game.load(data)
    loaded.players["nix"].currencies["Food"] = 99
    assert t.state.players["nix"].currencies["Food"] == 0


def test_a_quiet_season_of_90_days_replays_quickly() -> None:
    """Daily ticks are cheap: 90 midnights with production for four players."""
    game = make_game(joining_energy=6)
    state = game.initial_state()
    for n, name in enumerate(("Trigon", "nix", "Janet", "snail"), 1):
        game.perform(state, _join(), context(name, START + timedelta(minutes=n)))
        state.land[(n, n)] = LandUnit("Black", "Farm", name)
    began = time.perf_counter()
    clock, applied = START + timedelta(minutes=10), 0
    while (tick := game.next_tick(state, clock)) is not None and tick.at < START + timedelta(
        days=90
    ):
        if game.apply_tick(state, tick, context(None, tick.at)) is not None:
            applied += 1
        clock = tick.at
    assert applied == 90
    assert state.players["nix"].currencies["Food"] == 90
    assert time.perf_counter() - began < 1.0


def _join() -> JoinTournament:
    return JoinTournament(SourceText("I join Arcadia", 1, 0))


def test_the_picture_shows_the_map_with_both_axes_and_a_legend() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (2, 3)")
    t.state.land[(2, 3)].facility = "Orchard"
    lines = t.game.render(t.state).splitlines()
    assert "  Lat\\Long  1   2   3   4   5   6   7   8   9" in [f"  {line}" for line in lines]
    assert "      2  ..- ..- BOa ..- ..- ..- ..- ..- ..-" in [f"{line}" for line in lines] or any(
        line.endswith("2  ..- ..- BOa ..- ..- ..- ..- ..- ..-") for line in lines
    )
    assert "  Owner:     - Agora (Public Land), a nix" in lines
    assert "Alternating Land Type: White" in lines
    assert any(
        line.startswith("nix") and line.split()[1:] == ["0", "2", "2", "5", "1"] for line in lines
    )


def test_a_deregistered_player_leaves_and_an_inactive_one_stays() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (4, 4)")
    inactive = PlayerStatus("nix", active=False, first_class=True)
    assert t.game.player_status_changed(t.state, inactive, context(None, t.now)) is None
    gone = PlayerStatus("nix", active=False, first_class=True, registered=False)
    outcome = t.game.player_status_changed(t.state, gone, context(None, t.now))
    assert outcome is not None
    assert outcome.summary.startswith("nix left the tournament on being deregistered")
    assert t.state.land[(4, 4)].public
