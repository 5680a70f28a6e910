"""Mergers: the acquiring community, ties, accolades with rounding, destruction."""

from __future__ import annotations

from test_commune_support import Table, table


def _three_communities(t: Table) -> None:
    """#1 (nix) E4 E3 E2, #2 (Janet) D5 C5 B5, #3 (snail) F5, around the empty E5.

    #1 and #2 both have 3 tiles, but #2 gained its last tile (B5) before #1 did (E2).
    Investments: #1 nix 2, Janet 2, snail 1 (5 in all); #3 snail 1, Murphy 1.
    """
    t.join("nix", "Janet", "snail", "Murphy")
    t.place("nix", "E4")  # founds #1
    t.place("Janet", "D5")  # founds #2
    t.place("nix", "E3")
    t.place("Janet", "C5")
    t.place("Janet", "B5")
    t.place("nix", "E2")
    t.place("snail", "F5")  # founds #3
    t.say("nix", "I grant myself an investment in community #1")
    t.say("Janet", "I grant myself an investment in the community at E3")
    t.say("snail", "I grant myself an investment in the community at E2")
    t.say("Murphy", "I grant myself an investment in the community at F5")
    t.next_week()
    t.say("Janet", "I grant myself an investment in the community at E4")


def test_three_way_merger_with_a_tie_and_rounding() -> None:
    t = table()
    _three_communities(t)
    assert t.state.participants["Janet"].investments == {1: 2, 2: 1}
    summary = t.place("Murphy", "E5")
    assert summary == (
        "Murphy paid an E and a 5 to place a tile at E5, causing a merger: community #2 "
        "(unnamed) (3 tiles; tied with community #1 (unnamed), and gained a tile least "
        "recently) acquired community #1 (unnamed) (3 tiles) and community #3 (unnamed) "
        "(1 tile); the placed tile joined community #2 (unnamed), which now has 8 tiles; "
        "accolades for community #1 (unnamed) (3 tiles, 5 investments): Janet 3 x 2/5 = 1 "
        "(rounded down), nix 3 x 2/5 = 1 (rounded down), snail 3 x 1/5 = 0 (rounded down); "
        "accolades for community #3 (unnamed) (1 tile, 2 investments): Murphy 1 x 1/2 = 0 "
        "(rounded down), snail 1 x 1/2 = 0 (rounded down)"
    )
    # X = 3 tiles / 5 investments x owned: nix 2 -> 1.2 -> 1, Janet 2 -> 1, snail 1 -> 0.6 -> 0;
    # #3: 1 tile / 2 investments x 1 -> 0.5 -> 0 for snail and Murphy.
    accolades = {name: p.accolades for name, p in t.state.participants.items()}
    assert accolades == {"nix": 1, "Janet": 1, "snail": 0, "Murphy": 0}
    assert set(t.state.communities) == {2}
    assert {loc for loc, owner in t.state.board.items() if owner == 2} == {
        "E4", "E3", "E2", "D5", "C5", "B5", "F5", "E5",
    }  # fmt: skip
    investments = {name: p.investments for name, p in t.state.participants.items()}
    assert investments == {"nix": {}, "Janet": {2: 1}, "snail": {}, "Murphy": {}}


def test_the_larger_community_acquires_without_a_tie_break() -> None:
    t = table()
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "C0")
    t.place("Janet", "D0")  # #2 has 2 tiles
    t.say("nix", "I name my community Amber")
    t.say("Janet", "I name my community Cerulean")
    summary = t.place("snail", "B0")
    assert summary == (
        "snail paid a B and a 0 to place a tile at B0, causing a merger: Cerulean (2 tiles) "
        "acquired Amber (1 tile); the placed tile joined Cerulean, which now has 4 tiles; "
        "accolades for Amber (1 tile, 1 investment): nix 1 x 1/1 = 1"
    )
    # Amber is gone, so its founder may found again and its initial is free again.
    assert "founding a new community" in t.place("nix", "J9")
    t.say("nix", "I name my community Azure")


def test_exact_integer_accolades() -> None:
    t = table()
    t.join("nix", "Janet")
    for location in ("A0", "A1", "A2", "A3", "A4", "A5", "A6"):
        t.place("nix", location)  # #1: 7 tiles, nix 1 investment
    t.place("Janet", "C0")
    for location in ("C1", "C2", "C3", "C4", "C5", "C6", "C7"):
        t.place("Janet", location)  # #2: 8 tiles
    t.say("Janet", "I grant myself an investment in community #1")
    t.next_week()
    t.say("nix", "I grant myself an investment in community #1")
    # #1: 7 tiles, 3 investments: nix 2 -> 14/3 = 4, Janet 1 -> 7/3 = 2.
    assert t.place("Janet", "B0").endswith(
        "accolades for community #1 (unnamed) (7 tiles, 3 investments): Janet 7 x 1/3 = 2 "
        "(rounded down), nix 7 x 2/3 = 4 (rounded down)"
    )


def test_acquired_community_without_investments_gives_no_accolades() -> None:
    t = table()
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "C0")
    t.place("Janet", "C1")
    t.say("nix", "I cease to be a participant")
    summary = t.place("snail", "B0")
    assert summary.endswith(
        "no accolades for community #1 (unnamed) (nobody had an investment in it)"
    )
    assert t.state.participants["Janet"].accolades == 0


def test_merger_tile_unowned_and_tiebreak_placements_only() -> None:
    def play(t: Table) -> int:
        t.join("nix", "Janet", "snail", "Murphy")
        t.place("nix", "A0")  # #1
        t.place("snail", "A2")  # #2
        t.place("Janet", "C2")  # #3
        t.place("Janet", "C3")
        t.place("Murphy", "A1")  # #1 acquires #2 (tie, #1 gained least recently)
        assert t.state.board["A1"] is None
        t.place("Murphy", "B2")  # #1 (A0, A2) against #3 (C2, C3): 2 tiles each
        (survivor,) = t.state.communities
        return survivor

    # #1 last gained a tile in the first merger, after #3's last placement: #3 acquires.
    assert play(table(merger_tile_joins_acquirer=False)) == 3
    # Counting placements only, #1 last gained a tile at its founding: #1 acquires.
    assert play(table(merger_tile_joins_acquirer=False, tiebreak_placements_only=True)) == 1


def test_merger_tile_joins_acquiring_by_default() -> None:
    t = table()
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "A2")
    t.place("snail", "A1")
    assert t.state.board == {"A0": 1, "A1": 1, "A2": 1}
    assert t.state.tile_count(1) == 3
