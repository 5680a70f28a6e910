"""A Message-ID met again: the same message by another route, or another message reusing it.

A message may come twice: by the list and privately, or fetched again from a mailbox. The
copies' bytes differ (the list adds its headers and footer, the mailbox a Return-Path), but
neither the Date field nor the lines their author wrote do. So two messages with one
Message-ID are the same message when their Date fields and the author's own lines (the
only lines the referee reads) are the same, whitespace aside; otherwise the later one
reuses the Message-ID (rulings P9a).

A message reusing a Message-ID is stored under the key :func:`reused_key` makes, so that the
first message keeps its key untouched and an identical copy of the later one meets it
again. Such a key is believed only when the stored message's own Message-ID is the reused
one, so a sender cannot make one by writing a Message-ID that merely looks like it.
"""

from __future__ import annotations

import email
import email.policy
import hashlib

REUSED_MARK = "#reused-"
"""Between the reused Message-ID and the fingerprint of the later message's text."""


def text_fingerprint(raw: bytes) -> str:
    """A hash of the Date field and the author's own lines of ``raw``, whitespace aside;
    of its bytes (line ends aside) when its text cannot be read."""
    from referee.mailtext.body import author_text  # parsing only when a key is met again

    try:
        message = email.message_from_bytes(raw, policy=email.policy.compat32)
        date = " ".join(str(message.get("Date", "")).split())
        text = " ".join(author_text(message).text.split())
    except Exception:  # unreadable: the bytes are all there is to compare
        return "bytes-" + hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()
    seen = f"{date}\n{text}".encode("utf-8", "surrogatepass")
    return "text-" + hashlib.sha256(seen).hexdigest()


def same_message(stored: bytes, arriving: bytes) -> bool:
    """Whether ``arriving`` is another copy of ``stored`` (both with passphrases blanked
    as the inbox stores them)."""
    return stored == arriving or text_fingerprint(stored) == text_fingerprint(arriving)


def reused_key(key: str, arriving: bytes) -> str:
    """The key of a message that reuses ``key`` with other text."""
    return f"{key}{REUSED_MARK}{text_fingerprint(arriving)}"


def reused_part(key: str) -> str | None:
    """The Message-ID key that ``key`` says was reused, or None when it says none (the
    caller checks the stored message's own Message-ID: see ``inbox.reused_base``)."""
    base, mark, _ = key.rpartition(REUSED_MARK)
    return base if mark else None
