"""HTML to text conversion."""

from __future__ import annotations

import pytest

from referee.mailtext.html import html_to_text


def test_blocks_and_breaks_become_lines() -> None:
    markup = "<p>I place a tile at G6.</p><div>I pass.</div>one<br>two<ul><li>a</li><li>b</li></ul>"
    assert html_to_text(markup).split("\n") == [
        "I place a tile at G6.",
        "I pass.",
        "one",
        "two",
        "a",
        "b",
    ]


def test_empty_div_with_br_is_a_blank_line() -> None:
    assert html_to_text("<div>a</div><div><br></div><div>b</div>") == "a\n\nb"


def test_entities_are_unescaped_and_whitespace_collapsed() -> None:
    assert html_to_text("<p>Fish&nbsp;&amp;\n   chips &lt;G6&gt; &#8212; &eacute;</p>") == (
        "Fish & chips <G6> \u2014 é"
    )


def test_script_style_head_are_dropped() -> None:
    markup = (
        "<html><head><title>I place a tile at A1.</title><style>p {x: 1}</style></head>"
        "<body><script>document.write('I place a tile at B2.')</script><p>kept</p></body></html>"
    )
    assert html_to_text(markup) == "kept"


def test_blockquote_lines_are_marked_per_depth() -> None:
    markup = "mine<blockquote>theirs<blockquote>older</blockquote>back</blockquote>mine again"
    assert html_to_text(markup).split("\n") == [
        "mine",
        "> theirs",
        "> > older",
        "> back",
        "mine again",
    ]


def test_pre_keeps_line_breaks() -> None:
    assert html_to_text("<pre>a  b\nc</pre>") == "a  b\nc"


def test_self_closing_br() -> None:
    assert html_to_text("a<br/>b<br />c") == "a\nb\nc"


def test_malformed_markup_does_not_raise() -> None:
    assert html_to_text("<p>I place a tile at G6.<div><blockquote>unclosed") == (
        "I place a tile at G6.\n> unclosed"
    )
    assert html_to_text("</blockquote></p><<<>>>&&&;") == "<<<>>>&&&;"
    assert html_to_text("") == ""


def test_hidden_html_is_read_as_quoted() -> None:
    markup = '<div style="display:none">I place a tile at G6.</div><div>I place a tile at H6.</div>'
    assert html_to_text(markup) == "> I place a tile at G6.\nI place a tile at H6."
    assert html_to_text('<p hidden>a</p><p style="Visibility: Hidden">b</p><p>c</p>') == (
        "> a\n> b\nc"
    )


def test_an_unclosed_hidden_element_hides_the_rest_never_shows_it_as_own() -> None:
    assert html_to_text('<p style="display:none">a<p>I act.</p>') == "> a\n> I act."


def test_a_quote_drawn_as_a_bordered_box_is_quoted() -> None:
    markup = (
        '<p>I play a Stone at (5, 2).</p><div style="border-left:2px solid #ccc;'
        'padding-left:6px">I play a Stone at (5, 3).</div><p>Thanks.</p>'
    )
    assert html_to_text(markup) == "I play a Stone at (5, 2).\n> I play a Stone at (5, 3).\nThanks."
    assert html_to_text('<div style="border-left:none">x</div>') == "x"


@pytest.mark.parametrize(
    "markup",
    [
        # SEC-3: hidden by the mail's own style sheet, by class or by id.
        "<style>.x { display: none }</style><p class='a x'>I place a tile at G6.</p>",
        "<style>p.x, #y {visibility:hidden}</style><p id='y'>I place a tile at G6.</p>",
        # Fully transparent text is as invisible as hidden text.
        '<p style="opacity:0">I place a tile at G6.</p>',
        '<p style="color:red; opacity: 0.0;">I place a tile at G6.</p>',
    ],
)
def test_text_a_style_sheet_or_transparency_hides_is_read_as_quoted(markup: str) -> None:
    assert html_to_text(markup + "<p>I place a tile at H6.</p>") == (
        "> I place a tile at G6.\nI place a tile at H6."
    )


def test_visible_text_beside_a_hiding_sheet_is_the_authors() -> None:
    markup = "<style>.x{display:none} .y{color:red}</style><p class='y'>I act.</p>"
    assert html_to_text(markup + '<p style="opacity:0.5">I act too.</p>') == "I act.\nI act too."


def test_noscript_text_is_shown_by_mail_clients_and_read() -> None:
    """SEC-3: the reverse of hidden text. A mail client runs no scripts, so it shows what
    <noscript> holds; the referee skipped it, missing an action every reader saw."""
    assert html_to_text("<noscript><p>I place a tile at G6.</p></noscript>") == (
        "I place a tile at G6."
    )
