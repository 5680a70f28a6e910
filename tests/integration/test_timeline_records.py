"""How a game's timeline records events on a real database (SQLite and PostgreSQL).

Events are kept in memory and inserted together (``referee.engine.event_rows``): a query in
the same session must still see every one, a later state must reach an event already
written, and a rolled-back session must leave nothing behind. A refusal given by a game's
``validate`` keeps the state object as it is; a refusal given by ``apply`` (only a game that
refuses while applying may give one) reloads it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from referee.clock import WEEK, next_week_start
from referee.engine.history import history, state_at
from referee.engine.ticks import advance
from referee.engine.timeline import GameTimeline
from referee.games.alliances import AlliancesGame
from referee.games.alliances.rulesets import ruleset
from referee.games.alliances.state import AlliancesState
from referee.games.base import Action, Context, GameSetup, Outcome, PlayerStatus, Route, Tick
from referee.parsing import find_actions
from referee.store import queries
from referee.store.db import Database
from referee.store.models import GameEvent, GameRecord

START = datetime(2023, 5, 3, 12, 0, tzinfo=UTC)
PLAYERS = {n: PlayerStatus(n, active=True, first_class=True) for n in ("nix", "Janet", "Kate")}


def game() -> AlliancesGame:
    return AlliancesGame(GameSetup("Alliances", ruleset("igora"), START, "registrar"))


def action(text: str) -> Action:
    found = find_actions([game()], [(1, text)], {"Alliances": True})
    (item,) = found.actions
    return item.action


def context(actor: str, hours: int) -> Context:
    at = START + timedelta(hours=hours)
    return Context(at, actor, frozenset(), Route.PUBLIC, f"m{hours}", PLAYERS)


def events(db: Database) -> list[tuple[int, str, bool]]:
    with db.transaction() as session:
        rows = session.execute(
            select(GameEvent.sequence, GameEvent.outcome, GameEvent.state_after.is_not(None))
            .where(GameEvent.game == "Alliances")
            .order_by(GameEvent.sequence)
        )
        return [(sequence, outcome, bool(has_state)) for sequence, outcome, has_state in rows]


def test_a_query_in_the_session_sees_events_not_yet_written(database: Database) -> None:
    with database.transaction() as session:
        timeline = GameTimeline(game(), session)
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        # No save yet: the event exists only in memory, and still every query sees it.
        seen = history(session, "Alliances")
        assert [(e.actor, e.outcome) for e in seen] == [("nix", "applied")]
        count = session.scalar(select(func.count()).select_from(GameEvent))
        assert count == 1
        # Written by that query, the event still gets the state after it.
        timeline.save()
    assert events(database) == [(1, "applied", True)]
    with database.transaction() as session:
        stored = state_at(session, game(), START + timedelta(hours=1))
        assert stored.state["intents"]["intents"]["1"]["sponsor"] == "nix"


def test_the_games_row_is_written_once_per_transaction_yet_always_read_as_saved(
    database: Database,
) -> None:
    with database.transaction() as session:
        timeline = GameTimeline(game(), session)
        initial = timeline.record.state
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        timeline.save()
        # Saved, not yet put on the row: a replay saves thousands of times per transaction.
        assert timeline.record.state is initial
        # Whoever reads the row in the session reads the state as saved.
        (name, state) = session.execute(select(GameRecord.name, GameRecord.state)).one()
        assert (name, state) == ("Alliances", timeline.snapshot())
        assert state["intents"]["intents"]["1"]["sponsor"] == "nix"
        timeline.apply(action("I support intent 1"), context("Janet", 2), None)
        timeline.save()
        saved = timeline.snapshot()
    # At commit the row gets the last state saved.
    with database.transaction() as session:
        assert queries.game_record(session, "Alliances").state == saved  # type: ignore[union-attr]


def test_a_rolled_back_session_leaves_no_game_row_behind(database: Database) -> None:
    with pytest.raises(RuntimeError), database.transaction() as session:
        timeline = GameTimeline(game(), session)
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        timeline.save()
        raise RuntimeError("rolled back")
    with database.transaction() as session:
        assert queries.game_record(session, "Alliances") is None


def test_a_rolled_back_session_leaves_no_event(database: Database) -> None:
    with pytest.raises(RuntimeError), database.transaction() as session:
        timeline = GameTimeline(game(), session)
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        timeline.save()
        raise RuntimeError("the batch failed")
    assert events(database) == []
    with database.transaction() as session:
        timeline = GameTimeline(game(), session)
        timeline.apply(
            action("I intend to join Kate's alliance with support"), context("nix", 2), None
        )
        timeline.save()
    assert events(database) == [(1, "applied", True)]


def test_a_validate_refusal_keeps_the_state_and_an_apply_refusal_reloads_it(
    sqlite_database: Database,
) -> None:
    with sqlite_database.transaction() as session:
        timeline = GameTimeline(game(), session)
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        timeline.save()
        state = timeline.state
        # No intent 7: refused by validate, before anything was touched.
        refused = timeline.apply(action("I support intent 7"), context("Kate", 2), None)
        assert refused.reason == "there is no intent 7 in Alliances"
        assert timeline.state is state
        # nix cannot support eir own intent: refused by apply, which may have prepared the
        # state first, so the state is the one stored before the action.
        refused = timeline.apply(action("I support intent 1"), context("nix", 3), None)
        assert refused.outcome is None
        assert timeline.state is not state
        assert timeline.game.dump(timeline.state) == timeline.game.dump(state)
        timeline.save()
    assert events(sqlite_database) == [
        (1, "applied", True),
        (2, "rejected", False),
        (3, "rejected", False),
    ]


class CarelessAlliances(AlliancesGame):
    """A game whose validate breaks its promise: it changes the state, then refuses."""

    def validate(self, state: AlliancesState, action: Action, context: Context) -> None:
        state.next_alliance += 1
        super().validate(state, action, context)


class OverconfidentAlliances(AlliancesGame):
    """A game that says it never refuses while applying, and does."""

    refuses_while_applying = False


def test_the_suite_catches_a_validate_that_changes_the_state(sqlite_database: Database) -> None:
    assert GameTimeline.verify_validation  # turned on for every test (tests/conftest.py)
    careless = CarelessAlliances(GameSetup("Alliances", ruleset("igora"), START, "registrar"))
    with sqlite_database.transaction() as session:
        timeline = GameTimeline(careless, session)
        with pytest.raises(AssertionError, match="validate of 'I support intent 7' changed"):
            timeline.apply(action("I support intent 7"), context("Kate", 2), None)


def test_an_apply_refusal_from_a_game_that_promised_none_is_an_error(
    sqlite_database: Database,
) -> None:
    game = OverconfidentAlliances(GameSetup("Alliances", ruleset("igora"), START, "registrar"))
    with sqlite_database.transaction() as session:
        timeline = GameTimeline(game, session)
        timeline.apply(
            action("I intend to join Janet's alliance with support"), context("nix", 1), None
        )
        with pytest.raises(AssertionError, match="apply refused 'I support intent 1'"):
            timeline.apply(action("I support intent 1"), context("nix", 3), None)


class _AwardingAlliances(AlliancesGame):
    """Alliances with a tick of its own at every week boundary, as Okinawa's awards are."""

    def next_tick(self, state: AlliancesState, after: datetime) -> Tick | None:
        return Tick(next_week_start(after), "award")

    def apply_tick(self, state: AlliancesState, tick: Tick, context: Context) -> Outcome | None:
        return Outcome(f"awarded on {tick.at:%d %b}")


def test_a_tick_due_with_the_weekly_report_still_comes_after_it(database: Database) -> None:
    """The report drafted at a week boundary moves the clock there; the game's own tick at
    that same instant must not be lost (ticks are asked for strictly after an instant)."""
    awarding = _AwardingAlliances(GameSetup("Alliances", ruleset("igora"), START, "registrar"))
    with database.transaction() as session:
        timeline = GameTimeline(awarding, session)
        passed = advance(
            [timeline],
            START + timedelta(days=15),
            lambda _, tick: Context(tick.at, None, frozenset(), Route.OFFICER, None, PLAYERS),
        )
        done = [(p.tick.name, p.tick.at) for p in passed]
    first = next_week_start(START)
    assert done == [
        ("report", first),
        ("award", first),
        ("report", first + WEEK),
        ("award", first + WEEK),
    ]
