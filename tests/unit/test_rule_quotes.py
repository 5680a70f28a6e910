"""Every rule quote of every game is found verbatim in its vendored text (``rules/``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import ModuleType

import pytest

from referee.engine import timeline
from referee.errors import RuleTextError
from referee.games.alliances import quotes as alliances_quotes
from referee.games.arcadia import quotes as arcadia_quotes
from referee.games.arcadia_contract import iteration as contract_iteration
from referee.games.arcadia_contract import quotes as contract_quotes
from referee.games.base import RuleCitation
from referee.games.commune import quotes as commune_quotes
from referee.games.kit.quotes import Passage, RuleText, folded
from referee.games.okinawa import quotes as okinawa_quotes
from referee.games.register import quotes as register_quotes
from referee.games.scgo import quotes as scgo_quotes
from referee.games.scgo import rulesets as scgo_rulesets
from referee.games.tabled import quotes as tabled_quotes
from referee.paths import RULES_DIR

_PROCEDURE = "referee procedure"  # the referee's own procedures (docs/rulings.md), no text


def _file_of(citation: RuleCitation) -> str:
    """The vendored file a citation's title names."""
    if citation.ruleset == scgo_rulesets.TITLE:
        return "single-capture-go.txt"
    if citation.ruleset == alliances_quotes.SOURCE:
        return "igora-p7450.txt"
    if citation.ruleset in (arcadia_quotes.TEXT.title, contract_quotes.TEXT.title):
        return arcadia_quotes.TEXT.file
    number = re.fullmatch(r"(?:Agora rule|Rule) (\d+)", citation.ruleset)
    assert number is not None, f"no vendored text for {citation.ruleset!r}"
    (path,) = RULES_DIR.glob(f"agora/{number[1]}-*.yaml")
    return path.relative_to(RULES_DIR).as_posix()


def _constants(*modules: ModuleType) -> Iterator[tuple[str, RuleCitation]]:
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, RuleCitation) and value.ruleset != _PROCEDURE:
                yield f"{module.__name__}.{name}", value


def _alliances() -> Iterator[tuple[str, RuleCitation]]:
    for name, value in vars(alliances_quotes).items():
        if isinstance(value, Passage):
            yield f"alliances.{name}", alliances_quotes.cite(value)


def _okinawa() -> Iterator[tuple[str, RuleCitation]]:
    for name, value in vars(okinawa_quotes).items():
        if isinstance(value, Passage):
            yield f"okinawa.{name}", okinawa_quotes.cite(value)


def _arcadia() -> Iterator[tuple[str, RuleCitation]]:
    for name, value in vars(arcadia_quotes).items():
        if isinstance(value, Passage):
            yield f"arcadia.{name}", arcadia_quotes.cite(value)
    for name, value in vars(contract_quotes).items():
        if isinstance(value, Passage):
            yield f"arcadia_contract.{name}", contract_quotes.cite(value)


QUOTED = dict(
    [
        *_constants(
            scgo_quotes,
            tabled_quotes,
            register_quotes,
            timeline,
            arcadia_quotes,
            contract_iteration,
        ),
        *_alliances(),
        *_okinawa(),
        *_arcadia(),
    ]
)


def test_the_alliances_passages_are_the_sentences_of_the_rule() -> None:
    assert alliances_quotes.words(alliances_quotes.DEFINITION) == "An alliance is a set of persons."
    assert alliances_quotes.words(alliances_quotes.EMPTY) == (
        "If an alliance is ever empty, it ceases to exist."
    )


def test_the_okinawa_passages_are_the_sentences_of_the_rule() -> None:
    assert okinawa_quotes.words(okinawa_quotes.ONE_PER_PLOT) == (
        "It is IMPOSSIBLE for two Stones to occupy the same Plot."
    )
    assert okinawa_quotes.words(okinawa_quotes.DESTROYED).endswith("are destroyed.")


def test_every_game_quotes_something() -> None:
    titles = {citation.ruleset for citation in QUOTED.values()}
    assert {scgo_rulesets.TITLE, alliances_quotes.SOURCE, "Agora rule 1728"} <= titles
    assert len(QUOTED) >= 30


@pytest.mark.parametrize("name", sorted(QUOTED))
def test_quote_is_verbatim(name: str) -> None:
    citation = QUOTED[name]
    text = folded(_file_of(citation))
    assert citation.quote in text
    assert citation.section in text


@pytest.mark.parametrize("version", sorted(commune_quotes.TEXTS))
@pytest.mark.parametrize("key", sorted(commune_quotes.PASSAGES))
def test_commune_passage_is_found_in_each_version(version: str, key: str) -> None:
    citation = commune_quotes.cite(version, key)
    text = commune_quotes.TEXTS[version]
    assert citation.ruleset == text.title
    assert citation.quote in text.words()
    assert citation.quote.startswith(commune_quotes.PASSAGES[key].opening)


def test_the_commune_versions_differ_where_the_texts_do() -> None:
    # The titles differ everywhere; only these five passages were reworded in v1.3.
    reworded = {
        key
        for key in commune_quotes.PASSAGES
        if commune_quotes.cite("v1.2", key).quote != commune_quotes.cite("v1.3", key).quote
    }
    assert reworded == {"accolades", "acquired_destroyed", "invest", "offer_lapse", "offer_accept"}


def test_a_missing_passage_is_an_error_not_a_misquote() -> None:
    text = RuleText("commune-v1.3.txt", "Commune v1.3", begins_after="Name: Commune v1.3")
    with pytest.raises(RuleTextError, match="no 'Players CAN fly'"):
        text.find(Passage("Playing", "Players CAN fly"))
    with pytest.raises(RuleTextError, match="no section"):
        text.find(Passage("Flying", "Any player"))
    with pytest.raises(RuleTextError, match="cannot be read"):
        RuleText("no-such-text.txt", "Nothing").find(Passage("Playing", "Any"))


def test_the_vendored_texts_are_the_whole_catalogue() -> None:
    readme = (RULES_DIR / "README.md").read_text()
    for path in RULES_DIR.rglob("*"):
        if path.suffix in {".txt", ".yaml"}:
            assert f"`{path.name}`" in readme or path.name.split("-")[0] in readme, path
