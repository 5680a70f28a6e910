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


@pytest.mark.parametrize(
    "text",
    [
        "As Janet wrote:\nI place a tile at G7.",
        "I agree with what Janet wrote:\nI place a tile at G7.",
        "What Murphy and Janet wrote:\nI place a tile at G7.",
    ],
)
def test_the_authors_own_sentence_ending_in_wrote_quotes_nothing(text: str) -> None:
    assert kinds(text) == [OWN, OWN]


@pytest.mark.parametrize(
    "attribution",
    [
        "Murphy wrote:",
        "Janet <janet@example.net> wrote:",
        "On Monday 3 April 2023 12:00:00 UTC Janet said:",
        "Op ma 3 apr. 2023 om 12:00 schreef Janet <janet@example.net>:",
        "Am Mo., 3. Apr. 2023 um 12:00 Uhr schrieb Janet <janet@example.net>:",
        "Em seg., 3 de abr. de 2023 às 12:00, Janet <janet@example.net> escreveu:",
        "W dniu 3.04.2023 o 12:00, Janet pisze:",
    ],
)
def test_a_clients_attribution_quotes_the_unmarked_text_under_it(attribution: str) -> None:
    assert kinds(f"I support.\n\n{attribution}\n\nI place a tile at G6.") == [
        OWN,
        OWN,
        QUOTED,
        QUOTED,
        QUOTED,
    ]


def test_pipes_are_quote_marks_only_under_an_attribution() -> None:
    table = "| square | owner |\n| G6 | nix |\nI place a tile at G7."
    assert kinds(table) == [OWN, OWN, OWN]
    under = "Janet wrote:\n| I place a tile at G6.\n\nI place a tile at G7."
    split = split_quoted(under.split("\n"))
    assert list(split.kinds) == [QUOTED, QUOTED, QUOTED, OWN]
    assert split.texts[1] == "I place a tile at G6."


def test_supercite_initials_quote_but_arrows_do_not() -> None:
    assert kinds("JN> I place a tile at G6.\n JN> more\nnote -> I act\n=> x") == [
        QUOTED,
        QUOTED,
        OWN,
        OWN,
    ]


def test_a_postscript_below_the_signature_is_the_authors() -> None:
    text = "I act.\n-- \nnix\nPSN account: nix99\nP.S. I place a tile at G6.\nPS: and more"
    assert kinds(text) == [OWN, SIG, SIG, SIG, OWN, OWN]


@pytest.mark.parametrize(
    "block",
    [
        "De : Janet <janet@example.net>\nEnvoyé : lundi 3 avril 2023 12:00\nÀ : list\nObjet : x",
        "Von: Janet <janet@example.net>\nGesendet: Montag\nAn: list\nBetreff: x",
        "Message: 3\nDate: Mon, 3 Apr 2023 11:00:00 +0000\nFrom: Janet <j@x.org>\nSubject: x",
        "-------- Weitergeleitete Nachricht --------",
        "-----Ursprüngliche Nachricht-----",
        '-----"Janet" <janet@example.net> wrote: -----',
        "## Please reply above this line ##",
        "Send agora-business mailing list submissions to",
    ],
)
def test_localised_separators_and_blocks_quote_the_rest(block: str) -> None:
    lines = kinds(f"I support.\n{block}\n\nI place a tile at G6.")
    assert lines[0] is OWN and set(lines[1:]) == {QUOTED}


@pytest.mark.parametrize(
    "text",
    [
        "De : quoi parlons-nous ?\nI place a tile at G6.",  # a header word, but no block
        "Message: 3\nI place a tile at G6.",
        "Date: tomorrow\nI place a tile at G6.",
    ],
)
def test_a_header_word_alone_is_no_header_block(text: str) -> None:
    assert kinds(text) == [OWN, OWN]


def test_the_end_of_a_mutt_forward_gives_the_text_back_to_the_author() -> None:
    text = (
        "----- Forwarded message from Janet <janet@example.net> -----\n"
        "I place a tile at H1.\n"
        "----- End forwarded message -----\n"
        "I place a tile at H2."
    )
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN]
    # Without a forward before it, the end marker is just a line.
    assert kinds("----- End forwarded message -----\nI act.") == [OWN, OWN]


@pytest.mark.parametrize(
    "attribution",
    [
        "2023年4月3日(月) 12:00 Janet <janet@example.net>:",
        "Janet <janet@example.net> 于2023年4月3日周一 12:00写道：",
        "пн, 3 апр. 2023 г. в 12:00, Janet <janet@example.net>:",
        "Janet wrote on 03/04/2023 12:00:",
    ],
)
def test_attributions_without_wrote_or_with_a_full_width_colon(attribution: str) -> None:
    assert kinds(f"I act.\n{attribution}\nI place a tile at G6.") == [OWN, QUOTED, QUOTED]


def test_an_address_and_a_colon_without_a_time_quote_nothing_unmarked() -> None:
    assert kinds("Write to janet@example.net:\nI place a tile at G6.") == [OWN, OWN]


@pytest.mark.parametrize("sign_off", ["--nix", "-- Janet", "--Jaël Dupont", "--Murphy O'Neil"])
def test_a_name_signed_after_dashes_opens_the_signature(sign_off: str) -> None:
    lines = ["I place a tile at C3.", "", "Cheers,", sign_off, "Tiles enthusiast"]
    kinds = split_quoted(lines).kinds
    assert kinds[:3] == (LineKind.OWN,) * 3
    assert kinds[3:] == (LineKind.SIGNATURE,) * 2


@pytest.mark.parametrize(
    "line", ["-- I place a tile at C3", "--> see below", "--", "---", "--Leave my alliance"]
)
def test_dashes_before_other_words_are_no_name(line: str) -> None:
    # Last in the message, where a signed name would begin the signature.
    kinds = split_quoted(["I place a tile at C3.", line]).kinds
    assert kinds[1] is LineKind.OWN or line == "--"


def test_a_sentence_after_a_dashed_name_is_the_authors_own() -> None:
    kinds = split_quoted(["--nix", "I place a tile at C3."]).kinds
    assert kinds == (LineKind.OWN, LineKind.OWN)


@pytest.mark.parametrize(
    ("opening", "closing"),
    [
        ("[quote]", "[/quote]"),
        ('[quote="nix"]', "[/quote]"),
        ("[quote=Janet]", "[/QUOTE]"),
        ("[Quoting Janet]", "[End quote]"),
        ("  [quoting nix]  ", "[endquote]"),
    ],
)
def test_forum_quoting_marks_someone_elses_words(opening: str, closing: str) -> None:
    text = f"{opening}\nI place a tile at D5.\n{closing}\nNice move. I place a tile at D6."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN]


def test_forum_quoting_never_closed_runs_to_the_end() -> None:
    assert kinds("[quote]\nI place a tile at D5.\n\nI place a tile at D6.") == [QUOTED] * 4


def test_a_bracketed_aside_is_no_quote() -> None:
    assert kinds("[quote me on this]\nI place a tile at D5.") == [OWN, OWN]
