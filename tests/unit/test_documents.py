"""Documents enclosed in a message (a proposal's text in braces or between rule lines) are
the document's words, never the author's acts; a document is an action's argument only
when its introduction reads as that action (rulings P44)."""

from __future__ import annotations

from bench.reading import read
from referee.parsing import ParseResult
from referee.parsing.documents import set_aside_documents


def _performed(result: ParseResult) -> list[str]:
    return [item.action.source.text for item in result.actions]


def _told(result: ParseResult) -> list[tuple[str, str]]:
    return [(miss.sentence.text, miss.problem) for miss in result.not_understood]


PROPOSAL_IN_BRACES = """I submit the following proposal:

Title: Go fix
Adoption index: 1.0
Author: nix
Co-authors:

{
Amend Single-Capture Go so that a player who plays e7 wins. I play e7.
Players can place a tile at D5 by announcement.
}

I place a tile at E5.
"""


def test_an_action_inside_a_proposal_in_braces_is_told_never_performed() -> None:
    result = read(PROPOSAL_IN_BRACES, private=False)
    assert _performed(result) == ["I place a tile at E5"]
    told = _told(result)
    assert [text for text, _ in told] == ["I play e7"]
    assert "inside a document (in braces)" in told[0][1]


def test_a_document_between_rule_lines_ends_at_the_next_rule_line() -> None:
    result = read(
        "I submit a proposal as follows:\n"
        "----------\n"
        "Title: Go fix\n"
        "A player who plays e7 wins.\n"
        "I play e7.\n"
        "----------\n"
        "I play e8.\n",
        private=False,
    )
    assert _performed(result) == ["I play e8"]
    assert [text for text, _ in _told(result)] == ["I play e7"]
    assert "between rule lines" in _told(result)[0][1]


def test_rule_lines_under_an_introduction_that_names_no_document_are_decoration() -> None:
    result = read(
        "I do the following:\n-----\nI place a tile at D5.\nI invest in Jade.\n-----\n",
        private=False,
    )
    assert _performed(result) == ["I place a tile at D5", "I invest in Jade"]


def test_braces_never_closed_make_the_rest_of_the_message_the_document() -> None:
    result = read(
        "I submit the following proposal:\n{\nAmend Commune.\n\nI place a tile at D5.\n",
        private=False,
    )
    assert _performed(result) == []
    assert [text for text, _ in _told(result)] == ["I place a tile at D5"]


def test_an_arcadian_proposal_takes_the_whole_document_as_its_text() -> None:
    result = read(
        "I create an Arcadian Proposal with the following text:\n"
        "{\n"
        "Mines produce 2 Stone.\n"
        "Farms produce 3 Food.\n"
        "}\n"
        "I claim (2, 2).\n",
        private=False,
    )
    performed = _performed(result)
    assert len(performed) == 2, _told(result)
    assert performed[0].endswith("Mines produce 2 Stone. Farms produce 3 Food.")
    assert "{" not in performed[0] and "}" not in performed[0]
    assert performed[1] == "I claim (2, 2)"
    assert _told(result) == []


def test_a_document_with_nothing_in_the_voice_of_one_who_acts_is_told_of_nothing() -> None:
    result = read(
        "I intend, with 2 Agoran Consent, to start the following tournament:\n"
        "{\n"
        "Any player CAN become a participant by announcement. A participant CAN\n"
        "place a tile at an empty location by announcement.\n"
        "}\n",
        private=False,
    )
    assert _performed(result) == []
    assert not any("inside a document" in problem for _, problem in _told(result))


def test_set_aside_keeps_every_line_number_and_blanks_only_the_document() -> None:
    lines = list(enumerate(["Hello.", "Amend the rule to read:", "{", "text", "}", "Bye."], 1))
    kept, documents = set_aside_documents(lines)
    assert kept == [
        (1, "Hello."),
        (2, "Amend the rule to read:"),
        (3, ""),
        (4, ""),
        (5, ""),
        (6, "Bye."),
    ]
    assert [(d.first, d.last, d.intro, d.text, d.enclosure) for d in documents] == [
        (3, 5, 2, "text", "in braces")
    ]


def test_mail_with_no_enclosure_is_left_as_it_is() -> None:
    lines = [(1, "I place a tile at D5."), (2, "Cheers - nix")]
    assert set_aside_documents(lines) == (lines, [])


def test_a_labelled_rule_line_opens_a_document_and_the_next_closes_it() -> None:
    result = read(
        "I intend, without objection, to ratify the following document:\n"
        "-----BEGIN DOCUMENT-----\n"
        "nix placed a tile at D5.\n"
        "I place a tile at D6.\n"
        "-----END DOCUMENT-----\n"
        "I place a tile at D7.\n",
        private=False,
    )
    assert _performed(result) == ["I place a tile at D7"]
    assert [text for text, _ in _told(result)] == ["I place a tile at D6"]


def test_an_unenclosed_proposal_after_its_header_runs_to_the_end_of_the_message() -> None:
    result = read(
        "I submit the following proposal.\n\n"
        "Title: Go fix\n"
        "Adoption index: 1.0\n"
        "Author: nix\n\n"
        "Amend Single-Capture Go by appending a rule.\n\n"
        "I play e7.\n",
        private=False,
    )
    assert _performed(result) == []
    told = _told(result)
    assert [text for text, _ in told] == ["I play e7"]
    assert "runs to the end of the message" in told[0][1]


def test_a_draft_under_a_proto_heading_is_never_performed() -> None:
    result = read(
        "Proto: Go clarification\n\n"
        "  If two players play the same square, each square becomes @.\n"
        "  I play e7.\n",
        private=False,
    )
    assert _performed(result) == []
    assert [text for text, _ in _told(result)] == ["I play e7"]


def test_a_title_line_with_no_proposal_fields_after_it_is_no_document() -> None:
    result = read("Title: my moves\nI place a tile at D5.\n", private=False)
    assert _performed(result) == ["I place a tile at D5"]
