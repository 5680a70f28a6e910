"""Who holds which office and who is active, as the Register stands now.

The configuration gives each player's addresses and the starting offices; the Register
game records every change made since by mail. Everything that asks "who is the Surveyor?"
or "is nix active?" asks here, so a change by mail takes effect everywhere at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from referee.config import PlayerSettings
from referee.engine.people import People
from referee.engine.timeline import timeline_for
from referee.games.base import Game, PlayerStatus
from referee.games.register.plugin import ADMINISTRATOR, RegisterGame
from referee.games.register.state import RegisterState, Standing


class Roster:
    def __init__(self, people: People, games: Sequence[Game[Any]]) -> None:
        self.people = people
        self.register: RegisterGame | None = next(
            (g for g in games if isinstance(g, RegisterGame)), None
        )
        self._statuses: tuple[tuple[int, int], Mapping[str, PlayerStatus]] | None = None

    def state(self, session: Session) -> RegisterState:
        if self.register is None:
            return RegisterState(
                players={
                    name: Standing(p.active, p.first_class)
                    for name, p in self.people.players.items()
                },
                offices=dict(self.people.offices),
            )
        state: RegisterState = timeline_for(self.register, session).state
        return state

    def statuses(self, session: Session) -> Mapping[str, PlayerStatus]:
        """Every player's standing; asked before every action, so built once per change."""
        if self.register is None:
            return self.state(session).statuses()
        timeline = timeline_for(self.register, session)
        key = (id(timeline.state), timeline.record.sequence)
        if self._statuses is None or self._statuses[0] != key:
            self._statuses = (key, timeline.state.statuses())
        return self._statuses[1]

    def offices_of(
        self, session: Session, player: str | None, *, administrator: bool
    ) -> frozenset[str]:
        offices = self.state(session).offices_of(player)
        return offices | {ADMINISTRATOR} if administrator else offices

    def holder(self, session: Session, office: str) -> PlayerSettings | None:
        name = self.state(session).offices.get(office)
        return self.people.players.get(name) if name else None

    def is_register(self, game_name: str) -> bool:
        return self.register is not None and game_name == self.register.name
