"""The stored copy of a message never holds a passphrase.

Before a message is stored, every configured passphrase is blanked (:data:`REDACTED`) in
its headers and in every text part, decoded as the reader decodes it (quoted-printable,
base64, any charset), and the bytes are checked once more as they are. What the stored copy
loses is kept as evidence beside it:

- ``holders``: whose passphrase stood, as whole words, in the author's own lines (what the
  reader would have credited), so processing and every replay still grant the
  "passphrase" credential;
- ``dkim_domains``: the domains of the DKIM signatures that passed on the original bytes,
  since a signature cannot be checked again once the body has changed.

The original is not kept unless the operator configures a key (Fernet, from the
``cryptography`` package): then it is kept encrypted, readable only with that key.
A message without any passphrase in it is stored byte for byte, as before.
"""

from __future__ import annotations

import base64
import email
import email.policy
import email.utils
import hashlib
import html
import io
import quopri
import re
from collections.abc import Mapping
from dataclasses import dataclass
from email.generator import BytesGenerator
from email.header import Header
from email.message import Message

from sqlalchemy import select

from referee.config import Settings
from referee.ingress.opened_attachments import inner_texts, is_container
from referee.mailtext.body import author_text, decode_part, is_flowed, reader_characters, unflow
from referee.mailtext.dkim import TxtLookup, author_proof_domains
from referee.mailtext.headers import decode_words
from referee.mailtext.html import html_to_text
from referee.mailtext.passphrases import (
    REDACTED,
    blank_passphrases,
    contains_passphrase,
    mentions_passphrase,
)
from referee.store.db import Database
from referee.store.models import InboundMessage


@dataclass(frozen=True)
class Redacted:
    raw: bytes  # the copy to store and process
    holders: tuple[str, ...]  # people whose passphrase proved the message (own lines)
    dkim_domains: tuple[str, ...] | None  # passing DKIM domains, when the body changed
    original: bytes | None  # the encrypted original, when it changed and a key is set

    @property
    def changed(self) -> bool:
        return self.dkim_domains is not None


class OriginalCipher:
    """Encrypts originals under the operator's Fernet key (and decrypts them for em)."""

    def __init__(self, key: str) -> None:
        from cryptography.fernet import Fernet

        self._fernet = Fernet(key.strip().encode("ascii"))

    def encrypt(self, raw: bytes) -> bytes:
        return self._fernet.encrypt(raw)

    def decrypt(self, token: bytes) -> bytes:
        return self._fernet.decrypt(token)


class Redactor:
    """Blanks the configured passphrases (person name -> passphrase) in arriving mail."""

    def __init__(
        self,
        passphrases: Mapping[str, str],
        *,
        cipher: OriginalCipher | None = None,
        dkim_dns: TxtLookup | None = None,
    ) -> None:
        self.passphrases = {name: p for name, p in passphrases.items() if p.strip()}
        self.cipher = cipher
        self.dkim_dns = dkim_dns

    def redact(self, raw: bytes, parsed: Message | None = None) -> Redacted:
        """``parsed`` is ``raw`` as already parsed (compat32), if the caller has it; it is
        only read, never changed."""
        if not self.passphrases:
            return Redacted(raw, (), None, None)
        try:
            return self._redact(raw, parsed)
        except Exception:  # mail too broken to rewrite: blank the bytes, credit nobody
            blanked = self.blank_bytes(raw)
            if blanked is raw:
                return Redacted(raw, (), None, None)
            domains = tuple(sorted(author_proof_domains(raw, self.dkim_dns)))
            original = self.cipher.encrypt(raw) if self.cipher is not None else None
            return Redacted(blanked, (), domains, original)

    def _redact(self, raw: bytes, parsed: Message | None) -> Redacted:
        # Its own copy: the passphrases are blanked in it.
        message = email.message_from_bytes(raw, policy=email.policy.compat32)
        secrets = list(self.passphrases.values())
        changed = False
        for part in message.walk():
            # Every part's headers too: a forwarded message's Subject, an attachment's name.
            changed = _blank_headers(part, secrets) or changed
            changed = _blank_parameters(part, secrets) or changed
            if part.is_multipart():
                continue
            if part.get_content_maintype() == "text" and not _holds_a_container(part):
                changed = _blank_part(part, secrets) or changed
            else:
                changed = _blank_binary_part(part, secrets) or changed
        if not changed and not _raw_mentions(raw, secrets):
            return Redacted(raw, (), None, None)  # nothing to blank: nobody's passphrase
        # Whose passphrase proved it is read from the original, as the reader would have.
        source = (
            parsed
            if parsed is not None
            else email.message_from_bytes(raw, policy=email.policy.compat32)
        )
        holders = tuple(sorted(self._holders(source)))
        redacted = _serialise(message) if changed else raw
        redacted = _blank_raw(redacted, secrets)
        domains = tuple(sorted(author_proof_domains(raw, self.dkim_dns)))
        original = self.cipher.encrypt(raw) if self.cipher is not None else None
        return Redacted(redacted, holders, domains, original)

    def blank_bytes(self, raw: bytes) -> bytes:
        """``raw`` with the passphrases blanked as bytes only (for mail that cannot be
        parsed, and for the hash that identifies mail without a Message-ID)."""
        return _blank_raw(raw, list(self.passphrases.values())) if self.passphrases else raw

    def _holders(self, message: Message) -> list[str]:
        try:
            lines = [line.text for line in author_text(message).lines]
        except Exception:  # unreadable text: nobody is credited, the mail is still stored
            return []
        text = "\n".join(lines)
        return [name for name, p in self.passphrases.items() if contains_passphrase(text, p)]


