"""The Register's state: each player's standing and each office's holder."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.games.base import JsonData, PlayerStatus

_ALIASES = {"games-master": "gamesmaster"}


def office_key(words: str) -> str:
    """The configuration's name of an office as a player writes it ("Lord Ruler")."""
    key = re.sub(r"[\s-]+", "-", words.strip().lower())
    return _ALIASES.get(key, key)


@dataclass
class Standing:
    active: bool = True
    first_class: bool = True
    registered: bool = True

    def status(self, name: str) -> PlayerStatus:
        return PlayerStatus(name, self.active, self.first_class, self.registered)


@dataclass
class RegisterState:
    players: dict[str, Standing] = field(default_factory=dict)
    offices: dict[str, str | None] = field(default_factory=dict)

    def statuses(self) -> dict[str, PlayerStatus]:
        return {name: standing.status(name) for name, standing in self.players.items()}

    def offices_of(self, player: str | None) -> frozenset[str]:
        if player is None:
            return frozenset()
        return frozenset(office for office, holder in self.offices.items() if holder == player)


def dump_state(state: RegisterState) -> JsonData:
    return {
        "offices": dict(sorted(state.offices.items())),
        "players": {
            name: {
                "active": s.active,
                "first_class": s.first_class,
                "registered": s.registered,
            }
            for name, s in sorted(state.players.items())
        },
    }


def load_state(data: Mapping[str, Any]) -> RegisterState:
    return RegisterState(
        players={
            name: Standing(p["active"], p["first_class"], p["registered"])
            for name, p in data["players"].items()
        },
        offices=dict(data["offices"]),
    )
