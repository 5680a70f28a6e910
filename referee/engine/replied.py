"""The message a reply answers, as the store holds it (In-Reply-To, else References).

"I support." or "As do I." with no quoted text answers the message named in the reply's
In-Reply-To header. Only a public message the referee has stored, not quarantined, that
takes effect before the reply is read: a private one may hold a secret, and a header is
only a claim, so the lines come from the store, never from the reply.
"""

from __future__ import annotations

import email
import email.policy
import re

from sqlalchemy.orm import Session

from referee.config import Visibility
from referee.engine.context import MessageContext
from referee.ingress.inbox import Status
from referee.mailtext.body import author_text
from referee.store import queries

_MESSAGE_ID = re.compile(r"<([^<>\s]{1,900})>")


def replied_key(message: MessageContext) -> str | None:
    """The Message-ID the reply answers: In-Reply-To's, else the last of References."""
    read = message.read
    for header, pick in (("In-Reply-To", 0), ("References", -1)):
        found = _MESSAGE_ID.findall(read.header_text(header))
        if found:
            return str(found[pick])
    return None


def replied_lines(session: Session, message: MessageContext) -> list[tuple[int, str]]:
    """The own lines of the stored message the reply answers, or none."""
    key = replied_key(message)
    if key is None:
        return []
    original = queries.message_by_key(session, key)
    if (
        original is None
        or original.id == message.row.id
        or original.visibility != Visibility.PUBLIC.value
        or original.status == Status.QUARANTINED.value
        or (original.effective_at, original.id) > (message.row.effective_at, message.row.id)
    ):
        return []
    text = author_text(email.message_from_bytes(original.raw, policy=email.policy.compat32))
    return [(line.number, line.text) for line in text.lines]
