"""Prose the finder passes over once it has met it with nothing in it (referee.parsing.inert)."""

from __future__ import annotations

from bench.reading import games
from referee.parsing import finder
from referee.parsing.finder import find_actions
from referee.parsing.inert import AskedPlays, InertSentences

KEY = ("Thanks, all.", False, None, False, True)


def test_remembered_for_the_same_games_only() -> None:
    memory = InertSentences()
    games_a: dict[str, list[object]] = {"commune.lark": []}
    games_b: dict[str, list[object]] = {"commune.lark": []}  # equal, but another mapping
    memory.remember(games_a, KEY)
    assert memory.known(games_a, KEY)
    assert not memory.known(games_b, KEY)
    assert not memory.known(games_a, ("Thanks, all.", False, None, True, True))  # private


def test_emptied_when_full() -> None:
    memory = InertSentences(kept=2)
    grouping: dict[str, list[object]] = {}
    memory.remember(grouping, ("one", False, None, False, True))
    memory.remember(grouping, ("two", False, None, False, True))
    memory.remember(grouping, ("three", False, None, False, True))
    assert not memory.known(grouping, ("one", False, None, False, True))
    assert memory.known(grouping, ("three", False, None, False, True))


def test_asked_plays_records_every_question() -> None:
    plays = AskedPlays({"Commune": True})
    assert not plays.asked
    assert plays.get("Commune") is True
    assert plays.asked
    again = AskedPlays({"Commune": True})
    assert "Commune" in again
    assert again.asked


def test_a_reading_that_asked_who_plays_is_read_again() -> None:
    # Told only when the author plays a game the words are of: the first reading, for an
    # author who plays nothing, found nothing but asked; it must not be remembered.
    every = list(games())
    text = "Tile at E5 looks good to me"
    finder._INERT.clear()
    nobody = find_actions(every, [(1, text)], {game.name: False for game in every})
    player = find_actions(every, [(1, text)], {game.name: True for game in every})
    assert not nobody.not_understood
    assert player.not_understood


def test_prose_met_again_reads_the_same() -> None:
    every = list(games())
    plays = {game.name: True for game in every}
    lines = [(1, "Thanks, all."), (2, "I place a tile at E5.")]
    finder._INERT.clear()
    first = find_actions(every, lines, plays)
    second = find_actions(every, lines, plays)
    assert [a.action.source.text for a in first.actions] == ["I place a tile at E5"]
    assert [a.action.source.text for a in second.actions] == ["I place a tile at E5"]
    assert first.not_understood == second.not_understood == []
