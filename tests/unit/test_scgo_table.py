"""A table for whole games of Single-Capture Go, driven the way the pipeline drives a game:
sentences through ``find_actions``, actions through ``apply``, time through ``next_tick`` and
``apply_tick``. Other ``test_scgo_*`` modules import :class:`Table` from here.

Every public string the game produces (public summaries, notices not addressed to the mover,
``public_view`` and ``render``) is kept, so tests can check that no secret leaks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest

from referee.games.base import (
    Audience,
    Context,
    Game,
    GameSetup,
    IllegalAction,
    Notice,
    Outcome,
    PlayerStatus,
    Route,
    Ruleset,
)
from referee.games.scgo import SingleCaptureGo
from referee.games.scgo.rulesets import OPTIONS, TITLE, VERSION
from referee.games.scgo.state import ScgoState
from referee.parsing import find_actions
from referee.reports.render import render

START = datetime(2024, 3, 4, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
ROUND = timedelta(days=3)
REFEREE = "Guy"
GOLDEN = Path(__file__).resolve().parent.parent / "golden"
PROVEN = frozenset({"address", "passphrase"})
"""What the pipeline finds in a private play from the player's own address carrying eir
passphrase: enough for the default ``move_proof``."""


@dataclass
class Table:
    """One game, a clock, and every string it has published."""

    players: list[str]
    options: Mapping[str, bool | int | str] = field(default_factory=dict)
    game: SingleCaptureGo = field(init=False)
    state: ScgoState = field(init=False)
    now: datetime = START
    public: list[str] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    tick_outcomes: list[Outcome] = field(default_factory=list)

    def __post_init__(self) -> None:
        ruleset = Ruleset(VERSION, TITLE, OPTIONS, dict(self.options))
        self.game = SingleCaptureGo(GameSetup("scgo", ruleset, START, REFEREE))
        self.state = self.game.initial_state()

    def context(
        self,
        actor: str | None,
        route: Route = Route.PRIVATE,
        credentials: frozenset[str] = PROVEN,
        offices: frozenset[str] = frozenset(),
    ) -> Context:
        statuses = {name: PlayerStatus(name, True, True) for name in [*self.players, REFEREE]}
        return Context(
            self.now, actor, offices, route, f"<{self.now.isoformat()}>", statuses, credentials
        )

    def send(
        self,
        author: str,
        text: str,
        *,
        at: datetime | None = None,
        route: Route = Route.PRIVATE,
        credentials: frozenset[str] = PROVEN,
    ) -> list[Outcome]:
        """Advance the clock to ``at`` (ticks first), then parse and apply ``text``."""
        self.advance(at or self.now)
        offices = frozenset({"referee"}) if author == REFEREE else frozenset()
        games = [cast("Game[object]", self.game)]
        plays = {self.game.name: author in self.game.participants(self.state)}
        found = find_actions(games, enumerate(text.splitlines(), start=1), plays)
        assert not found.not_understood, found.not_understood
        assert found.actions, f"no action found in {text!r}"
        outcomes = []
        for item in found.actions:
            context = self.context(author, route, credentials, offices)
            outcome = self.game.perform(self.state, item.action, context)
            self._keep(outcome, author)
            outcomes.append(outcome)
        self._keep_views()
        return outcomes

    def attempt(
        self,
        author: str,
        text: str,
        *,
        at: datetime | None = None,
        route: Route = Route.PRIVATE,
        credentials: frozenset[str] = PROVEN,
    ) -> str:
        """Send ``text``, which must be refused, as the engine does: the state is restored and
        the game is told of the refusal (``note_refusal``). Returns the refusal's reason."""
        before = self.game.dump(self.state)
        with pytest.raises(IllegalAction) as refused:
            self.send(author, text, at=at, route=route, credentials=credentials)
        self.state = self.game.load(before)
        (item,) = find_actions(
            [cast("Game[object]", self.game)], [(1, text)], {self.game.name: True}
        ).actions
        offices = frozenset({"referee"}) if author == REFEREE else frozenset()
        context = self.context(author, route, credentials, offices)
        self.game.note_refusal(self.state, item.action, context, refused.value.reason)
        self._keep_views()  # the reason itself is answered to the author alone
        return refused.value.reason

    def play(self, moves: Mapping[str, str], at: datetime | None = None) -> None:
        for player, square in moves.items():
            self.send(player, f"I play {square}", at=at)

    def advance(self, to: datetime) -> list[Outcome]:
        """Apply every tick due at or before ``to``, then set the clock to ``to``."""
        done = []
        while True:
            tick = self.game.next_tick(self.state, self.now - timedelta(microseconds=1))
            if tick is None or tick.at > to:
                break
            self.now = tick.at
            outcome = self.game.apply_tick(self.state, tick, self.context(None))
            assert outcome is not None
            self.tick_outcomes.append(outcome)
            self.notices.extend(outcome.notices)
            done.append(outcome)
        self.now = max(self.now, to)
        return done

    def end_round(self) -> Outcome:
        """Let the current round run out; returns the resolving tick's outcome."""
        assert self.state.deadline is not None
        (outcome,) = self.advance(self.state.deadline)
        return outcome

    def begin(self, *, agree: bool = True) -> Outcome:
        if agree:
            for player in self.players:
                self.send(player, "I agree to play Single-Capture Go", route=Route.PUBLIC)
        names = ", ".join(self.players[:-1]) + f" and {self.players[-1]}"
        (outcome,) = self.send(
            REFEREE,
            f"I announce the beginning of a game of Single-Capture Go with {names}",
            route=Route.PUBLIC,
        )
        return outcome

    def _keep(self, outcome: Outcome, actor: str) -> None:
        self.public.append(outcome.summary)
        self.notices.extend(outcome.notices)
        for notice in outcome.notices:
            if notice.audience is Audience.PLAYER and notice.player == actor:
                continue
            rendered = render(notice.template, notice.context)
            self.public.extend([rendered.subject, rendered.body])

    def _keep_views(self) -> None:
        self.public.append(json.dumps(self.game.public_view(self.state), sort_keys=True))
        self.public.append(self.game.render(self.state))

    def announcements(self) -> list[str]:
        """Every list notice so far, rendered as subject, blank line, body."""
        texts = []
        for notice in self.notices:
            if notice.audience is Audience.LIST:
                rendered = render(notice.template, notice.context)
                texts.append(f"Subject: {rendered.subject}\n\n{rendered.body}")
        return texts


