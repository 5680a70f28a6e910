"""The state's canonical JSON form and its exact round trip."""

from __future__ import annotations

import json

from test_commune_support import table


def _floats(value: object) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_floats(v) for v in value.values())
    if isinstance(value, list):
        return any(_floats(v) for v in value)
    return False


def test_dump_load_round_trip() -> None:
    t = table()
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "C0")
    t.say("nix", "I name my community Amber")
    t.say("snail", "I begin constructing a 7 with my left constructor")
    t.give("snail", "B")
    t.say("snail", "I offer my B for a 3 or a 4 (only to nix and Janet)")
    t.say("snail", "I grant myself an investment in Amber")
    t.place("snail", "B0")  # a merger
    data = t.game.dump(t.state)
    text = json.dumps(data, sort_keys=True)
    assert not _floats(data)
    again = t.game.load(json.loads(text))
    assert again == t.state
    assert t.game.dump(again) == data
    assert data["communities"]["1"]["founder"] == "nix"
    assert "2" not in data["communities"]  # acquired by Amber (the tie: it gained least recently)
    assert data["offers"]["1"]["allowed"] == ["Janet", "nix"]
    assert data["participants"]["Janet"]["accolades"] == 1
    assert data["participants"]["snail"]["investments"] == {"1": 1}


def test_initial_state_round_trip() -> None:
    t = table()
    assert t.game.load(t.game.dump(t.state)) == t.state
