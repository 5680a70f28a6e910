"""Placing tiles, paying for them, founding and joining communities, naming them."""

from __future__ import annotations

from test_commune_support import quote_of, table

from referee.games.base import IllegalAction
from referee.games.commune.report import board_lines
from referee.parsing import find_actions

PLACE = (
    "Participants CAN place a tile on an empty location by paying one letter token and one "
    "number token that correspond to that location's coordinates."
)


def test_placing_founds_a_community_and_grants_one_investment() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "G", "6", "G")
    summary = t.say("nix", "I place a tile at G6")
    assert summary == (
        "nix paid a G and a 6 to place a tile at G6, founding a new community, community #1 "
        "(unnamed), and gaining 1 investment in it"
    )
    nix = t.state.participants["nix"]
    assert nix.tokens == {"G": 1}  # one G and the 6 were paid (destroyed)
    assert t.state.board == {"G6": 1}
    assert t.state.communities[1].founder == "nix"
    assert nix.investments == {1: 1}


def test_pay_form_and_paying_form() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "A", "6", "A", "7")
    assert t.say("nix", "I pay A and 6 to place a tile on A6").startswith(
        "nix paid an A and a 6 to place a tile at A6,"
    )
    assert t.say("nix", "I place a tile at A7 by paying my A and 7 tokens").startswith(
        "nix paid an A and a 7 to place a tile at A7, which joined"
    )
    assert t.state.participants["nix"].tokens == {}


def test_paying_the_wrong_tokens_is_rejected() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "A", "6", "B")
    error = t.rejected("nix", "I pay B and 6 to place a tile on A6")
    assert error.reason == "a tile at A6 is paid for with one A and one 6 token, not B and 6"
    assert quote_of(error) == PLACE


def test_missing_either_token_is_rejected() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "A")
    error = t.rejected("nix", "I place a tile at A6")
    assert error.reason == "nix has no 6 token to pay for a tile at A6"
    assert quote_of(error) == PLACE
    t.give("nix", "7")
    error = t.rejected("nix", "I place a tile at C7")
    assert error.reason == "nix has no C token to pay for a tile at C7"


def test_occupied_location_is_rejected() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "G6")
    t.give("Janet", "G", "6")
    error = t.rejected("Janet", "I place a tile at G6")
    assert error.reason == "G6 is not empty: a tile has already been placed there"
    assert (
        quote_of(error) == "If a tile has not been placed on a location on the board, it is empty."
    )


def test_nonexistent_location_is_rejected() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "A", "1")
    error = t.rejected("nix", "I place a tile at K5")
    assert error.reason == "K5 is not a location on the playboard (columns A-J, rows 0-9)"
    assert quote_of(error).startswith("The x coordinates of the playboard are identified")
    error = t.rejected("nix", "I place a tile at A10")
    assert error.reason.startswith("A10 is not a location")


def test_non_participant_cannot_place() -> None:
    t = table()
    error = t.rejected("nix", "I place a tile at A1")
    assert error.reason.startswith("nix is not a participant in this tournament")
    assert quote_of(error) == PLACE


def test_founder_of_an_existing_community_cannot_found_another() -> None:
    t = table()
    t.join("nix")
    t.place("nix", "A0")
    t.give("nix", "J", "9")
    error = t.rejected("nix", "I place a tile at J9")
    assert error.reason == (
        "a tile at J9 would found a new community, and nix is already the founder of "
        "community #1 (unnamed)"
    )
    assert quote_of(error) == (
        "A player who is the founder of an existing community CANNOT place a tile that would "
        "found a new community."
    )
    # ...but e can still extend communities.
    assert "which joined community #1 (unnamed) (now 2 tiles)" in t.place("nix", "A1")


def test_adjacency_is_orthogonal_only() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "E5")
    summary = t.place("Janet", "F6")  # diagonal: not adjacent, so a new community
    assert "founding a new community, community #2 (unnamed)," in summary
    assert "joined community #1" in t.place("Janet", "E4")
    assert t.state.board == {"E5": 1, "F6": 2, "E4": 1}


def test_founding_tile_belongs_to_no_community_as_written() -> None:
    t = table(literal=True)
    t.join("nix", "Janet")
    t.place("nix", "E5")
    assert t.state.board == {"E5": None}
    assert t.state.tile_count(1) == 0
    # A tile next to a tile of no community is "not adjacent to any tiles belonging to any
    # communities": it founds again.
    assert "founding a new community, community #2 (unnamed)," in t.place("Janet", "E6")


