"""Whole games, start to finish, with the announcements pinned and the secrets checked."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from test_scgo_table import HOUR, START, Table, assert_golden, roundtrip

from referee.games.scgo.state import Phase

TWELVE = [
    "nix",
    "Janet",
    "Murphy",
    "Aris",
    "Trigon",
    "Gaelan",
    "Kate",
    "Yachay",
    "Juan",
    "snail",
    "forest",
    "Cosmo",
]


def secret_round(table: Table, moves: Mapping[str, list[str]]) -> None:
    """Play a round in which each player may send several plays, check that nothing
    published before the round ends gives any of them away, and resolve the round.

    Squares already named in public (a play revealed in an earlier round) are checked by
    difference instead: the public views must not change when the secret squares do."""
    published_before = len(table.public)
    earlier = "\n".join(table.public)
    sent: set[str] = set()
    step = 0
    for player, squares in moves.items():
        for square in squares:
            step += 1
            table.send(player, f"I play {square}", at=table.now + step * HOUR / 10)
            sent.add(square.lower())
    during = table.public[published_before:]
    assert len(during) >= 3 * step, "the round published nothing to scan"
    for square in sent:
        pattern = re.compile(rf"\b{square}\b", re.IGNORECASE)
        if pattern.search(earlier):
            continue
        leaks = [text for text in during if pattern.search(text)]
        assert not leaks, f"{square} published before the round ended: {leaks}"
    assert sent <= {play.square for play in table.state.plays}
    decoy = replace(table.state, plays=[replace(play, square="a1") for play in table.state.plays])
    assert table.game.public_view(decoy) == table.game.public_view(table.state)
    assert table.game.render(decoy) == table.game.render(table.state)
    table.end_round()
    roundtrip(table)


def test_two_player_game_to_the_end_with_its_announcements() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    secret_round(table, {"nix": ["a1"], "Janet": ["e5", "b2"]})
    secret_round(table, {"nix": ["c3"], "Janet": ["a2"]})
    secret_round(table, {"nix": ["d4", "e5"], "Janet": ["b1"]})
    assert table.state.phase is Phase.OVER
    assert table.state.winners == ["Janet"]
    announcements = table.announcements()
    assert len(announcements) == 4
    for number, text in enumerate(announcements[:3], start=1):
        assert_golden(f"scgo_two_round{number}.txt", text)
    assert_golden("scgo_two_result.txt", announcements[3])


def test_twelve_player_game_to_the_end() -> None:
    table = Table(TWELVE)
    table.begin()
    assert table.state.n == 12
    first = {name: [f"{chr(ord('a') + i)}{i + 1}"] for i, name in enumerate(TWELVE[:10])}
    first.update({"forest": ["f6"], "Cosmo": ["F6"]})  # forest and Cosmo collide on f6 (@)
    del first["Gaelan"]
    first["Gaelan"] = ["k1"]
    secret_round(table, first)
    assert table.state.grid["f6"] == "@"
    assert len(table.state.remaining) == 12
    secret_round(table, {"nix": ["a2"], "Janet": ["b3"], "Murphy": ["c4"]})
    assert table.state.remaining == ["nix", "Janet", "Murphy"]
    assert table.state.grid["d4"] == "@"  # Aris's Letter, doomed for not playing
    secret_round(table, {"nix": ["a3"]})
    assert table.state.phase is Phase.OVER
    assert table.state.winners == ["nix"]
    assert_golden("scgo_twelve_round2.txt", table.announcements()[1])
    assert_golden("scgo_twelve_result.txt", table.announcements()[-1])


def test_the_round_notices_never_reach_a_player_privately() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.play({"nix": "a1", "Janet": "b2"}, at=START + HOUR)
    table.end_round()
    players = [n.player for n in table.notices if n.template == "scgo/move-ack"]
    assert players == ["nix", "Janet"]
    assert [n.template for n in table.notices if n.template != "scgo/move-ack"] == [
        "scgo/round",
        "scgo/round",
    ]


def test_render_shows_secrets_only_when_asked() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.play({"nix": "c3"}, at=START + HOUR)
    public = table.game.render(table.state)
    secret = table.game.render(table.state, reveal_secrets=True)
    assert "c3" not in public
    assert "Plays received from: nix" in public
    assert "nix c3" in secret
