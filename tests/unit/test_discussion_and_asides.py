"""Words around an action and talk about the game, read as a careful officer reads them.

Each class is proved on sentences written for these tests, not taken from the mail
corpus: trailing words that change nothing are set aside and shown as such; "never mind"
opens a correction; a sentence that plainly talks about the game (someone else's move,
the author's hypothesis, an opinion) is neither performed nor told; and what might be an
attempt is still told, so that nothing is lost silently.
"""

from __future__ import annotations

import pytest

from bench.reading import read, shapes
from referee.parsing.asides import trailing_courtesy
from referee.parsing.discussion import plainly_discussion

VERBS = frozenset({"place", "play", "build", "claim", "support", "object", "withdraw", "name"})


@pytest.mark.parametrize(
    ("text", "canonical", "aside"),
    [
        ("I place a tile at C2 too.", "I place a tile at C2", "too"),
        ("I support intent 3 as well!", "I support intent 3", ""),
        ("I build a Mine on (2, 3) 🎉", "I build a Mine on (2, 3)", "🎉"),
        ("I leave my alliance, sorry.", "I leave my alliance", "sorry"),
        ("I object to intent 7, thanks", "I object to intent 7", "thanks"),
        ("I play a Stone at (1, 6) now :)", "I play a Stone at (1, 6)", "now"),
        ("i support intent 4 👍🏽", "I support intent 4", "👍🏽"),
        ("Placing a tile at F2 today.", "I place a tile at F2", "today"),
    ],
)
def test_trailing_words_are_set_aside_and_shown(text: str, canonical: str, aside: str) -> None:
    found = read(text, private=False)
    assert not found.not_understood
    assert shapes(found) == shapes(read(canonical, private=False))
    (action,) = found.actions
    # A grammar that reads the words whole (Alliances' "as well") sets nothing aside.
    assert not aside or action.action.source.text.endswith(f"; set aside: {aside})")


@pytest.mark.parametrize(
    "text",
    [
        "I place a tile at G6",
        "I name my community Thanks",  # the name is read whole first
        "I play a Stone at (1, 1) instead",
        "",
        "🙂",
    ],
)
def test_nothing_else_counts_as_trailing_words(text: str) -> None:
    result = trailing_courtesy(text)
    assert result is None or result[0] == "I name my community"


def test_a_name_that_looks_like_courtesy_is_read_whole() -> None:
    (action,) = read("I name my community Thanks", private=False).actions
    assert "set aside" not in action.action.source.text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Never mind, I object to intent 2.", "I object to intent 2"),
        ("Hmm. Actually, never mind, I claim the Land Unit at (4, 1).", None),
        ("Nevermind: I support Arcadian Proposal 6.", "I support Arcadian Proposal 6"),
    ],
)
def test_never_mind_opens_an_action(text: str, canonical: str | None) -> None:
    found = read(text, private=False)
    assert not found.not_understood
    want = canonical or "I claim the Land Unit at (4, 1)"
    assert shapes(found) == shapes(read(want, private=False))


def test_never_mind_replaces_the_action_before_it() -> None:
    found = read("I place a tile at D2. Never mind, I place a tile at D3.", private=False)
    assert shapes(found) == shapes(read("I place a tile at D3", private=False))


@pytest.mark.parametrize(
    "text",
    [
        # Someone else, in the third person.
        "Murphy builds a Farm on (2, 2) every single week.",
        "Aspen claimed the Land Unit at (5, 5) before anyone else.",
        "When Janet supports intent 4 it will pass.",
        "Janet's offer of a 3 was withdrawn.",
        "The Farm at (3, 3) is producing nothing.",
        "Stone is worth more than Lumber this week.",
        "If Murphy places a tile at B2, Amber grows.",
        "Janet places a tile at C3 in her message, but I don't think it worked.",
        "He withdrew trade offer 3 before anyone could accept it.",
        "Building Mines on the coast is a trap for beginners.",
        "Supporting every intent is how alliances die.",
        # The author in a mood that is not an act.
        "I would rather claim the Land Unit at (1, 1), but it is taken.",
        "If I were Janet I would object to intent 3.",
        "I was planning to build a Mine on (4, 4) until the proposal passed.",
        "I've been wondering whether to place a tile at A4 for days.",
        "I think the Farm at (2, 2) is the best one on the board.",
    ],
)
def test_plain_discussion_is_neither_performed_nor_told(text: str) -> None:
    found = read(text, private=False)
    assert found.actions == []
    assert found.not_understood == [], [n.sentence.text for n in found.not_understood]


@pytest.mark.parametrize(
    "text",
    [
        # Perhaps meant: told, so the author can say it plainly.
        "I would build a Farm on (2, 2) with 1 Lumber.",
        "I think the proposal is wrong, so I object to Arcadian Proposal 30 forcefully.",
        "Janet is away, so I claim the Land Unit at (4, 4) with extra words here.",
        # An imperative, and the author writing of emself in the third person.
        "Place tiles at C5 and C6 please and thank you kindly.",
        "nix places a tile at H2.",
        "Place only one tile at C5 for me please, thank you kindly.",
        "Placing a tile at D4 is my move for today, folks.",
    ],
)
def test_what_might_be_an_attempt_is_still_told(text: str) -> None:
    found = read(text, private=False)
    assert found.actions == [] or found.not_understood == []
    assert found.actions or found.not_understood, "never silently dropped"


def test_a_private_move_written_about_is_still_answered() -> None:
    found = read("e7 is my move.", private=True)
    assert found.actions or found.not_understood


def test_discussion_is_judged_on_its_subject_not_its_nouns() -> None:
    assert plainly_discussion("Janet placed a tile at G7", VERBS)
    assert plainly_discussion("nix's move was odd", VERBS)
    assert not plainly_discussion("Place a tile at G7", VERBS)
    assert not plainly_discussion("Janet placed a tile at G7", VERBS, author="Janet")
    assert not plainly_discussion("Janet placed G7, so I place a tile at G8", VERBS)
    assert not plainly_discussion("My tile is at G7", VERBS)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("> I support intent 8.\n\nSame here. I support intent 8.", "I support intent 8"),
        ("> I leave my alliance.\n\nAs do I. I leave my alliance.", "I leave my alliance"),
    ],
)
def test_an_answer_spelt_out_after_it_is_one_act(text: str, canonical: str) -> None:
    found = read(text, private=False)
    assert shapes(found) == shapes(read(canonical, private=False))
    (action,) = found.actions
    assert "read from" not in action.action.source.text  # the spelt-out one is kept


def test_two_different_acts_after_an_answer_are_both_kept() -> None:
    found = read("> I support intent 8.\n\nAs do I. I support intent 9.", private=False)
    assert shapes(found) == shapes(read("I support intent 8. I support intent 9.", private=False))


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("🚀 I place a tile at C6.", "I place a tile at C6"),
        ("✅✅ I withdraw trade offer 4", "I withdraw trade offer 4"),
        ("👉 Also, I build a Farm on (1, 4).", "I build a Farm on (1, 4)"),
    ],
)
def test_an_emoji_before_an_action_changes_nothing(text: str, canonical: str) -> None:
    found = read(text, private=False)
    assert not found.not_understood
    assert shapes(found) == shapes(read(canonical, private=False))
