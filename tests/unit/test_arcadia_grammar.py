"""How players write Arcadia's actions (grammar/arcadia.lark), and what is not Arcadia's."""

from __future__ import annotations

import pytest
from arcadia_table import make_game

from referee.games.arcadia.actions import (
    BuildFacility,
    ClaimLand,
    DestroyFacility,
    FoodForEnergy,
    JoinTournament,
    LeaveTournament,
)
from referee.games.base import Action, SourceText
from referee.parsing import find_actions

GAME = make_game()
S = SourceText("", 0, 0)


def actions(text: str) -> list[Action]:
    found = find_actions([GAME], [(1, text)], {"Arcadia": True})
    assert not found.not_understood, found.not_understood
    return [f.action for f in found.actions]


def only(text: str) -> Action:
    (action,) = actions(text)
    return action


def _same(action: Action, expected: Action) -> None:
    assert type(action) is type(expected)
    assert {k: v for k, v in vars(action).items() if k != "source"} == {
        k: v for k, v in vars(expected).items() if k != "source"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I claim the Land Unit at (3, 4)", ClaimLand(S, (3, 4))),
        ("I claim (3,4).", ClaimLand(S, (3, 4))),
        ("I hereby claim the land unit at ( 3 , 4 )", ClaimLand(S, (3, 4))),
        (
            "I set the Land Type of (3,4) to Black and transfer it to myself",
            ClaimLand(S, (3, 4), "Black"),
        ),
        (
            "I set the land type of the Land Unit at (3,4) to white and transfer it to emself",
            ClaimLand(S, (3, 4), "White"),
        ),
        ("I build a Farm on (3, 4)", BuildFacility(S, "Farm", (3, 4))),
        ("I build an orchard at (9,9)", BuildFacility(S, "Orchard", (9, 9))),
        ("I set the Facility of (2,2) to Mine", BuildFacility(S, "Mine", (2, 2))),
        (
            "I destroy 1 Lumber and 1 Stone to build a Farm at (3,4)",
            BuildFacility(S, "Farm", (3, 4), (("Lumber", 1), ("Stone", 1))),
        ),
        (
            "I destroy two Stones to build an Orchard at (1, 9)",
            BuildFacility(S, "Orchard", (1, 9), (("Stone", 2),)),
        ),
        ("I build a Monument at (5,5)", BuildFacility(S, "Monument", (5, 5))),
        (
            "I destroy 20 Food, 20 Stones, and 20 Lumber to build a Monument at (5, 5)",
            BuildFacility(S, "Monument", (5, 5), (("Food", 20), ("Stone", 20), ("Lumber", 20))),
        ),
        ("I destroy 3 Food to increase my Energy by 3", FoodForEnergy(S, (("Food", 3),), 3)),
        ("I destroy 3 Food to increase my Energy", FoodForEnergy(S, (("Food", 3),))),
        ("I destroy 3 Food for 3 Energy", FoodForEnergy(S, (("Food", 3),), 3)),
        ("I destroy the Farm at (3, 4)", DestroyFacility(S, (3, 4), "Farm")),
        ("I destroy the facility on (3, 4)", DestroyFacility(S, (3, 4))),
        ("I set the Facility of (3,4) to None", DestroyFacility(S, (3, 4))),
        ("I join the Arcadian Tournament", JoinTournament(S)),
        ("I become a participant in Arcadia", JoinTournament(S)),
        ("I leave the Arcadian Tournament", LeaveTournament(S)),
        ("I cease to be a participant of the Arcadian Tournament", LeaveTournament(S)),
    ],
)
def test_each_phrasing(text: str, expected: Action) -> None:
    _same(only(text), expected)


def test_several_actions_in_one_sentence_keep_their_words() -> None:
    found = actions("I claim (1,1), then I claim (1,2) and build a Mine on (1,1)")
    assert [type(a) for a in found] == [ClaimLand, ClaimLand, BuildFacility]
    assert [a.source.text for a in found] == [
        "I claim (1,1)",
        "I claim (1,2)",
        "build a Mine on (1,1)",
    ]


def test_every_example_parses() -> None:
    for example in GAME.examples:
        assert actions(example), example


@pytest.mark.parametrize(
    "text",
    [
        "I destroy 3 Food",  # no purpose: which action is it?
        "I build a Farm",  # no location
        "I claim 3, 4",  # a bare pair, not after "Land Unit at"
        "I build a farm in the north",
    ],
)
def test_near_misses_are_answered_with_the_forms(text: str) -> None:
    found = find_actions([GAME], [(1, text)], {"Arcadia": True})
    assert not found.actions
    (problem,) = found.not_understood
    assert problem.expected and all(e in GAME.examples for e in problem.expected)


@pytest.mark.parametrize(
    "text",
    [
        "I destroy 2 Stone",  # Okinawa has Stones too: never Arcadia's
        "I place a Stone at (3, -4)",
        "I claim that nix is wrong",
        "We should build a farm sometime.",
    ],
)
def test_what_is_not_arcadias_never_reaches_it(text: str) -> None:
    assert (
        not GAME.looks_like_action(text)
        or not find_actions([GAME], [(1, text)], {"Arcadia": False}).actions
    )
    assert not find_actions([GAME], [(1, text)], {"Arcadia": True}).actions
