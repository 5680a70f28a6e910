"""A chain named by its owner ("I capture my chain in jeopardy"): the one chain in jeopardy
with a Stone of the author's, found when the capture is performed, or a refusal that lists
every reading."""

from __future__ import annotations

from test_okinawa_support import Table, board


def test_my_chain_in_jeopardy_is_the_one_chain_in_jeopardy_with_my_stone() -> None:
    table = Table()
    board(table.state, nix=[(4, -4), (0, 0)], Janet=[(3, -4), (4, -3)])
    assert table.one("nix", "I capture the chain in jeopardy") == (
        "applied: nix captured the chain of nix's 1 Stone at (+4, -4) (all its Stones destroyed)"
    )
    assert (0, 0) in table.state.grid


def test_no_chain_or_several_chains_in_jeopardy_are_refused_with_the_readings() -> None:
    table = Table()
    board(table.state, nix=[(0, 0)], Janet=[(3, -4), (4, -3)])
    reason, _ = table.refusal("nix", "I capture my chain in jeopardy")
    assert reason == "nix owns no Stone in a chain in jeopardy"
    board(table.state, nix=[(4, -4), (-4, 4)], Janet=[(-3, 4), (-4, 3)])
    reason, _ = table.refusal("nix", "I capture my chain")
    assert reason == (
        "nix owns Stones in 2 chains in jeopardy, so it is not clear which one is meant; say "
        'which: "I capture the chain at (+4, -4)"; "I capture the chain at (-4, +4)"'
    )


def test_an_owner_named_with_the_plot_is_checked_never_dropped() -> None:
    # "Janet's chain at (4, -4)": the chain there holds no Stone of Janet's, so the author
    # meant another chain; capturing this one would be a guess (P52-read-games-s12-2).
    table = Table()
    board(table.state, nix=[(4, -4)], Janet=[(3, -4), (4, -3)])
    reason, _ = table.refusal("nix", "I capture Janet's chain at (4, -4)")
    assert (
        reason
        == "the chain of nix's 1 Stone at (+4, -4) holds no Stone of Janet's (its owners: nix)"
    )
    assert (4, -4) in table.state.grid
    assert table.one("nix", "I capture the chain at (4, -4) - nix's") == (
        "applied: nix captured the chain of nix's 1 Stone at (+4, -4) (all its Stones destroyed)"
    )
