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
import email.parser
import email.policy
import hashlib
import re
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses

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


@dataclass(frozen=True)
class Copy:
    """A message as the inbox stores it: its bytes (passphrases blanked) and whose
    passphrase stood in its author's own lines (``Redacted.holders``)."""

    raw: bytes
    holders: frozenset[str] = frozenset()


def same_message(stored: Copy, arriving: Copy) -> bool:
    """Whether ``arriving`` is another copy of ``stored`` (rulings P9a, SEC-3-1).

    The same Date and author's lines are not enough: whoever knows a private message's
    Message-ID could then mail guesses of its text under it and learn from the answer
    which guess was a copy. So a copy must also name the stored copy's sender (a list
    copy names the author in Reply-To or X-Original-From), and carry every proof the stored
    copy carried that a guesser cannot: the same people's passphrases, and one of its DKIM
    signatures (the ``b=`` value, which nobody can compute without the signer's key)."""
    if not _proofs_carried(stored, arriving):
        return False
    if stored.raw == arriving.raw:
        return True
    return text_decides(stored, arriving) and (
        text_fingerprint(stored.raw) == text_fingerprint(arriving.raw)
    )


def text_decides(stored: Copy, arriving: Copy) -> bool:
    """Whether only the text can tell ``arriving`` from a copy of ``stored``: it names the
    stored copy's sender and carries its proofs. When it does not, it is another message
    whatever it says, so telling its sender so reveals nothing of the stored text."""
    return _proofs_carried(stored, arriving) and _names_sender(stored.raw, arriving.raw)


def carries_proofs_of(stored: Copy, arriving: Copy) -> bool:
    """Whether ``stored`` holds a proof (a passphrase, a DKIM signature) and ``arriving``
    carries it: then ``arriving`` came from the same sender's mail, whatever its text."""
    return bool(stored.holders or _signatures(stored.raw)) and _proofs_carried(stored, arriving)


def _proofs_carried(stored: Copy, arriving: Copy) -> bool:
    if arriving.holders != stored.holders:
        return False
    signed = _signatures(stored.raw)
    return not signed or bool(signed & _signatures(arriving.raw))


def _headers(raw: bytes) -> Message:
    return email.parser.BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)


def _signatures(raw: bytes) -> frozenset[str]:
    """The ``b=`` values of the DKIM signatures on ``raw``, whitespace removed."""
    found = set()
    try:
        for value in _headers(raw).get_all("DKIM-Signature", []):
            match = _B_TAG.search(str(value))
            if match is not None:
                signature = "".join(match.group(1).split())
                if signature:
                    found.add(signature)
    except Exception:  # unreadable headers carry no signature anyone could check
        return frozenset()
    return frozenset(found)


_B_TAG = re.compile(r"(?:^|;)\s*b\s*=([^;]*)", re.IGNORECASE)


def _addresses(raw: bytes, fields: tuple[str, ...]) -> frozenset[str]:
    try:
        headers = _headers(raw)
        values = [str(v) for name in fields for v in headers.get_all(name, [])]
    except Exception:  # unreadable headers name nobody
        return frozenset()
    return frozenset(address.lower() for _, address in getaddresses(values) if "@" in address)


_NAMING = ("From", "Reply-To", "X-Original-From")


def _names_sender(stored: bytes, arriving: bytes) -> bool:
    """Whether one copy's From is among the addresses the other names as its author (a
    list rewrites From to its own address and names the author in Reply-To or
    X-Original-From, in either order of arrival)."""
    stored_from, arriving_from = _addresses(stored, ("From",)), _addresses(arriving, ("From",))
    return bool(
        stored_from & _addresses(arriving, _NAMING) or arriving_from & _addresses(stored, _NAMING)
    )


def reused_key(key: str, arriving: bytes) -> str:
    """The key of a message that reuses ``key`` with other text."""
    return f"{key}{REUSED_MARK}{text_fingerprint(arriving)}"


def reused_part(key: str) -> str | None:
    """The Message-ID key that ``key`` says was reused, or None when it says none (the
    caller checks the stored message's own Message-ID: see ``inbox.reused_base``)."""
    base, mark, _ = key.rpartition(REUSED_MARK)
    return base if mark else None
