"""Serving for real: the LMTP server as configured, envelope senders that keep bounces
away from robots (RFC 3834), and failure reports that come back marked in the outbox."""

from __future__ import annotations

import smtplib
from datetime import UTC, datetime
from pathlib import Path

import pytest
from servers.ports import LOOPBACK, free_port
from servers.smtp import SmtpSink
from sqlalchemy import select
from support import settings_for

from referee.config import LmtpSettings, Visibility
from referee.egress.bounces import BOUNCED, delivery_failure
from referee.egress.compose import compose, new_message_id
from referee.egress.outbox import OutStatus, drain, enqueue
from referee.egress.senders import SmtpSender
from referee.ingress.inbox import Inbox
from referee.ingress.lmtp import lmtp_from_settings
from referee.store.db import Database
from referee.store.models import InboundMessage, OutboundMessage

NOW = datetime(2023, 5, 1, 12, tzinfo=UTC)
BOT = "referee@example.org"


def test_lmtp_from_the_settings_accepts_only_its_recipients_and_greets_as_configured(
    inbox: Inbox,
) -> None:
    settings = LmtpSettings(
        enabled=True,
        host=LOOPBACK,
        port=free_port(),
        visibility=Visibility.PRIVATE,
        recipients=("referee@agoranomic.test", "games@agoranomic.test"),
        banner="Agora games LMTP",
        server_name="games.agoranomic.test",
    )
    controller = lmtp_from_settings(settings, inbox)
    controller.start()
    try:
        client = smtplib.LMTP()
        code, greeting = client.connect(LOOPBACK, settings.port)
        assert (code, greeting) == (220, b"games.agoranomic.test Agora games LMTP")
        client.ehlo_or_helo_if_needed()
        assert client.mail("nix@players.test")[0] == 250
        assert client.rcpt("stranger@agoranomic.test")[0] == 550
        assert client.rcpt("Games@agoranomic.test")[0] == 250
        client.quit()
    finally:
        controller.stop()


def _queue(db: Database, *, auto_reply: bool) -> str:
    message_id = new_message_id(BOT, "serve", str(auto_reply))
    with db.transaction() as session:
        message = compose(
            sender=BOT,
            sender_name="Referee",
            to=["nix@example.org"],
            subject="answer",
            body="body\n",
            message_id=message_id,
            date=NOW,
            auto_reply=auto_reply,
        )
        enqueue(session, message, ["nix@example.org"], kind="ack", inbound_id=None, now=NOW)
    return message_id


def _smtp(tmp_path: Path, db: Database, sink: SmtpSink, bounce: str | None) -> SmtpSender:
    smtp = {"mode": "smtp", "host": LOOPBACK, "port": sink.port, "tls": "none"}
    if bounce:
        smtp["bounce_address"] = bounce
    return SmtpSender(settings_for(tmp_path, db.url, extra={"smtp": smtp}).smtp, timeout=5)


def test_automatic_answers_go_with_an_empty_envelope_sender(
    tmp_path: Path, sqlite_database: Database, smtp_sink: SmtpSink
) -> None:
    answer = _queue(sqlite_database, auto_reply=True)
    report = _queue(sqlite_database, auto_reply=False)
    assert drain(sqlite_database, _smtp(tmp_path, sqlite_database, smtp_sink, None), NOW).sent == 2
    received = {
        m.raw.split(b"Message-ID: ")[1].split(b"\r\n")[0].decode(): m.mail_from
        for m in smtp_sink.wait_for(2)
    }
    assert received == {answer: "<>", report: BOT}


def test_a_bounce_address_is_every_message_s_envelope_sender(
    tmp_path: Path, sqlite_database: Database, smtp_sink: SmtpSink
) -> None:
    _queue(sqlite_database, auto_reply=True)
    _queue(sqlite_database, auto_reply=False)
    sender = _smtp(tmp_path, sqlite_database, smtp_sink, "bounces@example.org")
    assert drain(sqlite_database, sender, NOW).sent == 2
    assert {m.mail_from for m in smtp_sink.wait_for(2)} == {"bounces@example.org"}


