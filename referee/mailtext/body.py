"""The text an author wrote: MIME part selection, decoding, format=flowed, quote split."""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

from referee.mailtext.attached import Attached, text_attachments
from referee.mailtext.html import html_to_text
from referee.mailtext.quoting import LineKind, split_quoted

__all__ = ["AuthorText", "TextLine", "author_text", "decode_part", "unflow"]


@dataclass(frozen=True)
class TextLine:
    """One line of the decoded body."""

    number: int  # 1-based line number in the decoded (and un-flowed) body
    text: str


@dataclass(frozen=True)
class AuthorText:
    """A message body split into the author's lines, quoted lines and signature."""

    lines: tuple[TextLine, ...]
    quoted: tuple[TextLine, ...]
    signature: tuple[TextLine, ...]
    notes: tuple[str, ...]
    attached: tuple[Attached, ...] = ()
    """The plain-text attachments, never read as the author's (rulings P2)."""

    @property
    def text(self) -> str:
        """The author's own lines joined with newlines."""
        return "\n".join(line.text for line in self.lines)


# Labels that mail clients put on text that is really windows-1252 (the C1 range of
# latin-1 is never meant literally in mail, the curly quotes of cp1252 very often are),
# and labels that are often put on UTF-8 text by mistake.
_LATIN1_LABELS = frozenset({"iso-8859-1", "iso_8859-1", "latin-1", "latin1", "l1", "cp819"})
_ASCII_LABELS = frozenset({"us-ascii", "ascii", "ansi_x3.4-1968", "646"})


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment"
    except Exception:
        return False


def _leaf_parts(part: Message) -> Iterator[Message]:
    """Non-attachment leaf parts in document order.

    Attached or forwarded messages (message/rfc822) are not descended into: their text
    is someone else's, not the author's.
    """
    if _is_attachment(part):
        return
    if part.is_multipart():
        if part.get_content_maintype() == "message":
            return
        payload = part.get_payload()
        if isinstance(payload, list):
            for child in payload:
                if isinstance(child, Message):
                    yield from _leaf_parts(child)
        return
    yield part


def _text_codec(charset: str | None) -> str | None:
    """The Python codec for a MIME charset label, or None when unknown or not text."""
    if not charset:
        return None
    try:
        info = codecs.lookup(charset.strip().strip('"').lower())
    except (LookupError, ValueError):
        return None
    # codecs.lookup also finds bytes-to-bytes codecs such as "base64" or "rot13".
    if not getattr(info, "_is_text_encoding", True):
        return None
    return info.name


def decode_part(payload: bytes, charset: str | None) -> tuple[str, str | None]:
    """Decode body bytes; returns the text and a note when the declared charset failed.

    The declared charset is tried first (a latin-1 label is read as windows-1252, which
    differs only where latin-1 has unprintable control codes; an ASCII label is tried
    as UTF-8 next, the commonest mislabelling).  Then UTF-8, windows-1252 and finally
    latin-1, which accepts any byte, so this never fails.
    """
    label = (charset or "").strip().strip('"').lower()
    codec = _text_codec(label)
    if codec is not None:
        attempts = ["cp1252", codec] if label in _LATIN1_LABELS else [codec]
        if label in _ASCII_LABELS:
            attempts.append("utf-8")
        for attempt in attempts:
            try:
                return payload.decode(attempt), None
            except Exception:  # odd codecs (punycode, utf-7...) raise more than UnicodeError
                continue
    for attempt in ("utf-8", "cp1252", "latin-1"):
        try:
            text = payload.decode(attempt)
        except UnicodeDecodeError:
            continue
        if not label and attempt == "utf-8":
            return text, None  # no label and valid UTF-8 (which includes plain ASCII)
        if not label:
            reason = "no charset was declared"
        elif codec is None:
            reason = f"the charset {charset!r} is unknown"
        else:
            reason = f"the text is not valid {charset}"
        return text, f"{reason}; decoded as {attempt}"
    raise AssertionError("latin-1 decodes any byte string")  # pragma: no cover


def _payload_bytes(part: Message) -> bytes:
    payload = part.get_payload(decode=True)
    if isinstance(payload, bytes):
        return payload
    raw = part.get_payload()
    if isinstance(raw, str):
        return raw.encode("utf-8", "surrogateescape")
    return b""


