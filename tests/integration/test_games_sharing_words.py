"""Sentences that more than one game's grammar accepts: the game the author plays takes
it; otherwise the referee asks which game is meant, and "In GAME, ..." says it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

import pytest
from marks.plugin import MarksGame
from marks.rules import RULESETS

from referee.engine.registry import ruleset_for
from referee.games import find_game
from referee.games.base import Game, GameSetup
from referee.parsing import find_actions
from referee.parsing.finder import ParseResult

START = datetime(2026, 1, 1, tzinfo=UTC)
SCRIBBLES_GRAMMAR = Path(__file__).resolve().parents[1] / "data" / "grammars" / "scribbles.lark"


class ScribblesGame(MarksGame):
    """Marks under another kind and another grammar that reads the same sentences."""

    kind: ClassVar[str] = "scribbles"
    grammar: ClassVar[str] = str(SCRIBBLES_GRAMMAR)


def _toys() -> list[Game[Any]]:
    return [
        MarksGame(GameSetup("Marks", RULESETS["v1"], START, "referee")),
        ScribblesGame(GameSetup("Scribbles", RULESETS["v1"], START, "referee")),
    ]


def _read(games: Sequence[Game[Any]], text: str, plays: dict[str, bool]) -> ParseResult:
    return find_actions(games, [(1, text)], plays)


def test_a_sentence_of_two_games_is_asked_about_when_the_author_plays_both() -> None:
    found = _read(_toys(), "I mark B2.", {"Marks": True, "Scribbles": True})
    assert found.actions == []
    (asked,) = found.not_understood
    assert asked.games == ("Marks", "Scribbles")
    assert "more than one game" in asked.problem
    assert asked.expected == ("In Marks, I mark B2", "In Scribbles, I mark B2")


def test_it_is_the_game_the_author_plays() -> None:
    found = _read(_toys(), "I mark B2.", {"Marks": False, "Scribbles": True})
    assert [item.game for item in found.actions] == ["Scribbles"]
    assert found.not_understood == []


@pytest.mark.parametrize("opening", ["In Marks, ", "in marks: ", "For the Marks, "])
def test_naming_the_game_first_settles_it(opening: str) -> None:
    found = _read(_toys(), f"{opening}I mark B2.", {"Marks": True, "Scribbles": True})
    assert [(item.game, item.action.source.text) for item in found.actions] == [
        ("Marks", "I mark B2")
    ]


def test_a_sentence_given_to_a_game_by_name_that_it_cannot_read_is_reported() -> None:
    found = _read(_toys(), "In Marks, I erase B2.", {"Marks": True, "Scribbles": True})
    assert found.actions == []
    (report,) = found.not_understood
    assert report.games == ("Marks",)


def _stone_games() -> list[Game[Any]]:
    games: list[Game[Any]] = []
    for kind, name, version, office in (
        ("okinawa", "Okinawa", "igora", "sensei"),
        ("arcadia", "Arcadia", "draft", "lord-ruler"),
    ):
        factory = find_game(kind).load()
        ruleset = ruleset_for(factory, version, {}, "test")
        games.append(factory(GameSetup(name, ruleset, START, office)))
    return games


@pytest.mark.parametrize(
    ("text", "game", "action"),
    [
        ("I play a Stone at (2, -3).", "Okinawa", "PlayStone"),
        ("I capture the chain at (1, 1).", "Okinawa", "CaptureChain"),
        ("I destroy 1 Lumber and 1 Stone to build a Farm at (3,4).", "Arcadia", "BuildFacility"),
        ("I claim the Land Unit at (3, 4).", "Arcadia", "ClaimLand"),
        # Okinawa's Stones are fixed: only Arcadia's Stone can be transferred (R4-1).
        ("I transfer 2 Stone to Janet.", "Arcadia", "TransferCurrencies"),
    ],
)
def test_okinawa_s_stones_and_arcadia_s_stone_never_cross(
    text: str, game: str, action: str
) -> None:
    found = _read(_stone_games(), text, {"Okinawa": True, "Arcadia": True})
    assert [(item.game, type(item.action).__name__) for item in found.actions] == [(game, action)]


@pytest.mark.parametrize("text", ["I destroy 2 Stone.", "I pay 2 Stone to Janet."])
def test_stone_sentences_no_game_has_are_told_not_dropped(text: str) -> None:
    found = _read(_stone_games(), text, {"Okinawa": True, "Arcadia": True})
    assert found.actions == []
    (report,) = found.not_understood
    assert report.games == ("Arcadia",)
