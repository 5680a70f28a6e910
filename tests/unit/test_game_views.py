"""Games that read each other: a declared list of kinds, and a read-only typed view."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from referee.games.alliances.plugin import AlliancesGame
from referee.games.alliances.rulesets import ruleset
from referee.games.alliances.state import AlliancesState, AlliancesView
from referee.games.base import Context, GameSetup, GameView, Route

AT = datetime(2026, 1, 5, tzinfo=UTC)
GAME = AlliancesGame(GameSetup("Alliances", ruleset(), AT, "registrar"))


def _context(views: dict[str, GameView[object]]) -> Context:
    return Context(AT, "nix", frozenset(), Route.PUBLIC, None, {}, views=views)


def test_alliances_gives_its_partition_as_a_frozen_view_sharing_nothing() -> None:
    state = AlliancesState(alliances={1: ["Janet", "nix"], 3: ["Kate"]}, next_alliance=4)
    view = GAME.view(state)
    assert view.alliance_of("nix") == 1
    assert view.allied("nix", "Janet")
    assert not view.allied("nix", "Kate")
    assert view.alliance_of("Murphy") is None
    state.alliances[1].remove("nix")  # the live state goes on changing; the view does not
    assert view.alliance_of("nix") == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.alliances = ()  # type: ignore[misc]


def test_a_reader_finds_the_view_by_kind_and_type() -> None:
    view = GAME.view(AlliancesState(alliances={2: ["nix"]}))
    context = _context({"alliances": GameView("Alliances", "alliances", AT, view)})
    assert context.view("alliances", AlliancesView).alliance_of("nix") == 2
    with pytest.raises(TypeError, match="is AlliancesView, not int"):
        context.view("alliances", int)
    with pytest.raises(LookupError, match="must name it in its reads"):
        context.view("commune", AlliancesView)


def test_games_read_nothing_unless_they_say_so() -> None:
    assert AlliancesGame.reads == frozenset()
    assert _context({}).views == {}
