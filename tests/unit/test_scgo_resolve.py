"""The end of a round, steps 1-6: collisions, capture, doom, the winner, removal."""

from __future__ import annotations

from test_scgo_table import HOUR, START, Table

from referee.games.base import Audience
from referee.games.scgo.grid import AT
from referee.games.scgo.state import Phase


def three(**options: bool | str) -> Table:
    table = Table(["nix", "Janet", "Murphy"], options)
    table.begin()
    return table


def test_a_collision_places_at_and_both_players_count_as_having_moved() -> None:
    table = three()
    table.play({"nix": "c3", "Janet": "c3", "Murphy": "d4"}, at=START + HOUR)
    outcome = table.end_round()
    assert table.state.grid == {"c3": AT, "d4": "C"}
    record = table.state.history[-1]
    assert record.collisions == {"c3": ("nix", "Janet")}
    assert record.idle == ()
    assert record.doomed == ()
    assert table.state.remaining == ["nix", "Janet", "Murphy"]
    assert table.state.round == 2
    (notice,) = outcome.notices
    assert (notice.audience, notice.template) == (Audience.LIST, "scgo/round")
    assert (
        "A nix: played c3 (also played by B Janet: @ placed)" in notice.context["previous"]["moves"]
    )


def test_a_player_who_does_not_play_is_doomed_and_eir_letters_become_at() -> None:
    table = three()
    table.play({"nix": "a1", "Janet": "b2", "Murphy": "c3"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "a2", "Janet": "b3"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.grid == {"a1": "A", "a2": "A", "b2": "B", "b3": "B", "c3": AT}
    assert table.state.history[-1].idle == ("Murphy",)
    assert table.state.remaining == ["nix", "Janet"]
    assert "C Murphy: did not play" in table.announcements()[-1]


def test_a_capture_by_surrounding() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.play({"nix": "a1", "Janet": "b2"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "c3", "Janet": "a2"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.remaining == ["nix", "Janet"]
    table.play({"nix": "d4", "Janet": "b1"}, at=table.now + HOUR)
    outcome = table.end_round()
    record = table.state.history[-1]
    assert record.airless == {"nix": (("a1",),)}
    assert record.doomed == ("nix",)
    assert record.winners == ("Janet",)
    assert table.state.grid == {"a1": AT, "a2": "B", "b1": "B", "b2": "B", "c3": AT, "d4": AT}
    assert table.state.phase is Phase.OVER
    assert table.state.winners == ["Janet"]
    (notice,) = outcome.notices
    assert notice.template == "scgo/result"


def test_a_play_into_a_square_without_liberty_dooms_the_player() -> None:
    table = three()
    table.play({"nix": "f6", "Janet": "a2", "Murphy": "b1"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "a1", "Janet": "d4", "Murphy": "e5"}, at=table.now + HOUR)
    table.end_round()
    record = table.state.history[-1]
    assert record.airless == {"nix": (("a1",),)}
    assert record.doomed == ("nix",)
    assert table.state.grid["a1"] == AT
    assert table.state.grid["f6"] == AT


def test_an_airless_letter_joined_to_a_breathing_one_is_not_a_group_of_one() -> None:
    table = three()
    table.play({"nix": "b1", "Janet": "a2", "Murphy": "f6"}, at=START + HOUR)
    table.end_round()
    table.play({"nix": "a1", "Janet": "d4", "Murphy": "e5"}, at=table.now + HOUR)
    table.end_round()
    assert table.state.history[-1].doomed == ()
    assert table.state.grid["a1"] == "A"


def test_all_players_doomed_at_once_the_most_letters_wins() -> None:
    table = three()
    table.play({"nix": "a1", "Janet": "c3", "Murphy": "c3"}, at=START + HOUR)
    table.end_round()
    outcome = table.end_round()  # nobody plays
    record = table.state.history[-1]
    assert record.doomed == ("nix", "Janet", "Murphy")
    assert record.counts == {"nix": 1, "Janet": 0, "Murphy": 0}
    assert record.winners == ("nix",)
    assert table.state.winners == ["nix"]
    assert table.state.remaining == []
    assert table.state.grid == {"a1": AT, "c3": AT}
    assert "winner: A nix." in outcome.summary
    assert "A nix wins the game." in table.announcements()[-1]


def tied(**options: bool | str) -> Table:
    table = three(**options)
    table.play({"nix": "a1", "Janet": "c3", "Murphy": "e5"}, at=START + HOUR)
    table.end_round()
    table.end_round()
    return table


def test_a_tie_for_most_letters_means_nobody_wins_as_written() -> None:
    table = tied()
    assert table.state.phase is Phase.OVER
    assert table.state.winners == []
    assert "nobody wins" in table.announcements()[-1]


def test_an_option_lets_every_tied_player_win() -> None:
    table = tied(tie="all-tied-win")
    assert table.state.winners == ["nix", "Janet", "Murphy"]


def test_group_definition_option_changes_who_is_doomed() -> None:
    def game(definition: str) -> Table:
        table = Table(["nix", "Janet"], {"group_definition": definition})
        table.begin()
        # rounds build row a: A A A . . and row b: B B B . .
        for moves in (
            {"nix": "a1", "Janet": "b1"},
            {"nix": "a2", "Janet": "b2"},
            {"nix": "a3", "Janet": "b3"},
        ):
            table.play(moves, at=table.now + HOUR)
            table.end_round()
        return table

    as_written = game("any-set")
    assert as_written.state.history[-1].airless == {"nix": (("a1", "a2"),)}
    assert as_written.state.winners == ["Janet"]
    go_like = game("connected")
    assert go_like.state.history[-1].doomed == ()
    assert go_like.state.phase is Phase.PLAYING
