"""A scripted season of four weeks, played through find_actions and apply."""

from __future__ import annotations

from test_commune_support import play_season


def test_season_final_state() -> None:
    t, history = play_season()
    state = t.state
    assert set(state.participants) == {"nix", "Janet", "snail", "Murphy"}
    assert state.board == {"E5": 1, "D4": 1, "E4": 1, "F4": 1, "F6": 1, "E6": 1}
    assert {n: c.name for n, c in state.communities.items()} == {1: "Jade"}
    tokens = {name: p.tokens for name, p in state.participants.items()}
    assert tokens == {"nix": {"5": 1}, "Janet": {}, "snail": {"4": 1}, "Murphy": {}}
    assert {name: p.accolades for name, p in state.participants.items()} == {
        "nix": 0, "Janet": 0, "snail": 1, "Murphy": 0,
    }  # fmt: skip
    assert {name: p.investments for name, p in state.participants.items()} == {
        "nix": {1: 1}, "Janet": {}, "snail": {}, "Murphy": {},
    }  # fmt: skip
    assert state.participants["Janet"].constructors == {"left": "F", "middle": "5", "right": None}
    offers = {n: (o.open, o.closed_why) for n, o in state.offers.items()}
    assert offers == {
        1: (False, "withdrawn: nix no longer had a 4"),
        2: (True, None),
        3: (False, "withdrawn by snail"),
    }
    assert not state.over
    assert [h.summary for h in history][2] == (
        "nix paid an E and a 6 to place a tile at E6, causing a merger: Jade (4 tiles) acquired "
        "Cerulean (1 tile); the placed tile joined Jade, which now has 6 tiles; accolades for "
        "Cerulean (1 tile, 2 investments): Janet 1 x 1/2 = 0 (rounded down), nix 1 x 1/2 = 0 "
        "(rounded down)"
    )
