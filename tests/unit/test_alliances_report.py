"""What the Registrar sees: ``referee state`` and the report's context; the state's JSON."""

from __future__ import annotations

import json

from test_alliances_support import Table, at, make_game


def _played() -> Table:
    table = Table(make_game(tabled_withdrawal_ends_intent=True))  # Aspen's withdrawal ends 3
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0, 1))
    table.do("Janet", "I do so", at(0, 2))
    table.do("nix", "I intend to join Janet's alliance with support", at(1))
    table.do("Janet", "I support intent 2", at(1, 1))
    table.do("Kate", "I object to intent 2", at(1, 2))
    table.do("Aspen", "I intend to join Kate's alliance with support", at(2))
    table.do("Aspen", "I withdraw my intent 3", at(2, 1))
    return table


def test_render_shows_alliances_and_open_intents_with_their_supporters() -> None:
    table = _played()
    assert table.game.render(table.state).splitlines() == [
        "Alliances with more than one member:",
        "  4. Janet and Murphy",
        "Alone in an alliance of eir own: Aspen, Kate, nix",
        "Open intents:",
        "  1. Janet: to join Murphy's alliance, With the Support of all its existing members",
        "     tabled Wed 03 May 2023 12:00:00 UTC; ripe until Wed 17 May 2023 12:00:00 UTC",
        "     supporters: Murphy (Wed 03 May 2023 13:00:00 UTC)",
        "     objectors: none",
        "     performed by Janet on Wed 03 May 2023 14:00:00 UTC",
        "  2. nix: to join Janet's alliance, With the Support of all its existing members",
        "     tabled Thu 04 May 2023 12:00:00 UTC; ripe until Thu 18 May 2023 12:00:00 UTC",
        "     supporters: Janet (Thu 04 May 2023 13:00:00 UTC)",
        "     objectors: Kate (Thu 04 May 2023 14:00:00 UTC)",
        "  intent 1: nothing to do: Janet is a member of alliance 4",
        "  intent 2: still to support: Murphy",
    ]


def test_the_report_lists_only_alliances_of_more_than_one() -> None:
    context = _played().game.report_context(_played().state)
    assert [(a["number"], a["members"]) for a in context["alliances"]] == [(4, ["Janet", "Murphy"])]
    assert context["alone"] == ["Aspen", "Kate", "nix"]
    assert [(i["number"], i["status"]) for i in context["intents"]] == [
        (1, "nothing to do: Janet is a member of alliance 4"),
        (2, "still to support: Murphy"),
    ]
    assert context["report_clause"] == (
        "The Registrar's report includes all alliances that have more than one member."
    )


def test_the_state_round_trips_as_canonical_json() -> None:
    table = _played()
    data = table.game.dump(table.state)
    assert table.game.dump(table.game.load(data)) == data
    assert json.loads(json.dumps(data, sort_keys=True)) == data
    assert data["alliances"] == {
        "1": ["Aspen"],
        "3": ["Kate"],
        "4": ["Janet", "Murphy"],
        "5": ["nix"],
    }
    assert data["next_alliance"] == 6
