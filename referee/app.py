"""Build the referee's parts from settings: the one place where they are put together."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from referee.config import Settings
from referee.egress.senders import MailSender, sender_for
from referee.engine.registry import build_games
from referee.engine.runner import Runner
from referee.games.base import Game
from referee.ingress.inbox import Inbox, TimeTolerance
from referee.ingress.redaction import redactor_for
from referee.mailtext.dkim import TxtLookup
from referee.store import migrate
from referee.store.db import Database


def system_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class App:
    settings: Settings
    db: Database
    games: list[Game[Any]]
    inbox: Inbox
    sender: MailSender
    now: Callable[[], datetime]
    dkim_dns: TxtLookup | None = None
    """Replaces dkimpy's DNS lookup of DKIM keys (None: dkimpy's own resolver)."""

    def processor(self, *, silent: bool = False) -> Runner:
        """The runner that processes stored mail (``silent``: a replay, sending nothing)."""
        return Runner(
            self.settings, self.db, self.games, now=self.now, silent=silent, dkim_dns=self.dkim_dns
        )

    def game(self, name: str) -> Game[Any]:
        from referee.errors import UnknownGameError

        for game in self.games:
            if game.name.casefold() == name.casefold():
                return game
        raise UnknownGameError(name, [g.name for g in self.games])

    def close(self) -> None:
        self.db.dispose()


def build_app(
    settings: Settings,
    *,
    now: Callable[[], datetime] = system_now,
    sender: MailSender | None = None,
    require_schema: bool = True,
    dkim_dns: TxtLookup | None = None,
) -> App:
    db = Database(settings.database_url)
    if require_schema:
        migrate.require_current(db)
    return App(
        settings=settings,
        db=db,
        games=build_games(settings),
        inbox=Inbox(
            db,
            TimeTolerance(settings.date_past_tolerance),
            redactor=redactor_for(settings, dkim_dns),
        ),
        sender=sender if sender is not None else sender_for(settings.smtp),
        now=now,
        dkim_dns=dkim_dns,
    )
