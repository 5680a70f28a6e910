"""Both versions: titles and options (quotes: ``test_rule_quotes.py``)."""

from __future__ import annotations

import pytest

from referee.games.commune import CommuneGame, ruleset


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