def _decoded_header(value: str) -> str:
    return decode_words(value)


def _blank_headers(message: Message, secrets: list[str]) -> bool:
    changed = False
    for name, value in list(message.items()):
        text = _decoded_header(str(value))
        if not any(
            mentions_passphrase(text, s) or mentions_passphrase(str(value), s) for s in secrets
        ):
            # Hidden by characters nobody sees (a zero-width space inside a word)?
            text = reader_characters(text)
            if not any(mentions_passphrase(text, s) for s in secrets):
                continue
        blanked = blank_passphrases(text, secrets)
        values = message.get_all(name, [])
        del message[name]
        for other in values:
            if other is value:
                message[name] = blanked if blanked.isascii() else Header(blanked, "utf-8")  # type: ignore[assignment]
            else:
                message[name] = other
        changed = True
    return changed


def _blank_parameters(part: Message, secrets: list[str]) -> bool:
    """A passphrase in a parameter as a mail client reads it: RFC 2231 splits a value
    into pieces (``filename*0="walrus and "; filename*1="carpenter"``) and writes it
    percent-encoded (``filename*=utf-8''walrus%20and...``), so no header's text holds it
    whole (SEC-2)."""
    changed = False
    for header in ("content-type", "content-disposition"):
        if header not in part:
            continue
        for name, value in (part.get_params(header=header) or [])[1:]:
            text = email.utils.collapse_rfc2231_value(value)
            if not any(mentions_passphrase(reader_characters(text), s) for s in secrets):
                continue
            part.set_param(name, blank_passphrases(reader_characters(text), secrets), header=header)
            changed = True
    return changed


def _markup_views(part: Message, text: str) -> list[str]:
    """What else a reader of the stored bytes recovers from an HTML part than its text:
    the markup with its entities and CSS escapes undone, attributes and styles included
    (``title="walrus &#97;nd carpenter"``, ``content: "walrus \\61 nd carpenter"``)."""
    if part.get_content_subtype() != "html":
        return []
    unescaped = html.unescape(text)
    return [unescaped, _CSS_ESCAPE.sub(_css_character, unescaped)]


# A CSS escape: a backslash and one to six hex digits (and the space that may end them),
# or a backslash and any other character, which stands for itself.
_CSS_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})\s?|(.))", re.DOTALL)


def _css_character(match: re.Match[str]) -> str:
    if match.group(1) is None:
        return match.group(2)
    code = int(match.group(1), 16)
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"


def _blank_part(part: Message, secrets: list[str]) -> bool:
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return False
    charset = part.get_content_charset() or "us-ascii"
    text, note = decode_part(data, part.get_content_charset())  # as the reader decodes it
    if note is not None:
        charset = "utf-8"
    views = [text, _reader_view(part, text), *_markup_views(part, text)]
    if not any(mentions_passphrase(view, s) for view in views for s in secrets):
        return False
    blanked = blank_passphrases(text, secrets)
    remaining = [_reader_view(part, blanked), *_markup_views(part, blanked)]
    if any(mentions_passphrase(view, s) for view in remaining for s in secrets):
        # The passphrase is whole only as the reader reads the part (joined across
        # format=flowed soft breaks, out of HTML split by tags or written as entities, or
        # without invisible characters): the stored part becomes the reader's text,
        # blanked: unflowed, or as HTML that reads as exactly that text (an HTML part stays
        # one, so the same part of the message is read). An HTML part whose passphrase is
        # in an attribute or a style, written with entities or CSS escapes, loses its
        # markup the same way: the reader never read it (SEC-2).
        blanked = blank_passphrases(_reader_view(part, blanked), secrets)
        part.del_param("format")
        part.del_param("delsp")
        if part.get_content_subtype() == "html":
            lines = blanked.split("\n")
            blanked = "<br>\n".join(html.escape(line, quote=False) for line in lines)
    try:
        encoded = blanked.encode(charset)
    except (LookupError, UnicodeEncodeError):
        charset, encoded = "utf-8", blanked.encode("utf-8")
        part.set_param("charset", charset)
    cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    if cte == "quoted-printable":
        payload = quopri.encodestring(encoded).decode("ascii")
    elif cte == "base64" or not encoded.isascii():
        payload = base64.encodebytes(encoded).decode("ascii")
        cte = "base64"
    else:
        payload = encoded.decode("ascii")
    if "Content-Transfer-Encoding" in part:
        part.replace_header("Content-Transfer-Encoding", cte or "7bit")
    elif cte == "base64":
        part["Content-Transfer-Encoding"] = cte
    part.set_payload(payload)
    return True


