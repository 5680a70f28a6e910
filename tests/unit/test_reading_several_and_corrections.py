"""Reading several objects with one verb, asides that change the action, corrections that
name only a place, and headings, through the real finder with every game configured."""

from __future__ import annotations

from bench.reading import read, shapes
from referee.parsing import ParseResult


def _texts(result: ParseResult) -> list[str]:
    return [found.action.source.text for found in result.actions]


def test_one_verb_with_several_objects_is_several_actions_each_echoed() -> None:
    result = read("I destroy the Farm at (3, 4) and the Mine at (4, 4).", private=False)
    assert shapes(result) == shapes(
        read("I destroy the Farm at (3, 4)\nI destroy the Mine at (4, 4)", private=False)
    )
    assert [text.split(" (read from")[0] for text in _texts(result)] == [
        "I destroy the Farm at (3, 4)",
        "destroy the Mine at (4, 4)",
    ]
    assert not result.not_understood


def test_a_comma_alone_opens_an_apposition_not_a_list() -> None:
    result = read("I invest in Amber, the community at C3.", private=False)
    assert not result.actions and result.not_understood


def test_words_that_change_the_action_are_never_set_aside() -> None:
    whole = read("I offer to trade my B for a 3, 4 or 5, only to Janet.", private=False)
    assert shapes(whole) == shapes(
        read("I offer my B for any of 3, 4 or 5 (only to Janet)", private=False)
    )
    for text in (
        "I play one Stone at (1, 1), (1, 2), then (1, 3) or (1, 4).",
        "I play g7, round 5 or 6.",
    ):
        result = read(text, private=False)
        assert not result.actions, text
        assert result.not_understood, text
    paid = read("I build an Orchard at (3, 4), paying 2 Stone.", private=False)
    assert shapes(paid) == shapes(
        read("I destroy 2 Stone to build an Orchard at (3, 4)", private=False)
    )


def test_a_correction_naming_only_a_place_replaces_the_place_of_the_action_before() -> None:
    result = read("I play a Stone at (2, 2). Actually, make that (2, 3).", private=False)
    assert shapes(result) == shapes(read("I play a Stone at (2, 3)", private=False))
    assert _texts(result) == ["I play a Stone at (2, 3) (replaces: I play a Stone at (2, 2))"]
    assert not result.not_understood
    meant = read("I play g7. Sorry, I meant g8.", private=True)
    assert shapes(meant) == shapes(read("I play g8", private=True))


def test_a_correction_that_cannot_be_read_takes_the_action_back_and_says_so() -> None:
    result = read(
        "I place a tile at D4. Wait, no: I place a tile at the other spot.", private=False
    )
    assert not result.actions
    (told,) = result.not_understood
    assert told.problem.startswith(
        'it corrects the action before it, but the correction could not be read ("I place a '
        'tile at D4"), so it was not done'
    )
    kept = read("I place a tile at D4. Sorry for the delay.", private=False)
    assert shapes(kept) == shapes(read("I place a tile at D4", private=False))


def test_a_game_named_alone_is_a_heading_not_a_line_to_report() -> None:
    result = read(
        "In Okinawa:\n- I play a Stone at (1, -1)\n- I play a Stone at (1, 0)", private=False
    )
    assert len(result.actions) == 2 and not result.not_understood
    result = read("Arcadia:\n1. claim (4, 6)\n2. build a Farm on (4, 6)", private=False)
    assert len(result.actions) == 2 and not result.not_understood


def test_a_round_named_before_the_play_is_kept() -> None:
    result = read("Round 5: I play g7.", private=True)
    assert shapes(result) == shapes(read("I play g7 in round 5", private=True))


def test_a_retraction_with_no_action_after_it_takes_the_action_back() -> None:
    result = read("I place a tile at D4. Actually, no.", private=False)
    assert not result.actions
    (told,) = result.not_understood
    assert told.problem.startswith('it takes back the action before it ("I place a tile at D4")')
    replaced = read("I place a tile at D4. Actually, no. I place a tile at D5.", private=False)
    assert shapes(replaced) == shapes(read("I place a tile at D5", private=False))


def test_an_action_joined_to_the_one_before_shows_the_words_it_was_read_from() -> None:
    result = read("I place a tile at C4. Also invest in Jade.", private=False)
    texts = [found.action.source.text for found in result.actions]
    assert texts == ["I place a tile at C4", "I invest in Jade (read from: Also invest in Jade)"]
