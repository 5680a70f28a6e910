"""Shared helpers of the Commune tests (no tests here): a table that plays sentences."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from referee.games.base import (
    Context,
    GameSetup,
    HistoryEntry,
    IllegalAction,
    Outcome,
    PlayerStatus,
    Route,
)
from referee.games.commune import CommuneGame, ruleset
from referee.games.commune.rulesets import FOUNDING_TILE_JOINS, MERGER_TILE_JOINS
from referee.games.commune.state import CommuneState
from referee.parsing import find_actions

START = datetime(2023, 4, 19, 12, 0, tzinfo=UTC)
"""Commune 2023 began on Wednesday 19 Apr 2023 (the week began Monday 17 Apr)."""

NAMES = ("nix", "Janet", "snail", "Murphy", "4st")
PLAYERS = {name: PlayerStatus(name, active=True, first_class=True) for name in NAMES}
PLAYERS["Zip"] = PlayerStatus("Zip", active=False, first_class=True)


INTENDED_TILES: dict[str, bool] = {FOUNDING_TILE_JOINS: True, MERGER_TILE_JOINS: True}
"""The intended readings most tests play under: as written, no tile ever belongs to a
community, so joining, mergers and accolades could not be tested at all."""


def make_game(version: str = "v1.3", *, literal: bool = False, **options: bool) -> CommuneGame:
    """A game of ``version``; with ``literal`` only ``options`` are switched, else the
    tile options of :data:`INTENDED_TILES` too (unless ``options`` says otherwise)."""
    chosen = options if literal else {**INTENDED_TILES, **options}
    return CommuneGame(GameSetup("commune", ruleset(version, **chosen), START, "surveyor"))


def context(
    actor: str | None,
    at: datetime,
    *,
    offices: frozenset[str] = frozenset(),
    players: dict[str, PlayerStatus] | None = None,
) -> Context:
    return Context(
        at=at,
        actor=actor,
        offices=offices,
        route=Route.PUBLIC,
        message_key=None,
        players=PLAYERS if players is None else players,
    )


@dataclass
class Table:
    """One game and its state, played by sentences as players write them."""

    game: CommuneGame
    state: CommuneState
    now: datetime = START + timedelta(minutes=1)
    players: dict[str, PlayerStatus] = field(default_factory=lambda: dict(PLAYERS))

    def tick(self, minutes: int = 1) -> datetime:
        self.now += timedelta(minutes=minutes)
        return self.now

    def ctx(self, actor: str, *, offices: frozenset[str] = frozenset()) -> Context:
        return context(actor, self.tick(), offices=offices, players=self.players)

    def do(self, actor: str, text: str, *, offices: frozenset[str] = frozenset()) -> list[Outcome]:
        """Parse ``text`` as ``actor``'s message and apply every action found, in order."""
        lines = list(enumerate(text.splitlines(), 1))
        found = find_actions([self.game], lines, {"commune": True})
        assert not found.not_understood, found.not_understood
        assert found.actions, f"no action found in {text!r}"
        return [
            self.game.perform(self.state, f.action, self.ctx(actor, offices=offices))
            for f in found.actions
        ]

    def say(self, actor: str, text: str, *, offices: frozenset[str] = frozenset()) -> str:
        """Apply a one-action sentence and return its public summary."""
        outcomes = self.do(actor, text, offices=offices)
        assert len(outcomes) == 1
        return outcomes[0].summary

    def rejected(
        self, actor: str, text: str, *, offices: frozenset[str] = frozenset()
    ) -> IllegalAction:
        """Apply ``text``, expecting a rejection, and check the state did not change."""
        before = self.game.dump(self.state)
        with pytest.raises(IllegalAction) as caught:
            self.do(actor, text, offices=offices)
        assert self.game.dump(self.state) == before
        return caught.value

    def give(self, actor: str, *symbols: str) -> None:
        """Test set-up: put tokens straight into a participant's hands."""
        holder = self.state.participants[actor]
        for symbol in symbols:
            holder.tokens[symbol] = holder.tokens.get(symbol, 0) + 1

    def join(self, *actors: str) -> None:
        for actor in actors:
            self.say(actor, "I become a participant in Commune")

    def place(self, actor: str, location: str) -> str:
        """Give the two tokens a location needs, then place the tile there."""
        self.give(actor, location[0], location[1])
        return self.say(actor, f"I place a tile at {location}")

    def next_week(self) -> None:
        """Jump to Monday 00:01 UTC of the following Agoran week."""
        monday = (self.now - timedelta(days=self.now.weekday())).replace(
            hour=0, minute=0, second=0, microsecond=0
        )
        self.now = monday + timedelta(days=7)


