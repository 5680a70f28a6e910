"""Characters read as the reader sees them (rulings P1s)."""

from __future__ import annotations

import pytest

from bench.reading import read
from referee.parsing.characters import readable


@pytest.mark.parametrize(
    ("written", "read_as"),
    [
        ("I place a tile at \uff23\uff14\u3002", "I place a tile at C4."),
        ("I\u2009place a tile at C4\u2026", "I place a tile at C4..."),
        ("I play a Stone at (\u20131, \u22122)", "I play a Stone at (-1, -2)"),
        ("I support intent \u0663", "I support intent 3"),
        ("in\u00adactive", "inactive"),
        ("\u00abTopaz\u00bb", '"Topaz"'),
        ("plain text", "plain text"),
    ],
)
def test_marks_read_as_their_plain_forms(written: str, read_as: str) -> None:
    assert readable(written) == read_as


@pytest.mark.parametrize("look_alike", ["I place a tile at \u04214.", "I pl\u0430ce a tile at C4."])
def test_a_look_alike_letter_is_never_read_as_the_latin_one(look_alike: str) -> None:
    assert readable(look_alike) == look_alike
    result = read(look_alike, private=False)
    assert not result.actions and result.not_understood


def test_a_full_width_private_play_is_read() -> None:
    result = read("\uff45\uff17", private=True)
    assert [found.action.source.text for found in result.actions] == ["I play e7 (read from: e7)"]
