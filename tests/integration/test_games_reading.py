"""Games that read each other: a test-only game reads the Register's offices.

Salutes records, for each salute and at each midnight, who holds the Surveyor's office
according to the Register at that same instant. It is configured before the Register, so
the engine must put it after the game it reads; late mail that rewinds the Register must
rewind Salutes too, and a replay from the stored mail must give the same record. The
Register offers no view of its own, so the test gives it one (its offices, read-only).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import pytest
from support import ADDRESS_IS_PROOF, FixedClock, app_for, mail, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.game_order import GameOrder
from referee.engine.history import canonical_dump, reset_derived
from referee.errors import ConfigError
from referee.games.base import (
    Action,
    Context,
    Game,
    GameSetup,
    Handler,
    JsonData,
    Outcome,
    Ruleset,
    SourceText,
    Tick,
)
from referee.games.register.plugin import RegisterGame
from referee.games.register.state import RegisterState, Standing

GRAMMAR = Path(__file__).resolve().parents[1] / "data" / "grammar" / "salutes.lark"
START = datetime(2024, 1, 1, tzinfo=UTC)  # a Monday
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
RULESET = Ruleset("test", "Salutes (a test game)")


@dataclass(frozen=True)
class Salute(Action):
    pass


class Salutes(Game[dict[str, Any]]):
    kind: ClassVar[str] = "salutes"
    grammar: ClassVar[str] = str(GRAMMAR)  # an absolute path: the grammar lives in tests/
    examples: ClassVar[tuple[str, ...]] = ("I salute the Surveyor",)
    reads: ClassVar[frozenset[str]] = frozenset({"register"})

    @classmethod
    def rulesets(cls) -> Mapping[str, Ruleset]:
        return {RULESET.version: RULESET}

    def initial_state(self) -> dict[str, Any]:
        return {"roll": [], "salutes": []}

    def looks_like_action(self, sentence: str) -> bool:
        return "salute" in sentence.casefold()

    def transform(self, tree: Any, source: SourceText) -> list[Action]:
        return [Salute(source)]

    def handlers(self) -> Mapping[type[Action], Handler[dict[str, Any], Any]]:
        return {Salute: Handler(validate=_anyone_may, apply=_salute)}

    def next_tick(self, state: dict[str, Any], after: datetime) -> Tick | None:
        midnight = after.replace(hour=0, minute=0, second=0, microsecond=0) + DAY
        return Tick(midnight, "roll call")

    def apply_tick(self, state: dict[str, Any], tick: Tick, context: Context) -> Outcome | None:
        holder = _surveyor(context)
        state["roll"].append([tick.at.isoformat(), holder])
        return Outcome(f"roll call: the Surveyor is {holder}")

    def dump(self, state: dict[str, Any]) -> JsonData:
        return copy.deepcopy(state)

    def load(self, data: JsonData) -> dict[str, Any]:
        return copy.deepcopy(data)

    def render(self, state: dict[str, Any], *, reveal_secrets: bool = False) -> str:
        return f"{state}\n"


def _anyone_may(state: dict[str, Any], action: Salute, context: Context) -> None:
    """Anyone may salute."""


def _salute(state: dict[str, Any], action: Salute, context: Context) -> Outcome:
    holder = _surveyor(context)
    state["salutes"].append([context.at.isoformat(), context.actor, holder])
    return Outcome(f"{context.actor} saluted {holder}, the Surveyor")


def _surveyor(context: Context) -> str:
    offices = context.view("register", MappingProxyType)
    with pytest.raises(TypeError):
        offices["surveyor"] = "a reader cannot change what it reads"  # type: ignore[index]
    return str(offices.get("surveyor"))


class ViewedRegister(RegisterGame):
    """The Register, offering its offices as a read-only view."""

    def view(self, state: RegisterState) -> MappingProxyType[str, str | None]:
        return MappingProxyType(dict(state.offices))


def viewed_register(app: App) -> ViewedRegister:
    register = app.games[0]
    assert isinstance(register, RegisterGame)
    players = {p.name: Standing(p.active, p.first_class) for p in app.settings.players}
    return ViewedRegister(register.setup, players, dict(app.settings.offices))


def salutes() -> Salutes:
    return Salutes(GameSetup("Salutes", RULESET, START, "referee"))


def test_a_game_reads_another_at_the_same_instant_and_is_rewound_with_it(
    tmp_path: Path, sqlite_url: str
) -> None:
    # Aspen's appointments need no proof of eir office here: not the subject of this test.
    settings = settings_for(tmp_path, sqlite_url, extra=ADDRESS_IS_PROOF)
    app = app_for(settings, FixedClock(START + 3 * DAY))
    app.games[0] = viewed_register(app)
    app.games.insert(0, salutes())  # configured before the game it reads

    def deliver(author: str, body: str, stamped: datetime, arrived: datetime) -> None:
        app.inbox.accept(mail(author, body, stamped), "t", Visibility.PUBLIC, arrived)
        assert app.processor().process_pending().quarantined == 0

    first, second = START + HOUR, START + DAY + 2 * HOUR
    deliver("nix", "I salute the Surveyor.", first, first)
    deliver("nix", "I salute the Surveyor.", second, second)
    with app.db.transaction() as session:
        before = canonical_dump(session)["games"]["Salutes"]["state"]
    assert [s[2] for s in before["salutes"]] == ["Aspen", "Aspen"]
    assert before["roll"] == [[(START + DAY).isoformat(), "Aspen"]]

    # Aspen's appointment of Janet is stamped between the two salutes but arrives last: the
    # Register is rewound to fit it in, and so is Salutes, which reads the Register.
    appointed = START + DAY - 2 * HOUR
    deliver("Aspen", "I appoint Janet as the Surveyor.", appointed, second + HOUR)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    after = live["games"]["Salutes"]["state"]
    assert [s[2] for s in after["salutes"]] == ["Aspen", "Janet"]
    assert after["roll"] == [[(START + DAY).isoformat(), "Janet"]]
    assert [e["kind"] for e in live["games"]["Salutes"]["events"]] == ["Salute", "tick", "Salute"]

    # A late salute, stamped before the appointment: Salutes is rewound, and the Register
    # with it (it is past that instant), so the salute reads the Register of its instant.
    deliver("Kate", "I salute the Surveyor.", appointed - HOUR, second + 2 * HOUR)
    with app.db.transaction() as session:
        live = canonical_dump(session)
    after = live["games"]["Salutes"]["state"]
    assert [(s[1], s[2]) for s in after["salutes"]] == [
        ("nix", "Aspen"),
        ("Kate", "Aspen"),
        ("nix", "Janet"),
    ]
    assert after["roll"] == [[(START + DAY).isoformat(), "Janet"]]
    assert [e["actor"] for e in live["games"]["Register"]["events"]] == ["Aspen"]

    # The clock runs on for both together; a replay from the stored mail gives the same.
    app.processor().advance_clock(START + 2 * DAY + HOUR)
    with app.db.transaction() as session:
        live = canonical_dump(session)
        reset_derived(session)
    assert live["games"]["Salutes"]["state"]["roll"][-1] == [(START + 2 * DAY).isoformat(), "Janet"]
    replay = app.processor(silent=True)
    replay.process_pending()
    replay.advance_clock({"Register": START + 2 * DAY + HOUR, "Salutes": START + 2 * DAY + HOUR})
    with app.db.transaction() as session:
        assert canonical_dump(session) == live
    app.close()


def test_games_are_ordered_after_the_games_they_read(tmp_path: Path, sqlite_url: str) -> None:
    app = app_for(settings_for(tmp_path, sqlite_url), FixedClock(START))
    register = app.games[0]
    order = GameOrder([salutes(), register])
    assert [g.name for g in order.games] == ["Register", "Salutes"]
    assert [g.name for g in order.group("Salutes")] == ["Register", "Salutes"]
    assert [[g.name for g in group] for group in order.groups(["Salutes", "Register"])] == [
        ["Register", "Salutes"]
    ]
    app.close()


def test_a_game_reading_a_kind_not_configured_gets_no_view_of_it() -> None:
    """Its rules say what that means (Okinawa without Alliances: each person alone)."""
    order = GameOrder([salutes()])
    assert order.read_by("Salutes") == ()
    assert [g.name for g in order.games] == ["Salutes"]


def test_a_game_reading_a_kind_configured_twice_is_a_configuration_error() -> None:
    twice = [salutes(), Salutes(GameSetup("Salutes again", RULESET, START, "referee"))]
    echo = Echo(GameSetup("Echo", RULESET, START, "referee"))
    with pytest.raises(ConfigError, match="reads the salutes game, and 2 are configured"):
        GameOrder([*twice, echo])


class Echo(Salutes):
    kind: ClassVar[str] = "echo"
    reads: ClassVar[frozenset[str]] = frozenset({"salutes"})


class Circular(Salutes):
    reads: ClassVar[frozenset[str]] = frozenset({"echo"})


def test_games_reading_each_other_in_a_circle_is_a_configuration_error() -> None:
    echo = Echo(GameSetup("Echo", RULESET, START, "referee"))
    circular = Circular(GameSetup("Circular", RULESET, START, "referee"))
    with pytest.raises(ConfigError, match="read each other in a circle"):
        GameOrder([echo, circular])
