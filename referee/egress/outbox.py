"""The outbox: mail is queued in the transaction that decided it, and sent afterwards."""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from weakref import WeakKeyDictionary

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.clock import utc
from referee.egress.compose import POLICY
from referee.egress.senders import MailSender, PermanentSendError
from referee.store.db import Database
from referee.store.models import OutboundMessage

log = logging.getLogger("referee.outbox")

# Per database, the messages the server accepted whose record as sent the database then
# refused: the next drain records them without sending them again.
_SENT_UNRECORDED: WeakKeyDictionary[Database, set[int]] = WeakKeyDictionary()


class OutStatus(enum.StrEnum):
    QUEUED = "queued"
    SENT = "sent"
    FAILED = "failed"  # permanently refused by the server; kept for the operator
    SUPPRESSED = "suppressed"  # decided during a replay: recorded, never sent


def enqueue(
    session: Session,
    message: EmailMessage,
    recipients: Sequence[str],
    *,
    kind: str,
    inbound_id: int | None,
    now: datetime,
    suppressed: bool = False,
) -> OutboundMessage | None:
    """Queue ``message``; a message whose Message-ID is already queued is not queued twice."""
    message_id = str(message["Message-ID"])
    existing = session.scalar(
        select(OutboundMessage).where(OutboundMessage.message_id == message_id)
    )
    if existing is not None:
        return None
    row = OutboundMessage(
        message_id=message_id,
        inbound_id=inbound_id,
        kind=kind,
        recipients=list(recipients),
        raw=message.as_bytes(policy=POLICY),
        status=(OutStatus.SUPPRESSED if suppressed else OutStatus.QUEUED).value,
        attempts=0,
        created_at=utc(now),
        next_attempt_at=utc(now),
    )
    session.add(row)
    return row


@dataclass(frozen=True)
class DrainResult:
    sent: int
    retried: int
    failed: int


def drain(
    db: Database,
    sender: MailSender,
    now: datetime,
    *,
    retry_seconds: float = 30.0,
    max_retry_seconds: float = 3600.0,
) -> DrainResult:
    """Send every queued message that is due; failures are retried later with backoff.

    Each attempt is committed before the mail leaves, with its next attempt already
    scheduled: a database that refuses writes stops the drain before a message is sent,
    never after a send it cannot record (which would send it again once the database
    works). The outcome is recorded in a transaction begun before the send, so that the
    record follows the server's acceptance at once, with no wait for a lock, and a
    sender that keeps one connection for the drain (``sender.session()``) sends no QUIT
    between them. If the database then fails to record it, the process remembers the
    message as sent and the next drain records it without sending it again. Only a crash
    in that instant between the acceptance and the commit sends a message twice (with
    the same Message-ID).
    """
    sent = retried = failed = 0
    with db.transaction() as session:
        due = list(
            session.scalars(
                select(OutboundMessage.id)
                .where(OutboundMessage.status == OutStatus.QUEUED.value)
                .where(OutboundMessage.next_attempt_at <= utc(now))
                .order_by(OutboundMessage.id)
            )
        )
    if not due:
        return DrainResult(0, 0, 0)
    opened = getattr(sender, "session", None)
    with opened() if callable(opened) else nullcontext(sender) as channel:
        for row_id in due:
            outcome = _send_one(db, channel, row_id, now, retry_seconds, max_retry_seconds)
            sent += outcome == "sent"
            retried += outcome == "retried"
            failed += outcome == "failed"
    return DrainResult(sent, retried, failed)


def _send_one(
    db: Database,
    sender: MailSender,
    row_id: int,
    now: datetime,
    retry_seconds: float,
    max_retry_seconds: float,
) -> str:
    """Send one queued message; "sent", "retried", "failed", or "" if it was not due."""
    unrecorded = _SENT_UNRECORDED.setdefault(db, set())
    with db.transaction() as session:
        row = session.get(OutboundMessage, row_id)
        if row is None or row.status != OutStatus.QUEUED.value:
            return ""
        if row_id in unrecorded:
            # Sent in this process, but the database failed to record it: record it now.
            row.status = OutStatus.SENT.value
            row.sent_at = utc(now)
            row.last_error = None
            recorded_late = True
        else:
            recorded_late = False
    if recorded_late:
        unrecorded.discard(row_id)
        return "sent"
    with db.transaction() as session:
        row = session.get(OutboundMessage, row_id)
        if row is None or row.status != OutStatus.QUEUED.value:
            return ""
        row.attempts += 1
        attempt = row.attempts
        delay = min(max_retry_seconds, retry_seconds * 2 ** (attempt - 1))
        delay *= 1 + random.random() * 0.1
        row.next_attempt_at = utc(now) + timedelta(seconds=delay)
    accepted = False  # by the server: from then on, never sent again by this process
    try:
        with db.transaction() as session:
            row = session.get(OutboundMessage, row_id)
            if row is None or row.status != OutStatus.QUEUED.value or row.attempts != attempt:
                return ""  # another drain took it meanwhile
            message_id = row.message_id
            try:
                sender.send(row.raw, list(row.recipients))
            except PermanentSendError as error:
                row.status = OutStatus.FAILED.value
                row.last_error = str(error)
                log.error("outgoing message %s refused for good: %s", message_id, error)
                return "failed"
            except Exception as error:  # any transport failure: try again at the time set
                row.last_error = f"{type(error).__name__}: {error}"
                log.warning(
                    "sending %s failed (attempt %d), retrying in %.0f s: %s",
                    message_id,
                    attempt,
                    delay,
                    row.last_error,
                )
                return "retried"
            accepted = True
            row.status = OutStatus.SENT.value
            row.sent_at = utc(now)
            row.last_error = None
            return "sent"
    except BaseException:
        if accepted:  # the record failed (the database refused it): it is made later
            unrecorded.add(row_id)
        raise
