"""Intents as stored (canonical JSON, exact round trip) and as shown to officers."""

from __future__ import annotations

import json
from typing import Any

from test_tabled_support import Desk, at

from referee.games.tabled import dump_book, load_book
from referee.games.tabled.views import open_intents, render_lines


def _played() -> Desk:
    desk = Desk.with_options(tabled_withdrawal_ends_intent=True)  # the withdrawn intent 3 closes
    desk.do("nix", "I intend, with 1.5 Agoran Consent, to rename the street", at(0))
    desk.do("Janet", "I support intent 1", at(1))
    desk.do("Kate", "I object to intent 1", at(1, hours=2))
    desk.do("Kate", "I withdraw my objection to intent 1", at(2))
    desk.do("snail", "I intend, with 2 support, to paint the fence, if it is dry", at(2))
    desk.do("Janet", "I intend, with notice, to mend the roof", at(3))
    desk.do("Janet", "I withdraw my intent 3", at(3, hours=1))
    return desk


def _floats(value: Any) -> list[float]:
    if isinstance(value, float):
        return [value]
    if isinstance(value, dict):
        return [f for v in value.values() for f in _floats(v)]
    if isinstance(value, list):
        return [f for v in value for f in _floats(v)]
    return []


def test_the_book_round_trips_exactly_and_holds_no_floats() -> None:
    book = _played().state.intents
    data = dump_book(book)
    assert load_book(data) == book
    assert dump_book(load_book(data)) == data
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text) == data
    assert _floats(data) == []
    consent = data["intents"]["1"]["methods"][0]
    assert consent == {"kind": "consent", "n_tenths": 15, "notice_hours": None, "of_all": False}
    assert [r["act"] for r in data["intents"]["1"]["responses"]] == [
        "support",
        "object",
        "withdraw-objection",
    ]
    # A closed intent is kept only as why, when and by whom it closed.
    assert "3" not in data["intents"]
    assert data["settled"] == {"3": ["withdrawn", "2024-03-07T13:00:00+00:00", "Janet"]}


def test_a_state_stored_before_intents_were_settled_still_loads() -> None:
    data = dump_book(_played().state.intents)
    del data["settled"]
    assert load_book(data).settled == {}


def test_open_intents_show_supporters_objectors_and_withdrawals() -> None:
    desk = _played()
    views = open_intents(desk.state.intents, desk.procedure.params, "the crew")
    assert [v["number"] for v in views] == [1, 2]
    assert render_lines(views) == [
        "Open intents:",
        "  1. nix: to rename the street, With 1.5 Agoran Consent",
        "     tabled Mon 04 Mar 2024 12:00:00 UTC; ripe until Mon 18 Mar 2024 12:00:00 UTC",
        "     mature from Fri 08 Mar 2024 12:00:00 UTC",
        "     supporters: Janet (Tue 05 Mar 2024 12:00:00 UTC)",
        "     objectors: none",
        "     objections withdrawn: Kate (Wed 06 Mar 2024 12:00:00 UTC)",
        "  2. snail: to paint the fence, With 2 Support",
        "     tabled Wed 06 Mar 2024 12:00:00 UTC; ripe until Wed 20 Mar 2024 12:00:00 UTC",
        "     conditions: if it is dry",
        "     supporters: none",
        "     objectors: none",
    ]


def test_no_open_intents() -> None:
    assert render_lines(open_intents(Desk().state.intents, Desk().procedure.params, "x")) == [
        "Open intents: none"
    ]