def table(version: str = "v1.3", *, literal: bool = False, **options: bool) -> Table:
    game = make_game(version, literal=literal, **options)
    return Table(game, game.initial_state())


def quote_of(error: IllegalAction) -> str:
    assert error.rule is not None
    return error.rule.quote


SEASON: list[list[tuple[str, str]]] = [
    [  # week of 17 Apr 2023 (the tournament starts on Wednesday 19 Apr)
        ("nix", "I become a participant in Commune."),
        ("Janet", "I hereby become a participant in Commune."),
        ("snail", "I become a participant of this tournament."),
        ("Murphy", "I join Commune."),
        (
            "nix",
            "I begin constructing an E with my Left Token Constructor. I begin constructing "
            "a 5 with my middle constructor. With my right constructor, I begin constructing "
            "a 4.",
        ),
        (
            "Janet",
            "I begin constructing a F with my left constructor; I begin constructing a 6 with "
            "my middle constructor",
        ),
        (
            "snail",
            "I begin constructing a D with my left constructor. I begin constructing a 4 with "
            "my middle constructor.",
        ),
        (
            "Murphy",
            "I begin constructing an E with my left constructor and begin constructing a 4 "
            "with my middle constructor.",
        ),
    ],
    [  # week of 24 Apr
        (
            "nix",
            "With my left constructor, I grant myself the token it is constructing. With my "
            "middle constructor, I grant myself the token it is constructing.\n"
            "I place a tile at E5. I name my community Jade.",
        ),
        (
            "Janet",
            "I grant myself the token from my left constructor and grant myself the token "
            "from my middle constructor. I pay F and 6 to place a tile on F6. "
            "I name my community Cerulean.",
        ),
        (
            "snail",
            "I grant myself a D from my left constructor. I grant myself a 4 from my middle "
            "constructor. I place a tile at D4.",
        ),
        ("Murphy", "I grant myself the token from my left constructor."),
        ("nix", "I grant myself the token my right token constructor is constructing."),
        ("nix", "I offer my 4 for a 6 (only to Janet)."),
    ],
    [  # week of 1 May
        ("Murphy", "I grant myself the token from my middle constructor."),
        ("Murphy", "I place a tile at E4."),
        ("nix", "I grant myself an investment in Cerulean."),
        (
            "nix",
            "I grant myself the token from my left constructor and grant myself the token from "
            "my middle constructor.",
        ),
        (
            "Janet",
            "I grant myself the token from my left constructor. I grant myself the token "
            "from my middle constructor.",
        ),
        ("Janet", "I accept trade offer 1 with my 6."),
        ("snail", "I grant myself the token from my middle constructor."),
    ],
    [  # week of 8 May
        ("Janet", "I begin constructing a 5 with my middle constructor."),
        ("Janet", "I pay F and 4 to place a tile at F4."),
        ("nix", "I place a tile at E6."),
        ("snail", "I offer my 4 for any of 5, 6 or 7."),
        ("snail", "I offer my 4 for a J (only to nix)."),
        ("snail", "I withdraw trade offer 3."),
    ],
]


def play_season() -> tuple[Table, list[HistoryEntry]]:
    """Play :data:`SEASON` through find_actions and apply; the history of the last week."""
    t = table()
    history: list[HistoryEntry] = []
    for number, week in enumerate(SEASON):
        t.now = START + timedelta(days=7 * number, hours=1)
        history = []
        for index, (actor, text) in enumerate(week):
            found = find_actions([t.game], list(enumerate(text.splitlines(), 1)), {"commune": True})
            assert not found.not_understood, found.not_understood
            for f in found.actions:
                ctx = t.ctx(actor)
                outcome = t.game.perform(t.state, f.action, ctx)
                history.append(
                    HistoryEntry(
                        ctx.at, actor, f"<season-{number}-{index}@example>",
                        f.action.source.text, "applied", outcome.summary,
                    )
                )  # fmt: skip
    return t, history
