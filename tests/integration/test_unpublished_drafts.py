"""A draft's history is bounded when the officer never publishes.

The Commune 2023 season is played again with its drafts left unpublished (as on an imported
archive). Each draft lists at most one period's changes (a week) and says how many earlier ones
it leaves out, so that drafting reads a bounded record however long the game has run.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import inspect, select
from support import ADDRESS_IS_PROOF, FixedClock, app_for, mail, settings_for
from test_commune_season import FIRST_MONDAY, SEASON, START, WEEKLY, WEEKS, commune_2023

from referee.app import App
from referee.config import Visibility
from referee.engine.weekly_reports import UNPUBLISHED_HISTORY
from referee.store import queries
from referee.store.models import OutboundMessage

LEFT_OUT = re.compile(r"\((\d+) earlier change\(s\), from (.+?), are left out:")
STAMP = re.compile(r"^  (\w{3} \d\d \w{3} \d{4} \d\d:\d\d:\d\d) UTC", re.MULTILINE)


def _played(tmp_path: Path) -> App:
    """The season's mail processed, its time passed, no draft published (close the app)."""
    settings = settings_for(
        tmp_path,
        f"sqlite:///{tmp_path / 'unpublished.sqlite3'}",
        games=[commune_2023()],
        extra=ADDRESS_IS_PROOF,
    )
    clock = FixedClock(START)
    app = app_for(settings, clock)
    for index, post in enumerate(SEASON, 1):
        raw = mail(post.author, post.body, post.when, message_id=f"<u-{index:03d}@example.org>")
        app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, post.when)
    clock.moment = FIRST_MONDAY + timedelta(days=7 * WEEKS, minutes=1)
    processor = app.processor()
    processor.process_pending()
    processor.advance_clock(clock.moment)
    return app


def _drafts(tmp_path: Path) -> list[tuple[datetime, str]]:
    app = _played(tmp_path)
    try:
        with app.db.transaction() as session:
            rows = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
            return [
                (row.created_at, row.raw.decode("utf-8").replace("\r\n", "\n"))
                for row in rows
                if row.kind == WEEKLY
            ]
    finally:
        app.close()


def test_drafts_list_one_period_and_count_what_is_older(tmp_path: Path) -> None:
    drafts = _drafts(tmp_path)
    assert len(drafts) >= 8
    bounded = listed = 0
    for _, text in drafts:
        history = text.split("HISTORY ", 1)[1]
        found = LEFT_OUT.search(history)
        stamps = [datetime.strptime(s, "%a %d %b %Y %H:%M:%S") for s in STAMP.findall(history)]
        end = re.search(r"Date: (.+)\n", text)
        assert end is not None
        drafted = datetime.strptime(end.group(1), "%a, %d %b %Y %H:%M:%S +0000")
        bound = drafted - UNPUBLISHED_HISTORY
        if found is None:
            assert drafted - START.replace(tzinfo=None) <= UNPUBLISHED_HISTORY
            continue
        bounded += 1
        assert history.startswith("SINCE ")
        assert int(found.group(1)) > 0
        assert found.group(2).startswith("Wed 19 Apr 2023")  # the game's start
        assert all(bound <= stamp <= drafted for stamp in stamps)
        listed += bool(stamps)
    assert bounded >= 4
    assert listed >= 4


def test_a_history_leaves_each_state_unread(tmp_path: Path) -> None:
    """A history needs the events, not the whole state after each: it is never loaded."""
    app = _played(tmp_path)
    try:
        with app.db.transaction() as session:
            plain = queries.events_with_messages(session, commune_2023()["name"])
            assert plain
            assert all("state_after" in inspect(event).unloaded for event, _ in plain)
        with app.db.transaction() as session:
            whole = queries.events_with_messages(session, commune_2023()["name"], with_state=True)
            assert any(event.state_after for event, _ in whole)
            assert all("state_after" not in inspect(event).unloaded for event, _ in whole)
    finally:
        app.close()
