"""Okinawa clause by clause: awards and the cap, playing, chains by alliance, jeopardy,
the placement ban, captures by announcement and automatic, and Shouri."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_okinawa_support import (
    PLAYERS,
    START,
    Table,
    at,
    board,
    context,
    make_game,
    partition,
)

from referee.games.base import GameSetup, Outcome, PlayerStatus
from referee.games.kit.quotes import Passage
from referee.games.okinawa import OkinawaGame, quotes
from referee.games.okinawa.board import chain_at, chains, neighbours, plot_name
from referee.games.okinawa.partition import alliance_function
from referee.games.okinawa.rulesets import ruleset
from referee.games.okinawa.state import OkinawaState, dump_state, load_state

MONDAY = datetime(2023, 5, 1, tzinfo=UTC)


def _cite(passage: Passage) -> str:
    return quotes.words(passage)


# ------------------------------------------------------------------ awards and the cap


def _award(
    game: OkinawaGame, state: OkinawaState, players: dict[str, PlayerStatus] | None = None
) -> Outcome | None:
    tick = game.next_tick(state, START)
    assert tick is not None
    return game.apply_tick(state, tick, context(None, tick.at, players=players))


def test_the_award_falls_at_each_monday_midnight_and_is_never_skipped() -> None:
    game = make_game()
    state = OkinawaState()
    tick = game.next_tick(state, START)
    assert tick is not None and tick.at == MONDAY
    # Owed even if the game's clock already stands at that instant (the weekly map is
    # drafted at the same boundary, first).
    again = game.next_tick(state, MONDAY)
    assert again is not None and again.at == MONDAY
    game.apply_tick(state, tick, context(None, MONDAY))
    assert game.apply_tick(state, tick, context(None, MONDAY)) is None  # not twice
    later = game.next_tick(state, MONDAY)
    assert later is not None and later.at == datetime(2023, 5, 8, tzinfo=UTC)


def test_a_game_that_starts_as_a_week_begins_awards_at_its_start() -> None:
    game = OkinawaGame(GameSetup("Okinawa", ruleset(), MONDAY, "sensei"))
    tick = game.next_tick(OkinawaState(), MONDAY)
    assert tick is not None and tick.at == MONDAY


def test_only_active_first_class_players_are_awarded_three_stones() -> None:
    game = make_game()
    state = OkinawaState()
    players = {
        **PLAYERS,
        "Kate": PlayerStatus("Kate", active=False, first_class=True),
        "Aspen": PlayerStatus("Aspen", active=True, first_class=False),
        "Gone": PlayerStatus("Gone", active=True, first_class=True, registered=False),
    }
    outcome = _award(game, state, players)
    assert state.airborne == {"Janet": 3, "Murphy": 3, "nix": 3}
    assert outcome is not None
    assert outcome.summary == (
        "the week began: 3 Stones awarded to each active first-class player (Janet, Murphy, "
        "nix); none to Aspen, Kate (not active, or not first-class)"
    )


def test_the_cap_takes_airborne_stones_down_to_ten() -> None:
    game = make_game()
    table = Table(game)
    counts = []
    for week in range(4):
        tick = game.next_tick(table.state, at(days=7 * week))
        assert tick is not None
        outcome = game.apply_tick(table.state, tick, context(None, tick.at))
        counts.append(table.state.airborne["nix"])
    assert counts == [3, 6, 9, 10]
    assert outcome is not None and "nix lost 2 airborne Stones to the cap of 10" in outcome.summary


def test_stones_on_the_grid_do_not_count_towards_the_cap() -> None:
    table = Table()
    table.give(nix=9)
    board(table.state, nix=[(0, 0), (0, 2)])
    game = table.game
    _award(game, table.state)
    assert table.state.airborne["nix"] == 10 and table.state.on_grid("nix") == 2


# ------------------------------------------------------------------------------- playing


def test_a_play_puts_an_airborne_stone_on_the_plot_and_echoes_it_canonically() -> None:
    table = Table()
    table.give(nix=2)
    assert table.one("nix", "I play a Stone at 2N 3W") == (
        "applied: nix played an airborne Stone on (+2, -3) (1 airborne left)"
    )
    assert table.state.grid == {(2, -3): "nix"}


@pytest.mark.parametrize("where", ["(5, 0)", "(0, -5)", "latitude 9, longitude 9"])
def test_there_is_no_plot_off_the_grid(where: str) -> None:
    table = Table()
    table.give(nix=1)
    reason, rule = table.refusal("nix", f"I play a Stone at {where}")
    assert reason.startswith("there is no Plot at latitude ")
    assert rule.quote == _cite(quotes.COORDINATES)


def test_a_play_needs_an_airborne_stone() -> None:
    table = Table()
    table.give(nix=0)
    reason, rule = table.refusal("nix", "I play a Stone at (0, 0)")
    assert reason == "nix owns no airborne Stone to play on (0, 0)"
    assert rule.quote == _cite(quotes.PLAY)
    board(table.state, nix=[(1, 1)])
    reason, _ = table.refusal("nix", "I play a Stone at (0, 0)")
    assert 'name it: "I play my Stone at (+1, +1) on (0, 0)"' in reason


def test_two_stones_cannot_occupy_one_plot() -> None:
    table = Table()
    table.give(nix=1)
    board(table.state, Janet=[(0, 0)])
    reason, rule = table.refusal("nix", "I play a Stone at (0, 0)")
    assert reason == "(0, 0) is occupied by Janet's Stone"
    assert rule.quote == _cite(quotes.ONE_PER_PLOT)


def test_as_written_a_stone_on_the_grid_can_be_played_again() -> None:
    table = Table()
    table.give(nix=0)
    board(table.state, nix=[(1, 1)], Janet=[(3, 3)])
    assert table.one("nix", "I play my Stone at (1, 1) on (2, -3)") == (
        "applied: nix played eir Stone at (+1, +1) on (+2, -3) (0 airborne left)"
    )
    assert table.state.grid == {(2, -3): "nix", (3, 3): "Janet"}
    reason, rule = table.refusal("nix", "I play my Stone at (3, 3) on (0, 0)")
    assert reason == "the Stone at (+3, +3) is not nix's (there is Janet's Stone)"
    assert rule.quote == _cite(quotes.PLAY)


def test_with_the_option_only_airborne_stones_are_played() -> None:
    table = Table(make_game(only_airborne_stones_played=True))
    board(table.state, nix=[(1, 1)])
    reason, _ = table.refusal("nix", "I move my Stone from (1, 1) to (0, 0)")
    assert "only airborne Stones are Played" in reason
    reason, _ = table.refusal("nix", "I play a Stone at (0, 0)")
    assert reason == "nix owns no airborne Stone to play on (0, 0)"


def test_several_plays_in_one_sentence_are_each_performed() -> None:
    table = Table()
    table.give(nix=2)
    answers = table.do("nix", "I play Stones at (1, 1), (1, 2) and (2, 2)")
    assert answers[:2] == [
        "applied: nix played an airborne Stone on (+1, +1) (1 airborne left)",
        "applied: nix played an airborne Stone on (+1, +2) (0 airborne left)",
    ]
    assert answers[2] == (
        "rejected: nix owns no airborne Stone to play on (+2, +2); to Play one of eir 2 "
        'Stones on the grid, name it: "I play my Stone at (+1, +1) on (+2, +2)"'
    )


# ---------------------------------------------------------------------------------- chains


def test_the_edge_of_the_grid_has_fewer_neighbours() -> None:
    assert sorted(neighbours((4, -4))) == [(3, -4), (4, -3)]
    assert len(neighbours((0, 0))) == 4
    assert plot_name((0, 0)) == "(0, 0)" and plot_name((-4, 4)) == "(-4, +4)"


def test_stones_connect_through_an_allys_stone() -> None:
    grid = board(OkinawaState(), nix=[(0, 0), (0, 2)], Janet=[(0, 1)]).grid
    alone = alliance_function(None)
    assert len(chains(grid, alone)) == 3
    allied = alliance_function(partition(["nix", "Janet"]))
    (chain,) = chains(grid, allied)
    assert chain.plots == {(0, 0), (0, 1), (0, 2)}
    other = alliance_function(partition(["nix", "Murphy"]))
    assert len(chains(grid, other)) == 3


def test_a_chain_with_no_unoccupied_neighbour_is_in_jeopardy_and_the_edge_is_no_liberty() -> None:
    grid = board(OkinawaState(), nix=[(4, -4)], Janet=[(3, -4), (4, -3)]).grid
    chain = chain_at(grid, alliance_function(None), (4, -4))
    assert chain is not None and chain.in_jeopardy


# ------------------------------------------------------------------ automatic captures


def test_a_play_that_brings_another_chain_into_jeopardy_captures_it() -> None:
    table = Table()
    table.give(Janet=1)
    board(table.state, nix=[(4, -4)], Janet=[(3, -4)])
    answer = table.one("Janet", "I play a Stone at (4, -3)")
    assert answer == (
        "applied: Janet played an airborne Stone on (+4, -3) (0 airborne left); it brought "
        "into jeopardy, and so captured, the chain of nix's 1 Stone at (+4, -4) (all their "
        "Stones destroyed)"
    )
    assert table.state.grid == {(3, -4): "Janet", (4, -3): "Janet"}


def test_an_allys_play_joins_the_chain_instead() -> None:
    table = Table(view=partition(["nix", "Janet"]))
    table.give(Janet=1)
    board(table.state, nix=[(4, -4)], Janet=[(3, -4)])
    assert table.one("Janet", "I play a Stone at (4, -3)").endswith("(0 airborne left)")
    assert (4, -4) in table.state.grid


def test_one_play_captures_several_chains_at_once() -> None:
    table = Table()
    table.give(nix=1)
    board(table.state, Janet=[(4, -4)], Murphy=[(4, -2)], nix=[(3, -4), (3, -2), (4, -1)])
    answer = table.one("nix", "I play a Stone at (4, -3)")
    assert "the chain of Janet's 1 Stone at (+4, -4); the chain of Murphy's 1 Stone" in answer
    assert (4, -4) not in table.state.grid and (4, -2) not in table.state.grid


def test_captures_are_judged_on_the_grid_the_play_left_and_free_the_played_stone() -> None:
    table = Table()
    table.give(nix=1)
    board(table.state, Janet=[(4, -3), (3, -4)], nix=[(4, -2), (3, -3)])
    answer = table.one("nix", "I play a Stone at (4, -4)")
    assert "captured, the chain of Janet's 1 Stone at (+4, -3)" in answer
    assert (3, -4) in table.state.grid  # it kept (2, -4) as a liberty
    mine = chain_at(table.state.grid, alliance_function(None), (4, -4))
    assert mine is not None and not mine.in_jeopardy


def test_a_play_into_jeopardy_does_not_capture_its_own_chain() -> None:
    # The played Stone's chain changed its extents (it came to be), so it is not captured.
    table = Table()
    table.give(nix=2)
    board(table.state, Janet=[(3, -4), (4, -3)])
    assert table.one("nix", "I play a Stone at (4, -4)").endswith("(1 airborne left)")
    assert table.state.grid[(4, -4)] == "nix"


def test_a_chain_already_in_jeopardy_is_not_captured_by_a_later_play() -> None:
    table = Table()
    table.give(Murphy=1)
    board(table.state, nix=[(4, -4)], Janet=[(3, -4), (4, -3)])
    table.one("Murphy", "I play a Stone at (0, 0)")
    assert (4, -4) in table.state.grid


# -------------------------------------------------- the ban and capture by announcement


def test_an_owner_of_a_stone_in_a_chain_in_jeopardy_cannot_place_a_stone() -> None:
    table = Table()
    table.give(nix=2)
    board(table.state, nix=[(4, -4)], Janet=[(3, -4), (4, -3)])
    reason, rule = table.refusal("nix", "I play a Stone at (0, 0)")
    assert reason.startswith(
        "nix cannot place a Stone on (0, 0): e owns a Stone in the chain of nix's 1 Stone at "
        "(+4, -4), which is in jeopardy"
    )
    assert rule.quote == _cite(quotes.BAN)


def test_an_owner_captures_eir_chain_in_jeopardy_by_announcement() -> None:
    table = Table()
    table.give(nix=1)
    board(table.state, nix=[(4, -4)], Janet=[(3, -4), (4, -3)])
    reason, rule = table.refusal("Janet", "I capture the chain at (4, -4)")
    assert reason == (
        "Janet owns no Stone in the chain of nix's 1 Stone at (+4, -4); only its owners (nix) "
        "can capture it"
    )
    assert rule.quote == _cite(quotes.CAPTURE)
    assert table.one("nix", "I capture the chain containing (4,-4)") == (
        "applied: nix captured the chain of nix's 1 Stone at (+4, -4) (all its Stones destroyed)"
    )
    assert table.one("nix", "I play a Stone at (0, 0)").startswith("applied:")


def test_a_chain_not_in_jeopardy_cannot_be_captured() -> None:
    table = Table()
    board(table.state, nix=[(0, 0)], Janet=[(1, 0)])
    reason, rule = table.refusal("nix", "I capture the chain at (0, 0)")
    assert reason == (
        "the chain of nix's 1 Stone at (0, 0) is not in jeopardy: (0, -1), (0, +1), (-1, 0) "
        "are unoccupied and adjacent to it"
    )
    assert rule.quote == _cite(quotes.CAPTURE)
    reason, rule = table.refusal("nix", "I capture the chain at (2, 2)")
    assert reason == "there is no Stone on (+2, +2), so no chain there"


def test_an_alliance_split_puts_a_chain_in_jeopardy_without_capturing_it() -> None:
    table = Table(view=partition(["nix", "Janet"]))
    table.give(nix=1, Murphy=1)
    board(
        table.state,
        nix=[(0, 0)],
        Janet=[(0, 1)],
        Murphy=[(1, 0), (-1, 0), (0, -1), (1, 1), (-1, 1)],
    )
    assert not chain_at(table.state.grid, alliance_function(table.view), (0, 0)).in_jeopardy  # type: ignore[union-attr]
    table.view = partition()  # nix leaves Janet: the chain splits
    assert table.one("Murphy", "I play a Stone at (-4, -4)").startswith("applied:")
    assert (0, 0) in table.state.grid  # not played into jeopardy: not captured
    _, rule = table.refusal("nix", "I play a Stone at (3, 3)")
    assert rule.quote == _cite(quotes.BAN)
    assert table.one("nix", "I capture the chain at (0, 0)").startswith("applied: nix captured")


def test_the_map_shows_the_alliances_of_the_last_change() -> None:
    table = Table(view=partition(["nix", "Janet", "Kate"]))
    table.give(nix=1)
    table.one("nix", "I play a Stone at (0, 0)")
    assert table.state.alliances == [["Janet", "Kate", "nix"]]


def test_the_weekly_map_shows_the_alliances_as_they_stand_when_it_is_drafted() -> None:
    """Kate left after Okinawa's last change: the map drawn at the week's end knows it."""
    table = Table(view=partition(["nix", "Janet", "Kate"]))
    table.give(nix=1)
    table.one("nix", "I play a Stone at (0, 0)")
    now = context(None, at(days=5), view=partition(["nix", "Janet"]))
    drawn = table.game.report_context_at(table.state, now)
    assert drawn["alliances"] == ["Janet and nix"]
    assert table.state.alliances == [["Janet", "Kate", "nix"]]  # the state is not changed


# ---------------------------------------------------------------------------------- Shouri


def test_seven_stones_on_the_grid_win_shouri_and_destroy_every_stone() -> None:
    table = Table()
    table.give(nix=2, Janet=4)
    board(table.state, nix=[(0, c) for c in range(-4, 2)], Janet=[(-4, -4)])
    answer = table.one("nix", "I play a Stone at (4, 4)", at(days=2))
    assert answer.endswith(
        "nix has 7 Stones in Okinawa and no other player has seven: nix satisfies the Victory "
        "Condition of Shouri, and all Stones are destroyed (8 on the grid, 5 airborne)"
    )
    assert table.state.grid == {} and set(table.state.airborne.values()) == {0}
    (win,) = table.state.wins
    assert (win.player, win.stones, win.at) == ("nix", 7, at(days=2))
    (notice,) = table.outcomes[-1].notices
    assert notice.template == "okinawa/shouri" and notice.context["winner"] == "nix"


def test_no_shouri_while_another_player_has_seven() -> None:
    table = Table()
    table.give(nix=1)
    board(table.state, nix=[(0, c) for c in range(-4, 2)], Janet=[(-2, c) for c in range(-4, 3)])
    table.one("nix", "I play a Stone at (4, 4)")
    assert table.state.wins == [] and len(table.state.grid) == 14


def test_airborne_stones_count_for_shouri_only_with_the_option() -> None:
    for option, wins in ((False, 0), (True, 1)):
        game = make_game(shouri_counts_airborne=option)
        state = OkinawaState(airborne={"nix": 4})
        tick = game.next_tick(state, START)
        assert tick is not None
        outcome = game.apply_tick(state, tick, context(None, tick.at))
        assert len(state.wins) == wins
        assert outcome is not None
        assert ("Shouri" in outcome.summary) is option


def test_a_person_who_is_not_a_player_does_not_win() -> None:
    table = Table()
    table.give(Stranger=1)
    board(table.state, Stranger=[(0, c) for c in range(-4, 2)])
    table.one("Stranger", "I play a Stone at (4, 4)")
    assert table.state.wins == []


# ------------------------------------------------------------------------------- the state


def test_dump_and_load_are_exact_inverses() -> None:
    table = Table()
    table.give(nix=2, Janet=1)
    board(table.state, nix=[(0, 0)], Janet=[(-4, 4)])
    table.state.alliances = [["Janet", "nix"]]
    table.one("nix", "I play a Stone at (1, 1)")
    data = dump_state(table.state)
    assert dump_state(load_state(data)) == data
    assert data["grid"][0] == [-4, 4, "Janet"]


def test_the_state_picture_draws_the_grid_with_signed_axes() -> None:
    table = Table()
    board(table.state, nix=[(4, -4)], Janet=[(-4, 4), (0, 0)])
    lines = table.game.render(table.state).splitlines()
    assert lines[1] == "  Latitude  -4  -3  -2  -1   0  +1  +2  +3  +4"
    assert lines[2] == "  +4 north   N   .   .   .   .   .   .   .   .   +4"
    assert lines[6] == "   0         .   .   .   .   J   .   .   .   .   0"
    assert lines[10] == "  -4 south   .   .   .   .   .   .   .   .   J   -4"
    assert "  J = Janet (2 on the grid)" in lines
