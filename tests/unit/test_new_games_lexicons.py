"""Okinawa's, Arcadia's and the contract's other words: read and echoed in canonical form,
and never an act when the words around them hedge, ask, quote or offer a choice."""

from __future__ import annotations

import pytest

from bench.reading import read


@pytest.mark.parametrize(
    ("text", "game", "echo"),
    [
        ("I capture the group at (1, 1).", "Okinawa", "I capture the chain at (1, 1)"),
        ("I play a Stone at [2, -3].", "Okinawa", "I play a Stone at (2, -3)"),
        (
            "I spend 1 Lumber and 1 Stone to build a Farm at (3, 4).",
            "Arcadia",
            "I destroy 1 Lumber and 1 Stone to build a Farm at (3, 4)",
        ),
        (
            "I convert 3 Food into 3 Energy.",
            "Arcadia",
            "I destroy 3 Food to increase my Energy by 3",
        ),
        ("I tear down the Mine on (3, 4).", "Arcadia", "I destroy the Mine on (3, 4)"),
        ("I quit the Arcadia contract.", "Arcadia contract", "I leave the Arcadia contract"),
    ],
)
def test_other_words_are_read_and_the_form_read_is_echoed(text: str, game: str, echo: str) -> None:
    found = read(text, private=False)
    assert not found.not_understood
    (action,) = found.actions
    assert action.game == game
    assert action.action.source.text.startswith(f"{echo} (read from: ")


@pytest.mark.parametrize(
    "text",
    [
        "Should I demolish the Farm at (3, 4)?",
        "I would spend 1 Lumber and 1 Stone to build a Farm at (3, 4).",
        "nix said: I capture the group at (1, 1).",
        "Let's say I convert 3 Food into 3 Energy.",
        "I don't erect a Monument at (5, 5).",
        "I build a Farm at (3, 4) or a Mine at (3, 5).",
        "If I sign up for the Arcadian Tournament, I get Energy.",
        "I think Arcadian Proposal 2 is wrong, so I object to Arcadian Proposal 2.",
        "Please play d4 for me.",
    ],
)
def test_hedged_or_public_requests_are_never_acts(text: str) -> None:
    found = read(text, private=False)
    assert found.actions == []
    assert found.not_understood, "the author is told"


@pytest.mark.parametrize(
    "text",
    [
        "I build a Castle at (3, 4).",
        "I play a Stone somewhere.",
    ],
)
def test_an_unknown_thing_is_told_not_dropped(text: str) -> None:
    found = read(text, private=False)
    assert found.actions == []
    assert found.not_understood
