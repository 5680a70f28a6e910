"""Mail decided while a message is applied, queued once the message is done.

Dispatch decides each notice at the moment its cause happens (who holds the office then,
what the report says then) and keeps it here; the runner queues everything, in the order
it was decided, after the message's actions and before its answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage

from sqlalchemy.orm import Session

from referee.egress.outbox import enqueue


@dataclass(frozen=True)
class DecidedMail:
    message: EmailMessage
    recipients: tuple[str, ...]
    kind: str
    inbound_id: int | None
    at: datetime
    suppressed: bool
    """Decided again by a replay: recorded, never sent (it was sent long ago)."""


@dataclass
class Outgoing:
    """The mail one message (or one run of the clock) caused, in the order decided."""

    mails: list[DecidedMail] = field(default_factory=list)

    def add(
        self,
        message: EmailMessage,
        recipients: Sequence[str],
        *,
        kind: str,
        inbound_id: int | None,
        at: datetime,
        suppressed: bool,
    ) -> None:
        self.mails.append(DecidedMail(message, tuple(recipients), kind, inbound_id, at, suppressed))

    def queue(self, session: Session) -> None:
        """Put every decided mail in the outbox, in the same transaction as its cause."""
        for mail in self.mails:
            enqueue(
                session,
                mail.message,
                mail.recipients,
                kind=mail.kind,
                inbound_id=mail.inbound_id,
                now=mail.at,
                suppressed=mail.suppressed,
            )
        self.mails.clear()
