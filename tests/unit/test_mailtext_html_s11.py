"""Round 11: webmails' containers of the earlier message, named by class (rulings
P51-mail-s11-4)."""

from __future__ import annotations

import pytest

from referee.mailtext.html import html_to_text


@pytest.mark.parametrize(
    "container",
    [
        '<div class="yahoo_quoted" id="yahoo_quoted_1234">',
        '<div class="protonmail_quote">',
        '<div class="zmail_extra" data-zmail_extra="">',
        '<div class="moz-forward-container">',
    ],
)
def test_a_clients_quote_container_is_quoted(container: str) -> None:
    markup = f"<div>I play d6.</div>{container}<div><div>I play e7.</div></div></div><p>x</p>"
    assert html_to_text(markup).split("\n") == ["I play d6.", "> I play e7.", "x"]


def test_a_class_merely_containing_the_word_is_not_a_quote() -> None:
    markup = '<div class="not_yahoo_quoted_here">I play d6.</div>'
    assert html_to_text(markup).split("\n") == ["I play d6."]