def test_founder_names_the_community() -> None:
    t = table()
    t.join("nix")
    t.place("nix", "G6")
    assert t.say("nix", "I name my community Cerulean") == (
        "nix (its founder) named community #1 (unnamed) Cerulean"
    )
    assert t.state.communities[1].name == "Cerulean"
    # Renaming is allowed by default, but not to its own initial (an existing community's).
    error = t.rejected("nix", "I name my community Crimson")
    assert error.reason == "Crimson starts with C, like the existing community Cerulean"
    assert t.say("nix", "I name the community at G6 jade") == (
        "nix (its founder) renamed Cerulean Jade"
    )


def test_naming_with_a_taken_initial_is_rejected() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    t.place("Janet", "J9")
    t.say("nix", "I name my community Jade")
    error = t.rejected("Janet", "I name my community Jasmine")
    assert error.reason == "Jasmine starts with J, like the existing community Jade"
    assert quote_of(error) == (
        "E CAN and SHOULD name the community after any color that starts with a different "
        "first letter than any existing community by announcement."
    )


def test_naming_needs_a_colour_and_the_founder() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    error = t.rejected("nix", "I name my community Banana")
    assert error.reason.startswith("Banana is not a colour the referee knows")
    error = t.rejected("Janet", "I name the community at A0 Amber")
    assert error.reason == "only nix (its founder) or the Surveyor can name community #1 (unnamed)"
    error = t.rejected("Janet", "I name my community Amber")
    assert error.reason == "Janet is not the founder of any existing community"


def test_surveyor_names_an_unnamed_community_only() -> None:
    t = table()
    t.join("nix")
    t.place("nix", "C3")
    surveyor = frozenset({"surveyor"})
    assert t.say("Murphy", "I name the community at C3 Teal", offices=surveyor) == (
        "Murphy (the Surveyor) named community #1 (unnamed) Teal"
    )
    error = t.rejected("Murphy", "I name community #1 Amber", offices=surveyor)
    assert error.reason == (
        "Teal has already been named; the Surveyor can only name an unnamed community"
    )
    assert quote_of(error) == (
        "If a community has not been named, the Surveyor CAN and SHALL do so by announcement."
    )


def test_naming_once_only_option() -> None:
    t = table(naming_once_only=True)
    t.join("nix")
    t.place("nix", "C3")
    t.say("nix", "I name my community Teal")
    error = t.rejected("nix", "I name my community Amber")
    assert error.reason == "Teal has already been named"


def test_board_drawing() -> None:
    t = table()
    t.join("nix", "Janet")
    t.place("nix", "A0")
    t.place("Janet", "J9")
    t.say("nix", "I name my community Jade")
    lines = board_lines(t.state)
    assert lines[0] == "   A B C D E F G H I J"
    assert lines[1] == "  +-------------------+"
    assert lines[2] == " 0|J x x x x x x x x x|0"
    assert lines[10] == " 8|x x x x x x x x x x|8"
    assert lines[11] == " 9|x x x x x x x x x b|9"
    assert lines[-1] == lines[0]


def test_each_placement_of_a_shared_verb_pays_its_own_tokens() -> None:
    t = table()
    t.join("nix")
    t.give("nix", "G", "6", "G", "7")
    game, state = t.game, t.state
    lines = [(1, "I place tiles at G6, G7 and G8")]
    found = find_actions([game], lines, {"commune": True})
    summaries = []
    for item in found.actions:
        try:
            summaries.append(game.perform(state, item.action, t.ctx("nix")).summary)
        except IllegalAction as error:
            summaries.append(f"REJECTED: {error.reason}")
    assert summaries == [
        "nix paid a G and a 6 to place a tile at G6, founding a new community, community #1 "
        "(unnamed), and gaining 1 investment in it",
        "nix paid a G and a 7 to place a tile at G7, which joined community #1 (unnamed) "
        "(now 2 tiles)",
        "REJECTED: nix has no G and 8 token to pay for a tile at G8",
    ]
    assert state.board == {"G6": 1, "G7": 1}
    assert state.participants["nix"].tokens == {}
