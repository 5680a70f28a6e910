"""Communities named by their founder ("Janet's community", "the community I founded"):
the sentence gives a reference and Commune's validate step resolves it against the state,
or refuses with the communities it could be."""

from __future__ import annotations

from test_commune_support import table


def test_a_community_named_by_its_founder() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("Janet", "A1")
    summary = t.say("nix", "I invest in Janet's community")
    assert "nix" in summary and "invest" in summary
    # Janet's own community is found too (she is refused only for the limit).
    error = t.rejected("Janet", "I invest in the community I founded")
    assert "investment limit" in error.reason


def test_a_founder_without_a_community_is_refused() -> None:
    t = table()
    t.join("nix", "Janet")
    error = t.rejected("nix", "I invest in the community founded by Janet")
    assert error.reason == "Janet is not the founder of any existing community"
