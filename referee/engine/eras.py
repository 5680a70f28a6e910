"""Ruleset eras: which amendment of a game's rules is in force at an instant."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.games.base import Game
from referee.store import queries


class Eras:
    """A game under its configured ruleset, then under each amendment from its instant."""

    def __init__(self, game: Game[Any], amended: list[tuple[datetime, Game[Any]]]) -> None:
        self.game = game
        self._amended = amended

    @classmethod
    def load(cls, game: Game[Any], session: Session) -> Eras:
        from referee.engine.registry import ruleset_for, variant

        return cls(
            game,
            [
                (
                    amendment.effective_at,
                    variant(
                        game,
                        ruleset_for(type(game), amendment.ruleset, amendment.options, "amendment"),
                    ),
                )
                for amendment in queries.amendments_of(session, game.name)
            ],
        )

    def game_at(self, at: datetime) -> Game[Any]:
        """The game under the ruleset in force at ``at`` (amendments change it from then)."""
        current = self.game
        for effective_at, game in self._amended:
            if effective_at <= at:
                current = game
        return current
