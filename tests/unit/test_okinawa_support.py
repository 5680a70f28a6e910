"""Shared helpers of the Okinawa tests (no tests here): a table that plays sentences, with
the alliances given as the Alliances game's view would give them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.games.alliances.state import AlliancesView
from referee.games.base import (
    Context,
    GameSetup,
    GameView,
    IllegalAction,
    Outcome,
    PlayerStatus,
    Route,
    RuleCitation,
)
from referee.games.okinawa import OkinawaGame
from referee.games.okinawa.actions import Plot
from referee.games.okinawa.rulesets import ruleset
from referee.games.okinawa.state import OkinawaState
from referee.parsing import find_actions

START = datetime(2023, 4, 30, 12, 0, tzinfo=UTC)  # a Sunday: the first award is Monday 1 May
NAMES = ("nix", "Janet", "Murphy", "Aspen", "Kate")
PLAYERS = {name: PlayerStatus(name, active=True, first_class=True) for name in NAMES}


def make_game(**options: Any) -> OkinawaGame:
    return OkinawaGame(GameSetup("Okinawa", ruleset(**options), START, "sensei"))


def at(days: float = 0, hours: float = 0) -> datetime:
    return START + timedelta(days=days, hours=hours)


def partition(*groups: Sequence[str]) -> AlliancesView:
    """A view in which each group is an alliance and everyone else is alone."""
    grouped = {name for group in groups for name in group}
    alone = [[name] for name in NAMES if name not in grouped]
    return AlliancesView(
        tuple((n, frozenset(members)) for n, members in enumerate([*groups, *alone], 1))
    )


def context(
    actor: str | None,
    when: datetime = START,
    view: AlliancesView | None = None,
    players: dict[str, PlayerStatus] | None = None,
) -> Context:
    views = {} if view is None else {"alliances": GameView("Alliances", "alliances", when, view)}
    return Context(
        when,
        actor,
        frozenset(),
        Route.PUBLIC if actor else Route.OFFICER,
        None,
        PLAYERS if players is None else players,
        views=views,
    )


def board(state: OkinawaState, **stones: list[Plot]) -> OkinawaState:
    """Put Stones straight on the grid (owner=[plots]), without playing them."""
    for owner, plots in stones.items():
        state.meet(owner)
        for plot in plots:
            state.grid[plot] = owner
    return state


@dataclass
class Table:
    """One Okinawa game, played by sentences, as the engine plays it: every action of a
    message at its instant, a rejected one leaving the state as it was."""

    game: OkinawaGame = field(default_factory=make_game)
    state: OkinawaState = field(default_factory=OkinawaState)
    view: AlliancesView | None = None
    last_rule: RuleCitation | None = None
    outcomes: list[Outcome] = field(default_factory=list)

    def give(self, **airborne: int) -> None:
        for name, count in airborne.items():
            self.state.meet(name)
            self.state.airborne[name] = count

    def do(self, actor: str, text: str, when: datetime = START) -> list[str]:
        found = find_actions([self.game], [(1, text)], {"Okinawa": True})
        assert not found.not_understood, found.not_understood
        assert found.actions, f"no action found in {text!r}"
        answers: list[str] = []
        for item in found.actions:
            ctx = context(actor, when, self.view)
            before = self.game.dump(self.state)
            try:
                self.game.validate(self.state, item.action, ctx)
            except IllegalAction as refusal:
                assert self.game.dump(self.state) == before
                self.last_rule = refusal.rule
                answers.append("rejected: " + refusal.reason)
                continue
            outcome = self.game.apply(self.state, item.action, ctx)
            self.outcomes.append(outcome)
            answers.append("applied: " + outcome.summary)
        return answers

    def one(self, actor: str, text: str, when: datetime = START) -> str:
        (answer,) = self.do(actor, text, when)
        return answer

    def refusal(self, actor: str, text: str) -> tuple[str, RuleCitation]:
        answer = self.one(actor, text)
        assert answer.startswith("rejected: "), answer
        assert self.last_rule is not None
        return answer.removeprefix("rejected: "), self.last_rule
