"""Sentence splitting keeps positions and copes with the ways actions are written."""

from __future__ import annotations

from referee.parsing.sentences import Sentence, split_sentences


def _split(text: str) -> list[Sentence]:
    return split_sentences(enumerate(text.splitlines(), start=1))


def test_sentences_in_prose_keep_line_and_column() -> None:
    found = _split("Hi all. I place a tile at G6! Cheers")
    assert found == [
        Sentence("Hi all", 1, 1),
        Sentence("I place a tile at G6", 1, 9),
        Sentence("Cheers", 1, 31),
    ]


def test_a_sentence_wrapped_over_lines_is_joined() -> None:
    found = _split("I begin constructing a 7\nwith my Left Token Constructor.")
    assert [s.text for s in found] == ["I begin constructing a 7 with my Left Token Constructor"]
    assert (found[0].line, found[0].column) == (1, 1)


def test_one_action_per_line_without_full_stops() -> None:
    found = _split("I place a tile at G6\nI grant myself an investment in Jade")
    assert [(s.text, s.line) for s in found] == [
        ("I place a tile at G6", 1),
        ("I grant myself an investment in Jade", 2),
    ]


def test_bullets_are_removed_and_split() -> None:
    found = _split(
        "My moves:\n- I place a tile at G6\n* I withdraw trade offer 4\n"
        "2) I cease to be a participant"
    )
    assert [s.text for s in found] == [
        "My moves:",
        "I place a tile at G6",
        "I withdraw trade offer 4",
        "I cease to be a participant",
    ]
    assert found[1].column == 3


def test_dots_inside_words_do_not_split() -> None:
    assert [s.text for s in _split("Under v1.3 I place a tile at G6.")] == [
        "Under v1.3 I place a tile at G6"
    ]


def test_blank_lines_end_sentences() -> None:
    assert [s.text for s in _split("I place a tile at G6\n\nthanks")] == [
        "I place a tile at G6",
        "thanks",
    ]


def test_a_wrapped_condition_keeps_its_action() -> None:
    # A mail client wraps a long conditional sentence just before its "I": the condition
    # must stay with the action, or the action would be performed unconditionally.
    assert [s.text for s in _split("If nobody objects by Friday,\nI place a tile at G6.")] == [
        "If nobody objects by Friday, I place a tile at G6"
    ]
    assert [s.text for s in _split("Hi all, unless Janet objects,\nI place a tile at G6")] == [
        "Hi all, unless Janet objects, I place a tile at G6"
    ]


def test_a_word_like_should_inside_a_clause_does_not_join_lines() -> None:
    assert [s.text for s in _split("I place a tile at G6, which should help\nI invest")] == [
        "I place a tile at G6, which should help",
        "I invest",
    ]


def test_short_openers_start_a_new_line_sentence() -> None:
    found = _split("In Okinawa, I play a Stone at (0, 1)\nIn Okinawa, I play a Stone at (0, 2)")
    assert [s.text for s in found] == [
        "In Okinawa, I play a Stone at (0, 1)",
        "In Okinawa, I play a Stone at (0, 2)",
    ]
    assert [s.text for s in _split("I place a tile at G6\nAlso, I invest")] == [
        "I place a tile at G6",
        "Also, I invest",
    ]


def test_labelled_actions_one_per_line_under_a_plain_heading_are_split() -> None:
    # P65-read-games-s17-6: a list of the games' labels, under a heading of the author's acts.
    found = _split("Commune actions this week:\nTile: D4\nInvestment: Jade")
    assert [(s.text, s.line) for s in found] == [
        ("Commune actions this week:", 1),
        ("Tile: D4", 2),
        ("Investment: Jade", 3),
    ]


def test_labelled_lines_under_another_heading_or_field_stay_one_sentence() -> None:
    # A condition, another person, another time or a proposal's field governs the lines.
    for heading in ("If nobody objects:", "Janet:", "Last week:", "Title: Tile rules"):
        found = _split(f"{heading}\nTile: D4\nInvestment: Jade")
        assert len(found) == 1, heading
