"""Reading Single-Capture Go and Arcadia as an officer does, through the real body reader
and finder with every game configured: what is performed, what is told, what is never
done."""

from __future__ import annotations

import pytest

from bench.reading import read, shapes
from referee.parsing import ParseResult
from referee.parsing.sentences import split_sentences


def _texts(result: ParseResult) -> list[str]:
    return [found.action.source.text for found in result.actions]


@pytest.mark.parametrize(
    "text",
    [
        "e7 or e8, whichever is free.",
        "I go next to Janet's group.",
        "Pass.",
        "No move this round.",
        "I play e7 and f7.",
    ],
)
def test_a_private_line_about_the_play_is_always_answered(text: str) -> None:
    result = read(text, private=True)
    assert not result.actions
    assert result.not_understood
    assert result.not_understood[0].games == ("Single-Capture Go",)


def test_the_same_lines_in_public_are_not_answered_as_plays() -> None:
    for text in ("e7 or e8, whichever is free.", "Pass."):
        result = read(text, private=False)
        assert not result.actions
        assert not result.not_understood, text


def test_a_round_named_before_the_play_is_the_plays_round() -> None:
    for text in (
        "For round 4, I play b2.",
        "In round four: I play b2",
        "During round 4, I play b2",
    ):
        assert shapes(read(text, private=True)) == shapes(read("Round 4: I play b2", private=True))


def test_me_too_repeats_a_public_action_of_a_secret_game_but_never_a_play() -> None:
    agreed = read("> I agree to play Single-Capture Go\nMe too.", private=False)
    assert shapes(agreed) == shapes(read("I agree to play Single-Capture Go", private=False))
    played = read("> I play e7\nMe too.", private=True)
    assert not played.actions
    assert "secret move" in played.not_understood[0].problem


def test_a_verb_after_a_comma_is_another_action_never_a_reason() -> None:
    both = read("I claim (2, 2), build a Farm there.", private=False)
    assert shapes(both) == shapes(read("I claim (2, 2)\nI build a Farm on (2, 2)", private=False))
    unknown = read("I claim (4, 4), construct a Castle there.", private=False)
    assert not unknown.actions and unknown.not_understood


def test_there_points_back_to_the_one_place_of_the_sentence_before() -> None:
    result = read("I claim (7, 2). Then I build a Farm there.", private=False)
    assert shapes(result) == shapes(read("I claim (7, 2)\nI build a Farm on (7, 2)", private=False))
    assert not result.not_understood
    several = read("I claim (7, 2) and (7, 3). I build a Farm there.", private=False)
    assert len(several.actions) == 2  # the two claims; "there" is not guessed
    assert several.not_understood[0].sentence.text == "I build a Farm there"


def test_an_ellipsis_inside_a_sentence_does_not_make_its_end_a_play() -> None:
    result = read("This round I'd play... f2.", private=True)
    assert not result.actions
    assert result.not_understood


def test_no_before_a_number_ends_no_sentence() -> None:
    (sentence,) = split_sentences([(1, "I object to Arcadian Proposal no. 5.")])
    assert sentence.text == "I object to Arcadian Proposal no. 5"


def test_a_bare_support_under_the_lord_rulers_intent_supports_it() -> None:
    result = read(
        "> I intend, with 2 Agoran consent, to begin a new Free Tournament\nI support.",
        private=False,
    )
    assert shapes(result) == shapes(
        read("I support the intent to begin a new Free Tournament", private=False)
    )


def test_may_in_a_date_is_no_hedge() -> None:
    result = read(
        "I announce the new date of 5 May 2027 and set the Iteration Date to that date.",
        private=False,
    )
    assert shapes(result) == shapes(read("I set the Iteration Date to 2027-05-05", private=False))
    assert not read("I may set the Iteration Date to Never.", private=False).actions


@pytest.mark.parametrize("date", ["2027-13-45", "2027-02-30"])
def test_a_date_that_does_not_exist_is_told_not_raised(date: str) -> None:
    result = read(f"I set the Iteration Date to {date}.", private=False)
    assert not result.actions
    (told,) = result.not_understood
    assert "not a date of the calendar" in told.problem


def test_an_aside_that_makes_the_action_depend_on_something_is_never_set_aside() -> None:
    for text in ("I claim (6, 3) (Energy permitting).", "I claim (2, 7) (if possible)."):
        result = read(text, private=False)
        assert not result.actions, text
        assert result.not_understood, text


def test_an_apology_after_a_dash_is_set_aside_but_a_correction_is_not() -> None:
    sorry = read("I claim (2, 7) - sorry about the delay.", private=False)
    assert shapes(sorry) == shapes(read("I claim (2, 7)", private=False))
    taken_back = read("I play d3, no, d4.", private=True)
    assert not taken_back.actions and taken_back.not_understood


def test_an_unread_correction_naming_a_place_takes_the_play_back() -> None:
    result = read("I play c2.\nEdit: make it c3 if c2 is taken.", private=True)
    assert not result.actions
    assert result.not_understood
