"""Durable intake: every route (IMAP, LMTP, import) stores raw mail here, once.

A message is keyed by its Message-ID (normalised: angle brackets and surrounding space
removed, case kept, since RFC 5322 ids are case-sensitive on the left). A message without
one is keyed by a hash of its bytes, so the same bytes through two routes still meet. The
second arrival of a message adds an arrival record and nothing else: it is never processed
again. A message whose Message-ID is already stored with other text reused it: it is
stored under a key of its own, and processing quarantines it (:mod:`.reuse`, rulings P9a).

A message that :meth:`Inbox.accept` cannot store however often it is tried (something in
it defeats reading its headers or dates) is still kept: :meth:`Inbox.keep_unstorable`
stores its bytes as they came, quarantined with the reason, so that it is listed by
``referee quarantine list`` and a route such as IMAP can move on to the mail after it.
"""

from __future__ import annotations

import email.parser
import email.policy
import enum
import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import Message

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from referee.clock import utc
from referee.config import Visibility
from referee.egress.bounces import record_bounce
from referee.ingress.redaction import Redacted, Redactor
from referee.ingress.reuse import Copy, reused_key, reused_part, same_message
from referee.mailtext.timing import arrival_from_received, effective_time
from referee.store.db import Database
from referee.store.models import InboundMessage, MessageArrival

_HEADER_PARSER = email.parser.BytesHeaderParser(policy=email.policy.compat32)


class Status(enum.StrEnum):
    PENDING = "pending"
    DONE = "done"
    QUARANTINED = "quarantined"
    # Done, then a copy came by a public source: to be read again as published (SEC-3-4).
    PUBLISHED = "published"


PUBLISHED = "published"
"""The stored visibility of private mail a public source also brought a copy of (a Bcc to
the list): read as private mail copied to a list (rulings P9, SEC-3-4), never as a post."""


@dataclass(frozen=True)
class Accepted:
    inbound_id: int
    message_key: str
    duplicate: bool


@dataclass(frozen=True)
class TimeTolerance:
    """How far before its arrival a message's Date is honoured. A Date after the arrival
    is never honoured (the referee's clock rules), so there is no tolerance ahead."""

    past: timedelta


def message_key(raw: bytes, headers: Message | None = None) -> str:
    """The inbox key: the normalised Message-ID, else a stable hash of the bytes."""
    headers = headers if headers is not None else _HEADER_PARSER.parsebytes(raw)
    value = headers.get("Message-ID")
    if value is not None:
        text = " ".join(str(value).split()).strip()
        if text.startswith("<") and ">" in text:
            text = text[1 : text.index(">")]
        text = text.strip()
        # A Message-ID is printable ASCII; one with a NUL or another control character is
        # no usable key (PostgreSQL refuses NUL in text), so the bytes are the identity.
        if text and len(text) <= 900 and not _CONTROL.search(text):
            return text
    return _hash_key(raw)


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _hash_key(raw: bytes) -> str:
    digest = hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()
    return f"sha256-{digest}@referee.invalid"


def reused_base(key: str, raw: bytes) -> str | None:
    """The Message-ID key that the message stored under ``key`` reused (rulings P9a), or
    None: believed only when the stored bytes' own Message-ID is that key."""
    base = reused_part(key)
    if base is None:
        return None
    try:
        return base if message_key(raw) == base else None
    except Exception:  # headers that cannot be read: no Message-ID was reused
        return None


def _key_or_hash(raw: bytes) -> str:
    try:
        return message_key(raw)
    except Exception:  # headers that cannot be parsed at all: the bytes are the identity
        return _hash_key(raw)


def _published(session: Session, row_id: int) -> None:
    """Record that a public source brought a copy of the stored message ``row_id``.

    Private mail with a copy on the list was sent to the list too (a Bcc the referee could
    not see): everyone there read it. A copy is only ever one that carries the stored
    message's proofs (:func:`.reuse.same_message`), so nobody can mark another's private
    mail published without its passphrase or signature. Mail not yet read is read as
    published; mail already done is left for the runner to read again."""
    row = session.get(InboundMessage, row_id)
    if row is None or row.visibility != Visibility.PRIVATE.value:
        return
    row.visibility = PUBLISHED
    if row.status == Status.DONE.value:
        row.status = Status.PUBLISHED.value


