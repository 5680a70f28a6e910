"""The strict header reader: one reading of a message's header section, from its raw bytes.

The author check and the DKIM check must see the same header fields, or a header that one
of them reads and the other skips can smuggle an author past a signature. The ``email``
package is lenient on purpose (it splits lines at a bare CR, takes the first of several
From fields, and makes an address out of almost anything), so the decisions that give
credit rest on this reader instead. It refuses, with a reason an officer can read:

* a bare CR, or a bare LF in a header section whose lines end in CRLF (or any CR in one
  whose lines end in LF): parsers disagree on where such a line ends;
* a line in the header section that is neither a field nor a continuation;
* several fields of a header that says who wrote the message, when, or under which
  identity (From, Sender, Reply-To, X-Original-From, Date, Message-ID, Subject, List-Id);
* a From that is not exactly one mailbox, and a From whose display name (or a comment in
  it) holds an address other than its own (unless From is a mailing list's address, whose
  display name is the list's rewriting and is never taken as evidence).

Nothing here raises on malformed input.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

__all__ = ["HeaderField", "Mailbox", "StrictHeaders", "decode_words", "read_headers"]

# Header fields of which a message may carry one only (RFC 5322 section 3.6, plus the
# list and rewriting headers the author check reads).
SINGLE = (
    "from",
    "sender",
    "reply-to",
    "x-original-from",
    "date",
    "message-id",
    "subject",
    "list-id",
)

_FIELD_NAME = re.compile(rb"^([!-9;-~]+)[ \t]*:")
_BARE_CR = re.compile(rb"\r(?!\n)")
_BARE_LF = re.compile(rb"(?<!\r)\n")
_ADDR_SPEC = re.compile(r"[^\s<>()\[\]\",;:\\@]+@[^\s<>()\[\]\",;:\\@]+\.[^\s<>()\[\]\",;:\\@]+")
_ADDRESS_IN_TEXT = re.compile(r"[^\s<>()\[\]\",;:\\@'`]+@[^\s<>()\[\]\",;:\\@'`]+")


@dataclass(frozen=True)
class HeaderField:
    name: str  # lower case
    value: str  # unfolded, CR/LF removed, RFC 2047 words kept as written


@dataclass(frozen=True)
class Mailbox:
    display: str  # RFC 2047 decoded
    address: str  # lower case


@dataclass(frozen=True)
class StrictHeaders:
    """The header section as read strictly; ``problem`` says why it is refused, if it is."""

    fields: tuple[HeaderField, ...]
    author: Mailbox | None  # the one From mailbox (None when From is missing or refused)
    problem: str | None

    def values(self, name: str) -> list[str]:
        wanted = name.lower()
        return [f.value for f in self.fields if f.name == wanted]


def decode_words(value: str) -> str:
    """Decode RFC 2047 encoded words ("=?utf-8?q?Ja=C3=ABl?=" gives "Jaël").

    Linear in the length of ``value`` and never raises: an unknown charset is read as
    UTF-8, undecodable bytes become U+FFFD, and a word whose encoded text is broken is
    kept as written. (The standard library's decoder takes quadratic time on a header of
    many words and raises on unknown charsets.) Adjacent encoded words, with only
    whitespace between them, are joined without it, and their bytes decoded together when
    they share a charset, so a character split across two words is read whole.
    """
    if "=?" not in value:
        return value
    pieces: list[str] = []
    pending = bytearray()
    pending_charset = ""
    position = 0
    for word in _ENCODED_WORD.finditer(value):
        between = value[position : word.start()]
        decoded = _word_bytes(word.group("encoding"), word.group("text"))
        if decoded is None:
            continue  # broken: left in the text as written
        adjacent = position > 0 and pending_charset and not between.strip()
        if not adjacent:
            _flush(pieces, pending, pending_charset)
            pieces.append(between)
        charset = word.group("charset").split("*", 1)[0].lower()
        if adjacent and charset != pending_charset:
            _flush(pieces, pending, pending_charset)
        pending += decoded
        pending_charset = charset
        position = word.end()
    _flush(pieces, pending, pending_charset)
    pieces.append(value[position:])
    return "".join(pieces)


# Encoded text holds no "?" (RFC 2047 section 5), which also keeps a search linear.
_ENCODED_WORD = re.compile(r"=\?(?P<charset>[^?]*)\?(?P<encoding>[bBqQ])\?(?P<text>[^?]*)\?=")
_QP_ESCAPE = re.compile(rb"=([0-9A-Fa-f]{2})")


def _word_bytes(encoding: str, text: str) -> bytes | None:
    data = text.encode("ascii", "replace")
    if encoding in "qQ":
        return _QP_ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), data.replace(b"_", b" "))
    try:
        return base64.b64decode(data + b"=" * (-len(data) % 4), validate=False)
    except (binascii.Error, ValueError):
        return None


def _flush(pieces: list[str], pending: bytearray, charset: str) -> None:
    if pending:
        pieces.append(bytes(pending).decode(_safe_codec(charset), "replace"))
        pending.clear()


def _safe_codec(charset: str | None) -> str:
    if not charset:
        return "latin-1"
    try:
        "".encode(charset)
        b"".decode(charset)
    except (LookupError, ValueError):
        return "utf-8"
    return charset


def _header_block(raw: bytes) -> tuple[bytes, bool]:
    """The header section's bytes (without the blank line), and whether lines end in CRLF."""
    first_lf = raw.find(b"\n")
    crlf = first_lf > 0 and raw[first_lf - 1 : first_lf] == b"\r"
    end = raw.find(b"\r\n\r\n" if crlf else b"\n\n")
    if (crlf and raw.startswith(b"\r\n")) or (not crlf and raw.startswith(b"\n")):
        end = 0
    return (raw if end < 0 else raw[:end]), crlf


