"""Sentences known to hold nothing: read once, then passed over when they come again.

Most of a list's sentences are prose ("Thanks, all.", a signature's motto, a greeting),
and a sentence that no game takes for an action goes through every step of the finder
before that is known: each game's cheap test, the normaliser's readings, the tests for a
labelled condition or a place written alone. Greetings, sign-offs and quoted boilerplate
recur from message to message, so a long replay meets the same prose thousands of times.

Reading a sentence is a function of its words and of what the finder is given: the
games, the kind of mail, and whether the author plays each game. So a sentence whose
reading added nothing to the result, and never asked which games its author plays, adds
nothing whenever it comes again with the same games and the same kind of mail. Only such
sentences are remembered; any reading that found something, told something, or depended
on the author's games is done again every time.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

KEPT = 8192
"""Sentences remembered per process; the memory is emptied when it is full (prose that
recurs is met again at once, so it is soon remembered again)."""

GAME_SETS = 8
"""Sets of games remembered at once: a process reads with one or two (tests make more)."""

Key = tuple[str, bool, str | None, bool, bool]
"""A sentence's text, whether it was asked, the author's own words when rewritten, whether
the mail is private, and whether the finder may split the sentence."""


class AskedPlays(Mapping[str, bool]):
    """The author's games, remembering whether the reading asked about them at all."""

    def __init__(self, plays: Mapping[str, bool]) -> None:
        self._plays = plays
        self.asked = False

    def __getitem__(self, name: str) -> bool:
        self.asked = True
        return self._plays[name]

    def __iter__(self) -> Iterator[str]:
        self.asked = True
        return iter(self._plays)

    def __len__(self) -> int:
        self.asked = True
        return len(self._plays)

    def __contains__(self, name: object) -> bool:
        self.asked = True
        return name in self._plays


class InertSentences:
    """The sentences that held nothing, for each set of games they were read with.

    The set of games is held by identity (the finder's grouping of the games, the same
    object message after message) and kept alive here, so that no other mapping can come to
    share its identity while it is remembered.
    """

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._games: list[Mapping[str, Any]] = []
        self._known: set[tuple[int, Key]] = set()

    def known(self, games: Mapping[str, Any], key: Key) -> bool:
        index = self._index(games, add=False)
        return index is not None and (index, key) in self._known

    def remember(self, games: Mapping[str, Any], key: Key) -> None:
        if len(self._known) >= self._kept:
            self.clear()
        index = self._index(games, add=True)
        assert index is not None
        self._known.add((index, key))

    def clear(self) -> None:
        self._games.clear()
        self._known.clear()

    def _index(self, games: Mapping[str, Any], *, add: bool) -> int | None:
        for index, held in enumerate(self._games):
            if held is games:
                return index
        if not add:
            return None
        if len(self._games) >= GAME_SETS:
            self.clear()
        self._games.append(games)
        return len(self._games) - 1
