"""A season through the referee's real pipeline on SQLite, for the rules reviews: each mail
goes into the stored inbox as the list (or a private mail) delivers it, is processed at
once, and the test reads the answer its author got and the games' stored states."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from support import FixedClock, app_for, mail, outbox_rows, plain_body, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import canonical_dump


class Season:
    """Mail in, answers and state out."""

    def __init__(
        self,
        tmp_path: Path,
        games: list[dict[str, Any]],
        start: datetime,
        *,
        offices: dict[str, str] | None = None,
    ) -> None:
        extra = {"offices": offices} if offices else None
        settings = settings_for(
            tmp_path, f"sqlite:///{tmp_path / 'referee.sqlite3'}", games=games, extra=extra
        )
        self.clock = FixedClock(start)
        self.app: App = app_for(settings, self.clock)
        self.count = 0

    def send(self, author: str, body: str, *, after: timedelta = timedelta(minutes=5)) -> str:
        """Mail ``body`` from ``author`` to the list; the text of every answer it got."""
        self.count += 1
        self.clock.advance(after)
        when = self.clock.moment
        before = len(outbox_rows(self.app))
        raw = mail(author, body, when, subject="actions", message_id=f"<r-{self.count}@t>")
        self.app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, when)
        processor = self.app.processor()
        assert processor.process_pending().quarantined == 0
        answers = outbox_rows(self.app)[before:]
        return "\n".join(" ".join(plain_body(r.raw).split()) for r in answers)

    def advance(self, delta: timedelta) -> None:
        """Let time pass: every tick until then is applied."""
        self.clock.advance(delta)
        self.app.processor().advance_clock(self.clock.moment)

    def dump(self) -> dict[str, Any]:
        with self.app.db.transaction() as session:
            return canonical_dump(session)

    def state(self, game: str) -> dict[str, Any]:
        return dict(self.dump()["games"][game]["state"])

    def summaries(self, game: str) -> list[tuple[str, str]]:
        return [(e["outcome"], e["summary"]) for e in self.dump()["games"][game]["events"]]

    def close(self) -> None:
        self.app.close()