def _report(message_id: str, *, headers_only: bool = False, action: str = "failed") -> bytes:
    returned = (
        f"Content-Type: text/rfc822-headers\r\n\r\nFrom: Referee <{BOT}>\r\n"
        f"Message-ID: {message_id}\r\nSubject: answer\r\n"
        if headers_only
        else f"Content-Type: message/rfc822\r\n\r\nFrom: Referee <{BOT}>\r\n"
        f"Message-ID: {message_id}\r\nSubject: answer\r\n\r\nbody\r\n"
    )
    return (
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.net>\r\n"
        "To: <>\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        "Message-ID: <dsn.1@mx.example.net>\r\nDate: Mon, 01 May 2023 12:05:00 +0000\r\n"
        "Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n'
        "--B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you...\r\n"
        "--B\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.net\r\n\r\n"
        "Final-Recipient: rfc822; nix@example.org\r\n"
        f"Action: {action}\r\nStatus: 5.1.1\r\n"
        "Diagnostic-Code: smtp; 550 5.1.1 <nix@example.org>:\r\n"
        "    Recipient address rejected: User unknown\r\n\r\n"
        f"--B\r\n{returned}--B--\r\n"
    ).encode()


def test_a_failure_report_is_recognised_in_each_form() -> None:
    for headers_only in (False, True):
        failure = delivery_failure(_report("<referee.x@example.org>", headers_only=headers_only))
        assert failure is not None
        assert failure.message_id == "<referee.x@example.org>"
        assert failure.failed == (
            (
                "nix@example.org",
                "5.1.1 smtp; 550 5.1.1 <nix@example.org>: Recipient address rejected: User unknown",
            ),
        )
    assert delivery_failure(_report("<referee.x@example.org>", action="delayed")) is None
    assert delivery_failure(b"From: nix@example.org\r\n\r\nNot a report\r\n") is None
    assert delivery_failure(b"") is None


def test_a_failure_report_that_comes_back_marks_the_outbox(
    tmp_path: Path, sqlite_database: Database, inbox: Inbox
) -> None:
    message_id = _queue(sqlite_database, auto_reply=True)
    assert drain(sqlite_database, _FileLike(), NOW).sent == 1
    inbox.accept(_report(message_id), route="lmtp", visibility=Visibility.PRIVATE, arrived_at=NOW)
    # One about mail the referee never sent changes nothing.
    inbox.accept(
        _report("<someone.else@example.net>").replace(b"dsn.1", b"dsn.2"),
        route="lmtp",
        visibility=Visibility.PRIVATE,
        arrived_at=NOW,
    )
    with sqlite_database.transaction() as session:
        row = session.scalars(select(OutboundMessage)).one()
        assert row.status == BOUNCED != OutStatus.SENT.value
        assert row.last_error is not None
        assert row.last_error.startswith("delivery failed (nix@example.org: 5.1.1")
        assert len(session.scalars(select(InboundMessage)).all()) == 2  # both kept as mail


class _FileLike:
    def send(self, raw: bytes, recipients: list[str]) -> None:
        """Accepts everything: the transport is not what this test is about."""


def test_the_outbox_command_shows_what_came_back(
    tmp_path: Path, sqlite_database: Database, inbox: Inbox, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from referee.cli.outbox import cmd_outbox

    message_id = _queue(sqlite_database, auto_reply=True)
    _queue(sqlite_database, auto_reply=False)
    drain(sqlite_database, _FileLike(), NOW)
    inbox.accept(_report(message_id), route="lmtp", visibility=Visibility.PRIVATE, arrived_at=NOW)
    settings = settings_for(tmp_path, sqlite_database.url)
    assert cmd_outbox(settings, argparse.Namespace(status=None, limit=50)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[1:3] == ["bounced", "nix@example.org"]
    assert lines[1].strip().startswith("delivery failed (nix@example.org: 5.1.1 smtp; 550")
    assert cmd_outbox(settings, argparse.Namespace(status=["queued"], limit=50)) == 0
    assert capsys.readouterr().out == "no outgoing mail is queued\n"
    assert cmd_outbox(settings, argparse.Namespace(status=["sent"], limit=50)) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1
