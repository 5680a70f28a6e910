"""Sentences of Single-Capture Go, found in prose by ``find_actions``."""

from __future__ import annotations

from typing import cast

import pytest
from test_scgo_table import Table

from referee.games.base import Game
from referee.games.scgo.actions import AgreeToPlay, BeginGame, PlaySquare, Seat
from referee.parsing import ParseResult, find_actions


def parse(text: str, *, plays: bool = True) -> ParseResult:
    table = Table(["nix", "Janet"])
    games = [cast("Game[object]", table.game)]
    return find_actions(games, enumerate(text.splitlines(), start=1), {"scgo": plays})


def only(text: str) -> object:
    result = parse(text)
    assert not result.not_understood, result.not_understood
    (found,) = result.actions
    return found.action


@pytest.mark.parametrize(
    "text",
    [
        "I play e7",
        "I play E7.",
        "I hereby play square e7",
        "I move to e7",
        "My move is e7",
        "My play is E7",
        "I name e7",
        "Hi Guy. I play e7. Good luck to me!",
    ],
)
def test_forms_of_a_play(text: str) -> None:
    action = only(text)
    assert isinstance(action, PlaySquare)
    assert action.square == "e7"
    assert action.round is None


@pytest.mark.parametrize(
    "text", ["I play e7 in round 3", "My move for round 3 is e7", "I move to E7 for round 3"]
)
def test_a_play_may_name_its_round(text: str) -> None:
    action = only(text)
    assert isinstance(action, PlaySquare)
    assert (action.square, action.round) == ("e7", 3)


def test_a_bare_square_is_reported_not_taken_as_a_play() -> None:
    result = parse("e7")
    assert result.actions == []
    (problem,) = result.not_understood
    assert "I play e7" in problem.expected


def test_prose_is_left_alone() -> None:
    result = parse("I think the game is fun. We should all play more. See section 4.", plays=False)
    assert result.actions == []
    assert result.not_understood == []


@pytest.mark.parametrize(
    "text",
    [
        "I agree to play Single-Capture Go",
        "I agree to start and participate in a game of Single Capture Go",
        "I agree to join single-capture go",
    ],
)
def test_forms_of_agreeing(text: str) -> None:
    assert isinstance(only(text), AgreeToPlay)


@pytest.mark.parametrize(
    "text",
    [
        "I announce the beginning of a game of Single-Capture Go with nix, Janet and Murphy",
        "I hereby announce the start of a game of Single-Capture Go with nix, Janet, and Murphy",
        "I begin a game of single-capture go with nix, Janet and Murphy",
        "I start Single-Capture Go with nix, Janet & Murphy",
    ],
)
def test_forms_of_the_beginning(text: str) -> None:
    action = only(text)
    assert isinstance(action, BeginGame)
    assert action.seats == (Seat("nix"), Seat("Janet"), Seat("Murphy"))


def test_the_beginning_may_give_letters() -> None:
    action = only("I begin a game of Single-Capture Go with nix as N, Janet and Murphy as M")
    assert isinstance(action, BeginGame)
    assert action.seats == (Seat("nix", "N"), Seat("Janet"), Seat("Murphy", "M"))
