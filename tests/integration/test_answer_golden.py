"""Whole acknowledgement mails, pinned byte for byte (REFEREE_REGEN=1 rewrites them)."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select
from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for

from referee.config import Visibility
from referee.store.models import OutboundMessage

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

MIXED = """\
Hi all,

I become a participant in Commune. I place a tile at B3.
I place a tile at K4 please.

On Wed, 19 Apr 2023 at 09:00, Janet <janet@example.net> wrote:
> I become a participant in Commune.
> I place a tile at G6.

--
nix
"""


def _check(name: str, raw: bytes) -> None:
    path = GOLDEN / name
    text = raw.decode("utf-8").replace("\r\n", "\n")
    if os.environ.get("REFEREE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def _answers(
    tmp_path: Path, sqlite_url: str, body: str, author: str = "nix", subject: str = "Joining"
) -> list[OutboundMessage]:
    settings = settings_for(tmp_path, sqlite_url, games=[commune_game()])
    app = app_for(settings, FixedClock(COMMUNE_START + timedelta(days=1)))
    when = COMMUNE_START + timedelta(hours=10)
    raw = mail(author, body, when, message_id="<mixed-1@example.org>", subject=subject)
    app.inbox.accept(raw, "test", Visibility.PUBLIC, when)
    app.processor().process_pending()
    with app.db.transaction() as session:
        rows = list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
    app.close()
    return rows


def test_acknowledgement_of_a_mixed_message(tmp_path: Path, sqlite_url: str) -> None:
    rows = _answers(tmp_path, sqlite_url, MIXED)
    assert len(rows) == 1
    assert rows[0].recipients == ["nix@example.org"]
    _check("ack_mixed.eml", rows[0].raw)


def test_answer_to_an_unregistered_sender(tmp_path: Path, sqlite_url: str) -> None:
    rows = _answers(
        tmp_path, sqlite_url, "I become a participant in Commune.", "stranger@example.net"
    )
    assert [r.recipients for r in rows] == [["stranger@example.net"]]
    _check("ack_unknown_sender.eml", rows[0].raw)


def test_an_action_written_only_in_the_subject_is_told(tmp_path: Path, sqlite_url: str) -> None:
    rows = _answers(
        tmp_path,
        sqlite_url,
        "See the subject.\n",
        subject="[Commune] I become a participant in Commune",
    )
    assert len(rows) == 1
    _check("ack_subject_only.eml", rows[0].raw)


def test_a_subject_the_body_repeats_is_not_told(tmp_path: Path, sqlite_url: str) -> None:
    rows = _answers(
        tmp_path,
        sqlite_url,
        "I become a participant in Commune.\n",
        subject="I become a participant in Commune",
    )
    assert len(rows) == 1
    text = rows[0].raw.decode("utf-8")
    assert "APPLIED" in text and "Not understood" not in text


def test_a_replys_subject_is_the_earlier_messages(tmp_path: Path, sqlite_url: str) -> None:
    rows = _answers(
        tmp_path,
        sqlite_url,
        "Nice.\n",
        subject="Re: I become a participant in Commune",
    )
    assert rows == []
