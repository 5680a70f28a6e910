"""Games that read each other: their order, their groups, and the views they are handed.

A game declares the kinds of the games it reads (:attr:`Game.reads`). The games read come
first in the order games are processed. Games linked by reading, directly or not, form a
group that moves through time together: late mail rewinds every game of the group past its
instant (so the games that read a rewound game too), and the group is applied again
message by message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import Any

from sqlalchemy.orm import Session

from referee.engine.timeline import timeline_for
from referee.errors import ConfigError
from referee.games.base import Game, GameView


class GameOrder:
    """The configured games in dependency order, and who reads whom."""

    def __init__(self, games: Sequence[Game[Any]]) -> None:
        self.configured = list(games)
        """The games in the order configured (the Register first)."""
        by_kind: dict[str, list[Game[Any]]] = {}
        for game in games:
            by_kind.setdefault(game.kind, []).append(game)
        self._read: dict[str, tuple[Game[Any], ...]] = {}
        for game in games:
            read: list[Game[Any]] = []
            for kind in sorted(game.reads):
                found = by_kind.get(kind, [])
                # None configured: the reader gets no view of that kind and its rules say
                # what that means (Okinawa without Alliances: each person alone). Several:
                # which one is meant cannot be known, so the configuration must say.
                if len(found) > 1:
                    raise ConfigError(
                        f"game {game.name!r}",
                        f"reads the {kind} game, and {len(found)} are configured (at most "
                        "one can be)",
                    )
                read.extend(found)
            self._read[game.name] = tuple(read)
        self.games: list[Game[Any]] = _dependency_order(games, self._read)
        """The games in dependency order: every game after the games it reads."""
        self._group_of = {
            game.name: group for group in self.groups(g.name for g in self.games) for game in group
        }

    def read_by(self, name: str) -> tuple[Game[Any], ...]:
        """The games the game called ``name`` reads."""
        return self._read.get(name, ())

    def group(self, name: str) -> list[Game[Any]]:
        """The games linked to ``name`` by reading, directly or not, in dependency order."""
        return self._group_of[name]

    def groups(self, names: Iterable[str]) -> list[list[Game[Any]]]:
        """``names`` split into groups linked by reading, each group in dependency order.

        Only links between the named games count; groups come in the order their first
        game is named.
        """
        wanted = list(dict.fromkeys(names))
        parent = {name: name for name in wanted}

        def root(name: str) -> str:
            while parent[name] != name:
                name = parent[name]
            return name

        for name in wanted:
            for read in self.read_by(name):
                if read.name in parent:
                    parent[root(name)] = root(read.name)
        members: dict[str, set[str]] = {}
        for name in wanted:
            members.setdefault(root(name), set()).add(name)
        return [[game for game in self.games if game.name in group] for group in members.values()]

    def views(self, session: Session, name: str, at: datetime) -> Mapping[str, GameView[Any]]:
        """What the game called ``name`` is handed, at ``at``, of the games it reads: each
        one's :meth:`Game.view` of its state as it stands (brought to ``at`` by the caller)."""
        read = self.read_by(name)
        if not read:
            return _NO_VIEWS
        return MappingProxyType(
            {
                game.kind: GameView(
                    game.name, game.kind, at, game.view(timeline_for(game, session).state)
                )
                for game in read
            }
        )


_NO_VIEWS: Mapping[str, GameView[Any]] = MappingProxyType({})


def _dependency_order(
    games: Sequence[Game[Any]], read: Mapping[str, tuple[Game[Any], ...]]
) -> list[Game[Any]]:
    """The games with every game after those it reads; otherwise in configuration order."""
    ordered: list[Game[Any]] = []
    placed: set[str] = set()
    remaining = list(games)
    while remaining:
        ready = next((g for g in remaining if all(r.name in placed for r in read[g.name])), None)
        if ready is None:
            names = ", ".join(g.name for g in remaining)
            raise ConfigError("games", f"these games read each other in a circle: {names}")
        ordered.append(ready)
        placed.add(ready.name)
        remaining.remove(ready)
    return ordered