def assert_golden(name: str, text: str) -> None:
    """Compare with ``tests/golden/<name>``; ``SCGO_REGEN=1`` rewrites the file instead."""
    path = GOLDEN / name
    if os.environ.get("SCGO_REGEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text


def roundtrip(table: Table) -> None:
    data = table.game.dump(table.state)
    text = json.dumps(data, sort_keys=True)
    again = table.game.load(json.loads(text))
    assert again == table.state
    assert json.dumps(table.game.dump(again), sort_keys=True) == text


def test_dump_load_round_trip_through_a_game() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    roundtrip(table)
    table.begin()
    roundtrip(table)
    table.play({"nix": "a1", "Janet": "c3", "Murphy": "c3"}, at=START + HOUR)
    table.send("nix", "My move is b2", at=START + 2 * HOUR)
    roundtrip(table)
    table.end_round()
    roundtrip(table)
    table.end_round()  # nobody plays: everyone is doomed
    assert table.game.is_over(table.state)
    roundtrip(table)


def test_dump_is_canonical_json_without_floats() -> None:
    table = Table(["nix", "Janet"])
    table.begin()
    table.play({"nix": "a1"}, at=START + HOUR)
    data = table.game.dump(table.state)

    def check(value: object) -> None:
        assert not isinstance(value, float)
        if isinstance(value, dict):
            for item in value.values():
                check(item)
        if isinstance(value, list):
            for item in value:
                check(item)

    check(data)
    assert data["plays"][0]["square"] == "a1"
    assert "plays" not in table.game.public_view(table.state)


@pytest.mark.parametrize("players", [2, 12])
def test_table_gives_players_letters_in_the_order_named(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    table = Table(names)
    table.begin()
    assert [table.state.letters[n] for n in names] == [chr(ord("A") + i) for i in range(players)]
