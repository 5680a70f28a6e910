"""The normaliser before the grammars: what it sets aside, what it never turns into an act,
and how the answer shows the form read."""

from __future__ import annotations

import pytest

from bench.reading import read
from referee.games.base import rewrites


def _texts(text: str, *, private: bool = False) -> list[str]:
    return [found.action.source.text for found in read(text, private=private).actions]


@pytest.mark.parametrize(
    "text",
    [
        "I'll place a tile at G6.",
        "I will place a tile at G6.",
        "I'd like to play d4.",
        "I would like to invest in Jade.",
        "I think I'll resign as Surveyor.",
        "I might leave my alliance.",
        "Should I support intent 2?",
        "I don't place a tile at G6.",
        "I placed a tile at G6 yesterday.",
        "Perhaps I place a tile at G6.",
        "I play e7, or f7.",
        "I play e7 - or f7 if that is taken.",
        "e7",  # a square alone is a play only in private mail
        "nix said: I place a tile at F3.",
        "Example: I place a tile at F3.",
        "For instance, I invest in Jade.",
        "Hypothetically, I leave my alliance.",
        "After Janet moves, I place a tile at F3.",
        "I place a tile at F3, just kidding.",
        "I play e7?",
    ],
)
def test_what_is_never_an_act(text: str) -> None:
    assert _texts(text) == []


def test_the_answer_shows_the_form_read_and_what_was_set_aside() -> None:
    assert _texts("Pursuant to the regulations, I place a tile at G-6, to grow Jade.") == [
        "I place a tile at G6 (read from: Pursuant to the regulations, I place a tile at G-6, "
        "to grow Jade; set aside: to grow Jade)"
    ]


def test_a_typo_is_corrected_only_to_the_one_verb_it_can_be() -> None:
    assert _texts("I palce a tile at D4.") == [
        "I place a tile at D4 (read from: I palce a tile at D4)"
    ]
    assert _texts("I placed a tile at D4.") == []


def test_a_square_alone_is_a_play_in_private_mail() -> None:
    assert _texts("e7", private=True) == ["I play e7 (read from: e7)"]
    assert _texts("Move: e7", private=True) == ["My move is e7 (read from: Move: e7)"]
    assert _texts("e7", private=False) == []


def test_a_correction_replaces_the_previous_action_of_its_kind() -> None:
    assert _texts("I play e7. Actually, no: I play f7 instead.", private=True) == [
        "I play f7 (replaces: I play e7)"
    ]


def test_list_items_under_i_do_the_following_are_the_authors_acts() -> None:
    texts = _texts("I do the following, in order:\n1. place a tile at B2\n2. invest in Jade")
    assert texts == [
        "I place a tile at B2 (read from: place a tile at B2)",
        "I invest in Jade (read from: invest in Jade)",
    ]


def test_a_question_is_told_and_never_performed() -> None:
    result = read("I play e7?", private=True)
    assert result.actions == []
    (told,) = result.not_understood
    assert "asked as a question" in told.problem


def test_an_intention_that_looks_like_an_action_is_told_why() -> None:
    result = read("I'll play e7 next round.", private=True)
    assert result.actions == []
    (told,) = result.not_understood
    assert told.problem.startswith("it reads as an intention")
    assert "I play e7" in told.expected


@pytest.mark.parametrize(
    ("pattern", "replacement"),
    [(r"^I\s+(place)", r"I \2"), (r"^(?P<verb>place)", r"\g<noun>"), (r"^place", r"\g<1>")],
)
def test_a_rewrite_naming_a_missing_group_is_refused_when_built(
    pattern: str, replacement: str
) -> None:
    with pytest.raises(ValueError, match="refers to group"):
        rewrites((pattern, replacement))


def test_a_rewrite_naming_its_own_groups_is_built() -> None:
    ((pattern, replacement),) = rewrites((r"^I\s+(?P<verb>place)\s+(tile)", r"I \g<verb> a \2"))
    assert pattern.sub(replacement, "I place tile") == "I place a tile"
