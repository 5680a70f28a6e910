"""Rules review R1-3 (docs/rulings.md): supporters and objectors who stop being players."""

from __future__ import annotations

import pytest
import test_tabled_support as support
from test_tabled_support import PLAYERS, Desk, at

from referee.games.base import PlayerStatus
from referee.games.tabled import quotes
from referee.games.tabled.parameters import COUNT_CURRENT_PLAYERS_ONLY


def deregister(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    players = dict(PLAYERS)
    for name in names:
        players[name] = PlayerStatus(name, active=True, first_class=True, registered=False)
    monkeypatch.setattr(support, "PLAYERS", players)


def objected(desk: Desk) -> None:
    desk.do("nix", "I intend, without 2 objections, to ratify the report", at(0))
    desk.do("Janet", "I object to intent 1", at(0))
    desk.do("Murphy", "I object to intent 1", at(0))


def test_an_objection_still_counts_after_its_objector_deregisters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R1-3: "Become an objector ..."; nothing but a withdrawal ends it.
    desk = Desk()
    objected(desk)
    deregister(monkeypatch, "Murphy")
    reason, rule = desk.refusal("nix", "I perform intent 1", at(5))
    assert reason.startswith("intent 1 has 2 objectors (Janet and Murphy)")
    assert rule == quotes.WITHOUT_OBJECTIONS


def test_support_still_counts_after_its_supporter_deregisters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    desk.do("Janet", "I support intent 1", at(0))
    desk.do("Murphy", "I support intent 1", at(0))
    deregister(monkeypatch, "Murphy")
    assert desk.one("nix", "I perform intent 1", at(1)) == (
        "applied: nix did it: paint the fence (intent 1, With 2 Support; supporters: Janet "
        "and Murphy; objectors: none)"
    )


def test_a_person_who_is_no_longer_a_player_cannot_respond(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    desk = Desk()
    desk.do("nix", "I intend, with 2 support, to paint the fence", at(0))
    deregister(monkeypatch, "Murphy")
    reason, rule = desk.refusal("Murphy", "I support intent 1", at(0))
    assert reason == "Murphy is not a player, and only a player can support an intent"
    assert rule == quotes.WHO_RESPONDS


def test_the_option_counts_only_those_who_are_players_at_performance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    desk = Desk.with_options(**{COUNT_CURRENT_PLAYERS_ONLY: True})
    objected(desk)
    deregister(monkeypatch, "Murphy")
    assert desk.one("nix", "I perform intent 1", at(5)).endswith(
        "(intent 1, Without 2 Objections; supporters: none; objectors: Janet)"
    )
