"""Starting a game: agreement, the GamesMaster's public announcement, Letters, round 1."""

from __future__ import annotations

import pytest
from test_scgo_table import REFEREE, ROUND, START, Table

from referee.games.base import Audience, IllegalAction, Route
from referee.games.scgo.state import Phase

TWELVE = [
    "nix",
    "Janet",
    "Murphy",
    "Aris",
    "Trigon",
    "Gaelan",
    "Kate",
    "Yachay",
    "Juan",
    "snail",
    "forest",
    "Cosmo",
]


def test_the_announcement_begins_the_game_and_round_one() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    outcome = table.begin()
    state = table.state
    assert state.phase is Phase.PLAYING
    assert state.letters == {"nix": "A", "Janet": "B", "Murphy": "C"}
    assert state.n == 6
    assert state.round == 1
    assert state.round_started == START
    assert state.deadline == START + ROUND
    assert "A nix, B Janet, C Murphy" in outcome.summary
    (notice,) = outcome.notices
    assert (notice.audience, notice.template) == (Audience.LIST, "scgo/round")
    assert notice.context["round"] == 1
    assert notice.context["previous"] is None


def test_twelve_players_play_on_a_twelve_by_twelve_grid() -> None:
    table = Table(TWELVE)
    table.begin()
    assert table.state.n == 12
    assert sorted(table.state.letters.values()) == list("ABCDEFGHIJKL")


def test_thirteen_players_are_too_many_and_one_too_few() -> None:
    table = Table([*TWELVE, "Zed"])
    with pytest.raises(IllegalAction, match="2 to 12 players"):
        table.begin()
    table = Table(["nix"])
    table.send("nix", "I agree to play Single-Capture Go")
    with pytest.raises(IllegalAction, match="2 to 12 players"):
        table.send(REFEREE, "I begin a game of Single-Capture Go with nix", route=Route.PUBLIC)
    assert table.state.phase is Phase.WAITING


def test_only_the_gamesmaster_begins_the_game() -> None:
    table = Table(["nix", "Janet"])
    for player in table.players:
        table.send(player, "I agree to play Single-Capture Go")
    with pytest.raises(IllegalAction, match="GamesMaster"):
        table.send(
            "nix", "I begin a game of Single-Capture Go with nix and Janet", route=Route.PUBLIC
        )
    assert table.state.phase is Phase.WAITING


def test_the_beginning_must_be_announced_publicly() -> None:
    table = Table(["nix", "Janet"])
    for player in table.players:
        table.send(player, "I agree to play Single-Capture Go")
    with pytest.raises(IllegalAction, match="publicly"):
        table.send(REFEREE, "I begin a game of Single-Capture Go with nix and Janet")


def test_players_must_have_agreed_unless_the_option_trusts_the_referee() -> None:
    table = Table(["nix", "Janet"])
    table.send("nix", "I agree to play Single-Capture Go")
    with pytest.raises(IllegalAction, match="Janet has not agreed"):
        table.begin(agree=False)
    trusting = Table(["nix", "Janet"], {"require_recorded_agreement": False})
    trusting.begin(agree=False)
    assert trusting.state.phase is Phase.PLAYING


def test_the_referee_is_a_non_player() -> None:
    table = Table(["nix", "Janet"], {"require_recorded_agreement": False})
    with pytest.raises(IllegalAction, match="non-player"):
        table.send(REFEREE, "I agree to play Single-Capture Go")
    with pytest.raises(IllegalAction, match="non-player"):
        table.send(
            REFEREE,
            f"I begin a game of Single-Capture Go with nix and {REFEREE}",
            route=Route.PUBLIC,
        )


def test_unknown_and_repeated_players_are_refused() -> None:
    table = Table(["nix", "Janet"], {"require_recorded_agreement": False})
    with pytest.raises(IllegalAction, match="Zed is not a player"):
        table.send(
            REFEREE, "I begin a game of Single-Capture Go with nix and Zed", route=Route.PUBLIC
        )
    with pytest.raises(IllegalAction, match="named twice"):
        table.send(
            REFEREE,
            "I begin a game of Single-Capture Go with nix, Janet and NIX",
            route=Route.PUBLIC,
        )


def test_letters_asked_for_are_kept_and_the_rest_follow_in_order() -> None:
    table = Table(["nix", "Janet", "Murphy"], {"require_recorded_agreement": False})
    table.send(
        REFEREE,
        "I begin a game of Single-Capture Go with nix as B, Janet and Murphy as N",
        route=Route.PUBLIC,
    )
    assert table.state.letters == {"nix": "B", "Janet": "A", "Murphy": "N"}
    assert table.state.remaining == ["Janet", "nix", "Murphy"]


def test_a_letter_cannot_be_given_twice() -> None:
    table = Table(["nix", "Janet"], {"require_recorded_agreement": False})
    with pytest.raises(IllegalAction, match="given twice"):
        table.send(
            REFEREE,
            "I begin a game of Single-Capture Go with nix as N and Janet as N",
            route=Route.PUBLIC,
        )


def test_the_game_begins_once() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    with pytest.raises(IllegalAction, match="already begun"):
        table.send(
            REFEREE, "I begin a game of Single-Capture Go with nix and Janet", route=Route.PUBLIC
        )
    with pytest.raises(IllegalAction, match="already begun"):
        table.send("nix", "I agree to play Single-Capture Go")


def test_midnight_option_moves_the_deadline_to_the_next_midnight() -> None:
    table = Table(["nix", "Janet"], {"round_end": "midnight"})
    table.begin()
    assert table.state.deadline == START.replace(hour=0) + ROUND + ROUND / 3
