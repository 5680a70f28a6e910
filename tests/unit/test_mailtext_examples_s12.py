"""Round 12 of the mail corpus: instructions for others set aside (an FAQ, pairs of forms,
examples), reports and tables pasted with no rule under their title, and a bare place told
(rulings P54-mail-s12-1 to -3)."""

from __future__ import annotations

import pytest

from bench.reading import read
from referee.mailtext.quoting import LineKind, split_quoted
from referee.parsing.bare_places import bare_place_note

OWN, QUOTED = LineKind.OWN, LineKind.QUOTED


def kinds(text: str) -> list[LineKind]:
    return list(split_quoted(text.split("\n")).kinds)


# -- P54-mail-s12-1: instructions for others ---------------------------------------------


def test_a_question_and_its_answer_are_set_aside() -> None:
    text = "Q: Can I place a tile at D4?\nA: Yes, I place a tile at D4.\n\nI place a tile at C4."
    assert kinds(text) == [QUOTED, QUOTED, OWN, OWN]


def test_an_answer_in_the_next_paragraph_still_answers() -> None:
    text = "Q: How do I join?\n\nA: I become a participant in Commune."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED]


@pytest.mark.parametrize(
    "text",
    [
        "A: I place a tile at D4.",  # an answer with no question above it
        "Q: should I place a tile at D4?\n\nNo answer yet.",  # a question left open
    ],
)
def test_half_a_question_and_answer_is_the_authors(text: str) -> None:
    assert kinds(text)[-1] is OWN


@pytest.mark.parametrize(
    ("first", "second"),
    [("Wrong", "Right"), ("Bad", "Good"), ("Incorrect", "Correct"), ("Before", "After")],
)
def test_a_pair_of_forms_is_set_aside(first: str, second: str) -> None:
    text = f"{first}: i placed tile d4\n{second}: I place a tile at D4.\n\nI play e7."
    assert kinds(text) == [QUOTED, QUOTED, OWN, OWN]


def test_a_pair_of_forms_under_labels_alone() -> None:
    text = "Before:\nI build farm (3,3)\n\nAfter:\nI build a Farm on (3, 3).\n\nDone."
    assert kinds(text) == [QUOTED] * 5 + [OWN, OWN]


def test_a_right_form_with_no_wrong_one_is_the_authors() -> None:
    assert kinds("Right: I place a tile at D4.") == [OWN]


def test_an_old_form_is_set_aside_and_the_new_one_read() -> None:
    text = "Old: I place a tile at C4.\nNew: I place a tile at D4."
    assert kinds(text) == [QUOTED, OWN]
    actions = read(text, private=False).actions
    assert [a.action.source.text for a in actions] == [
        "I place a tile at D4 (read from: New: I place a tile at D4)"
    ]


def test_an_indented_example_block_runs_over_its_blank_lines() -> None:
    text = (
        "Example:\n\n    I join the Arcadian Tournament.\n\n    I claim (3, 3).\n\nAs for me, ok."
    )
    assert kinds(text) == [QUOTED] * 5 + [OWN, OWN]


def test_an_example_on_its_label_line() -> None:
    assert kinds("For example: I place a tile at D4.\n\nI play e7.") == [QUOTED, OWN, OWN]


def test_nothing_of_an_faq_is_performed_and_the_own_act_is() -> None:
    text = "Q: And Go?\nA: I agree to play Single-Capture Go.\n\nI place a tile at C4."
    result = read(text, private=False)
    assert [a.game for a in result.actions] == ["Commune"]
    assert not result.not_understood


# -- P54-mail-s12-3: reports and tables pasted with no rule under their title -------------


def test_a_report_titled_without_a_rule_is_set_aside() -> None:
    text = (
        "Surveyor's report, 2 Apr 2023\nUnit    Owner   Building\n(1, 2)  Janet   Farm\n"
        "(2, 2)  nix     Farm\n\nHistory:\n  2023-03-28  Janet claimed (4, 6)\n\n"
        "I claim the Land Unit at (2, 9)."
    )
    assert kinds(text) == [QUOTED] * 7 + [OWN, OWN]


def test_a_table_with_no_title_is_set_aside() -> None:
    text = "Square   Player   Tile\nA1       Janet    Jade\nC4       Janet    C\n\nI place a tile."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN, OWN]


def test_the_authors_own_aligned_list_is_no_table() -> None:
    text = "Commune:   I place a tile at D4.\nGo:        I play a Stone at (2, 7).\nOk:  I do."
    assert kinds(text) == [OWN, OWN, OWN]


def test_prose_with_two_spaces_after_its_full_stops_is_no_table() -> None:
    text = "Hi all.  Short one.  Today.\nPlacing a tile at D4.  Then Jade.\nThat's it.  Cheers."
    assert kinds(text) == [OWN, OWN, OWN]


def test_two_rows_with_no_title_are_the_authors() -> None:
    assert kinds("A1     Janet    Jade\nC4     Janet    C") == [OWN, OWN]


def test_a_sentence_naming_a_report_is_no_title() -> None:
    text = "I read the report.\nUnit    Owner\n(1, 2)  Janet"
    assert kinds(text) == [OWN, OWN, OWN]


# -- P54-mail-s12-2: a place alone with a game named beside it ----------------------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("D4 (Commune tile)", "Commune tile"),
        ("C4 (tile)", "tile"),
        ("(3, 3) for Arcadia", "Arcadia"),
        ("D4 - tile", "tile"),
        ("C4 (tile) (3, 3) (Arcadia claim)", "tile; Arcadia claim"),  # two lines run together
        ("D4 (tile) and more", None),
        ("I place a tile at D4", None),
        ("D4 is free", None),
    ],
)
def test_a_bare_place_and_its_note(text: str, note: str | None) -> None:
    assert bare_place_note(text) == note


def test_a_bare_place_naming_a_game_is_told_in_public() -> None:
    result = read("D4 (Commune tile)", private=False)
    assert not result.actions
    assert [miss.games for miss in result.not_understood] == [("Commune",)]


def test_a_bare_place_naming_no_game_is_left_alone() -> None:
    result = read("D4 (my lucky square)", private=False)
    assert not result.actions and not result.not_understood


# -- Converted from HTML: no blank line between paragraphs --------------------------------


def test_an_answer_ends_with_its_sentence_when_no_blank_line_follows() -> None:
    text = "Q: How do I invest?\nA: Like this, then.\nI place a tile at C4."
    assert kinds(text) == [QUOTED, QUOTED, OWN]


def test_a_wrapped_answer_runs_on_over_its_lines() -> None:
    text = "Q: How do I invest?\nA: You write that you grant\nyourself an investment.\nI play e7."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN]


def test_an_example_block_ends_at_a_line_of_two_sentences() -> None:
    text = "Example:\nI join the Arcadian Tournament.\nThat's all. As for me, I play e7."
    assert kinds(text) == [QUOTED, QUOTED, OWN]
