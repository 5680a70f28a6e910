"""The outbox against a real SMTP server that goes away for a while and comes back."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta
from pathlib import Path

from servers.ports import LOOPBACK
from servers.smtp import SmtpSink
from sqlalchemy import select
from support import settings_for

from referee.egress.compose import compose, new_message_id
from referee.egress.outbox import OutStatus, drain, enqueue
from referee.egress.senders import SmtpSender
from referee.store.db import Database
from referee.store.models import OutboundMessage

NOW = datetime(2023, 5, 1, 12, tzinfo=UTC)


def _queue(db: Database, count: int) -> list[str]:
    ids = []
    with db.transaction() as session:
        for index in range(count):
            message_id = new_message_id("referee@example.org", "test", str(index))
            message = compose(
                sender="referee@example.org",
                sender_name="Referee",
                to=[f"player{index}@example.org"],
                subject=f"answer {index}",
                body=f"body {index}\n",
                message_id=message_id,
                date=NOW,
            )
            enqueue(
                session,
                message,
                [f"player{index}@example.org"],
                kind="ack",
                inbound_id=None,
                now=NOW,
            )
            ids.append(message_id)
    return ids


def test_server_down_then_back_delivers_everything_once(
    tmp_path: Path, sqlite_database: Database, smtp_sink: SmtpSink
) -> None:
    settings = settings_for(
        tmp_path,
        sqlite_database.url,
        extra={"smtp": {"mode": "smtp", "host": LOOPBACK, "port": smtp_sink.port, "tls": "none"}},
    )
    sender = SmtpSender(settings.smtp, timeout=5)
    ids = _queue(sqlite_database, 3)

    smtp_sink.stop()
    down = drain(sqlite_database, sender, NOW, retry_seconds=30)
    assert (down.sent, down.retried, down.failed) == (0, 3, 0)
    # Not yet due: nothing is tried again before the backoff has passed.
    assert drain(sqlite_database, sender, NOW + timedelta(seconds=10)).retried == 0
    still_down = drain(sqlite_database, sender, NOW + timedelta(seconds=40), retry_seconds=30)
    assert still_down.retried == 3
    with sqlite_database.transaction() as session:
        rows = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        assert [r.attempts for r in rows] == [2, 2, 2]
        assert all(r.next_attempt_at >= NOW + timedelta(seconds=100) for r in rows)  # doubled
        assert all(r.last_error for r in rows)

    smtp_sink.start()
    back = drain(sqlite_database, sender, NOW + timedelta(minutes=10))
    assert (back.sent, back.retried) == (3, 0)
    assert drain(sqlite_database, sender, NOW + timedelta(hours=1)).sent == 0  # never twice
    received = smtp_sink.wait_for(3)
    assert len(received) == 3
    got = sorted(
        str(email.message_from_bytes(m.raw, policy=email.policy.default)["Message-ID"])
        for m in received
    )
    assert got == sorted(ids)  # the Message-ID fixed at queueing time survives the retries
    with sqlite_database.transaction() as session:
        assert {r.status for r in session.scalars(select(OutboundMessage))} == {
            OutStatus.SENT.value
        }


def test_a_refused_recipient_is_failed_not_retried_forever(
    tmp_path: Path, sqlite_database: Database
) -> None:
    from aiosmtpd.controller import Controller

    class Refuser:
        async def handle_RCPT(
            self,
            server: object,
            session: object,
            envelope: object,
            address: str,
            options: list[str],
        ) -> str:
            return "550 5.1.1 no such user"

    from servers.ports import free_port

    port = free_port()
    controller = Controller(Refuser(), hostname=LOOPBACK, port=port)
    controller.start()
    try:
        settings = settings_for(
            tmp_path,
            sqlite_database.url,
            extra={"smtp": {"mode": "smtp", "host": LOOPBACK, "port": port, "tls": "none"}},
        )
        _queue(sqlite_database, 1)
        result = drain(sqlite_database, SmtpSender(settings.smtp, timeout=5), NOW)
    finally:
        controller.stop()
    assert (result.sent, result.retried, result.failed) == (0, 0, 1)
    with sqlite_database.transaction() as session:
        row = session.scalars(select(OutboundMessage)).one()
        assert row.status == OutStatus.FAILED.value
        assert "refused" in (row.last_error or "")