class Inbox:
    """Stores arriving mail and says whether it was new. Thread-safe through the database."""

    def __init__(
        self, db: Database, tolerance: TimeTolerance, *, redactor: Redactor | None = None
    ) -> None:
        self.db = db
        self.tolerance = tolerance
        # Blanks passphrases in the stored copy (referee.ingress.redaction); None: none known.
        self.redactor = redactor if redactor is not None else Redactor({})

    def accept(
        self,
        raw: bytes,
        route: str,
        visibility: Visibility,
        arrived_at: datetime,
        *,
        trust_received: bool = False,
    ) -> Accepted:
        """Store ``raw`` durably (committed before returning) unless its key is known.

        ``trust_received`` takes the arrival time from the topmost Received header where
        there is one: right for an archive import, where "now" is not when the mail came.
        """
        headers = _HEADER_PARSER.parsebytes(raw)
        # The key is stored in clear: it is made from the stored copy, with the passphrases
        # blanked in every part (a hash of bytes still holding one, say in a base64 part of
        # mail without a Message-ID, would let a reader of the database test guesses).
        redacted = self.redactor.redact(raw)
        key = message_key(redacted.raw, headers if redacted.raw is raw else None)
        arrived_at = utc(arrived_at)
        arriving = Copy(redacted.raw, frozenset(redacted.holders))
        with self.db.transaction() as session:
            key, again = self._another_copy(session, key, arriving, route, arrived_at, visibility)
            if again is not None:
                return again
        try:
            return self._store(
                raw, redacted, key, headers, route, visibility, arrived_at, trust_received
            )
        except IntegrityError:
            # Another route stored the same key between our look-up and our insert.
            with self.db.transaction() as session:
                key, again = self._another_copy(
                    session, key, arriving, route, arrived_at, visibility
                )
                if again is None:
                    raise
                return again

    def _another_copy(
        self,
        session: Session,
        key: str,
        stored: Copy,
        route: str,
        arrived_at: datetime,
        visibility: Visibility,
    ) -> tuple[str, Accepted | None]:
        """The key ``stored`` belongs under; if a copy of it is stored there, its arrival is
        recorded and returned as a duplicate."""
        key, existing = self._settle(session, key, stored)
        if existing is None:
            return key, None
        session.add(MessageArrival(inbound_id=existing, route=route, arrived_at=arrived_at))
        if visibility is Visibility.PUBLIC:
            _published(session, existing)
        return key, Accepted(existing, key, duplicate=True)

    @staticmethod
    def _settle(session: Session, key: str, stored: Copy) -> tuple[str, int | None]:
        """The key to store ``stored`` under, and the row it is another copy of, if any.

        A Message-ID already stored with other text is reused: the message gets a key of
        its own (:func:`reused_key`), which an identical copy of it then meets."""
        known = session.execute(
            select(InboundMessage.id, InboundMessage.raw, InboundMessage.passphrase_holders).where(
                InboundMessage.message_key == key
            )
        ).first()
        if known is None:
            return key, None
        if same_message(Copy(known.raw, frozenset(known.passphrase_holders or ())), stored):
            return key, known.id
        key = reused_key(key, stored.raw)
        return key, Inbox._find(session, key)

    def keep_unstorable(
        self, raw: bytes, route: str, visibility: Visibility, arrived_at: datetime, reason: str
    ) -> Accepted:
        """Keep ``raw`` quarantined with ``reason`` after :meth:`accept` failed on it.

        Nothing is read from the message but its Message-ID (and not even that if its
        headers cannot be parsed), since reading it is what failed: it takes effect at its
        arrival and has no Date. A message already stored under its key is not stored again,
        unless its text differs: then it reused the Message-ID and is kept under its own key.
        """
        raw = self.redactor.blank_bytes(raw)  # kept as it came, but for the passphrases
        key = _key_or_hash(raw)
        arrived_at = utc(arrived_at)
        with self.db.transaction() as session:
            key, again = self._another_copy(session, key, Copy(raw), route, arrived_at, visibility)
            if again is not None:
                return again
            row = InboundMessage(
                message_key=key,
                sha256=hashlib.sha256(raw).hexdigest(),
                raw=raw,
                route=route,
                visibility=visibility.value,
                arrived_at=arrived_at,
                date_header=None,
                effective_at=arrived_at,
                status=Status.QUARANTINED.value,
                reason=reason[:2000],
                attempts=0,
            )
            session.add(row)
            session.flush()
            session.add(MessageArrival(inbound_id=row.id, route=route, arrived_at=arrived_at))
            return Accepted(row.id, key, duplicate=False)

    @staticmethod
    def _find(session: Session, key: str) -> int | None:
        return session.scalar(select(InboundMessage.id).where(InboundMessage.message_key == key))

    def _store(
        self,
        raw: bytes,
        redacted: Redacted,
        key: str,
        headers: Message,
        route: str,
        visibility: Visibility,
        arrived_at: datetime,
        trust_received: bool,
    ) -> Accepted:
        # Parsed once, and shared by the dates, the redactor and the bounce check: none of
        # them changes it (the dates read the header fields as written, which any policy
        # keeps alike).
        parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
        if trust_received:
            arrived_at = arrival_from_received(parsed) or arrived_at
        timing = effective_time(parsed, arrived_at, self.tolerance.past)
        with self.db.transaction() as session:
            row = InboundMessage(
                message_key=key,
                # Of the stored copy: a hash of the original would let a reader of the
                # database test guesses of the passphrase it held.
                sha256=hashlib.sha256(redacted.raw).hexdigest(),
                raw=redacted.raw,
                passphrase_holders=list(redacted.holders) or None,
                dkim_domains=None if redacted.dkim_domains is None else list(redacted.dkim_domains),
                original_encrypted=redacted.original,
                route=route,
                visibility=visibility.value,
                arrived_at=arrived_at,
                date_header=timing.date_header,
                effective_at=timing.at,
                status=Status.PENDING.value,
                attempts=0,
            )
            session.add(row)
            session.flush()
            session.add(MessageArrival(inbound_id=row.id, route=route, arrived_at=arrived_at))
            # A delivery failure report about the referee's own mail marks it in the outbox.
            record_bounce(session, raw, parsed)
            return Accepted(row.id, key, duplicate=False)
