"""A name and a colon before the "I": another's words, told and never done (rulings P1q)."""

from __future__ import annotations

from typing import Any

import pytest

from bench.reading import games, read
from referee.games.base import Game
from referee.parsing.speakers import speaker_label


def _by_grammar() -> dict[str, list[Game[Any]]]:
    grouped: dict[str, list[Game[Any]]] = {}
    for game in games():
        grouped.setdefault(game.grammar, []).append(game)
    return grouped


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Janet: I leave my alliance.", "Janet"),
        ("Bob: I place a tile at C4", "Bob"),
        ("Trigon: I support Arcadian Proposal 7.", "Trigon"),
    ],
)
def test_a_name_before_the_i_is_a_speaker(text: str, name: str) -> None:
    assert speaker_label(text, _by_grammar(), "nix") == name
    result = read(text, private=False)
    assert not result.actions
    assert result.not_understood and name in (result.not_understood[0].problem or "")


@pytest.mark.parametrize(
    "text",
    [
        "nix: I place a tile at C4.",  # the author's own name
        "Surveyor: I invest in Jade.",  # an office addressed
        "Registrar: I deregister.",
        "Okinawa: I play a Stone at (1, 1).",  # a game's name
        "Update: I place a tile at C4.",  # a heading
        "Nevermind: I support Arcadian Proposal 6.",
        "Janet, I place a tile at C4.",  # a comma addresses, it does not quote
    ],
)
def test_labels_that_are_no_speaker(text: str) -> None:
    assert speaker_label(text, _by_grammar(), "nix") is None
    assert read(text, private=False).actions