def _reader_view(part: Message, text: str) -> str:
    """``text`` (the part's decoded payload) as the reader reads it."""
    text = reader_characters(text)
    if part.get_content_subtype() == "html":
        return html_to_text(text)
    flowed, delsp = is_flowed(part)
    return unflow(text, delsp=delsp) if flowed else text


def _blank_binary_part(part: Message, secrets: list[str]) -> bool:
    """A passphrase in a part no reader decodes (an attachment sent as base64)."""
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes) or not data:
        return False
    if is_container(data):
        # Compressed (gzip, zip, office documents, PDF): a search of its bytes cannot find
        # what it holds, and the file cannot be rewritten blanked, so an attachment that
        # holds a passphrase, or that the look could not finish, is not stored (SEC-4-1).
        contents = inner_texts(data)
        if not contents.complete:
            _withhold(part, "it was too large to search for a passphrase")
            return True
        if any(mentions_passphrase(text, s) for text in contents.texts for s in secrets):
            _withhold(part, "it held a passphrase")
            return True
    blanked = _blank_raw(data, secrets)
    if blanked is data:
        return False
    part.set_payload(base64.encodebytes(blanked).decode("ascii"))
    if "Content-Transfer-Encoding" in part:
        part.replace_header("Content-Transfer-Encoding", "base64")
    else:
        part["Content-Transfer-Encoding"] = "base64"
    return True


def _holds_a_container(part: Message) -> bool:
    """A part labelled text whose contents are a compressed file (a .gz sent as text)."""
    data = part.get_payload(decode=True)
    return isinstance(data, bytes) and is_container(data)


WITHHELD_HEADER = "X-Referee-Withheld"
"""Marks an attachment whose contents the stored copy does not keep, and says why."""


def _withhold(part: Message, reason: str) -> None:
    """Replaces the attachment's contents with a note; its name (blanked already) stays,
    and it stays an attachment, which no reader reads as the author's text."""
    name = part.get_filename()
    for header in ("Content-Type", "Content-Transfer-Encoding", "Content-Disposition"):
        del part[header]
    part["Content-Type"] = 'text/plain; charset="us-ascii"'
    part["Content-Transfer-Encoding"] = "7bit"
    part["Content-Disposition"] = "attachment"
    if name:
        part.set_param("filename", name, header="Content-Disposition")
    part[WITHHELD_HEADER] = reason
    part.set_payload(f"[attachment not stored: {reason}]\n")


def _serialise(message: Message) -> bytes:
    buffer = io.BytesIO()
    BytesGenerator(buffer, mangle_from_=False, policy=email.policy.compat32).flatten(message)
    return buffer.getvalue()


def _raw_mentions(raw: bytes, secrets: list[str]) -> bool:
    text = raw.decode("utf-8", "replace")
    return any(mentions_passphrase(text, s) for s in secrets)


def _blank_raw(raw: bytes, secrets: list[str]) -> bytes:
    """The last net: a passphrase still in the bytes (a part of a type no reader decodes)."""
    if not _raw_mentions(raw, secrets):
        return raw
    text = raw.decode("utf-8", "surrogateescape")
    return blank_passphrases(text, secrets, REDACTED).encode("utf-8", "surrogateescape")


def redactor_for(settings: Settings, dkim_dns: TxtLookup | None = None) -> Redactor:
    """The redactor of the configured players' passphrases (and the originals' key)."""
    passphrases = {p.name: p.passphrase.value for p in settings.players if p.passphrase is not None}
    # Administrators' passphrases are recorded under their addresses (no player's name
    # holds an "@").
    passphrases.update({a: s.value for a, s in settings.powers.administrator_passphrases.items()})
    key = settings.original_mail_key
    cipher = OriginalCipher(key.value) if key is not None else None
    return Redactor(passphrases, cipher=cipher, dkim_dns=dkim_dns)


def redact_stored(db: Database, redactor: Redactor, *, batch: int = 200) -> int:
    """Blank passphrases in mail stored before redaction existed (or before a passphrase
    was configured); returns how many stored copies changed.

    The evidence is recorded as at intake, except that DKIM is checked now, with today's
    keys: a signature whose key was retired since is recorded as not passing.
    """
    if not redactor.passphrases:
        return 0
    changed = 0
    last = 0
    while True:
        with db.transaction() as session:
            rows = session.scalars(
                select(InboundMessage)
                .where(InboundMessage.id > last)
                .order_by(InboundMessage.id)
                .limit(batch)
            ).all()
            if not rows:
                return changed
            for row in rows:
                last = row.id
                if row.dkim_domains is not None:
                    continue  # redacted when it arrived
                redacted = redactor.redact(row.raw)
                if not redacted.changed:
                    continue
                row.raw = redacted.raw
                row.sha256 = hashlib.sha256(redacted.raw).hexdigest()
                row.passphrase_holders = list(redacted.holders) or None
                row.dkim_domains = list(redacted.dkim_domains or ())
                row.original_encrypted = redacted.original
                changed += 1
