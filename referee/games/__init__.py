"""The games the referee can run: a typed registry, and finding a game by its kind or alias.

Each entry names a game's kind (the configuration's ``kind``), its title, the other names
a configuration may use for it, and a loader that imports the plug-in only when a
configured game needs it, so a deployment that runs one game does not load the others.
The Register (offices and standing) is built into every deployment and is not listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.games.base import Game

GameClass = type[Game[Any]]


@dataclass(frozen=True)
class GameEntry:
    """One game the referee knows."""

    kind: str
    title: str
    aliases: tuple[str, ...]
    loader: Callable[[], GameClass]

    def load(self) -> GameClass:
        """The plug-in class, imported now if it was not yet."""
        factory = self.loader()
        if factory.kind != self.kind:
            raise TypeError(f"the plug-in loaded for {self.kind!r} says it is {factory.kind!r}")
        return factory

    @property
    def names(self) -> tuple[str, ...]:
        return (self.kind, *self.aliases)


def _commune() -> GameClass:
    from referee.games.commune.plugin import CommuneGame

    return CommuneGame


def _scgo() -> GameClass:
    from referee.games.scgo.plugin import SingleCaptureGo

    return SingleCaptureGo


def _alliances() -> GameClass:
    from referee.games.alliances.plugin import AlliancesGame

    return AlliancesGame


def _okinawa() -> GameClass:
    from referee.games.okinawa.plugin import OkinawaGame

    return OkinawaGame


def _arcadia() -> GameClass:
    from referee.games.arcadia.plugin import ArcadiaGame

    return ArcadiaGame


def _arcadia_contract() -> GameClass:
    from referee.games.arcadia_contract.plugin import ArcadiaContract

    return ArcadiaContract


GAMES: tuple[GameEntry, ...] = (
    GameEntry("commune", "Commune", (), _commune),
    GameEntry("scgo", "Single-Capture Go", ("single-capture-go", "single capture go"), _scgo),
    GameEntry("alliances", "Alliances", (), _alliances),
    GameEntry("okinawa", "Okinawa", (), _okinawa),
    GameEntry("arcadia", "Arcadia", ("arcadian tournament",), _arcadia),
    GameEntry("arcadia_contract", "the Arcadia contract", ("arcadia-contract",), _arcadia_contract),
)
"""Every game, in the order the documentation lists them."""


class UnknownGameKind(KeyError):
    """No game has this kind or alias."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind

    def __str__(self) -> str:
        known = ", ".join(sorted(entry.kind for entry in GAMES))
        return f"unknown game kind {self.kind!r} (known: {known})"


def find_game(kind: str) -> GameEntry:
    """The game whose kind or alias is ``kind`` (any case, surrounding spaces ignored)."""
    wanted = kind.strip().casefold()
    for entry in GAMES:
        if wanted in (name.casefold() for name in entry.names):
            return entry
    raise UnknownGameKind(kind)
