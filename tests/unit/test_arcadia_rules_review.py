"""Rule cases a rules lawyer would try on the Arcadian Tournament (docs/rulings.md R2).

Each test pins what the text as written does; the ones marked R2-n were wrong before.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from arcadia_table import Table, table
from test_arcadia_contract import contract

from referee.games.arcadia import ArcadiaGame
from referee.games.arcadia.midnight import conclusion_time
from referee.games.arcadia.rulesets import DRAFT, ruleset
from referee.games.arcadia.state import ArcadiaView, LandUnit, view_state
from referee.games.base import GameSetup, GameView

# ---------------------------------------------------------------- the Monument (R2-3)


def _ready(**options: bool | int | str) -> Table:
    t = table(joining_energy=6, **options)
    t.say("nix", "I join Arcadia")
    t.say("Janet", "I join Arcadia")
    t.state.land[(5, 5)] = LandUnit("Black", "None", "nix")
    t.state.land[(6, 6)] = LandUnit("White", "None", "Janet")
    t.give("nix", Food=20, Stone=18, Lumber=18)
    t.give("Janet", Food=20, Stone=18, Lumber=18)
    return t


def test_r2_3_the_first_monument_wins_and_the_tournament_goes_on() -> None:
    # "The first player to do so wins the tournament." Rule 2464: "A tournament concludes
    # when its regulations state that it concludes", and these never say so; it concludes
    # 3 months after its initiation. It used to conclude at the Monument.
    t = _ready()
    assert t.say("nix", "I build a Monument at (5, 5)") == (
        "nix destroyed 20 Food and 20 Stone and 20 Lumber and built a Monument at (5, 5): e is "
        "the first to do so and wins the tournament, which goes on until 3 months after it "
        "began"
    )
    assert t.state.winner == "nix"
    assert not t.game.is_over(t.state)
    assert view_state(t.state).in_play  # the contract still sees an Arcadian Tournament
    # A second Monument is built (the action is still possible) but wins nothing.
    assert t.say("Janet", "I build a Monument at (6, 6)").endswith(
        "; nix was the first to do so and won, not Janet"
    )
    assert t.state.winner == "nix"
    assert t.say("Janet", "I claim (1, 1)").startswith("Janet set the Land Type of (1, 1)")
    # Midnights go on, and the conclusion names the winner.
    t.at(datetime(2027, 3, 2, tzinfo=UTC))
    assert t.ticks[-1] == (
        "3 months have passed since the tournament began: it concludes (its winner, nix, "
        "built the first Monument)"
    )
    assert t.game.is_over(t.state) and t.state.winner == "nix"
    error = t.rejected("Janet", "I claim (1, 2)")
    assert error.reason.endswith("(3 months passed)")


def test_r2_3_the_option_concludes_at_the_first_monument() -> None:
    t = _ready(monument_concludes=True)
    assert t.say("nix", "I build a Monument at (5, 5)").endswith(
        "e is the first to do so, wins the tournament, and the tournament concludes"
    )
    assert t.game.is_over(t.state)
    error = t.rejected("Janet", "I build a Monument at (6, 6)")
    assert error.reason.endswith("(nix built the first Monument)")


# ---------------------------------------------------------------- the conclusion (R2-2)


def test_r2_2_three_months_from_30_november_is_1_march() -> None:
    # Rule 1023(5): a day of the month that does not exist moves to the 1st of the next.
    start = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert conclusion_time(start) == datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
    game = ArcadiaGame(GameSetup("Arcadia", ruleset(DRAFT), start, "lord-ruler"))
    state = game.initial_state()
    state.last_midnight = datetime(2027, 3, 1, tzinfo=UTC)
    tick = game.next_tick(state, state.last_midnight)
    assert tick is not None and (tick.at, tick.name) == (
        datetime(2027, 3, 1, 12, 0, tzinfo=UTC),
        "conclusion",
    )


# ---------------------------------------------------------------- cases that were right


def test_a_claim_with_exactly_the_energy_it_costs_leaves_zero() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (1, 1)")  # 1
    t.say("nix", "I claim (1, 2)")  # 2
    assert "for 3 Energy (0 left" in t.say("nix", "I claim (1, 3)")
    error = t.rejected("nix", "I claim (1, 4)")
    assert error.reason == (
        "claiming (1, 4) costs 4 Energy and nix has 0: it would set eir Energy below 0"
    )


def test_the_claim_count_follows_the_person_across_leaving_and_joining() -> None:
    # "since another player has performed this action": leaving is not another's claim.
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("nix", "I claim (1, 1)")
    t.say("nix", "I leave Arcadia")
    t.say("nix", "I join Arcadia")
    assert "for 2 Energy" in t.say("nix", "I claim (2, 2)")


def test_claims_off_the_map_on_its_edge_and_by_strangers() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    for where in ("(0, 5)", "(10, 5)", "(5, 0)"):
        error = t.rejected("nix", f"I claim {where}")
        assert error.reason.startswith(f"there is no Land Unit at {where}")
    assert "(9, 9)" in t.say("nix", "I claim (9, 9)")
    error = t.rejected("Trigon", "I claim (1, 1)")
    assert error.reason.startswith("Trigon is not a player of this tournament")


def test_r2_5_no_food_for_no_energy_succeeds_and_one_short_is_refused() -> None:
    t = table()
    t.say("nix", "I join Arcadia")
    t.give("nix", Food=2)
    # R2-5: rule 2577, "Attempts to destroy no assets are successful"; it used to be refused.
    assert t.say("nix", "I destroy 0 Food to increase my Energy by 0") == (
        "nix destroyed no Food, so eir Energy stays 0 (rule 2577: an attempt to destroy no "
        "assets succeeds)"
    )
    error = t.rejected("nix", "I destroy 0 Food to increase my Energy by 1")
    assert error.reason == "destroying 0 Food increases Energy by 0, not 1"
    error = t.rejected("nix", "I destroy 3 Food to increase my Energy by 3")
    assert error.reason == "nix has 2 Food, not 3"
    assert t.say("nix", "I destroy 2 Food to increase my Energy by 2").endswith("to 2")


def test_facilities_on_land_of_others_and_of_agora_and_the_wrong_kind() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.say("Janet", "I join Arcadia")
    t.say("Janet", "I claim (2, 2)")
    error = t.rejected("nix", "I build a Farm on (2, 2)")
    assert error.reason == "nix does not own the Land Unit at (2, 2) (its owner is Janet)"
    error = t.rejected("nix", "I build a Farm on (3, 3)")
    assert error.reason == "nix does not own the Land Unit at (3, 3) (its owner is Agora)"
    t.say("Janet", "I build a Mine on (2, 2)")
    error = t.rejected("Janet", "I build a Farm on (2, 2)")
    assert error.reason == "the Land Unit at (2, 2) already has a Mine"
    error = t.rejected("Janet", "I destroy the Farm at (2, 2)")
    assert error.reason == "the facility at (2, 2) is a Mine, not a Farm"


def test_public_land_produces_nothing_at_midnight() -> None:
    t = table(joining_energy=6)
    t.say("nix", "I join Arcadia")
    t.state.land[(4, 4)] = LandUnit("Black", "Farm", "nix")
    t.state.land[(4, 5)] = LandUnit("White", "Mine", None)
    t.next_day()
    assert t.state.players["nix"].currencies == {"Food": 1, "Stone": 2, "Lumber": 2}
    assert t.energy("nix") == 6
    assert conclusion_time(t.game.setup.start) == datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


# ---------------------------------------------------------------- the contract


def test_r2_3_no_new_iteration_date_while_the_monuments_tournament_goes_on() -> None:
    # "If no Arcadian Tournament exists, the Lord-Ruler CAN ... set the Iteration Date": a
    # tournament won by a Monument still exists until it concludes.
    t = _ready()
    t.say("nix", "I build a Monument at (5, 5)")
    c = contract("Trigon")
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, view_state(t.state))
    error = c.rejected("Trigon", "I set the Iteration Date to 2027-06-07")
    assert error.reason == "an Arcadian Tournament exists, so the Iteration Date cannot be set"
    t.at(datetime(2027, 3, 2, tzinfo=UTC))
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, view_state(t.state))
    assert c.say("Trigon", "I set the Iteration Date to 2027-06-07").endswith("2027-06-07")


def test_who_may_support_and_apply_an_arcadian_proposal() -> None:
    c = contract("Trigon", "nix", "Janet", "Murphy")
    error = c.rejected(
        "Kate", 'I create an Arcadian Proposal with the following text: replace "6" with "7"'
    )
    assert error.reason == "Kate is not a party to the contract"
    c.say(
        "nix",
        'I create an Arcadian Proposal with the following text: replace "is set to 6" with '
        '"is set to 7"',
    )
    for who in ("Kate", "snail"):  # not a party; not active
        error = c.rejected(who, "I support Arcadian Proposal 1")
        assert error.reason.startswith("only the active parties to this contract can support")
    error = c.rejected("nix", "I support Arcadian Proposal 1")
    assert error.reason == "nix tabled intent 1, so e cannot support it"
    c.say("Janet", "I support Arcadian Proposal 1")
    c.say("Murphy", "I support Arcadian Proposal 1")
    c.now += timedelta(days=4)
    # "the player who submitted an Arcadian Proposal CAN apply": no need to be a party still.
    c.say("nix", "I leave the Arcadia contract")
    assert c.say("nix", "I apply Arcadian Proposal 1").startswith("nix applied Arcadian Proposal 1")
    error = c.rejected("nix", "I apply Arcadian Proposal 1")
    assert error.reason == "Arcadian Proposal 1 was already applied (Template version 2)"


def test_r2_4_the_lord_ruler_cannot_begin_a_tournament_while_eirs_is_in_play() -> None:
    # Rule 2566: "A player who is not the gamemaster of an existing tournament CAN initiate a
    # sanctioned tournament ... with 2 Agoran consent." It used to be begun regardless.
    c = contract("Trigon", "nix")
    c.say("Trigon", "I intend, with 2 Agoran consent, to begin a new Free Tournament")
    c.say("nix", "I support the intent to begin a new Free Tournament")
    c.say("Janet", "I support the intent to begin a new Free Tournament")
    c.now += timedelta(days=5)
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, ArcadiaView(True, "nix"))
    error = c.rejected("Trigon", "I begin a new Free Tournament with 2 Agoran consent")
    assert error.reason == (
        "Trigon is the gamemaster of an existing tournament (the Arcadian Tournament is in "
        "play), so e cannot initiate another"
    )
    assert error.rule is not None and error.rule.ruleset == "Rule 2566"
    c.views["arcadia"] = GameView("Arcadia", "arcadia", c.now, ArcadiaView(False, "nix"))
    assert c.say("Trigon", "I begin a new Free Tournament with 2 Agoran consent").startswith(
        "Trigon began a new Free Tournament"
    )
