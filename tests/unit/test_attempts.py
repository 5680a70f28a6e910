"""Lines in the author's voice that name a game's own words, which no game read: told.

The finder's net (``referee.parsing.attempts``) catches what each game's own test misses,
and must leave the author's talk about the game alone. The cases here were written after
the net was built, from the classes the lead's blind batch found silent.
"""

from __future__ import annotations

import pytest

from bench.reading import games, read
from referee.parsing.attempts import attempted

TOLD = [
    # A contraction without its apostrophe, and a noun misspelt.
    ("public", "im putting the tile near my comunity"),
    ("public", "ive got to name my communty Opal now"),
    # A label that is one of the game's words.
    ("public", "Trade: a 4 of mine against any 9"),
    ("public", "Okinawa: stone in the middle"),
    ("public", "Alliance: Janet and me"),
    # A request, a plan or a wish about one's standing.
    ("public", "pls make me active again"),
    ("public", "I'm off on hiatus for two weeks"),
    ("public", "I wanna register too"),
    ("public", "i would like to be in the SCG"),
]

LEFT_ALONE = [
    # Talk about the game: a thought, an opinion, a denial, the past, a question.
    "I think the tile rules are strange.",
    "I don't see why my community should lose its tokens.",
    "I'm not sure my community will survive.",
    "I'm thinking about the Okinawa stones again.",
    "I was inactive for a year.",
    "I registered last year, so I know the Registrar.",
    "Is the Commune still running?",
    "I never liked the stones of Okinawa.",
    # Another game's words only, or none of any game.
    "I offer my condolences to Janet.",
    "I resign as Chief Herald.",
    "I withdraw my intent to ratify the last report.",
    # A lead-in to the list of actions under it.
    "My tiles for this week:",
    # Someone else's doing.
    "Janet names her community Topaz.",
]


@pytest.mark.parametrize(("route", "text"), TOLD)
def test_an_attempt_in_the_game_s_own_words_is_told(route: str, text: str) -> None:
    result = read(text, private=route == "private")
    assert not result.actions
    assert result.not_understood, f"{text!r} was left unanswered"


@pytest.mark.parametrize("text", LEFT_ALONE)
def test_talk_about_the_game_is_no_attempt(text: str) -> None:
    assert not any(attempted(text, game.lexicon) for game in games())
    assert not read(text, private=False).not_understood


def test_a_game_without_own_words_attempts_nothing() -> None:
    from referee.games.base import Lexicon

    assert not attempted("I place a tile at C4", Lexicon())


@pytest.mark.parametrize(
    "text",
    [
        "Count me in for Commune if there is room.",
        "Hi all, count me in for Commune, if there is room.",
        "If there is room, count me in for Commune.",
    ],
)
def test_a_labelled_action_under_a_condition_is_told_as_conditional(text: str) -> None:
    result = read(text, private=False)
    assert not result.actions
    assert result.not_understood and "condition" in (result.not_understood[0].problem or "")
