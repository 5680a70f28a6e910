"""Rules review R1 (docs/rulings.md, R1-rules-review-go-okinawa-tabled): Single-Capture Go
cases at the edges of its clauses, each checked against the text and found as written."""

from __future__ import annotations

import pytest
from test_scgo_table import HOUR, REFEREE, ROUND, START, Table

from referee.games.base import IllegalAction, Route
from referee.games.scgo.grid import AT
from referee.games.scgo.state import Phase


def test_a_play_at_the_instant_the_round_is_announced_counts() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.send("nix", "I play a1", at=START)
    table.send("Janet", "I play e5", at=START + ROUND - HOUR)
    table.end_round()
    assert table.state.grid == {"a1": "A", "e5": "B"}


def test_a_play_at_the_deadline_itself_is_too_late_for_the_round() -> None:
    # "A round lasts three days after this announcement": the round is resolved at that
    # instant, before any message stamped then; Janet did not play in it and is doomed.
    table = Table(["nix", "Janet"])
    table.begin()
    table.send("nix", "I play a1", at=START + HOUR)
    with pytest.raises(IllegalAction, match="The game is over"):
        table.send("Janet", "I play b1", at=START + ROUND)
    assert table.state.history[-1].idle == ("Janet",)
    assert table.state.winners == ["nix"]


def test_two_plays_in_one_message_the_latter_counts() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.send("nix", "I play a1. I play a2.", at=START + HOUR)
    table.send("Janet", "I play e5", at=START + HOUR)
    table.end_round()
    assert table.state.grid == {"a2": "A", "e5": "B"}


def test_a_collision_on_an_at_square_leaves_it_at_and_both_moved() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    table.begin()
    table.play({"nix": "c3", "Janet": "c3", "Murphy": "e5"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "c3", "Janet": "c3", "Murphy": "e4"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.grid["c3"] == AT
    assert table.state.remaining == ["nix", "Janet", "Murphy"]
    table.play({"nix": "c3", "Janet": "a1", "Murphy": "e3"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.grid["c3"] == "A"  # one player alone on @: eir Letter replaces it


def test_a_surround_that_is_itself_without_liberty_dooms_both_players() -> None:
    # Step 3 looks at every Group at once: there is no capture first, as in Go.
    table = Table(["nix", "Janet", "Murphy"])
    table.begin()
    table.play({"nix": "b1", "Janet": "a1", "Murphy": "f6"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "d4", "Janet": "a3", "Murphy": "f5"}, at=table.now + HOUR)
    table.end_round()
    table.play({"nix": "d5", "Janet": "b2", "Murphy": "f4"}, at=table.now + HOUR)
    table.end_round()
    table.play({"nix": "a2", "Janet": "c4", "Murphy": "f3"}, at=table.now + HOUR)
    table.end_round()
    record = table.state.history[-1]
    assert record.airless == {"nix": (("a2",),), "Janet": (("a1",),)}
    assert record.doomed == ("nix", "Janet")
    # "If exactly one non-doomed player remains in the game, that player wins", whatever
    # the Letters: Murphy has 4, nix had 4 and Janet 4.
    assert table.state.winners == ["Murphy"]
    assert table.state.phase is Phase.OVER


def test_when_all_are_doomed_the_letters_placed_that_round_count() -> None:
    # "the player who had the most correpsonding Letters on the grid prior to the most
    # recent transformation into @ characters wins": nix's a1, placed (and airless) in the
    # last round, is counted, so nix has 3 to Janet's 2, not a tie of 2 and 2.
    table = Table(["nix", "Janet"])
    table.begin()
    table.play({"nix": "e5", "Janet": "a2"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "e4", "Janet": "b1"}, at=table.now + HOUR)
    table.end_round()
    table.send("nix", "I play a1", at=table.now + HOUR)  # Janet does not play
    table.end_round()
    record = table.state.history[-1]
    assert record.doomed == ("nix", "Janet")
    assert record.counts == {"nix": 3, "Janet": 2}
    assert table.state.winners == ["nix"]


def test_a_removed_player_and_an_own_letter_square_are_refused() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    table.begin()
    table.play({"nix": "a1", "Janet": "b2"}, at=START + HOUR)
    table.end_round()
    with pytest.raises(IllegalAction, match="Murphy is no longer in the game"):
        table.send("Murphy", "I play c3", at=table.now + HOUR)
    with pytest.raises(IllegalAction, match="a1 holds the Letter A"):
        table.send("nix", "I play a1", at=table.now + HOUR)


@pytest.mark.parametrize("count", [1, 13])
def test_a_game_needs_two_to_twelve_players(count: int) -> None:
    names = [f"p{i}" for i in range(count)]
    table = Table(names)
    for name in names:
        table.send(name, "I agree to play Single-Capture Go", route=Route.PUBLIC)
    with pytest.raises(IllegalAction, match=f"A game needs 2 to 12 players; {count} were named"):
        table.send(
            REFEREE,
            "I announce the beginning of a game of Single-Capture Go with " + ", ".join(names),
            route=Route.PUBLIC,
        )