def _text(value: bytes) -> str:
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value.decode("cp1252", "replace")


def _line_problem(block: bytes, crlf: bool) -> str | None:
    if crlf:
        if _BARE_CR.search(block):
            return "a header line holds a bare CR (a carriage return without a line feed)"
        if _BARE_LF.search(block):
            return "a header line holds a bare LF (a line feed without a carriage return)"
    elif b"\r" in block:
        return "a header line holds a bare CR (a carriage return without a line feed)"
    return None


def _fields(block: bytes, crlf: bool) -> tuple[list[HeaderField], str | None]:
    lines = block.split(b"\r\n" if crlf else b"\n") if block else []
    fields: list[tuple[str, list[bytes]]] = []
    for number, line in enumerate(lines, start=1):
        if line[:1] in (b" ", b"\t"):
            if not fields:
                return [], "the header section begins with a continuation line"
            fields[-1][1].append(line)
            continue
        if number == 1 and line.startswith(b"From "):
            continue  # an mbox separator kept in front of the message
        match = _FIELD_NAME.match(line)
        if match is None:
            return [], f"line {number} of the header section is not a header field"
        name = match.group(1).decode("ascii").lower()
        fields.append((name, [line[match.end() :]]))
    read = [
        HeaderField(name, " ".join(_text(b"".join(parts)).split()) if parts else "")
        for name, parts in fields
    ]
    return read, None


