"""Both versions: titles, options, and every quote verbatim from its own text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games.commune import CommuneGame, quotes_v12, quotes_v13, ruleset

RULES = Path("/work/shared/rules")


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _text(name: str) -> str:
    path = RULES / name
    if not path.exists():
        pytest.skip("the rule texts are not available here")
    return _words(path.read_text())


def test_v13_quotes_are_verbatim() -> None:
    text = _text("004_a006ea857d2aa29a.txt")
    for key, (_section, quote) in quotes_v13.QUOTES.items():
        assert quote in text, key


def test_v12_quotes_are_verbatim() -> None:
    text = _text("003_c4d6104ee00da150.txt")
    text = text[text.index("Name: Commune v1.2") :]
    for key, (_section, quote) in quotes_v12.QUOTES.items():
        assert quote in text, key


def test_the_versions_differ_where_the_texts_do() -> None:
    different = {
        key for key in quotes_v13.QUOTES if quotes_v13.QUOTES[key] != quotes_v12.QUOTES[key]
    }
    assert different == {
        "accolades",
        "acquired_destroyed",
        "invest",
        "offer_lapse",
        "offer_accept",
    }
    assert quotes_v12.QUOTES.keys() == quotes_v13.QUOTES.keys()


def test_rulesets_and_options() -> None:
    rulesets = CommuneGame.rulesets()
    assert set(rulesets) == {"v1.2", "v1.3"}
    assert rulesets["v1.3"].title == "Commune v1.3"
    v12 = {o.name for o in rulesets["v1.2"].options}
    v13 = {o.name for o in rulesets["v1.3"].options}
    assert v12 - v13 == {"v12_investment_by_announcement"}
    assert all(o.default is False for o in rulesets["v1.2"].options)
    assert len(v13) == 12
    with pytest.raises(KeyError):
        ruleset("v1.3", v12_investment_by_announcement=True)
    assert ruleset("v1.3", rolling_week=True).option("rolling_week") is True
