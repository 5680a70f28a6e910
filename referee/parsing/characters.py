"""Characters read as the reader sees them: full-width forms, typographic marks, other digits.

Phones, input methods and word processors put characters in mail that a reader does not
tell from plain ones: full-width letters and digits ("Ｃ４", "ｅ７"), a thin or no-break space,
an ellipsis as one character, a non-breaking hyphen, a soft hyphen inside a word, an
ideographic full stop, guillemets for quotes, digits of another script ("intent ٣"). The
finder reads each line as its compatibility form (Unicode NFKC) with those marks mapped to
the plain ones, so that "I place a tile at Ｃ４。" is the action it looks like. Letters of
other scripts that only look Latin ("С4" with a Cyrillic С) are left as they are: they are
other letters, and such a line is told, never read as the look-alike.
"""

from __future__ import annotations

import re
import unicodedata

_MARKS = str.maketrans(
    {
        "\u00ad": None,  # a soft hyphen: a place a word may break, no character
        "\u200c": None,  # zero-width non-joiner
        "\u200d": None,  # zero-width joiner
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
        "\u2012": "-",  # figure dash
        "\u3002": ".",  # ideographic full stop
        "\uff61": ".",  # half-width ideographic full stop
        "\u00ab": '"',  # guillemets, quotes in much of Europe
        "\u00bb": '"',
        "\u2039": "'",
        "\u203a": "'",
    }
)
# A dash or minus sign before a number opening a coordinate: "(–1, 2)", "(1, –2)".
_SIGNED = re.compile(r"([(,]\s*)[\u2013\u2212](?=[0-9])")
_OTHER_DIGIT = re.compile(r"[^\x00-\x7f]")


def readable(text: str) -> str:
    """``text`` as the finder reads it (plain text comes back unchanged, at no cost)."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text).translate(_MARKS)
    text = _SIGNED.sub(r"\1-", text)
    return _OTHER_DIGIT.sub(_ascii_digit, text)


def _ascii_digit(match: re.Match[str]) -> str:
    character = match.group()
    value = unicodedata.decimal(character, None)
    return character if value is None else str(value)
