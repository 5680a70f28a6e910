"""Token Constructors: begin constructing, grant oneself the token, once a week each."""

from __future__ import annotations

from test_commune_support import PLAYERS, quote_of, table

from referee.games.base import PlayerStatus

WEEK = (
    "For each of eir Token Constructors, players CAN once a week do one of the following by "
    "announcement:"
)


def test_begin_then_grant_next_week_and_keep_constructing() -> None:
    t = table()
    t.join("nix")
    assert t.say("nix", "I begin constructing a 7 with my Left Token Constructor") == (
        "nix began constructing a 7 with eir Left Token Constructor"
    )
    assert t.state.participants["nix"].constructors == {"left": "7", "middle": None, "right": None}
    t.next_week()
    assert t.say(
        "nix", "With my left constructor, I grant myself the token it is constructing"
    ) == ("nix granted emself a 7 from eir Left Token Constructor")
    t.next_week()
    t.say("nix", "I grant myself the token my Left Token Constructor is constructing")
    assert t.state.participants["nix"].tokens == {"7": 2}
    assert t.state.participants["nix"].constructors["left"] == "7"


def test_each_constructor_once_a_week() -> None:
    t = table()
    t.join("nix")
    t.do(
        "nix",
        "I begin constructing a B with my left constructor. "
        "I begin constructing a 3 with my middle constructor. "
        "I set my right token constructor to construct J.",
    )
    error = t.rejected("nix", "I begin constructing a C with my left constructor")
    assert error.reason == (
        "nix already used eir Left Token Constructor this week (on Wed 19 Apr 2023 12:03:00 "
        "UTC); it can be used again from Mon 24 Apr 2023 00:00:00 UTC"
    )
    assert quote_of(error) == WEEK
    error = t.rejected(
        "nix", "With my Middle Token Constructor, I grant myself the token it is constructing"
    )
    assert error.reason.startswith("nix already used eir Middle Token Constructor this week")
    t.next_week()
    t.do("nix", "With my middle constructor, I grant myself a 3")
    assert t.state.participants["nix"].tokens == {"3": 1}


def test_granting_from_an_idle_constructor_is_rejected() -> None:
    t = table()
    t.join("nix")
    error = t.rejected("nix", "I grant myself the token from my right constructor")
    assert error.reason == "nix's Right Token Constructor is set to construct nothing"
    assert quote_of(error) == (
        "Grant emself the Token that the Token Constructor is already constructing (if not set "
        "to nothing)."
    )


def test_naming_the_wrong_symbol_is_rejected() -> None:
    t = table()
    t.join("nix")
    t.say("nix", "I begin constructing a 7 with my left constructor")
    t.next_week()
    error = t.rejected("nix", "I grant myself a 8 from my left constructor")
    assert error.reason == "nix's Left Token Constructor is constructing a 7, not an 8"


def test_constructor_resets_option() -> None:
    t = table(constructor_resets_after_grant=True)
    t.join("nix")
    t.say("nix", "I begin constructing a 7 with my left constructor")
    t.next_week()
    t.say("nix", "I grant myself the token from my left constructor")
    assert t.state.participants["nix"].constructors["left"] is None


def test_rolling_week_for_constructors() -> None:
    t = table(rolling_week=True)
    t.join("nix")
    t.say("nix", "I begin constructing a 7 with my left constructor")
    t.next_week()
    error = t.rejected("nix", "I grant myself the token from my left constructor")
    assert error.reason.endswith("it can be used again from Wed 26 Apr 2023 12:03:00 UTC")


def test_non_participant_has_no_constructors() -> None:
    t = table()
    error = t.rejected("nix", "I begin constructing a 7 with my left constructor")
    assert error.reason.startswith("nix is not a participant")
    assert quote_of(error) == "Each participant has a Left, Middle, and a Right Token Constructor."


def test_clean_up_destroys_a_token_for_an_inactive_participant() -> None:
    t = table()
    t.join("Zip")  # inactive players can join (literal "Any player")...
    t.say("Zip", "I begin constructing a 7 with my left constructor")
    t.next_week()
    # ...but every asset e would get is destroyed instead (Clean-Up).
    assert t.say("Zip", "I grant myself the token from my left constructor") == (
        "Zip's 7 from eir Left Token Constructor was destroyed (Clean-Up: e is not an active "
        "player)"
    )
    assert t.state.participants["Zip"].tokens == {}
    assert PLAYERS["Zip"] == PlayerStatus("Zip", active=False, first_class=True)