# Control characters no mail client shows: kept visible as U+FFFD, so that "I\x00 play"
# reads as not understood rather than as "I play", and an answer quoting the line carries
# no NUL (which mail must not hold). Vertical tabs and form feeds are only spacing.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
# Web clients and pasted text also leave spacing no reader sees as different from a space
# (the non-breaking space) or as anything at all (zero-width spaces, word joiners, a stray
# byte-order mark): read as the reader sees them.
_PAGE_BREAKS = str.maketrans(
    {"\x0b": " ", "\x0c": " ", "\u00a0": " ", "\u200b": None, "\u2060": None, "\ufeff": None}
    # Direction marks, which right-to-left clients put around an attribution.
    | dict.fromkeys([0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
)


def reader_characters(text: str) -> str:
    """``text`` with line breaks, controls and invisible characters as the reader reads
    them (what :func:`author_text` does to a decoded part before anything else)."""
    return _CONTROL.sub("\ufffd", _normalise_newlines(text).translate(_PAGE_BREAKS))


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


_FLOWED_QUOTE = re.compile(r"^>+")


def unflow(text: str, *, delsp: bool) -> str:
    """Undo RFC 3676 format=flowed: join soft-broken lines and remove space-stuffing.

    A line ending in a space continues on the next line of the same quote depth; with
    DelSp=yes that space was added by the sender and is removed.  The signature
    delimiter "-- " is never a soft break.  Quoted lines come back as ``> `` per depth.
    """
    out: list[str] = []
    buffer: str | None = None
    buffer_depth = 0
    for raw in text.split("\n"):
        marker = _FLOWED_QUOTE.match(raw)
        depth = len(marker.group(0)) if marker else 0
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]  # space-stuffing (or the space after the quote marks)
        if buffer is not None and depth != buffer_depth:
            # A depth change ends a paragraph even if the last line was flowed (RFC 3676 4.5).
            out.append(_with_depth(buffer, buffer_depth))
            buffer = None
        flowed = line.endswith(" ") and line != "-- "
        if flowed and delsp:
            line = line[:-1]
        buffer = line if buffer is None else buffer + line
        buffer_depth = depth
        if not flowed:
            out.append(_with_depth(buffer, buffer_depth))
            buffer = None
    if buffer is not None:
        out.append(_with_depth(buffer, buffer_depth))
    return "\n".join(out)


def _with_depth(text: str, depth: int) -> str:
    if depth == 0:
        return text
    return "> " * depth + text if text else ">" * depth


def is_flowed(part: Message) -> tuple[bool, bool]:
    # One reading of the Content-Type parameters for both (each ``get_param`` reads them
    # all again); the first of a repeated parameter counts, as for ``get_param``.
    params = part.get_params(header="content-type") or []

    def param(name: str) -> object:
        return next((value for key, value in params if key.lower() == name), "")

    fmt = str(param("format") or "").lower()
    delsp = str(param("delsp") or "").lower()
    return fmt == "flowed", delsp == "yes"


def _select_part(msg: Message) -> tuple[Message | None, str | None]:
    """The first text/plain leaf, else the first text/html leaf, with its subtype. A
    plain leaf holding only a list's footer (the part Mailman adds after an HTML-only
    body) is no body while another text leaf is there."""
    leaves = list(_leaf_parts(msg))
    if len(leaves) > 1:
        leaves = [leaf for leaf in leaves if not _only_a_list_footer(leaf)] or leaves
    for wanted in ("plain", "html"):
        for part in leaves:
            if part.get_content_type() == f"text/{wanted}":
                return part, wanted
    return None, None


def _only_a_list_footer(part: Message) -> bool:
    """Whether a text/plain leaf is a list's footer and nothing else."""
    if part.get_content_type() != "text/plain":
        return False
    text, _ = decode_part(_payload_bytes(part), part.get_content_charset())
    lines = [line.strip() for line in _normalise_newlines(text).split("\n") if line.strip()]
    return (
        len(lines) >= 2
        and len(lines) <= _MAX_FOOTER_LINES
        and bool(_FOOTER_RULE.fullmatch(lines[0]))
        and bool(_FOOTER_LIST.fullmatch(lines[1]))
    )


_MAX_FOOTER_LINES = 8


# What some clients put in the text/plain half of an HTML mail instead of its text: image
# placeholders ("[image: map.png]", "[cid:...]") and nothing else.
_PLACEHOLDER = re.compile(r"\[(?:image|inline image|cid)\b[^\]\n]*\]", re.IGNORECASE)


def _html_instead(msg: Message, plain: Message, text: str) -> Message | None:
    """The HTML alternative to read when the plain part holds no words, only placeholders
    (only its own alternative: an HTML part elsewhere may be someone else's words)."""
    if not msg.is_multipart() or _PLACEHOLDER.sub("", text).strip():
        return None
    for container in msg.walk():
        children = container.get_payload()
        if container.get_content_type() != "multipart/alternative" or not isinstance(
            children, list
        ):
            continue
        if any(child is plain for child in children):
            # The HTML may sit inside multipart/related, with its images.
            leaves = (
                leaf
                for child in children
                if isinstance(child, Message)
                for leaf in _leaf_parts(child)
            )
            return next((c for c in leaves if c.get_content_type() == "text/html"), None)
    return None


def _body_text(msg: Message, notes: list[str]) -> str:
    part, subtype = _select_part(msg)
    if part is None:
        notes.append("no text part found")
        return ""
    text, note = decode_part(_payload_bytes(part), part.get_content_charset())
    if subtype == "plain" and (html_part := _html_instead(msg, part, text)) is not None:
        part, subtype = html_part, "html"
        text, note = decode_part(_payload_bytes(part), part.get_content_charset())
        notes.append("the plain text part was empty; the HTML part was read")
    if note:
        notes.append(note)
    text = reader_characters(text)
    if subtype == "html":
        notes.append("converted from HTML")
        return html_to_text(text)
    flowed, delsp = is_flowed(part)
    if flowed:
        text = unflow(text, delsp=delsp)
    for more in _more_inline_text(msg, part):
        # Apple Mail splits a plain message around an inline image into several parts.
        extra, note = decode_part(_payload_bytes(more), more.get_content_charset())
        extra = reader_characters(extra)
        flowed, delsp = is_flowed(more)
        text = text.rstrip("\n") + "\n\n" + (unflow(extra, delsp=delsp) if flowed else extra)
    return text


def _more_inline_text(msg: Message, first: Message) -> list[Message]:
    """The plain parts after ``first`` that are the author's text too: siblings of it in a
    multipart/mixed, shown inline and without a file name of their own."""
    if msg.get_content_type() != "multipart/mixed":
        return []
    children = msg.get_payload()
    at = next((i for i, c in enumerate(children) if c is first), None)
    if not isinstance(children, list) or at is None:
        return []
    after = children[at + 1 :]
    return [
        child
        for child in after
        if isinstance(child, Message)
        and child.get_content_type() == "text/plain"
        and child.get_content_disposition() in (None, "inline")
        and child.get_filename() is None
    ]


def _split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another
    return lines


_ARMOUR_BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_ARMOUR_HEADER = re.compile(r"[A-Za-z][A-Za-z-]*: .*")
_SIGNATURE_BEGIN = "-----BEGIN PGP SIGNATURE-----"
_SIGNATURE_END = "-----END PGP SIGNATURE-----"
_FOOTER_RULE = re.compile(r"_{20,}\s*")
_FOOTER_LIST = re.compile(r".*\bmailing list\s*", re.IGNORECASE)


def _set_aside_wrappings(lines: list[str], notes: list[str]) -> list[str]:
    """Blank what wraps the author's words: a PGP clear signature's armour and signature
    (undoing its dash-escaping, so "- -- " is the signature separator again) and a list's
    footer. Blanked, not removed, so that line numbers still count the body's lines."""
    lines = list(lines)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].strip() == _ARMOUR_BEGIN:
        index = first
        lines[index] = ""
        index += 1
        # Armour headers ("Hash: SHA256"), up to the blank line that ends them; a line that is
        # not one is the author's, even if the blank line is missing.
        while index < len(lines) and _ARMOUR_HEADER.fullmatch(lines[index]):
            lines[index] = ""
            index += 1
        inside_signature = False
        for at in range(index, len(lines)):
            line = lines[at]
            if line.strip() == _SIGNATURE_BEGIN:
                inside_signature = True
            if inside_signature:
                lines[at] = ""
                inside_signature = line.strip() != _SIGNATURE_END
            elif line.startswith("- "):
                lines[at] = line[2:]
        notes.append("the PGP signature's armour was set aside (the signature is not checked)")
    for index in range(len(lines) - 1):
        if _FOOTER_RULE.fullmatch(lines[index]) and _FOOTER_LIST.fullmatch(lines[index + 1]):
            lines[index:] = [""] * (len(lines) - index)
            break
    return lines


