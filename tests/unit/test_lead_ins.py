"""A lead-in ending with a colon that makes what follows a plan, an example or a condition
governs the block after it: never performed, always told; other lead-ins govern nothing."""

from __future__ import annotations

from bench.reading import read
from referee.parsing.lead_ins import governed_until, governing_lead_in


def test_a_plan_governs_its_block_and_the_next_paragraph_is_read() -> None:
    result = read(
        "My plan for next week:\n- I place a tile at C4\n- I invest in Jade\n\n"
        "For now, I invest in Amber.",
        private=False,
    )
    assert [found.action.source.text.split(" (")[0] for found in result.actions] == [
        "I invest in Amber"
    ]
    told = [miss.sentence.text for miss in result.not_understood]
    assert told == ["I place a tile at C4", "I invest in Jade"]
    assert all('"My plan for next week:"' in miss.problem for miss in result.not_understood)


def test_a_blank_line_straight_after_the_lead_in_does_not_end_it() -> None:
    lines = [(1, "For example:"), (2, ""), (3, "I place a tile at C4"), (4, ""), (5, "Hi")]
    assert governed_until(lines, 1) == 3


def test_which_lead_ins_govern() -> None:
    assert governing_lead_in("If nobody objects by Friday, then:")
    assert governing_lead_in("Things I might do:")
    assert governing_lead_in("I'll do this later:")
    assert not governing_lead_in("I do the following, in order:")
    assert not governing_lead_in("Here are my actions, as I said yesterday:")
    assert not governing_lead_in("I support the following Arcadian Proposals:")
    assert not governing_lead_in("My plan for next week is to wait.")
    assert not governing_lead_in("Referee, I would rather not tell the list yet:")
    assert not governing_lead_in("I'll be away for a month, so:")


def test_someone_elses_words_after_their_attribution_are_not_the_authors() -> None:
    result = read(
        "Janet wrote on Discord:\nI place a tile at C4.\n\nI invest in Jade.", private=False
    )
    assert [found.action.source.text for found in result.actions] == ["I invest in Jade"]
    (told,) = result.not_understood
    assert told.sentence.text == "I place a tile at C4"
    assert "someone else's words" in told.problem
    # The author's own sentence that ends with "wrote:" governs nothing.
    own = read("I agree with what Janet wrote:\nI place a tile at G7.", private=False)
    assert [found.action.source.text for found in own.actions] == ["I place a tile at G7"]


def test_an_address_in_an_attribution_is_no_example() -> None:
    assert not governing_lead_in("On Mon, 3 Apr 2023, Janet <janet@example.net> wrote:")
