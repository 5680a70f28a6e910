"""Shared helpers of the Alliances tests (no tests here): a table that plays sentences."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.games.alliances import AlliancesGame
from referee.games.alliances.rulesets import ruleset
from referee.games.alliances.state import AlliancesState
from referee.games.base import Context, GameSetup, IllegalAction, PlayerStatus, Route, RuleCitation
from referee.parsing import find_actions

START = datetime(2023, 5, 3, 12, 0, tzinfo=UTC)  # a Wednesday
NAMES = ("nix", "Janet", "Murphy", "Aspen", "Kate")
PLAYERS = {name: PlayerStatus(name, active=True, first_class=True) for name in NAMES}


def make_game(version: str = "igora", **options: Any) -> AlliancesGame:
    return AlliancesGame(GameSetup("Alliances", ruleset(version, **options), START, "registrar"))


def at(days: float = 0, hours: float = 0) -> datetime:
    return START + timedelta(days=days, hours=hours)


@dataclass
class Table:
    """One Alliances game, played by messages at chosen instants, as the engine plays it:
    every action of a message at its instant, a rejected one leaving the state as it was."""

    game: AlliancesGame = field(default_factory=make_game)
    state: AlliancesState = field(default_factory=AlliancesState)
    messages: int = 0
    last_rule: RuleCitation | None = None
    clock: datetime = START

    def do(self, actor: str, text: str, when: datetime) -> list[str]:
        lines = list(enumerate(text.splitlines(), 1))
        found = find_actions([self.game], lines, {"Alliances": True})
        assert not found.not_understood, found.not_understood
        assert found.actions, f"no action found in {text!r}"
        self.messages += 1
        context = Context(
            when, actor, frozenset(), Route.PUBLIC, f"message-{self.messages}", PLAYERS
        )
        answers: list[str] = []
        for item in found.actions:
            before = self.game.dump(self.state)
            try:
                # As the engine does: a refusal by validate must leave the state untouched.
                self.game.validate(self.state, item.action, context)
            except IllegalAction as refusal:
                assert self.game.dump(self.state) == before
                self.last_rule = refusal.rule
                answers.append("rejected: " + refusal.reason)
                continue
            try:
                outcome = self.game.apply(self.state, item.action, context)
                answers.append("applied: " + outcome.summary)
            except IllegalAction as refusal:
                self.state = self.game.load(before)
                self.last_rule = refusal.rule
                answers.append("rejected: " + refusal.reason)
        return answers

    def one(self, actor: str, text: str, when: datetime) -> str:
        (answer,) = self.do(actor, text, when)
        return answer

    def refusal(self, actor: str, text: str, when: datetime) -> tuple[str, RuleCitation | None]:
        answer = self.one(actor, text, when)
        assert answer.startswith("rejected: "), answer
        return answer.removeprefix("rejected: "), self.last_rule

    def alliances(self) -> dict[int, list[str]]:
        return dict(self.state.alliances)

    def tick(self, when: datetime) -> str | None:
        """Apply the game's ticks due by ``when``, as the engine does before a message."""
        said: list[str] = []
        while (tick := self.game.next_tick(self.state, self.clock)) is not None:
            if tick.at > when:
                break
            context = Context(tick.at, None, frozenset(), Route.OFFICER, None, PLAYERS)
            outcome = self.game.apply_tick(self.state, tick, context)
            self.clock = tick.at
            if outcome is not None:
                said.append(outcome.summary)
        return "; ".join(said) or None
