"""A weekly report's board attached to its mail (``attach_board = true``): the draft is
multipart/mixed, its text exactly the text alone would be, then the board as SVG; the
officer's "publish" sends the same two parts to the list.

One whole draft is pinned (``tests/golden/alliances_weekly_with_board.eml``; REFEREE_REGEN=1
rewrites it).
"""

from __future__ import annotations

import email
import email.policy
import xml.etree.ElementTree as ET
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import test_alliances_pipeline as alliances
from support import LIST, FixedClock, app_for, mail, outbox_rows, settings_for

from referee.app import App
from referee.config import Visibility
from referee.engine.history import state_at
from referee.reports.svg import draw_board

WEEKLY = "notice:alliances/weekly"


def _app(tmp_path: Path, database_url: str, **game: Any) -> App:
    settings = settings_for(
        tmp_path,
        database_url,
        games=[{**alliances.GAME, **game}],
        extra={
            "offices": {"registrar": "Aspen"},
            # The Registrar proves emself by eir address (this test is not about proofs).
            "powers": {"offices": {"registrar": ["address"]}},
        },
    )
    return app_for(settings, FixedClock(alliances.REPORT_DUE + timedelta(hours=1)))


def _parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _weekly(app: App) -> list[EmailMessage]:
    return [_parsed(row.raw) for row in outbox_rows(app) if row.kind == WEEKLY]


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def test_the_board_is_off_by_default(tmp_path: Path) -> None:
    app = _app(tmp_path, f"sqlite:///{tmp_path / 'off.sqlite3'}")
    try:
        alliances._play(app)
        (draft,) = _weekly(app)
    finally:
        app.close()
    assert draft.get_content_type() == "text/plain"


def test_the_drafted_report_carries_its_board(tmp_path: Path, database_url: str) -> None:
    app = _app(tmp_path, database_url, attach_board=True)
    try:
        alliances._play(app)
        (row,) = [row for row in outbox_rows(app) if row.kind == WEEKLY]
        game = app.game("Alliances")
        with app.db.transaction() as session:
            state = game.load(state_at(session, game, alliances.REPORT_DUE).state)
        picture = game.picture(state)
    finally:
        app.close()
    alliances._check("alliances_weekly_with_board.eml", row.raw)
    draft = _parsed(row.raw)
    assert draft.get_content_type() == "multipart/mixed"
    text, board = list(draft.iter_parts())
    # The text is the first part, exactly the draft without the option.
    assert text.get_content_type() == "text/plain"
    alone = _parsed((alliances.GOLDEN / "alliances_weekly.eml").read_bytes())
    assert _text(draft) == _text(alone)
    assert board.get_content_type() == "image/svg+xml"
    assert board.get_filename() == "alliances-board.svg"
    assert board.get_content_disposition() == "attachment"
    svg = bytes(board.get_payload(decode=True))
    assert picture is not None and picture.board is not None
    assert svg.decode("utf-8") == draw_board(picture.board)  # the state the text reports
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Aspen's intent 3 to join" in svg.decode("utf-8")


def test_publishing_the_draft_sends_its_board_too(tmp_path: Path) -> None:
    app = _app(tmp_path, f"sqlite:///{tmp_path / 'publish.sqlite3'}", attach_board=True)
    try:
        alliances._play(app)
        (draft,) = _weekly(app)
        at = alliances.REPORT_DUE + timedelta(hours=2)
        reply = mail(
            "Aspen",
            "publish",
            at,
            subject=f"Re: {draft['Subject']}",
            headers={"In-Reply-To": str(draft["Message-ID"])},
            via_list=False,
        )
        app.inbox.accept(reply, "imap:private/INBOX", Visibility.PRIVATE, at)
        app.processor().process_pending()
        (published,) = [
            _parsed(row.raw)
            for row in outbox_rows(app)
            if row.kind == "report" and LIST in row.recipients
        ]
    finally:
        app.close()
    assert _text(published) == _text(draft)
    (board,) = list(published.iter_attachments())
    (drafted,) = list(draft.iter_attachments())
    assert board.get_filename() == drafted.get_filename() == "alliances-board.svg"
    assert board.get_payload(decode=True) == drafted.get_payload(decode=True)


@pytest.mark.parametrize("value", ["yes", 1])
def test_attach_board_is_true_or_false(tmp_path: Path, value: object) -> None:
    from referee.config import ConfigProblems, parse_settings

    data = {
        "referee": {"bot_address": "referee@example.org"},
        "game": [{**alliances.GAME, "attach_board": value}],
    }
    with pytest.raises(ConfigProblems) as caught:
        parse_settings(data, tmp_path, None)
    assert any("game[0].attach_board" in str(p) for p in caught.value.problems)


def test_okinawa_s_maps_carry_the_alliances_as_they_stand_when_drafted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    import test_okinawa_season as okinawa

    monkeypatch.setattr(okinawa, "OKINAWA", {**okinawa.OKINAWA, "attach_board": True})
    season = okinawa.play(tmp_path, f"sqlite:///{tmp_path / 'okinawa.sqlite3'}")
    season.app.close()
    maps = [_parsed(row.raw) for row in season.maps()]
    assert len(maps) == len(okinawa.MAPS)
    for date, message in zip(okinawa.MAPS, maps, strict=True):
        text = _text(message)
        pinned = _parsed((alliances.GOLDEN / f"okinawa_season_map_{date}.eml").read_bytes())
        assert text == _text(pinned), date  # the text is the map without the option
        (board,) = list(message.iter_attachments())
        assert board.get_filename() == "okinawa-board.svg"
        svg = bytes(board.get_payload(decode=True)).decode("utf-8")
        section = text.split("ALLIANCES WITH MORE THAN ONE MEMBER")[1].split("AIRBORNE")[0]
        _quote, listed = section.strip().split("\n\n")[:2]
        groups = [line.strip() for line in listed.splitlines()]
        if groups[0].startswith("(none"):
            assert "allied with" not in svg, date
            groups = []
        said = "; ".join(groups) or "none"
        assert f"Alliances with more than one member: {said}." in svg, date
        on_grid = set(re.findall(r"^    \w = (\S+) \(", text, re.M))
        for group in groups:
            members = re.split(r", | and ", group)
            for member in set(members) & on_grid:
                others = ", ".join(m for m in members if m != member)
                assert f"{member}, allied with {others}:" in svg, (date, member)
        for mark, name, count in re.findall(r"^    (\w) = (\S+) \((\d+) Stones?\)$", text, re.M):
            assert f"{mark} {name}" in svg and f": {count} on the grid" in svg, (date, name)
