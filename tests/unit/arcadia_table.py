"""Shared helpers of the Arcadia tests (no tests here): a table that plays sentences."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from referee.games.arcadia import ArcadiaGame
from referee.games.arcadia.rulesets import DRAFT, ruleset
from referee.games.arcadia.state import ArcadiaState
from referee.games.base import (
    Context,
    GameSetup,
    IllegalAction,
    Outcome,
    PlayerStatus,
    Route,
)
from referee.parsing import find_actions

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NAMES = ("Trigon", "nix", "Janet", "snail")
PLAYERS = {name: PlayerStatus(name, active=True, first_class=True) for name in NAMES}


def make_game(**options: bool | int | str) -> ArcadiaGame:
    return ArcadiaGame(GameSetup("Arcadia", ruleset(DRAFT, **options), START, "lord-ruler"))


def context(actor: str | None, at: datetime) -> Context:
    return Context(
        at=at,
        actor=actor,
        offices=frozenset(),
        route=Route.PUBLIC,
        message_key=None,
        players=PLAYERS,
    )


@dataclass
class Table:
    game: ArcadiaGame
    state: ArcadiaState
    now: datetime = START + timedelta(minutes=1)
    ticks: list[str] = field(default_factory=list)

    def advance(self, until: datetime) -> None:
        """Apply every tick due at or before ``until``, as the pipeline does (rulings P6)."""
        clock = self.now
        while (tick := self.game.next_tick(self.state, clock)) is not None and tick.at <= until:
            outcome = self.game.apply_tick(self.state, tick, context(None, tick.at))
            if outcome is not None:
                self.ticks.append(outcome.summary)
            clock = tick.at
        self.now = until

    def at(self, moment: datetime) -> None:
        self.advance(moment)

    def next_day(self, days: int = 1, minute: int = 1) -> None:
        midnight = self.now.replace(hour=0, minute=0, second=0, microsecond=0)
        self.advance(midnight + timedelta(days=days, minutes=minute))

    def do(self, actor: str, text: str) -> list[Outcome]:
        found = find_actions([self.game], [(1, text)], {"Arcadia": True})
        assert not found.not_understood, found.not_understood
        assert found.actions, f"no action found in {text!r}"
        self.now += timedelta(seconds=1)
        return [
            self.game.perform(self.state, f.action, context(actor, self.now)) for f in found.actions
        ]

    def say(self, actor: str, text: str) -> str:
        (outcome,) = self.do(actor, text)
        return outcome.summary

    def rejected(self, actor: str, text: str) -> IllegalAction:
        before = self.game.dump(self.state)
        with pytest.raises(IllegalAction) as caught:
            self.do(actor, text)
        assert self.game.dump(self.state) == before
        return caught.value

    def give(self, actor: str, **amounts: int) -> None:
        for currency, amount in amounts.items():
            self.state.players[actor].currencies[currency] += amount

    def energy(self, actor: str) -> int:
        return self.state.players[actor].energy


def table(**options: bool | int | str) -> Table:
    game = make_game(**options)
    return Table(game, game.initial_state())


def quote_of(error: IllegalAction) -> str:
    assert error.rule is not None
    return error.rule.quote
