"""Quote, attribution, forward and signature detection."""

from __future__ import annotations

import pytest

from referee.mailtext.quoting import LineKind, split_quoted, strip_quote_markers

OWN, QUOTED, SIG = LineKind.OWN, LineKind.QUOTED, LineKind.SIGNATURE


def kinds(text: str) -> list[LineKind]:
    return list(split_quoted(text.split("\n")).kinds)


@pytest.mark.parametrize(
    ("line", "stripped"),
    [("> x", "x"), (">x", "x"), ("> > x", "x"), (">> x", "x"), ("  >  x", " x"), (">", "")],
)
def test_strip_quote_markers(line: str, stripped: str) -> None:
    assert strip_quote_markers(line) == stripped


def test_quoted_text_keeps_inner_angle_brackets() -> None:
    split = split_quoted(["> a -> b"])
    assert split.texts == ("a -> b",)


def test_sentence_starting_with_on_is_not_an_attribution() -> None:
    text = "On reflection, I place a tile at G6.\nI pass."
    assert kinds(text) == [OWN, OWN]


def test_wrapped_attribution_over_three_lines() -> None:
    text = (
        "I support.\n"
        "On Mon, 3 Apr 2023 at 13:20, a very long display name indeed via\n"
        "agora-business <agora-business@agoranomic.org>\n"
        "wrote:\n"
        "> I place a tile at G6."
    )
    assert kinds(text) == [OWN, QUOTED, QUOTED, QUOTED, QUOTED]


def test_bare_wrote_line_needs_a_quote_after_it() -> None:
    # Without ">" lines after it, "X wrote:" is the author's own prose.
    assert kinds("As the Surveyor wrote:\nI place a tile at G6.") == [OWN, OWN]
    assert kinds("The Surveyor wrote:\n\n> I place a tile at G6.\nOk.") == [
        QUOTED,
        OWN,
        QUOTED,
        OWN,
    ]


def test_on_wrote_without_markers_quotes_the_rest() -> None:
    text = "I support.\nOn 4/13/23 13:20, nix wrote:\nI place a tile at G6.\n\nI pass."
    assert kinds(text) == [OWN, QUOTED, QUOTED, QUOTED, QUOTED]


def test_interleaved_reply_returns_to_own_text() -> None:
    text = "On 4/13/23 13:20, nix wrote:\n> I place a tile at G6.\nI object.\n> more\nAnd I pass."
    assert kinds(text) == [QUOTED, QUOTED, OWN, QUOTED, OWN]


@pytest.mark.parametrize(
    "separator",
    [
        "-----Original Message-----",
        "----- Original Message -----",
        "-------- Original Message --------",
        "---------- Forwarded message ---------",
        "-------- Forwarded Message --------",
        "Begin forwarded message:",
    ],
)
def test_separators_quote_everything_after(separator: str) -> None:
    text = f"I object.\n{separator}\nFrom: nix\n\nI place a tile at G6.\n-- \nnix"
    assert kinds(text) == [OWN, QUOTED, QUOTED, QUOTED, QUOTED, QUOTED, QUOTED]


def test_outlook_header_block_after_a_rule() -> None:
    text = (
        "I object.\n"
        "________________________________\n"
        "From: nix <nix@example.org>\n"
        "Sent: Monday, April 3, 2023 1:05 PM\n"
        "To: agora-business@agoranomic.org\n"
        "Subject: BUS: moves\n"
        "\n"
        "I place a tile at G6."
    )
    assert kinds(text) == [OWN] + [QUOTED] * 7


def test_a_lone_from_line_is_own_text() -> None:
    assert kinds("From: the Sensei's desk\nI place a tile at G6.") == [OWN, OWN]


@pytest.mark.parametrize("delimiter", ["-- ", "--"])
def test_signature_delimiters(delimiter: str) -> None:
    assert kinds(f"I pass.\n{delimiter}\nnix") == [OWN, SIG, SIG]


@pytest.mark.parametrize("not_delimiter", ["---", " -- ", "-- nix", "--  "])
def test_lines_that_are_not_signature_delimiters(not_delimiter: str) -> None:
    assert kinds(f"I pass.\n{not_delimiter}\nI pass again.") == [OWN, OWN, OWN]


def test_quoted_signature_delimiter_does_not_start_a_signature() -> None:
    assert kinds("> I pass.\n> -- \n> Janet\nI place a tile at G6.") == [QUOTED] * 3 + [OWN]


def test_empty_input() -> None:
    split = split_quoted([])
    assert split.kinds == ()
    assert split.texts == ()
