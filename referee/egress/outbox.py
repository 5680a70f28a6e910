"""The outbox: mail is queued in the transaction that decided it, and sent afterwards."""

from __future__ import annotations

import enum
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.clock import utc
from referee.egress.compose import POLICY
from referee.egress.senders import MailSender, PermanentSendError
from referee.store.db import Database
from referee.store.models import OutboundMessage

log = logging.getLogger("referee.outbox")


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
    scheduled, and its outcome in a second transaction after. A database that refuses
    writes therefore stops the drain before a message is sent, never after a send it
    cannot record (which would send it again once the database works). Only a crash, or
    a database failing, in the instant between the server's acceptance and that record
    sends a message twice, with the same Message-ID, after the retry delay.
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
    for row_id in due:
        with db.transaction() as session:
            row = session.get(OutboundMessage, row_id)
            if row is None or row.status != OutStatus.QUEUED.value:
                continue
            row.attempts += 1
            attempt = row.attempts
            delay = min(max_retry_seconds, retry_seconds * 2 ** (attempt - 1))
            delay *= 1 + random.random() * 0.1
            row.next_attempt_at = utc(now) + timedelta(seconds=delay)
            message_id, raw, recipients = row.message_id, row.raw, list(row.recipients)
        error: Exception | None = None
        try:
            sender.send(raw, recipients)
        except Exception as refused:
            error = refused
        with db.transaction() as session:
            row = session.get(OutboundMessage, row_id)
            if row is None:
                continue
            if error is None:
                row.status = OutStatus.SENT.value
                row.sent_at = utc(now)
                row.last_error = None
                sent += 1
            elif isinstance(error, PermanentSendError):
                row.status = OutStatus.FAILED.value
                row.last_error = str(error)
                failed += 1
                log.error("outgoing message %s refused for good: %s", message_id, error)
            else:  # any transport failure: try again at the time set with the attempt
                row.last_error = f"{type(error).__name__}: {error}"
                retried += 1
                log.warning(
                    "sending %s failed (attempt %d), retrying in %.0f s: %s",
                    message_id,
                    attempt,
                    delay,
                    row.last_error,
                )
    return DrainResult(sent, retried, failed)
