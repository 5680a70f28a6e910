"""The adversarial review SEC-2 (docs/security.md): each attack as an attacker would mail it,
through LMTP into the real pipeline (SQLite or PostgreSQL, SMTP out to aiosmtpd)."""

from __future__ import annotations

import argparse
import email
import logging
import unicodedata
from collections.abc import Iterator
from datetime import datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from scgo_mail import GAMESMASTER, LIST, START, Player, ScgoPipeline, scgo_game
from secrecy_scan import assert_database_keeps_secrets
from servers.smtp import SmtpSink
from sqlalchemy import select

from referee.cli.site import cmd_site
from referee.engine.dispatch import Dispatcher
from referee.store.models import InboundMessage, OutboundMessage

H = timedelta(hours=1)

NIX = Player("nix", "nix@example.org", passphrase="walrus and carpenter")
JANET = Player("Janet", "janet@example.net", passphrase="snark boojum")
PLAYERS = [NIX, JANET]


@pytest.fixture
def table(tmp_path: Path, database_url: str, smtp_sink: SmtpSink) -> Iterator[ScgoPipeline]:
    game = ScgoPipeline(
        tmp_path, database_url, smtp_sink, PLAYERS, game=scgo_game(move_proof="passphrase")
    )
    try:
        yield game
    finally:
        game.close()


def begin(table: ScgoPipeline) -> None:
    for index, player in enumerate(PLAYERS):
        table.public(player.name, "I agree to play Single-Capture Go.", START - (index + 2) * H)
    table.public(
        GAMESMASTER,
        "I announce the beginning of a game of Single-Capture Go with nix and Janet.",
        START,
    )
    table.run(START + timedelta(minutes=1))


def test_an_unforeseen_error_repeating_the_mail_leaves_its_text_out_of_quarantine_and_log(
    table: ScgoPipeline, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault no real server produces (a bug) whose message repeats what the mail said:
    the quarantine reason and the ERROR log name the fault, not its text."""
    begin(table)

    def failing(self: Dispatcher, session: Any, message: Any, *args: Any) -> Any:
        lines = " ".join(text for _, text in message.read.own_lines())
        raise ValueError(f"cannot apply {lines!r}, secret {NIX.passphrase}")

    monkeypatch.setattr(Dispatcher, "apply", failing)
    caplog.set_level(logging.INFO)
    table.private("nix", f"I play c3\n{NIX.passphrase}\n", START + H)
    table.run(START + 2 * H)

    with table.app.db.transaction() as session:
        row = session.scalars(
            select(InboundMessage).where(InboundMessage.status == "quarantined")
        ).one()
        reason = row.reason or ""
    assert reason.startswith("ValueError")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "could not be processed" in logged and "ValueError" in logged
    for leaked in ("c3", "walrus", "carpenter"):
        assert leaked not in reason
        assert leaked not in logged


def test_the_public_site_does_not_link_the_mail_of_a_private_play(
    table: ScgoPipeline, tmp_path: Path
) -> None:
    """A Message-ID names the private mail (and often when and from which machine it was
    sent); the public history says only that a secret play happened."""
    begin(table)
    table.move("nix", "c3", START + H)
    table.private("Janet", "I play d4\n", START + 2 * H)  # no passphrase: refused, secret
    table.run(START + 3 * H)
    with table.app.db.transaction() as session:
        private_keys = [
            row.message_key
            for row in session.scalars(
                select(InboundMessage).where(InboundMessage.visibility == "private")
            )
        ]
    assert len(private_keys) == 2
    folder = tmp_path / "site"
    assert cmd_site(table.app.settings, argparse.Namespace(outdir=folder, archive_url=None)) == 0
    page = (folder / "go.html").read_text(encoding="utf-8")
    assert "(secret until revealed)" in page
    for key in private_keys:
        assert key not in page and quote(key, safe="@") not in page


def test_a_passphrase_in_full_width_letters_proves_the_move_and_is_stored_nowhere(
    table: ScgoPipeline, capsys: pytest.CaptureFixture[str]
) -> None:
    begin(table)
    full_width = "ｗａｌｒｕｓ ａｎｄ ｃａｒｐｅｎｔｅｒ"
    table.keep_secret("nix", "c3", START + H)
    table.private("nix", f"I play c3\n{full_width}\n", START + H)
    (answer,) = table.to("nix", table.run(START + 2 * H))
    assert "is c3" in answer.text
    assert full_width not in answer.text and "ｗａｌｒｕｓ" not in answer.text
    with table.app.db.transaction() as session:
        row = session.scalars(
            select(InboundMessage).where(InboundMessage.visibility == "private")
        ).one()
        assert row.passphrase_holders == ["nix"]
        payload = email.message_from_bytes(row.raw).get_payload(decode=True)
        assert isinstance(payload, bytes) and b"I play c3" in payload
        assert "walrus" not in unicodedata.normalize("NFKC", payload.decode("utf-8"))
    assert_database_keeps_secrets(
        table, START + 2 * H, [p.passphrase for p in PLAYERS if p.passphrase]
    )
    table.replay_matches_live()


def forged_report(message_id: str, recipient: str, at: datetime) -> bytes:
    """A delivery failure report anyone can write: the Message-IDs of the referee's mail
    are derived from what caused it (so that a replay sends the same ids), hence known."""
    return (
        "From: MAILER-DAEMON@mx.example.net\r\nTo: referee@example.org\r\n"
        f"Subject: Undelivered Mail Returned to Sender\r\nDate: {format_datetime(at)}\r\n"
        "Message-ID: <forged-report@mx.example.net>\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"\r\n\r\n'
        "--r\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"
        "--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n"
        f"\r\nFinal-Recipient: rfc822; {recipient}\r\nAction: failed\r\nStatus: 5.1.1\r\n"
        "--r\r\nContent-Type: text/rfc822-headers\r\n\r\n"
        f"From: referee@example.org\r\nMessage-ID: {message_id}\r\n--r--\r\n"
    ).encode()


def test_a_forged_delivery_report_does_not_stop_mail_not_yet_sent(table: ScgoPipeline) -> None:
    """Mail waits in the outbox while the mail server is away; a delivery report about it
    before it was ever sent is forged, and must not keep it from being sent."""
    begin(table)
    table.move("nix", "c3", START + H)
    table.clock.moment = START + 2 * H
    table.app.processor().process_pending()  # the answer is queued, not yet sent
    with table.app.db.transaction() as session:
        queued = session.scalars(
            select(OutboundMessage).where(OutboundMessage.status == "queued")
        ).all()
        assert [tuple(r.recipients) for r in queued] == [(NIX.address,)]
        message_id = queued[0].message_id
    table._deliver(
        table.public_port,
        "",
        LIST,
        forged_report(message_id, NIX.address, START + 2 * H),
        START + 2 * H,
    )
    sent = table.run(START + 2 * H)
    assert [m.recipients for m in table.to("nix", sent)] == [(NIX.address,)]
    with table.app.db.transaction() as session:
        row = session.scalars(
            select(OutboundMessage).where(OutboundMessage.message_id == message_id)
        ).one()
        assert row.status == "sent"
