"""Small helpers shared by the ingress tests: test messages, waiting, what the inbox holds."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import format_datetime

from sqlalchemy import func, select

from referee.store.db import Database
from referee.store.models import ImapCursor, InboundMessage, MessageArrival


def make_message(
    subject: str = "test",
    *,
    message_id: str | None = None,
    body: str = "I place a tile at G6.",
    date: datetime | None = None,
    extra_headers: str = "",
) -> bytes:
    """A small RFC 5322 message with CRLF line ends and a unique Message-ID."""
    message_id = message_id or f"<{uuid.uuid4().hex}@players.test>"
    date = date or datetime.now(UTC)
    text = (
        "From: Player One <one@players.test>\r\n"
        "To: agora-business@agoranomic.test\r\n"
        f"Subject: {subject}\r\n"
        f"Date: {format_datetime(date)}\r\n"
        f"Message-ID: {message_id}\r\n"
        f"{extra_headers}"
        "\r\n"
        f"{body}\r\n"
    )
    return text.encode()


def wait_until(predicate: Callable[[], bool], timeout: float, interval: float = 0.02) -> float:
    """Wait until ``predicate()`` is true; return the seconds it took, or raise TimeoutError."""
    started = time.monotonic()
    while True:
        if predicate():
            return time.monotonic() - started
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"condition not met within {timeout} s")
        time.sleep(interval)


@dataclass(frozen=True)
class Stored:
    key: str
    raw: bytes
    route: str
    arrived_at: datetime


def stored_messages(db: Database) -> list[Stored]:
    with db.transaction() as session:
        rows = session.scalars(select(InboundMessage).order_by(InboundMessage.id)).all()
        return [Stored(r.message_key, r.raw, r.route, r.arrived_at) for r in rows]


def message_count(db: Database) -> int:
    with db.transaction() as session:
        return session.scalar(select(func.count()).select_from(InboundMessage)) or 0


def arrival_routes(db: Database) -> list[str]:
    with db.transaction() as session:
        return list(session.scalars(select(MessageArrival.route).order_by(MessageArrival.id)))


def cursors(db: Database) -> dict[tuple[str, str], tuple[int, int]]:
    with db.transaction() as session:
        rows = session.scalars(select(ImapCursor)).all()
        return {(r.source, r.folder): (r.uidvalidity, r.last_uid) for r in rows}
