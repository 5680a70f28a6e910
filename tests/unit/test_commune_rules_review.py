"""Rule cases a rules lawyer would try on Commune, clause by clause (docs/rulings.md R2).

Each test pins what the text as written does; the ones marked R2-n were wrong before.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from test_commune_support import table

from referee.games.base import GameSetup
from referee.games.commune import CommuneGame, ruleset
from referee.games.commune.common import end_time

# ---------------------------------------------------------------- trading (R2-1)


def test_r2_1_a_maker_accepts_eir_own_offer_with_the_one_token_e_has() -> None:
    # "When e does so, the token specified in the Offer is transferred to em, and the token
    # e specified is transferred to the participant that made the trade offer": from nix to
    # nix, then back. It was a crash (the B was taken twice).
    t = table()
    t.join("nix")
    t.give("nix", "B")
    t.say("nix", "I offer my B for a B")
    assert t.say("nix", "I accept trade offer 1 with my B") == (
        "nix accepted trade offer 1 with a B: nix gave nix a B and received the B"
    )
    assert t.state.participants["nix"].tokens == {"B": 1}
    assert t.state.offers[1].open


def test_r2_1_an_offer_whose_maker_has_no_token_left_is_withdrawn_when_accepted() -> None:
    # "If a participant ceases to have any tokens matching a Trade Offer e made, the trade
    # offer is withdrawn": a record corrected by an officer (no lapse check ran) is refused,
    # never a crash.
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.give("Janet", "5")
    t.say("nix", "I offer my B for a 5")
    del t.state.participants["nix"].tokens["B"]  # as `referee correct` would leave it
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.reason == "trade offer 1 is withdrawn: nix has no B left"


def test_accepting_with_the_last_token_lapses_the_acceptors_own_offer() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.give("Janet", "5")
    t.say("Janet", "I offer my 5 for a C")
    t.say("nix", "I offer my B for a 5")
    assert t.say("Janet", "I accept trade offer 2 with my 5").endswith(
        "; trade offer 1 was withdrawn (Janet has no 5 left); trade offer 2 was withdrawn "
        "(nix has no B left)"
    )


def test_a_non_participant_cannot_accept_and_an_offer_dies_with_its_maker() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.say("nix", "I offer my B for a 5")
    error = t.rejected("snail", "I accept trade offer 1 with my 5")
    assert error.reason.startswith("snail is not a participant in this tournament")
    t.say("nix", "I cease to be a participant")
    t.give("Janet", "5")
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.reason == (
        "trade offer 1 is no longer open (withdrawn: nix ceased to be a participant)"
    )


def test_withdrawn_then_accepted_in_one_message_is_refused_in_order() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.give("Janet", "5")
    t.say("nix", "I offer my B for a 5")
    t.say("nix", "I withdraw trade offer 1")
    error = t.rejected("Janet", "I accept trade offer 1 with my 5")
    assert error.reason == "trade offer 1 is no longer open (withdrawn by nix)"


# ---------------------------------------------------------------- the end by time (R2-2)


def test_r2_2_three_months_from_a_day_a_short_month_lacks_is_the_first_of_the_next() -> None:
    # Rule 1023(5): an anniversary "that would otherwise attempt to occur on a day of the
    # month that does not exist ... instead occurs on the first day of the following month".
    # It was 29 Feb 2024 (the last day of February).
    start = datetime(2023, 11, 30, 12, 0, tzinfo=UTC)
    game = CommuneGame(GameSetup("commune", ruleset("v1.3"), start, "surveyor"))
    state = game.initial_state()
    assert end_time(state) == datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
    tick = game.next_tick(state, start)
    assert tick is not None and tick.at == datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def test_an_action_at_the_end_instant_is_refused_a_minute_before_it_is_not() -> None:
    t = table()
    end = end_time(t.state)
    assert end == datetime(2023, 7, 19, 12, 0, tzinfo=UTC)
    t.now = end - timedelta(minutes=1, seconds=1)  # ctx() adds a minute
    t.join("nix")
    t.now = end - timedelta(minutes=1)
    error = t.rejected("Janet", "I become a participant in Commune")
    assert error.reason == (
        "the tournament ended on Wed 19 Jul 2023 12:00:00 UTC, 3 months after it started"
    )


# ---------------------------------------------------------------- the board


def test_the_edges_and_corners_have_no_neighbour_across_the_board() -> None:
    # J5 and A5 are on one row at opposite edges: not adjacent, so no joining.
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "J5")
    assert "founding a new community" in t.place("Janet", "A5")
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    assert "which joined" in t.place("nix", "A1")
    assert "founding a new community" in t.place("Janet", "J9")


def test_one_token_short_and_exactly_enough() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "G")
    error = t.rejected("nix", "I place a tile at G6")
    assert error.reason == "nix has no 6 token to pay for a tile at G6"
    t.give("nix", "6")
    assert t.say("nix", "I place a tile at G6").startswith("nix paid a G and a 6")
    assert t.state.participants["nix"].tokens == {}


def test_two_placements_paid_by_one_pair_the_second_is_refused_the_first_stands() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "G", "6", "7")
    outcomes = t.do("nix", "I place a tile at G6")
    assert len(outcomes) == 1
    error = t.rejected("nix", "I place a tile at G7")
    assert error.reason == "nix has no G token to pay for a tile at G7"
    assert t.state.board == {"G6": 1}


def test_a_founder_whose_community_was_acquired_may_found_again() -> None:
    # "A player who is the founder of an existing community CANNOT place a tile that would
    # found a new community": an acquired community is destroyed, so no longer existing.
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    t.place("nix", "A1")
    t.place("Janet", "C0")
    assert "acquired community #2" in t.place("nix", "B0")
    assert "founding a new community, community #3" in t.place("Janet", "H7")
    t.give("Janet", "H", "5")
    error = t.rejected("Janet", "I place a tile at H5")
    assert error.reason.startswith("a tile at H5 would found a new community, and Janet is")


def test_four_communities_tied_merge_at_once_into_the_oldest() -> None:
    t = table()
    t.join("nix", "Janet", "snail", "Murphy")
    t.place("nix", "E4")
    t.place("Janet", "D5")
    t.place("snail", "F5")
    t.place("Murphy", "E6")
    summary = t.place("nix", "E5")
    assert "community #1 (unnamed) (1 tile; tied with community #2 (unnamed)" in summary
    assert sorted(t.state.communities) == [1]
    assert t.state.tile_count(1) == 5
    assert {n: p.accolades for n, p in t.state.participants.items()} == {
        "nix": 0,
        "Janet": 1,
        "snail": 1,
        "Murphy": 1,
    }
    # Every investment in an acquired community is destroyed.
    assert {n: p.investments for n, p in t.state.participants.items()} == {
        "nix": {1: 1},
        "Janet": {},
        "snail": {},
        "Murphy": {},
    }


def test_the_tie_goes_to_the_community_that_gained_a_tile_least_recently() -> None:
    # #1 is older, but gained its second tile after #2 did: #2 acquires.
    t = table()
    t.join("nix", "Janet", "snail")
    t.place("nix", "A0")
    t.place("Janet", "C0")
    t.place("Janet", "D0")
    t.place("nix", "A1")
    summary = t.place("snail", "B0")
    assert summary.split("causing a merger: ")[1].startswith("community #2 (unnamed) (2 tiles;")


# ---------------------------------------------------------------- v1.2 and v1.3


def test_the_versions_differ_only_in_the_investment_grant() -> None:
    for version, granted in (("v1.2", False), ("v1.3", True)):
        t = table(version)
        t.join("nix", "Janet")
        t.place("nix", "A0")
        t.place("Janet", "J9")
        if granted:
            assert t.say("nix", "I grant myself an investment in community #2").startswith(
                "nix granted emself an investment"
            )
        else:
            error = t.rejected("nix", "I grant myself an investment in community #2")
            assert "names no method" in error.reason
        # Everything else plays alike: trading, naming.
        t.give("nix", "B")
        t.say("nix", "I offer my B for a 5")
        t.give("Janet", "5")
        assert t.say("Janet", "I accept trade offer 1 with my 5").startswith("Janet accepted")
        assert t.say("nix", "I name my community Amber").endswith("Amber")


def test_the_weekly_investment_is_used_even_when_clean_up_destroys_it() -> None:
    t = table()
    t.join("Zip")  # inactive: any asset e would get is destroyed
    t.join("nix")
    t.place("nix", "A0")
    assert t.say("Zip", "I grant myself an investment in community #1").endswith(
        "was destroyed (Clean-Up: e is not an active player)"
    )
    error = t.rejected("Zip", "I grant myself an investment in community #1")
    assert error.reason.startswith("Zip already granted emself an investment this week")


def test_a_constructor_used_on_sunday_is_free_again_at_monday_midnight() -> None:
    t = table()
    t.join("nix")
    t.now = datetime(2023, 4, 23, 23, 58, 59, tzinfo=UTC)
    t.say("nix", "I begin constructing a 7 with my left constructor")  # Sun 23:59:59
    t.now = datetime(2023, 4, 23, 23, 59, 0, tzinfo=UTC)
    assert t.say("nix", "I grant myself the token from my left constructor") == (
        "nix granted emself a 7 from eir Left Token Constructor"
    )  # Mon 00:00:00, a new Agoran week
    assert t.now == datetime(2023, 4, 24, tzinfo=UTC)


def test_an_offer_only_to_its_maker_is_open_to_nobody_else() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.give("Janet", "3")
    assert t.say("nix", "I offer my B for a 3 (only to nix)").endswith("only to nix")
    error = t.rejected("Janet", "I accept trade offer 1 with my 3")
    assert error.reason == "trade offer 1 can only be accepted by nix"


def test_two_offers_of_one_token_the_second_lapses_when_the_first_is_taken() -> None:
    t = table()
    t.join("nix", "Janet")
    t.give("nix", "B")
    t.give("Janet", "3", "4")
    t.say("nix", "I offer my B for a 3")
    t.say("nix", "I offer my B for a 4")
    assert t.say("Janet", "I accept trade offer 2 with my 4").endswith(
        "; trade offer 1 was withdrawn (nix has no B left); trade offer 2 was withdrawn "
        "(nix has no B left)"
    )
    error = t.rejected("Janet", "I accept trade offer 1 with my 3")
    assert error.reason == "trade offer 1 is no longer open (withdrawn: nix no longer had a B)"


def test_a_name_taken_by_an_acquired_community_is_free_again() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    t.place("nix", "A1")
    t.place("Janet", "C0")
    t.say("Janet", "I name my community Cerulean")
    error = t.rejected("nix", "I name my community Cyan")
    assert error.reason == "Cyan starts with C, like the existing community Cerulean"
    t.place("nix", "B0")  # nix's community (2 tiles) acquires Cerulean (1 tile)
    assert t.say("nix", "I name my community Cyan").endswith("Cyan")