def _tokens(value: str) -> tuple[list[tuple[str, str]], str | None]:
    """Split a From value into (kind, text) tokens: 'word', 'quoted', 'comment', 'angle'."""
    tokens: list[tuple[str, str]] = []
    index, length = 0, len(value)
    while index < length:
        char = value[index]
        if char.isspace():
            index += 1
        elif char == '"':
            index += 1
            text = []
            while index < length and value[index] != '"':
                if value[index] == "\\" and index + 1 < length:
                    index += 1
                text.append(value[index])
                index += 1
            if index >= length:
                return [], "the From header has an unclosed quoted name"
            index += 1
            tokens.append(("quoted", "".join(text)))
        elif char == "(":
            depth, index, text = 1, index + 1, []
            while index < length and depth:
                if value[index] == "\\" and index + 1 < length:
                    index += 1
                elif value[index] == "(":
                    depth += 1
                elif value[index] == ")":
                    depth -= 1
                if depth:
                    text.append(value[index])
                index += 1
            if depth:
                return [], "the From header has an unclosed comment"
            tokens.append(("comment", "".join(text)))
        elif char == "<":
            close = value.find(">", index)
            if close < 0:
                return [], "the From header has an unclosed address"
            tokens.append(("angle", value[index + 1 : close]))
            index = close + 1
        elif char in ",;:":
            return [], "the From header names several addresses (or a group)"
        else:
            start = index
            while index < length and not value[index].isspace() and value[index] not in '"(<,;:':
                index += 1
            tokens.append(("word", value[start:index]))
    return tokens, None


def _from_mailbox(value: str, lists: Collection[str]) -> tuple[Mailbox | None, str | None]:
    tokens, problem = _tokens(value)
    if problem is not None:
        return None, problem
    angles = [i for i, (kind, _) in enumerate(tokens) if kind == "angle"]
    if len(angles) > 1:
        return None, "the From header names several addresses"
    comments = " ".join(text for kind, text in tokens if kind == "comment").strip()
    if angles:
        at = angles[0]
        if any(kind in ("word", "quoted") for kind, _ in tokens[at + 1 :]):
            return None, "the From header has text after its address"
        address = tokens[at][1].strip()
        display = " ".join(text for kind, text in tokens[:at] if kind in ("word", "quoted"))
    else:
        words = [text for kind, text in tokens if kind in ("word", "quoted")]
        if len(words) != 1:
            return None, "the From header is not one address"
        address, display = words[0], comments
    if not _ADDR_SPEC.fullmatch(address):
        return None, f"the From header's address ({address[:80]!r}) is not an email address"
    address = address.lower()
    display = " ".join(decode_words(display).split()) if display else ""
    if address not in lists:
        # Comments too, wherever they stand: a mail client shows "Nix (nix@example.org)
        # <forger@evil.example>" with the comment as part of the name.
        shown = f"{display} {decode_words(comments)}" if angles else display
        # As a reader sees it: a full-width or small commercial at ("nix＠example.org")
        # and full-width letters and dots read as an address too (SEC-3).
        shown = unicodedata.normalize("NFKC", shown)
        for claimed in _ADDRESS_IN_TEXT.findall(shown):
            if claimed.strip(".").lower() != address:
                return None, (
                    f"the From header's display name ({shown.strip()[:80]!r}) holds another "
                    f"address than its own ({address})"
                )
    return Mailbox(display, address), None


def read_headers(raw: bytes, list_addresses: Collection[str] = ()) -> StrictHeaders:
    """Read ``raw``'s header section strictly (see the module's docstring). Never raises."""
    try:
        block, crlf = _header_block(raw)
        problem = _line_problem(block, crlf)
        if problem is not None:
            return StrictHeaders((), None, problem)
        fields, problem = _fields(block, crlf)
        if problem is not None:
            return StrictHeaders((), None, problem)
        read = StrictHeaders(tuple(fields), None, None)
        counts = Counter(field.name for field in fields)
        for name in SINGLE:
            count = counts[name]
            if count > 1:
                return StrictHeaders(
                    read.fields, None, f"the message has {count} {_title(name)} headers"
                )
        senders = read.values("from")
        if not senders:
            return read
        author, problem = _from_mailbox(senders[0], {a.lower() for a in list_addresses})
        return StrictHeaders(read.fields, author, problem)
    except Exception as error:  # belt and braces: unreadable headers are refused, not fatal
        return StrictHeaders(
            (), None, f"the header section cannot be read ({type(error).__name__})"
        )


def _title(name: str) -> str:
    return {
        "message-id": "Message-ID",
        "list-id": "List-Id",
        "x-original-from": "X-Original-From",
    }.get(name, "-".join(part.capitalize() for part in name.split("-")))
