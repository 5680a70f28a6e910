"""The Register's sentences: what it reads, and Agora's office business it leaves alone."""

from __future__ import annotations

import pytest

from referee.games.base import GameSetup
from referee.games.register.plugin import REGISTER_NAME, REGISTER_START, RegisterGame
from referee.games.register.state import Standing
from referee.parsing import find_actions

GAME = RegisterGame(
    GameSetup(REGISTER_NAME, RegisterGame.rulesets()["procedure"], REGISTER_START, "registrar"),
    players={"nix": Standing(), "Janet": Standing()},
    offices={"surveyor": "nix", "registrar": "Janet"},
)


def kinds(text: str) -> tuple[list[str], int]:
    found = find_actions([GAME], [(1, text)], {REGISTER_NAME: True})
    return [type(a.action).__name__ for a in found.actions], len(found.not_understood)


@pytest.mark.parametrize("text", GAME.examples)
def test_every_example_is_read(text: str) -> None:
    actions, problems = kinds(text)
    assert len(actions) == 1 and problems == 0, text


@pytest.mark.parametrize(
    "text",
    [
        "I resign as Surveyor.",
        "I resign the office of Registrar.",
        "I appoint Janet as the Surveyor.",
        "Janet is now the Surveyor.",
    ],
)
def test_the_offices_it_keeps(text: str) -> None:
    actions, problems = kinds(text)
    assert (len(actions), problems) == (1, 0), text


@pytest.mark.parametrize(
    "text",
    [
        "I resign the office of Rulekeepor.",
        "I resign as Tailor.",
        "I appoint Murphy as the Assessor.",
        "I install snail as Prime Minister.",
    ],
)
def test_other_offices_are_agoras_business_and_left_alone(text: str) -> None:
    assert not GAME.looks_like_action(text)
    assert kinds(text) == ([], 0)


def test_a_malformed_change_of_an_office_it_keeps_is_reported() -> None:
    assert kinds("I resign the Surveyor thing effective immediately, sorry.") == ([], 1)


def test_a_trailing_aside_is_set_aside_and_shown() -> None:
    found = find_actions(
        [GAME], [(1, "I resign Surveyor effective immediately, sorry.")], {REGISTER_NAME: True}
    )
    assert [type(a.action).__name__ for a in found.actions] == ["Resign"]
    assert found.actions[0].action.source.text == (
        "I resign Surveyor (read from: I resign Surveyor effective immediately, sorry; "
        "set aside: effective immediately, sorry)"
    )
