"""Round 11 of the mail corpus: colon quote markers, quotes marked by indentation alone,
and officers' reports pasted into a message (rulings P51-mail-s11-1 to -3)."""

from __future__ import annotations

import pytest

from referee.mailtext.quoting import LineKind, split_quoted

OWN, QUOTED, SIG = LineKind.OWN, LineKind.QUOTED, LineKind.SIGNATURE


def kinds(text: str) -> list[LineKind]:
    return list(split_quoted(text.split("\n")).kinds)


# -- P51-mail-s11-1: ": " quote markers under an attribution ------------------------------


@pytest.mark.parametrize(
    "attribution", ["nix writes:", "Janet wrote:", "On Tue, 1 Dec 2026, Janet wrote:"]
)
def test_colon_markers_under_an_attribution_are_a_quote(attribution: str) -> None:
    text = f"{attribution}\n: I become inactive.\n:\n: Back soon.\n\nI become active."
    split = split_quoted(text.split("\n"))
    assert list(split.kinds) == [QUOTED, QUOTED, QUOTED, QUOTED, QUOTED, OWN]
    assert split.texts[1] == "I become inactive."


def test_a_colon_quote_ends_at_a_line_without_the_marker() -> None:
    text = "Janet wrote:\n: I play e7.\nI play d6."
    assert kinds(text) == [QUOTED, QUOTED, OWN]


@pytest.mark.parametrize("marker", [":", "|"])
def test_later_lines_with_the_announced_marker_are_quoted_too(marker: str) -> None:
    text = f"Janet wrote:\n{marker} I play e7.\n\nI play d6.\n\n{marker} And f6.\n\nNoted."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN, OWN, QUOTED, QUOTED, OWN]


def test_a_smiley_is_no_colon_marker() -> None:
    # ":)" is not ": " — the line under the attribution is the author's (or nothing quotes).
    text = "I place a tile at G6.\n:) that was fun"
    assert kinds(text) == [OWN, OWN]


def test_colon_lines_without_an_attribution_are_the_authors() -> None:
    assert kinds(": I place a tile at G6.") == [OWN]


# -- P51-mail-s11-2: a quote indented only, under a bottom-posted attribution -------------


@pytest.mark.parametrize("indent", ["    ", "  ", "\t"])
def test_an_indented_quote_under_an_attribution_then_the_authors_text(indent: str) -> None:
    text = (
        "On Tue, Dec 1, 2026 at 9:00 AM, Janet wrote:\n\n"
        f"{indent}I play a Stone at (5, 5).\n{indent}Janet\n\nI play a Stone at (5, 6)."
    )
    split = split_quoted(text.split("\n"))
    assert list(split.kinds) == [QUOTED, QUOTED, QUOTED, QUOTED, QUOTED, OWN]
    assert split.texts[2] == "I play a Stone at (5, 5)."


def test_a_top_post_over_an_indented_original_keeps_it_all_quoted() -> None:
    # The author wrote above the attribution: what is under it is the earlier message,
    # even its unindented lines.
    text = (
        "I play d6.\n\nOn Tue, Dec 1, 2026 at 9:00 AM, Janet wrote:\n"
        "    My moves:\nI play e7.\nI play f6."
    )
    assert kinds(text) == [OWN, OWN, QUOTED, QUOTED, QUOTED, QUOTED]


def test_an_unindented_original_under_an_attribution_is_quoted_to_the_end() -> None:
    text = "On Tue, Dec 1, 2026 at 9:00 AM, Janet wrote:\nI play e7.\n\nI play f6."
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, QUOTED]


def test_an_indented_block_running_to_the_end_is_quoted() -> None:
    text = "On Tue, Dec 1, 2026 at 9:00 AM, Janet wrote:\n    I play e7.\n"
    assert kinds(text) == [QUOTED, QUOTED, QUOTED]


def test_a_marked_quote_after_the_indented_block_stays_quoted() -> None:
    text = "On Tue, Dec 1, 2026 at 9:00 AM, Janet wrote:\n    I play e7.\n> I play c3.\nI play d4."
    assert kinds(text)[:3] == [QUOTED, QUOTED, QUOTED]


# -- P51-mail-s11-3: an officer's report pasted ------------------------------------------


def test_a_pasted_report_is_set_aside_and_the_author_reads_on() -> None:
    text = (
        "I claim the Land Unit at (2, 9).\n\n"
        "Surveyor's weekly report\n========================\n"
        "Unit    Owner   Building\n(1, 2)  Janet   Farm\n\n"
        "Recent history:\n  2026-11-28  Janet built a Mine on (4, 6)\n\n"
        "I also build a Farm on (2, 9)."
    )
    assert kinds(text) == [OWN, OWN, *[QUOTED] * 7, OWN, OWN]


def test_a_boxed_report_heading() -> None:
    text = (
        "------------------------------\nRegistrar's Report\n------------------------------\n"
        "Player   Status\nnix      active\nJanet    inactive"
    )
    assert kinds(text) == [QUOTED] * 6


def test_an_underlined_heading_that_names_no_report_is_the_authors() -> None:
    text = "My moves\n========\n  I place a tile at A3.\n  I play d4."
    assert kinds(text) == [OWN] * 4


def test_a_report_ends_at_the_first_sentence_of_prose() -> None:
    text = "Tiles report\n------------\nA3  nix\nB2  Janet\nPlease check it. I place a tile at B3."
    assert kinds(text) == [QUOTED] * 4 + [OWN]


def test_later_blocks_with_the_quotes_indentation_are_quoted_too() -> None:
    text = (
        "On Mon, Apr 3, 2023 at 9:00 AM, Janet wrote:\n    I play e7.\n\nI play d6.\n\n"
        "    And then I play f6.\n    Or g6.\n\nNo."
    )
    split = split_quoted(text.split("\n"))
    assert list(split.kinds) == [QUOTED, QUOTED, QUOTED, OWN, OWN, QUOTED, QUOTED, OWN, OWN]
    assert split.texts[6] == "Or g6."


def test_an_indented_list_the_author_announces_is_the_authors() -> None:
    text = (
        "On Mon, Apr 3, 2023 at 9:00 AM, Janet wrote:\n    I play e7.\n\nMy moves:\n\n"
        "    I play d6.\n    I place a tile at A3."
    )
    assert kinds(text) == [QUOTED, QUOTED, QUOTED, OWN, OWN, OWN, OWN]


def test_without_an_indented_quote_indented_lines_are_the_authors() -> None:
    text = "Janet wrote:\n> I play e7.\n\nI play d6.\n\n    I place a tile at A3."
    assert kinds(text)[-1] is OWN
