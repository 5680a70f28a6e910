"""Reading the games' actions as an officer does, round s10 (rulings P42-read-games-s10):
sentences that lean on the action before them, naming clauses, ranges of proposals."""

from __future__ import annotations

from bench.reading import read, shapes
from referee.parsing.pointers import restriction


def test_it_after_two_proposals_is_asked_about_and_the_first_sentence_stands() -> None:
    result = read("I support AP 12 and AP 13. I object to it.", private=False)
    assert shapes(result) == shapes(read("I support AP 12 and AP 13.", private=False))
    (told,) = result.not_understood
    assert "Arcadian Proposal 12, Arcadian Proposal 13" in told.problem


def test_it_after_one_proposal_is_that_proposal() -> None:
    result = read("I withdraw my objection to AP 36; I support it instead.", private=False)
    wanted = read(
        "I withdraw my objection to Arcadian Proposal 36. I support Arcadian Proposal 36.",
        private=False,
    )
    assert shapes(result) == shapes(wanted)
    assert not result.not_understood


def test_it_with_nothing_before_it_is_left_to_the_reply() -> None:
    assert not read("I support it.", private=False).actions


def test_a_restriction_of_its_own_is_part_of_the_offer_before_it() -> None:
    result = read("I offer my 4 for a B; only Janet may accept.", private=False)
    assert shapes(result) == shapes(read("I offer my 4 for a B (only to Janet)", private=False))
    assert "replaces" in result.actions[0].action.source.text


def test_a_restriction_that_cannot_be_applied_takes_the_offers_back() -> None:
    for text in (
        "I offer my 4 for a B and my 5 for a C. Only Janet may accept.",
        "I offer my 4 for a B (only to Murphy). Janet only.",
    ):
        result = read(text, private=False)
        assert not result.actions, text
        assert result.not_understood, text


def test_what_is_a_restriction() -> None:
    assert restriction("Only Janet may accept.") == "only to Janet"
    assert restriction("Open to Janet or Murphy only.") == "only to Janet and Murphy"
    assert restriction("This offer is only for Janet.") == "only to Janet"
    assert restriction("Only the brave win.") is None
    assert restriction("I place a tile only at G6.") is None


def test_a_naming_clause_is_never_set_aside_as_a_reason() -> None:
    result = read(
        "I place a tile at G6, thereby founding a new community, which I name Amber.",
        private=False,
    )
    wanted = read("I place a tile at G6 and name the community at G6 Amber", private=False)
    assert shapes(result) == shapes(wanted)


def test_a_range_of_proposals_is_each_of_them_and_a_long_one_is_told() -> None:
    result = read("I support Arcadian Proposals 36 through 38.", private=False)
    wanted = read(
        "I support Arcadian Proposal 36 and Arcadian Proposal 37 and Arcadian Proposal 38",
        private=False,
    )
    assert shapes(result) == shapes(wanted)
    long = read("I support Arcadian Proposals 1 through 40.", private=False)
    assert not long.actions
    assert "at most 10" in long.not_understood[0].problem


def test_another_proposal_after_to_is_never_a_reason() -> None:
    result = read("I support AP 36 to AP 38.", private=False)
    assert len(result.actions) == 3


def test_another_of_the_same_after_an_action_is_added_to_it() -> None:
    result = read("I play a Stone at (1, 1). And one more at (1, 2).", private=False)
    assert shapes(result) == shapes(read("I play Stones at (1, 1) and (1, 2)", private=False))
    assert not result.not_understood


def test_another_of_the_same_that_cannot_be_added_is_told_and_the_first_stands() -> None:
    result = read("I build a Farm on (3, 3). And another on (3, 4).", private=False)
    assert shapes(result) == shapes(read("I build a Farm on (3, 3)", private=False))
    (told,) = result.not_understood
    assert "adds to the action before it" in told.problem


def test_a_place_alone_after_an_action_is_still_asked_about() -> None:
    result = read("I claim (4, 4). (4, 5).", private=False)
    assert not result.actions
    assert result.not_understood


def test_a_minus_sign_after_a_label_is_never_its_dash() -> None:
    result = read("Stone -1, 2", private=False)
    assert shapes(result) == shapes(read("I play a Stone at (-1, 2)", private=False))


def test_a_sign_of_doubt_after_a_square_is_told() -> None:
    doubted = read("e5 \U0001f914", private=True)
    assert not doubted.actions
    assert doubted.not_understood
    assert shapes(read("e5 \u2705", private=True)) == shapes(read("I play e5", private=True))
