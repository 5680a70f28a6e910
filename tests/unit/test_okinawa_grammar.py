"""How players write Okinawa's actions (grammar/okinawa.lark), and what is not Okinawa's."""

from __future__ import annotations

import pytest
from test_okinawa_support import make_game

from referee.games.base import Action
from referee.games.okinawa.actions import CaptureChain, PlayStone
from referee.games.okinawa.board import plot_name
from referee.parsing import find_actions

GAME = make_game()


def found(text: str) -> tuple[list[Action], list[str]]:
    result = find_actions([GAME], [(1, text)], {"Okinawa": True})
    return [f.action for f in result.actions], [n.problem for n in result.not_understood]


def actions(text: str) -> list[Action]:
    done, problems = found(text)
    assert not problems, problems
    return done


@pytest.mark.parametrize(
    "text",
    [
        "I play a Stone at (2, -3)",
        "I play a Stone at 2,-3",
        "I play a stone at ( +2 , -3 )",
        "I play a Stone at (2, \u22123)",
        "I play a stone on the plot at latitude 2, longitude -3",
        "I place a Stone on latitude 2 and longitude -3",
        "I play a Stone at lat 2 long -3",
        "I play a Stone at longitude -3, latitude 2",
        "I play a Stone at 2N 3W",
        "I play a Stone at 3W, 2N",
        "I play a Stone on the plot at 2 north 3 west",
        "I put an airborne Stone on Plot (2, -3)",
        "I hereby play a Stone at (2, -3) by announcement",
        "I, by announcement, play one stone onto the Plot of Land at 2S 3W".replace("2S", "2N"),
    ],
)
def test_every_way_of_writing_a_plot_is_one_play(text: str) -> None:
    (action,) = actions(text)
    assert isinstance(action, PlayStone)
    assert action.plot == (2, -3) and action.stone_at is None


@pytest.mark.parametrize(
    "text",
    [
        "I capture the chain at (1, 1)",
        "I capture the chain containing (1,1)",
        "I capture the chain including 1N 1E",
        "I capture the chain with the Stone at latitude 1, longitude 1",
        "I capture chain at 1,1",
    ],
)
def test_a_capture_names_a_stone_of_the_chain(text: str) -> None:
    (action,) = actions(text)
    assert isinstance(action, CaptureChain) and action.plot == (1, 1)


def test_several_plays_in_one_message() -> None:
    listed = actions("I play Stones at (1, 1), (1, 2) and (2, 2)")
    assert [a.plot for a in listed if isinstance(a, PlayStone)] == [(1, 1), (1, 2), (2, 2)]
    pairs = actions(
        "I play a Stone at (1, 1) and a Stone at 1S 2W, then I capture the chain at (0,0)"
    )
    assert [type(a).__name__ for a in pairs] == ["PlayStone", "PlayStone", "CaptureChain"]
    assert [a.plot for a in pairs] == [(1, 1), (-1, -2), (0, 0)]  # type: ignore[attr-defined]
    assert pairs[2].source.text == "I capture the chain at (0,0)"
    result = find_actions(
        [GAME], [(1, "I play a Stone at (0, 0)."), (2, "I play a Stone at (0, 1).")], {}
    )
    assert len(result.actions) == 2


def test_a_stone_already_on_the_grid_is_named_by_its_plot() -> None:
    for text in ("I play my Stone at (1, 1) on (2, -3)", "I move my Stone from 1N 1E to 2N 3W"):
        (action,) = actions(text)
        assert isinstance(action, PlayStone)
        assert (action.stone_at, action.plot) == ((1, 1), (2, -3))


def test_the_canonical_notation_is_the_signed_pair_latitude_first() -> None:
    assert [plot_name(p) for p in [(2, -3), (0, 4), (-4, 0)]] == ["(+2, -3)", "(0, +4)", "(-4, 0)"]
    for example in GAME.examples:
        assert actions(example), example


@pytest.mark.parametrize(
    "text",
    [
        "I play a Stone near the centre",
        "I play a Stone at 2N 3N",
        "I play a Stone at (2)",
        "I capture the chain",
        "I play a Stone",
    ],
)
def test_an_attempt_that_does_not_parse_gets_the_forms(text: str) -> None:
    result = find_actions([GAME], [(1, text)], {"Okinawa": True})
    assert not result.actions
    (problem,) = result.not_understood
    assert problem.games == ("Okinawa",)
    assert problem.expected and all("Stone" in e or "chain" in e for e in problem.expected)


@pytest.mark.parametrize(
    "text",
    [
        "I pay 2 Stone to nix",
        "I transfer 3 Stones to Janet",
        "I destroy 2 Stone to set the Facility of (2, 3) to Orchard",
        "I build a Mine at (2, 3)",
        "I set the Land Type of the Land Unit at (5, 5) to Black",
        "Stones are nice. I played Go yesterday",
        "I play e7",
    ],
)
def test_other_games_stones_and_coordinates_are_never_okinawas(text: str) -> None:
    assert not GAME.looks_like_action(text) or found(text) == ([], [])
    assert found(text)[0] == []
