"""Words before the "I" of an action: set aside when they change nothing, refused when they
make the action conditional."""

from __future__ import annotations

import pytest
from test_commune_support import make_game

from referee.parsing import find_actions
from referee.parsing.openers import set_aside_neutral_opener, split_condition
from referee.parsing.sentences import Sentence

GAME = make_game()


def read(text: str) -> tuple[list[str], list[str]]:
    found = find_actions([GAME], [(1, text)], {GAME.name: True})
    return [a.action.source.text for a in found.actions], [n.problem for n in found.not_understood]


@pytest.mark.parametrize(
    "text",
    [
        "For the avoidance of doubt, I place a tile at G6.",
        "Per the rules, I place a tile at G6.",
        "Also, I place a tile at G6.",
        "And then I place a tile at G6.",
        "OK so I place a tile at G6.",
        "Finally, I place a tile at G6.",
    ],
)
def test_words_that_change_nothing_are_set_aside(text: str) -> None:
    assert read(text) == (["I place a tile at G6"], [])


def test_the_action_keeps_its_place_in_the_line() -> None:
    sentence = set_aside_neutral_opener(Sentence("Also, I place a tile at G6", 3, 5))
    assert sentence == Sentence("I place a tile at G6", 3, 11)


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("If nix has not placed a tile, I place a tile at G6.", "If nix has not placed a tile"),
        ("If G6 is empty, then I place a tile at G6.", "If G6 is empty"),
        ("Unless Janet objects, I place a tile at G6.", "Unless Janet objects"),
        ("In case my last attempt failed, I place a tile at G6.", "In case my last attempt failed"),
    ],
)
def test_a_conditional_action_is_never_performed_and_the_answer_says_why(
    text: str, condition: str
) -> None:
    actions, problems = read(text)
    assert actions == []
    assert problems == [
        f'the action depends on a condition ("{condition}"), and the referee does not judge '
        "conditions, so nothing was done; announce the action without the condition when it "
        "holds"
    ]


@pytest.mark.parametrize(
    "text",
    ["If it is sunny tomorrow, I will go outside.", "When I get home, I will read the report."],
)
def test_a_conditional_sentence_that_is_no_action_is_prose(text: str) -> None:
    assert read(text) == ([], [])


def test_split_condition() -> None:
    split = split_condition(Sentence("If so, I place a tile at G6", 1, 1))
    assert split == ("If so", Sentence("I place a tile at G6", 1, 8))
    assert split_condition(Sentence("I place a tile at G6 if I can", 1, 1)) is None


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("I place a tile at G6 if it is still empty.", "if it is still empty"),
        ("I place a tile at G6, unless Janet already did.", "unless Janet already did"),
    ],
)
def test_a_condition_at_the_end_is_answered_the_same_way(text: str, condition: str) -> None:
    actions, problems = read(text)
    assert actions == []
    assert len(problems) == 1
    assert problems[0].startswith(f'the action depends on a condition ("{condition}")')


def test_once_again_is_no_condition() -> None:
    assert read("Once again, I place a tile at G6.") == (["I place a tile at G6"], [])
    actions, problems = read("Once G6 is free, I place a tile at G6.")
    assert actions == [] and problems[0].startswith('the action depends on a condition ("Once')
