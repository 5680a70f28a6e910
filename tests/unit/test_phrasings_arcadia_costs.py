"""The phrasing corpus is written to be legal in its standard state: an Arcadia building
whose author names what e destroys must name what the rule text says it costs (a Farm 1
Lumber and 1 Stone, a Mine 2 Lumber, an Orchard 2 Stone, a Monument 20 of each), or the
case pins a sentence the game refuses. Read through the real finder, so a cost written in
any shape is checked."""

from __future__ import annotations

from bench.reading import load_cases, read
from referee.games.arcadia.actions import BuildFacility, BuildOnMyLand
from referee.games.arcadia.rules import COSTS


def _illegal_costs() -> list[str]:
    wrong: list[str] = []
    for case in load_cases():
        if case.expect != "perform" or "build" not in case.canonical.casefold():
            continue
        for found in read(case.canonical, private=case.private).actions:
            action = found.action
            if not isinstance(action, (BuildFacility, BuildOnMyLand)) or action.costs is None:
                continue
            if dict(action.costs) != dict(COSTS[action.facility]):
                wrong.append(f"{case.file}:{case.number}: {case.canonical}")
    return wrong


def test_every_arcadia_building_in_the_corpus_names_the_rule_texts_cost() -> None:
    assert _illegal_costs() == []
