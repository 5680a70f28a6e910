"""Reading the Register's, offices' and intents' wordings as an officer does, round s17
(rulings P66-read-agora-s17): what the author is told when a line is not performed."""

from __future__ import annotations

import pytest

from bench.reading import read


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Please flip me to Inactive.", "I become inactive"),
        ("pls flip me to inactive", "I become inactive"),
        ("Please put me on hold.", "I become inactive"),
        ("Kindly mark me as active, thanks.", "I become active"),
        ("plz deregister me", "I deregister"),
        ("Please register me.", "I register"),
    ],
)
def test_a_request_about_ones_own_standing_is_told_with_the_act_to_announce(
    text: str, act: str
) -> None:
    result = read(text, private=False)
    assert not result.actions
    (told,) = result.not_understood
    assert "request to an officer" in told.problem
    assert f'"{act}."' in told.problem


def test_a_request_beside_the_act_it_asks_for_is_its_reason() -> None:
    result = read("pls deregister me... no wait. I deregister.", private=False)
    assert [type(found.action).__name__ for found in result.actions] == ["Deregister"]
    assert not result.not_understood


@pytest.mark.parametrize(
    "text",
    ["I resign?", "I kinda resign.", "I, Janet, resign.", "I, Janet, as Surveyor, resign."],
)
def test_what_looks_like_a_resignation_is_never_silent(text: str) -> None:
    result = read(text, private=False)
    assert not result.actions
    assert result.not_understood


@pytest.mark.parametrize(
    "text", ["I resign as Dungeon Master.", "I stop being Herald.", "I object to the thing."]
)
def test_other_offices_and_unseen_things_stay_agoras_business(text: str) -> None:
    result = read(text, private=False)
    assert not result.actions
    assert not result.not_understood
