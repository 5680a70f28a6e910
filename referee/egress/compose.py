"""Build outgoing mail: plain text, a Message-ID fixed at queueing time, loop-safe headers;
optionally files attached after the text (a report's board as SVG)."""

from __future__ import annotations

import email.policy
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from referee.clock import utc

POLICY = email.policy.SMTP.clone(max_line_length=998)

SUBJECT_LIMIT = 200
"""Characters of an outgoing Subject: it often repeats the sender's, which can be huge (and
folding a huge header as encoded words takes the email library quadratic time)."""
REFERENCES_LIMIT = 900
"""Characters of the References field: the latest ids of the thread, whole."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(value: str) -> str:
    """``value`` as one line of text: line breaks (any the sender could smuggle into an
    encoded word, to start a header of eir own) and other control characters become
    spaces, and runs of spaces one."""
    return " ".join(_CONTROL.sub(" ", value).split())


def _bounded_subject(subject: str) -> str:
    subject = one_line(subject)
    if len(subject) <= SUBJECT_LIMIT:
        return subject
    return subject[: SUBJECT_LIMIT - 1].rstrip() + "\u2026"


def _message_ids(value: str | None) -> list[str]:
    """The message ids in ``value`` (References, In-Reply-To), each one token; anything
    that is not ``<...>`` is left out rather than repeated."""
    return [token for token in one_line(value or "").split() if _MSG_ID.fullmatch(token)]


def _latest(ids: list[str], limit: int) -> str:
    """The last of ``ids`` that fit in ``limit`` characters, in their order."""
    kept: list[str] = []
    size = 0
    for token in reversed(ids):
        size += len(token) + 1
        if size > limit:
            break
        kept.append(token)
    return " ".join(reversed(kept))


_MSG_ID = re.compile(r"<[^<>\s]{1,500}>")


@dataclass(frozen=True)
class Attachment:
    """A file sent after the text: its name, its MIME type and its bytes."""

    filename: str
    content_type: str
    data: bytes


def new_message_id(bot_address: str, *parts: str) -> str:
    """A Message-ID derived from what caused the mail, so the same cause gives the same id.

    Deriving it (rather than drawing a random one) means a replay or a retry after a crash
    produces the very same id, and the receiving side can recognise a repeat.
    """
    domain = bot_address.rsplit("@", 1)[-1]
    digest = hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:32]
    return f"<referee.{digest}@{domain}>"


def compose(
    *,
    sender: str,
    sender_name: str,
    to: Sequence[str],
    subject: str,
    body: str,
    message_id: str,
    date: datetime,
    in_reply_to: str | None = None,
    references: str | None = None,
    auto_reply: bool = True,
    headers: Sequence[tuple[str, str]] = (),
    attachments: Sequence[Attachment] = (),
) -> EmailMessage:
    message = EmailMessage(policy=POLICY)
    message["From"] = formataddr((sender_name, sender))
    message["To"] = ", ".join(to)
    message["Subject"] = _bounded_subject(subject)
    message["Date"] = format_datetime(utc(date))
    message["Message-ID"] = message_id
    parent = _message_ids(in_reply_to)[:1]
    if parent:
        message["In-Reply-To"] = parent[0]
        message["References"] = _latest(_message_ids(references) + parent, REFERENCES_LIMIT)
    # RFC 3834: marks the mail as automatic so other robots do not answer it; X-Loop lets
    # the referee recognise its own mail if a list sends it back.
    message["Auto-Submitted"] = "auto-replied" if auto_reply else "auto-generated"
    message["X-Loop"] = sender
    for name, value in headers:
        message[name] = value
    message["Precedence"] = "bulk" if auto_reply else "list"
    # ASCII bodies go as plain 7bit (readable as they are); others as the library chooses.
    message.set_content(body, charset="utf-8")
    if attachments:
        # multipart/mixed: the text stays the first part, exactly as it would go alone.
        for attachment in attachments:
            maintype, _, subtype = attachment.content_type.partition("/")
            message.add_attachment(
                attachment.data, maintype=maintype, subtype=subtype, filename=attachment.filename
            )
        # A boundary drawn from the Message-ID: the same cause gives the same bytes (a
        # retry, a replay), as it gives the same Message-ID.
        digest = hashlib.sha256(message_id.encode("utf-8")).hexdigest()[:24]
        message.set_boundary(f"=_referee_{digest}")
    return message