def author_text(msg: Message) -> AuthorText:
    """Return the author's own lines, the quoted lines and the signature of ``msg``.

    Takes the first text/plain part that is not an attachment (else the first text/html
    part, converted), decodes it, undoes format=flowed, and classifies every line with
    :func:`referee.mailtext.quoting.split_quoted`.  Line numbers count lines of the
    decoded, un-flowed (or HTML-converted) body.  Never raises: on any failure the
    result has no lines and a note saying why.
    """
    notes: list[str] = []
    try:
        lines = _set_aside_wrappings(_split_lines(_body_text(msg, notes)), notes)
        split = split_quoted(lines)
    except Exception as exc:  # a malformed message must never stop the pipeline
        return AuthorText((), (), (), (*notes, f"the body could not be read ({exc!r})"))
    own: list[TextLine] = []
    quoted: list[TextLine] = []
    signature: list[TextLine] = []
    buckets = {LineKind.OWN: own, LineKind.QUOTED: quoted, LineKind.SIGNATURE: signature}
    for number, (kind, text) in enumerate(zip(split.kinds, split.texts, strict=True), start=1):
        buckets[kind].append(TextLine(number=number, text=text))
    if not any(line.text.strip() for line in own):
        notes.append("the author wrote no text of their own")
    return AuthorText(
        tuple(own), tuple(quoted), tuple(signature), tuple(notes), text_attachments(msg)
    )
