"""Rules review R1 (docs/rulings.md, R1-rules-review-go-okinawa-tabled): Okinawa cases at
the edges of its clauses: Shouri and the Register, corners, Stones moved between Plots, the
ban on an ally, persons who are not players."""

from __future__ import annotations

import pytest
import test_okinawa_support as support
from test_okinawa_support import PLAYERS, Table, at, board, context, make_game, partition

from referee.games.base import PlayerStatus
from referee.games.okinawa import quotes
from referee.games.okinawa.state import OkinawaState


def deregistered(*names: str) -> dict[str, PlayerStatus]:
    players = dict(PLAYERS)
    for name in names:
        players[name] = PlayerStatus(name, active=True, first_class=True, registered=False)
    return players


def test_shouri_when_the_other_player_with_seven_stops_being_a_player() -> None:
    # R1-2: "If a player has at least seven Stones in Okinawa, and no other player has at
    # least seven ..., then that player satisfies the Victory Condition of Shouri".
    game = make_game(shouri_counts_airborne=True)
    state = OkinawaState(airborne={"nix": 5, "Janet": 5})
    tick = game.next_tick(state, at(0))
    assert tick is not None
    game.apply_tick(state, tick, context(None, tick.at))
    assert state.wins == [] and state.airborne["nix"] == state.airborne["Janet"] == 8
    janet = PlayerStatus("Janet", active=True, first_class=True, registered=False)
    outcome = game.player_status_changed(
        state, janet, context(None, at(2), players=deregistered("Janet"))
    )
    assert outcome is not None
    assert outcome.summary == (
        "Janet is no longer a player; nix has 8 Stones (on the grid and airborne) and no other "
        "player has seven: nix satisfies the Victory Condition of Shouri, and all Stones are "
        "destroyed (0 on the grid, 25 airborne)"
    )
    (win,) = state.wins
    assert (win.player, win.stones, win.at) == ("nix", 8, at(2))
    (notice,) = outcome.notices
    assert notice.template == "okinawa/shouri"


def test_shouri_when_a_person_with_seven_becomes_a_player_again() -> None:
    game = make_game()
    state = board(OkinawaState(), Janet=[(0, c) for c in range(-4, 3)], nix=[(-2, -4)])
    janet = PlayerStatus("Janet", active=True, first_class=True)
    outcome = game.player_status_changed(state, janet, context(None, at(1)))
    assert outcome is not None and "Janet satisfies the Victory Condition of Shouri" in (
        outcome.summary
    )
    assert state.grid == {}


def test_a_standing_change_without_shouri_records_nothing() -> None:
    game = make_game()
    state = board(OkinawaState(), Janet=[(0, c) for c in range(-4, 2)])
    janet = PlayerStatus("Janet", active=False, first_class=True)
    assert game.player_status_changed(state, janet, context(None, at(1))) is None
    assert len(state.grid) == 6


def test_a_person_who_is_not_a_player_can_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # "A person CAN, by announcement, Play any Stone that e owns": a person, not a player.
    monkeypatch.setattr(support, "PLAYERS", deregistered("Janet"))
    table = Table()
    table.give(Janet=1)
    assert table.one("Janet", "I play a Stone at (1, 1)").startswith(
        "applied: Janet played an airborne Stone on (+1, +1)"
    )


def test_a_stone_in_a_corner_has_two_plots_to_breathe_from() -> None:
    table = Table()
    table.give(Janet=1)
    board(table.state, nix=[(4, 4)], Janet=[(3, 4)])
    answer = table.one("Janet", "I play a Stone at (4, 3)")
    assert answer.endswith(
        "captured, the chain of nix's 1 Stone at (+4, +4) (all their Stones destroyed)"
    )
    assert (4, 4) not in table.state.grid


def test_a_stone_moved_off_a_neighbour_onto_the_last_liberty_captures_nothing() -> None:
    # The moved Stone frees the Plot it left, which the other chain touches: no jeopardy.
    table = Table()
    board(table.state, Janet=[(4, 4)], nix=[(3, 4)])
    answer = table.one("nix", "I play my Stone at (3, 4) on (4, 3)")
    assert answer == ("applied: nix played eir Stone at (+3, +4) on (+4, +3) (0 airborne left)")
    assert table.state.grid[(4, 4)] == "Janet"


def test_a_stone_moved_out_of_its_chain_leaves_a_new_chain_not_captured() -> None:
    # "(without changing the extents of the chain)": the chain the Stone left changed.
    table = Table()
    board(table.state, nix=[(4, 4), (4, 3)], Janet=[(3, 4), (4, 1)], Murphy=[(3, 3), (3, 2)])
    # nix's chain (4,4),(4,3) breathes only at (4,2); the Stone at (4,3) moves there.
    answer = table.one("nix", "I play my Stone at (4, 3) on (4, 2)")
    assert "captured" not in answer
    assert table.state.grid[(4, 4)] == "nix"  # alone now, breathing at (4, 3)
    # Janet's play on (4, 3) then captures both of nix's single Stones, as chains that
    # were there, unchanged and breathing, before it.
    table.give(Janet=1)
    assert table.one("Janet", "I play a Stone at (4, 3)").endswith(
        "captured, the chain of nix's 1 Stone at (+4, +2); the chain of nix's 1 Stone at "
        "(+4, +4) (all their Stones destroyed)"
    )


def test_the_ban_reaches_an_ally_whose_stone_is_in_the_chain_in_jeopardy() -> None:
    table = Table(view=partition(["nix", "Janet"]))
    table.give(Janet=1)
    board(table.state, nix=[(4, 4)], Janet=[(3, 4)], Murphy=[(4, 3), (2, 4), (3, 3)])
    reason, rule = table.refusal("Janet", "I play a Stone at (-4, -4)")
    assert reason.startswith("Janet cannot place a Stone on (-4, -4): e owns a Stone in the chain")
    assert rule == quotes.cite(quotes.BAN)
    assert table.one("Janet", "I capture the chain at (4, 4)").startswith(
        "applied: Janet captured the chain of Janet and nix's 2 Stones"
    )
