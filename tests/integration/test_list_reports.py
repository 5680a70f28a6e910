"""Weekly reports that go straight to the list (``publish = "list"``) show their week.

The Commune 2023 season and the Alliances week are played again through the real pipeline,
with reports published when drafted instead of drafted for the officer. Each published report
must cover the same period, with the same moves, as the draft the officer would have
published unedited: the bodies are compared with the pinned drafts, and one week with
joins, placements and grants is pinned whole (``tests/golden/commune_list_week03.eml``;
REFEREE_REGEN=1 rewrites it).
"""

from __future__ import annotations

import email
import email.policy
import os
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import test_alliances_pipeline as alliances
from sqlalchemy import select
from support import ADDRESS_IS_PROOF, LIST, FixedClock, app_for, mail, outbox_rows, settings_for
from test_commune_season import (
    FIRST_MONDAY,
    GOLDEN,
    SEASON,
    START,
    WEEKLY,
    WEEKS,
    commune_2023,
)

from referee.config import Visibility
from referee.store.models import OutboundMessage

EMPTY = "(no moves this period)"


def _text(raw: bytes) -> str:
    return raw.decode("utf-8").replace("\r\n", "\n")


def _body(raw_text: str) -> str:
    message = email.message_from_string(raw_text, policy=email.policy.default)
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def _play_season(tmp_path: Path) -> dict[int, str]:
    """The season's mail, week by week, as ``referee run`` sees it; the reports by week."""
    game = {**commune_2023(), "publish": "list"}
    # The season's Surveyor names communities on eir address alone, as in the drafted
    # season: the operator's explicit opt-in (proof of powers is not this test's subject).
    settings = settings_for(
        tmp_path, f"sqlite:///{tmp_path / 'list.sqlite3'}", games=[game], extra=ADDRESS_IS_PROOF
    )
    clock = FixedClock(START)
    app = app_for(settings, clock)
    try:
        for week in range(WEEKS):
            monday = FIRST_MONDAY + timedelta(days=7 * week)
            for index, post in enumerate(SEASON, 1):
                if monday <= post.when < monday + timedelta(days=7):
                    key = f"<commune-2023-{index:03d}@example.org>"
                    raw = mail(post.author, post.body, post.when, message_id=key)
                    app.inbox.accept(raw, "imap:list/INBOX", Visibility.PUBLIC, post.when)
            clock.moment = monday + timedelta(days=7, minutes=1)
            processor = app.processor()
            processor.process_pending()
            processor.advance_clock(clock.moment)
        with app.db.transaction() as session:
            return {
                (row.created_at - FIRST_MONDAY).days // 7: _text(row.raw)
                for row in session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
                if row.kind == WEEKLY
            }
    finally:
        app.close()


def _without_publications(body: str) -> str:
    """A draft's body without the entries of the officer's "publish" replies, which a
    report published when drafted has no need of."""
    kept = [
        paragraph
        for paragraph in body.split("\n\n")
        if "published the surveyor's report drafted" not in paragraph
    ]
    if kept[-1].endswith("HISTORY OF THE PERIOD"):  # the week had nothing else
        kept.append(f"  {EMPTY}\n")
    return "\n\n".join(kept)


@pytest.fixture(scope="module")
def list_reports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, str]]:
    yield _play_season(tmp_path_factory.mktemp("list-season"))


def test_one_report_a_week_goes_to_the_list(list_reports: dict[int, str]) -> None:
    assert sorted(list_reports) == list(range(1, WEEKS + 1))
    for report in list_reports.values():
        assert f"\nTo: {LIST}\n" in report
        assert "Subject: Commune 2023 weekly report" in report
        assert "draft for" not in report


def test_a_week_with_joins_placements_and_grants_is_pinned(
    list_reports: dict[int, str],
) -> None:
    report = list_reports[3]  # Mon 1 May to Mon 8 May: ais523 joins; tiles; investments
    for move in ("became a participant", "to place a tile at", "granted emself an investment"):
        assert move in report, move
    assert EMPTY not in report
    path = GOLDEN / "commune_list_week03.eml"
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(report, encoding="utf-8")
    assert report == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("week", range(1, WEEKS + 1))
def test_each_report_shows_the_same_week_as_the_published_draft(
    list_reports: dict[int, str], week: int
) -> None:
    """The officer publishes each draft unedited the morning after it is drafted: the list
    reads the same period and the same moves either way."""
    draft = (GOLDEN / f"commune_season_week{week:02d}.eml").read_text(encoding="utf-8")
    assert _body(list_reports[week]) == _without_publications(_body(draft))


def test_alliances_report_to_the_list_shows_the_week(tmp_path: Path) -> None:
    game = {**alliances.GAME, "publish": "list"}
    settings = settings_for(
        tmp_path,
        f"sqlite:///{tmp_path / 'alliances.sqlite3'}",
        games=[game],
        extra={"offices": {"registrar": "Aspen"}},
    )
    app = app_for(settings, FixedClock(alliances.REPORT_DUE + timedelta(hours=1)))
    try:
        alliances._play(app)
        (report,) = [r for r in outbox_rows(app) if r.kind == "notice:alliances/weekly"]
    finally:
        app.close()
    published = _text(report.raw)
    assert f"\nTo: {LIST}\n" in published
    draft = (GOLDEN / "alliances_weekly.eml").read_text(encoding="utf-8")
    assert _body(published) == _body(draft)


def test_reports_go_to_the_report_address_when_one_is_configured(tmp_path: Path) -> None:
    game = {**alliances.GAME, "publish": "list"}
    settings = settings_for(
        tmp_path,
        f"sqlite:///{tmp_path / 'alliances.sqlite3'}",
        games=[game],
        acknowledge="list",
        extra={
            "offices": {"registrar": "Aspen"},
            "referee": {"report_address": "agora-official@example.org"},
        },
    )
    app = app_for(settings, FixedClock(alliances.REPORT_DUE + timedelta(hours=1)))
    try:
        alliances._play(app)
        outbox = outbox_rows(app)
    finally:
        app.close()
    (report,) = [r for r in outbox if r.kind == "notice:alliances/weekly"]
    assert list(report.recipients) == ["agora-official@example.org"]
    assert "\nTo: agora-official@example.org\n" in _text(report.raw)
    acknowledgements = [r for r in outbox if r.kind.startswith("ack")]
    assert acknowledgements
    assert all("agora-official@example.org" not in r.recipients for r in acknowledgements)
