"""The end: more than half of the tiles in one community, or 3 months; the winner."""

from __future__ import annotations

from datetime import UTC, datetime

from test_commune_support import START, Table, context, quote_of, table

from referee.games.commune.board import locations


def _fill(t: Table, count: int) -> str:
    """nix places ``count`` tiles row by row from A0: one community."""
    summary = ""
    for location in list(locations())[:count]:
        summary = t.place("nix", location)
    return summary


def test_more_than_half_of_the_hundred_locations_ends_it() -> None:
    t = table()
    t.join("nix", "Janet")
    t.state.participants["Janet"].accolades = 3
    assert not t.state.over
    _fill(t, 50)
    assert not t.state.over  # 50 is half, not more than half
    summary = t.place("nix", "A5")
    assert summary.endswith(
        "; community #1 (unnamed) holds 51 of the 100 tiles, so the tournament ended and "
        "Janet won with 3 accolades"
    )
    assert t.state.over and t.game.is_over(t.state)
    assert t.state.winners == ("Janet",)
    assert t.state.end_reason == "end_half"
    error = t.rejected("Janet", "I become a participant in Commune")
    assert error.reason.startswith("the tournament ended on Wed 19 Apr 2023")
    assert quote_of(error) == (
        "When more than half of the tiles belong to a single community, the tournament ends."
    )
    assert t.game.next_tick(t.state, START) is None


def test_half_of_placed_tiles_option_ends_at_the_first_tile() -> None:
    t = table(half_of_placed_tiles=True, tied_participants_win=True)
    t.join("nix", "Janet")
    summary = t.place("nix", "C3")
    assert summary.endswith(
        "; community #1 (unnamed) holds 1 of the 1 tiles, so the tournament ended and Janet "
        "and nix won with 0 accolades"
    )


def test_three_months_tick_ends_it() -> None:
    t = table()
    t.join("nix", "Janet")
    t.state.participants["nix"].accolades = 2
    tick = t.game.next_tick(t.state, START)
    assert tick is not None
    assert tick.at == datetime(2023, 7, 19, 12, 0, tzinfo=UTC)
    # Before the tick is applied, an action at that moment is already too late.
    late = t.game.load(t.game.dump(t.state))
    t.now = tick.at
    error = t.rejected("Janet", "I cease to be a participant")
    assert error.reason == (
        "the tournament ended on Wed 19 Jul 2023 12:00:00 UTC, 3 months after it started"
    )
    assert quote_of(error) == (
        "If it has been 3 months since the tournament started, the tournament ends."
    )
    outcome = t.game.apply_tick(late, tick, context(None, tick.at))
    assert outcome is not None
    assert outcome.summary == (
        "It has been 3 months since the tournament started: the tournament ended and nix won "
        "with 2 accolades"
    )
    assert late.winners == ("nix",)
    assert t.game.next_tick(late, START) is None


def test_tied_winners_and_the_option() -> None:
    t = table(tied_participants_win=True)
    t.join("nix", "Janet", "snail")
    for name, accolades in (("nix", 5), ("Janet", 5), ("snail", 1)):
        t.state.participants[name].accolades = accolades
    tick = t.game.next_tick(t.state, START)
    assert tick is not None
    t.game.apply_tick(t.state, tick, context(None, tick.at))
    assert t.state.winners == ("Janet", "nix")

    # As written, a tie leaves no "the participant with the greatest number": nobody wins.
    t = table()
    t.join("nix", "Janet")
    for name in ("nix", "Janet"):
        t.state.participants[name].accolades = 5
    t.game.apply_tick(t.state, tick, context(None, tick.at))
    assert t.state.over
    assert t.state.winners == ()


def test_no_participants_no_winner() -> None:
    t = table()
    tick = t.game.next_tick(t.state, START)
    assert tick is not None
    outcome = t.game.apply_tick(t.state, tick, context(None, tick.at))
    assert outcome is not None
    assert outcome.summary.endswith("the tournament ended and nobody won")
