"""The plain-text files attached to a message, kept aside from the author's own text.

Rulings P2: an attachment is never read as the author's words. Its lines are kept only so
that an author whose actions are in an attached file can be told they were not read
(``referee.engine.attachments``); they are taken here, while the whole message is at hand
(a replay keeps only the headers of a message once its text is read).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

_LARGEST = 64 * 1024
"""Bytes of an attachment kept: a file of actions is short; a longer one is a document,
and reading it would only cost time."""
_LINES = 200


@dataclass(frozen=True)
class Attached:
    """A text/plain attachment: its file name and its first lines."""

    name: str
    lines: tuple[str, ...]


def text_attachments(message: Message) -> tuple[Attached, ...]:
    """Each text/plain part sent as an attachment, in order; never raises (a malformed
    part is passed over)."""
    try:
        return tuple(_attachments(message))
    except Exception:  # a malformed part must never stop the body reader
        return ()


def _attachments(message: Message) -> Iterator[Attached]:
    for part in message.walk():
        if part.is_multipart() or part.get_content_disposition() != "attachment":
            continue
        if part.get_content_type() != "text/plain":
            continue
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes) or len(payload) > _LARGEST:
            continue
        charset = part.get_content_charset() or "utf-8"
        try:
            text = payload.decode(charset, errors="replace")
        except LookupError:  # a charset Python does not know
            text = payload.decode("utf-8", errors="replace")
        lines = tuple(text.splitlines()[:_LINES])
        yield Attached(part.get_filename() or "an attachment", lines)
