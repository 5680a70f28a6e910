"""Rules review R1 (docs/rulings.md, R1-rules-review-go-okinawa-tabled): Alliances cases at
the edges of "With the Support of all its existing members" and rule 2124."""

from __future__ import annotations

from datetime import timedelta

import pytest
import test_alliances_support as support
from test_alliances_support import PLAYERS, Table, at, make_game

from referee.games.alliances.rulesets import NONPLAYER_MEMBERS_EXCUSED
from referee.games.base import PlayerStatus
from referee.games.tabled import quotes as tabled_quotes

MICROSECOND = timedelta(microseconds=1)


def deregister(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """The Register's standing from now on: ``names`` deregistered (still persons)."""
    players = dict(PLAYERS)
    for name in names:
        players[name] = PlayerStatus(name, active=True, first_class=True, registered=False)
    monkeypatch.setattr(support, "PLAYERS", players)


def test_a_member_who_is_not_a_player_cannot_support(monkeypatch: pytest.MonkeyPatch) -> None:
    # R1-1: rule 2124 "a player CAN ... Become a supporter"; a deregistered member is a
    # person and a member, but no player.
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    deregister(monkeypatch, "Murphy")
    reason, rule = table.refusal("Murphy", "I support intent 1", at(0, 1))
    assert reason == (
        "Murphy is not a player, and only a player can support an intent; e is one of the "
        "existing members of alliance 4, but cannot support intent 1"
    )
    assert rule == tabled_quotes.WHO_RESPONDS


def test_a_nonplayer_member_blocks_a_join_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    # R1-1: "all its existing members" includes the member who is not a player.
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))  # alliance 4: Janet and Murphy
    table.do("nix", "I intend to join alliance 4 with support", at(1))
    table.do("Janet", "I support intent 2", at(1))
    deregister(monkeypatch, "Murphy")
    reason, _ = table.refusal("nix", "I perform intent 2", at(1, 1))
    assert reason == (
        "intent 2 needs the support of all the existing members of alliance 4 (Janet and "
        "Murphy); supported so far by Janet; still to support: Murphy (Murphy, not a player, "
        "cannot support: only a player can, rule 2124)"
    )
    assert table.alliances()[4] == ["Janet", "Murphy"]


def test_the_option_excuses_nonplayer_members(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(game=make_game("igora", **{NONPLAYER_MEMBERS_EXCUSED: True}))
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Janet", "I do so", at(0))
    table.do("nix", "I intend to join alliance 4 with support", at(1))
    table.do("Janet", "I support intent 2", at(1))
    deregister(monkeypatch, "Murphy")
    assert table.one("nix", "I perform intent 2", at(1, 1)).startswith(
        "applied: nix joined alliance 4 (Janet, Murphy and nix)"
    )


def test_support_given_as_a_player_still_counts_after_deregistration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Nothing in rule 2124 ends a supporter's support but eir own withdrawal.
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    deregister(monkeypatch, "Murphy")
    assert table.one("Janet", "I do so", at(0, 1)).startswith(
        "applied: Janet joined alliance 4 (Janet and Murphy)"
    )


def test_a_nonplayer_can_still_table_and_leave(monkeypatch: pytest.MonkeyPatch) -> None:
    # "A person CAN join ...", "A person CAN leave ...", rule 1728 "A person ... CAN ...
    # table an intent": persons, not only players.
    deregister(monkeypatch, "Janet")
    table = Table()
    assert table.one("Janet", "I intend to join Murphy's alliance with support", at(0)).startswith(
        "applied: Janet tabled intent 1"
    )
    table.do("Murphy", "I support intent 1", at(0))
    assert table.one("Janet", "I do so", at(0, 1)).startswith("applied: Janet joined alliance 4")
    assert table.one("Janet", "I leave my alliance", at(0, 2)).startswith(
        "applied: Janet left alliance 4, which now has Murphy"
    )


def test_the_last_instant_of_ripeness_and_the_first_after() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    reason, rule = table.refusal("Janet", "I do so", at(14))
    assert reason.startswith("intent 1 expired on Wed 17 May 2023 12:00:00 UTC")
    assert rule == tabled_quotes.RIPE
    assert table.one("Janet", "I do so", at(14) - MICROSECOND).startswith("applied: Janet joined")


def test_support_withdrawn_is_not_counted_and_cannot_be_given_again() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Murphy", "I withdraw my support for intent 1", at(0, 1))
    reason, _ = table.refusal("Janet", "I do so", at(0, 2))
    assert "still to support: Murphy" in reason
    reason, _ = table.refusal("Murphy", "I support intent 1", at(0, 3))
    assert reason == (
        "Murphy supported intent 1 before and withdrew that support; e cannot support it again"
    )


def test_an_intent_to_join_an_alliance_that_ceased_cannot_be_performed() -> None:
    table = Table()
    table.do("Janet", "I intend to join Murphy's alliance with support", at(0))
    table.do("Murphy", "I support intent 1", at(0))
    table.do("Murphy", "I leave my alliance", at(0, 1))  # alliance 4 is empty and ceases
    reason, _ = table.refusal("Janet", "I do so", at(0, 2))
    assert reason == "alliance 4 no longer exists: it became empty"
