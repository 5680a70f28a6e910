"""Rules review R3 (docs/rulings.md, R3-rules-review-framework): Agora's framework rules as
the games use them: assets and their owners (rules 2166, 2576, 2577), time (1023), actions
by announcement (478), tournaments (2464, 2566). Each test drives the real game; the ones
marked R3-n were wrong before.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
import test_arcadia_contract as contract_support
from arcadia_table import context as arcadia_context
from arcadia_table import make_game as make_arcadia
from arcadia_table import table
from test_arcadia_contract import Contract, contract
from test_okinawa_support import PLAYERS, context, make_game

from referee.games.arcadia_contract import ArcadiaContract
from referee.games.arcadia_contract.rulesets import ruleset as contract_ruleset
from referee.games.base import Context, Game, GameSetup, PlayerStatus
from referee.games.okinawa.state import OkinawaState
from referee.parsing import find_actions


def arcadia_and_okinawa() -> list[Game[object]]:
    return [make_arcadia(), make_game()]  # type: ignore[list-item]


# ---------------------------------------------------------------- R3-1: Lost and Found


def test_r3_1_a_deregistered_players_currencies_go_to_the_lost_and_found_department() -> None:
    # Rule 2576: "If an asset's backing document is otherwise silent on which entities can
    # own it, then it can be owned by Agora, players, and contracts." ... "If an asset would
    # otherwise be in abeyance, then it is owned by the Lost and Found Department (if
    # possible)". They used to cease to exist.
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (4, 4)")
    t.give("nix", Food=3)
    gone = PlayerStatus("nix", active=False, first_class=True, registered=False)
    outcome = t.game.player_status_changed(t.state, gone, arcadia_context(None, t.now))
    assert outcome is not None
    assert outcome.summary == (
        "nix left the tournament on being deregistered; eir 1 Land Units became Public Land; "
        "eir 3 Food and 2 Stone and 2 Lumber are now owned by the Lost and Found Department "
        "(rule 2576: an asset in abeyance)"
    )
    assert t.state.lost_and_found == {"Food": 3, "Stone": 2, "Lumber": 2}
    # The land: "Any land for which ownership has not been explicitly defined is owned by
    # Agora" (the backing document's own answer, which rule 2576 lets it give).
    assert t.state.land[(4, 4)].public
    # Kept in the record and in the report.
    again = t.game.load(t.game.dump(t.state))
    assert again.lost_and_found == t.state.lost_and_found
    assert any(
        line.split() == ["Lost", "and", "Found", "3", "2", "2"]
        for line in t.game.render(t.state).splitlines()
    )


def test_r3_1_a_record_with_nothing_lost_is_written_as_before() -> None:
    t = table()
    assert "lost_and_found" not in t.game.dump(t.state)
    assert t.game.load(t.game.dump(t.state)).lost_and_found == {
        "Food": 0,
        "Stone": 0,
        "Lumber": 0,
    }


def test_r3_1_the_option_destroys_them_and_leaving_by_announcement_still_does() -> None:
    t = table(deregistered_assets_destroyed=True)
    t.say("nix", "I join Arcadia")
    gone = PlayerStatus("nix", active=True, first_class=True, registered=False)
    outcome = t.game.player_status_changed(t.state, gone, arcadia_context(None, t.now))
    assert outcome is not None and outcome.summary.endswith(
        "eir 2 Stone and 2 Lumber ceased to exist"
    )
    assert not any(t.state.lost_and_found.values())
    # A player who leaves by announcement is still a player of Agora: ruling A3 stands.
    t = table()
    t.say("Janet", "I join Arcadia")
    assert t.say("Janet", "I leave Arcadia").endswith("eir 2 Stone and 2 Lumber ceased to exist")
    assert not any(t.state.lost_and_found.values())


def test_okinawa_a_deregistered_person_keeps_eir_stones() -> None:
    # Okinawa's backing document is not silent: "If a person ever owns more than 10 airborne
    # Stones", "A person CAN ... Play any Stone that e owns". A deregistered person is still a
    # person, so eir Stones are not in abeyance (rule 2576) and stay eir own.
    game = make_game()
    state = OkinawaState(airborne={"nix": 4, "Janet": 2}, grid={(0, 0): "nix"})
    players = dict(PLAYERS)
    players["nix"] = PlayerStatus("nix", active=True, first_class=True, registered=False)
    game.player_status_changed(state, players["nix"], context(None, players=players))
    assert state.airborne["nix"] == 4 and state.grid == {(0, 0): "nix"}
    # But e is no longer awarded Stones: "every active first-class player".
    tick = game.next_tick(state, context(None).at)
    assert tick is not None
    game.apply_tick(state, tick, context(None, tick.at, players=players))
    assert state.airborne["nix"] == 4 and state.airborne["Janet"] == 5


# ---------------------------------------------------------------- R3-2: Never


def test_r3_2_never_only_once_the_iteration_date_has_come() -> None:
    # "If no Arcadian Tournament exists, the Lord-Ruler CAN and SHOULD announce a new date and
    # set the Iteration Date to it. On the Iteration Date, the Lord-Ruler SHALL set the
    # Iteration Date to Never". Never is not a date; setting it used to be possible always.
    c = contract("Trigon")
    error = c.rejected("Trigon", "I set the Iteration Date to Never")
    assert error.reason.startswith("the Iteration Date is Never already")
    assert error.rule is not None and "On the Iteration Date" in error.rule.quote
    c.say("Trigon", "I set the Iteration Date to 2026-12-07")
    error = c.rejected("Trigon", "I set the Iteration Date to Never")
    assert error.reason == (
        "the Iteration Date (2026-12-07) has not come: the contract has the Lord-Ruler set it "
        "to Never only on the Iteration Date (before it, e can set it to another new date)"
    )
    # The same date again is no new date (rule 2162: it would not flip the switch) ...
    error = c.rejected("Trigon", "I set the Iteration Date to 2026-12-07")
    assert error.reason.startswith("2026-12-07 is not a new date: it is the Iteration Date")
    # ... but another new date is still possible before it comes.
    assert c.say("Trigon", "I set the Iteration Date to 2026-12-08").endswith("2026-12-08")
    c.now = datetime(2026, 12, 8, 0, 0, tzinfo=UTC)
    assert c.say("Trigon", "I set the Iteration Date to Never") == (
        "Trigon set the Iteration Date to Never"
    )
    assert c.state.iteration_date is None


def test_r3_2_never_on_a_later_day_than_the_iteration_date() -> None:
    # Rule 1023(1): a duty "at an exact instant" is one to act in a timely fashion after it;
    # a Lord-Ruler late in eir duty can still do it.
    c = contract("Trigon")
    c.say("Trigon", "I set the Iteration Date to 2026-12-07")
    c.now = datetime(2026, 12, 20, tzinfo=UTC)
    assert c.say("Trigon", "I set the Iteration Date to Never").endswith("to Never")


def test_r3_2_the_option_lets_the_lord_ruler_set_never_at_any_time() -> None:
    c = Contract()
    c.game = ArcadiaContract(
        GameSetup(
            "Arcadia contract",
            contract_ruleset(iteration_never_any_time=True),
            contract_support.START,
            "lord-ruler",
        )
    )
    c.state = c.game.initial_state()
    c.say("Trigon", "I set the Iteration Date to 2026-12-07")
    assert c.say("Trigon", "I set the Iteration Date to Never").endswith("to Never")


# ---------------------------------------------------------------- R3-3: a player


def test_r3_3_a_lord_ruler_who_is_not_a_player_cannot_begin_a_free_tournament(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Rule 2566: "A player who is not the gamemaster of an existing tournament CAN initiate a
    # sanctioned tournament". A deregistered Lord-Ruler used to begin one.
    c = contract("Trigon", "nix")
    c.say("Trigon", "I intend, with 2 Agoran consent, to begin a new Free Tournament")
    c.say("nix", "I support the intent to begin a new Free Tournament")
    c.say("Janet", "I support the intent to begin a new Free Tournament")
    c.now += timedelta(days=5)
    gone = PlayerStatus("Trigon", active=True, first_class=True, registered=False)
    monkeypatch.setitem(contract_support.PLAYERS, "Trigon", gone)
    error = c.rejected("Trigon", "I begin a new Free Tournament with 2 Agoran consent")
    assert error.reason == "Trigon is not a player, so e cannot initiate a Free Tournament"
    assert error.rule is not None and error.rule.ruleset == "Rule 2566"
    monkeypatch.undo()
    assert c.say("Trigon", "I begin a new Free Tournament with 2 Agoran consent").startswith(
        "Trigon began a new Free Tournament"
    )


def test_r3_4_a_submitter_who_is_not_a_player_cannot_apply_eir_proposal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "the player who submitted an Arcadian Proposal CAN apply any changes listed therein".
    # A deregistered submitter used to apply it.
    c = contract("nix", "Janet", "Murphy")
    c.say(
        "nix",
        'I create an Arcadian Proposal with the following text: replace "given 2 Stone" with '
        '"given 5 Stone"',
    )
    c.say("Janet", "I support Arcadian Proposal 1")
    c.say("Murphy", "I support Arcadian Proposal 1")
    c.now += timedelta(days=5)
    gone = PlayerStatus("nix", active=True, first_class=True, registered=False)
    monkeypatch.setitem(contract_support.PLAYERS, "nix", gone)
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert error.reason == (
        "nix is not a player, and only the player who submitted Arcadian Proposal 1 can apply it"
    )
    assert error.rule is not None and "the player who submitted" in error.rule.quote
    monkeypatch.undo()  # registered again, while the intent is ripe
    assert c.say("nix", "I apply Arcadian Proposal 1").startswith("nix applied Arcadian Proposal 1")


# ---------------------------------------------------------------- time (rule 1023)


def test_okinawas_week_begins_at_midnight_utc_on_monday() -> None:
    # Rule 1023(3b): "Agoran weeks begin at midnight UTC on Monday." The game starts on a
    # Sunday at noon; the first award is Monday 00:00:00 UTC, and the next a week later.
    game = make_game()
    state = OkinawaState()
    tick = game.next_tick(state, context(None).at)
    assert tick is not None and tick.at == datetime(2023, 5, 1, tzinfo=UTC)
    assert tick.at.weekday() == 0
    game.apply_tick(state, tick, context(None, tick.at))
    after = game.next_tick(state, tick.at)
    assert after is not None and after.at == datetime(2023, 5, 8, tzinfo=UTC)


def test_arcadias_day_begins_at_midnight_utc() -> None:
    # Rule 1023(3a): "Agoran days begin at midnight UTC." Energy is reset at 00:00 UTC.
    t = table()
    t.say("nix", "I join Arcadia")
    assert t.energy("nix") == 0
    t.at(datetime(2026, 12, 1, 23, 59, 59, tzinfo=UTC))
    assert t.energy("nix") == 0
    t.at(datetime(2026, 12, 2, 0, 0, tzinfo=UTC))
    assert t.energy("nix") == 6


def test_the_iteration_date_is_a_day_in_utc() -> None:
    c = contract("Trigon")
    c.say("Trigon", "I set the Iteration Date to 2026-12-07")
    assert c.state.iteration_date == date(2026, 12, 7)
    tick = c.game.next_tick(c.state, c.now)
    assert tick is not None and tick.at == datetime(2026, 12, 7, tzinfo=UTC)


# ---------------------------------------------------------------- by announcement (rule 478)


def test_actions_in_one_message_are_performed_in_the_order_they_appear() -> None:
    # Rule 478: "Actions in messages ... are performed in the order they appear in the
    # message". Joining, then claiming, in one message: the claim finds em a player.
    t = table(joining_energy=6)
    first, second = t.do("nix", "I join the Arcadian Tournament. I claim (1, 1).")
    assert first.summary.startswith("nix joined the tournament")
    assert second.summary.startswith("nix set the Land Type of (1, 1)")
    # The other way round, the claim comes first and finds no player.
    t = table(joining_energy=6)
    error = t.rejected("Janet", "I claim (1, 1).")
    assert error.reason.startswith("Janet is not a player of this tournament")


# ---------------------------------------------------------------- assets (rule 2577)


def test_arcadias_transfers_are_read_and_a_plain_destruction_is_told() -> None:
    # Rule 2577: Arcadia's currencies and Land Units are liquid ("An asset generally CAN be
    # transferred ... by announcement by its owner"): read as Arcadia's (R4-1, which replaced
    # R3-6's "told"). Okinawa's Stones are "a fixed asset" and "CANNOT be transferred", so
    # "I transfer 2 Stones" can only be Arcadia's. A destruction for no purpose is still told.
    games = arcadia_and_okinawa()
    for text in (
        "I transfer 3 Food to Janet",
        "I give 2 Lumber to nix",
        "I transfer the Land Unit at (3, 4) to nix",
        "I transfer 2 Stones to nix",
    ):
        found = find_actions(games, [(1, text)], {"Okinawa": True, "Arcadia": True})
        assert [a.game for a in found.actions] == ["Arcadia"], text
    found = find_actions(games, [(1, "I destroy 2 Stones")], {"Okinawa": True, "Arcadia": True})
    assert not found.actions
    assert found.not_understood


# ---------------------------------------------------------------- sponsors (rule 1728)


def test_a_new_lord_ruler_is_not_the_sponsor_of_eir_predecessors_intent() -> None:
    # Rule 1728: a sponsor is the person who tabled an intent, or one "holding a rule-defined
    # position previously held by the person who tabled it"; the Lord-Ruler is the
    # contract's position, not a rule's.
    c = contract("Trigon", "nix")
    holder = ["Trigon"]
    plain = c.ctx

    def ctx(actor: str | None) -> Context:
        offices = frozenset({"lord-ruler"}) if actor == holder[0] else frozenset()
        return replace(plain(actor), offices=offices)

    c.ctx = ctx  # type: ignore[method-assign]
    c.say("Trigon", "I intend, with 2 Agoran consent, to begin a new Free Tournament")
    c.say("Janet", "I support the intent to begin a new Free Tournament")
    c.say("Murphy", "I support the intent to begin a new Free Tournament")
    c.now += timedelta(days=5)
    holder[0] = "nix"
    error = c.rejected("nix", "I begin a new Free Tournament with 2 Agoran consent")
    assert error.reason == "only Trigon, who tabled intent 1, can perform it"
    assert error.rule is not None and error.rule.ruleset == "Agora rule 2124"
    error = c.rejected("Trigon", "I begin a new Free Tournament with 2 Agoran consent")
    assert error.reason.endswith("Trigon is not the Lord-Ruler")
