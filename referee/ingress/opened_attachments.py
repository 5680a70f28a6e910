"""The texts inside an attachment, as a person who opens the file would see them.

The redactor blanks a passphrase in an attachment's bytes, but a player's notes sent as a
compressed file (gzip, bzip2, xz, a zip archive and the office formats built on it, a PDF,
whose text sits in compressed streams) hold it where no search of the bytes finds it. This
module opens such files, nested too, and gives every text a reader of the file could get
out of them, so the redactor can tell whether the attachment holds a passphrase.

It never runs a file's code and never trusts its sizes: every decompression is bounded,
and when a bound stops the look, the result says so (``complete`` is false), since a
passphrase could stand beyond it. A member sealed by a password (an encrypted zip entry) is
counted as sealed, not as unread: nobody without that password reads it.
"""

from __future__ import annotations

import bz2
import html
import io
import lzma
import re
import zipfile
import zlib
from dataclasses import dataclass, field

MAX_OUTPUT = 32 * 1024 * 1024  # bytes decompressed in all, for one attachment
MAX_DEPTH = 4  # containers inside containers
MAX_MEMBERS = 2000  # entries of all archives, for one attachment

_PDF_ARRAY = re.compile(rb"\[((?:[^\[\]\\]|\\.)*)\]\s*TJ", re.DOTALL)
_PDF_STRING_PATTERN = rb"\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)|<[0-9A-Fa-f\s]*>"
_PDF_SHOWN = re.compile(rb"(" + _PDF_STRING_PATTERN + rb")\s*(?:Tj|'|\")")
_PDF_STRING = re.compile(_PDF_STRING_PATTERN)
_PDF_ESCAPE = re.compile(rb"\\([nrtbf()\\]|[0-7]{1,3}|\r?\n)")
_MARKUP = re.compile(r"<[^<>]*>")  # "[^<>]": a run of "<" with no ">" costs one pass


class _Budget(Exception):
    """A bound stopped the look."""


@dataclass
class Contents:
    texts: list[str] = field(default_factory=list)
    complete: bool = True  # False when a bound stopped the look before the end


@dataclass
class _Look:
    contents: Contents = field(default_factory=Contents)
    output: int = 0
    members: int = 0

    def spend(self, size: int) -> None:
        self.output += size
        if self.output > MAX_OUTPUT:
            raise _Budget


def inner_texts(data: bytes) -> Contents:
    """Every text inside ``data`` that a reader of the file could get out of it; an empty
    list when ``data`` is no container this module opens."""
    look = _Look()
    try:
        _open(data, look, depth=0)
    except _Budget:
        look.contents.complete = False
    return look.contents


def is_container(data: bytes) -> bool:
    return _kind(data) is not None


def _kind(data: bytes) -> str | None:
    if data.startswith(b"\x1f\x8b"):
        return "gzip"
    if data.startswith(b"BZh"):
        return "bzip2"
    if data.startswith(b"\xfd7zXZ\x00"):
        return "xz"
    if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
        return "zip"
    if data.lstrip()[:5] == b"%PDF-":
        return "pdf"
    if data[:2] in (b"\x78\x01", b"\x78\x5e", b"\x78\x9c", b"\x78\xda"):
        return "zlib"
    return None


def _open(data: bytes, look: _Look, depth: int) -> None:
    kind = _kind(data)
    if kind is None:
        if depth > 0:  # a file inside a container: its own bytes are a text to search
            _add_views(data, look)
        return
    if depth >= MAX_DEPTH:
        raise _Budget
    if kind == "zip":
        _open_zip(data, look, depth)
    elif kind == "pdf":
        _open_pdf(data, look, depth)
    else:
        inner = _decompress(kind, data, look)
        _open(inner, look, depth + 1)


def _decompress(kind: str, data: bytes, look: _Look) -> bytes:
    """The decompressed bytes, as far as they go (a damaged end keeps what came before),
    never more than the budget left."""
    left = MAX_OUTPUT - look.output + 1
    chunks: list[bytes] = []
    try:
        if kind == "gzip":
            # Several gzip members may follow each other; each is decompressed in turn.
            rest = data
            while rest and left > 0:
                unpacker = zlib.decompressobj(wbits=31)
                chunk = unpacker.decompress(rest, left)
                chunks.append(chunk)
                left -= len(chunk)
                if unpacker.unconsumed_tail:
                    break  # the budget ran out
                rest = unpacker.unused_data
        elif kind == "zlib":
            chunks.append(zlib.decompressobj().decompress(data, left))
        elif kind == "bzip2":
            chunks.append(bz2.BZ2Decompressor().decompress(data, left))
        else:
            chunks.append(lzma.LZMADecompressor().decompress(data, left))
    except (zlib.error, OSError, EOFError, lzma.LZMAError, ValueError):
        pass  # damaged: what came out before the damage is all a reader gets too
    inner = b"".join(chunks)
    look.spend(len(inner))
    return inner


def _open_zip(data: bytes, look: _Look, depth: int) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError):
        _add_views(data, look)  # not a readable archive: its bytes are still searched
        return
    with archive:
        for entry in archive.infolist():
            look.members += 1
            if look.members > MAX_MEMBERS:
                raise _Budget
            look.contents.texts.append(entry.filename)
            if entry.flag_bits & 0x1:
                continue  # sealed by a password: nobody without it reads the entry
            if entry.file_size > MAX_OUTPUT - look.output:
                raise _Budget
            try:
                with archive.open(entry) as member:
                    inner = member.read(MAX_OUTPUT - look.output + 1)
            except (
                zipfile.BadZipFile,
                OSError,
                ValueError,
                NotImplementedError,
                EOFError,
                zlib.error,
                lzma.LZMAError,
            ):
                continue  # an entry no reader can open either
            look.spend(len(inner))
            _open(inner, look, depth + 1)


def _open_pdf(data: bytes, look: _Look, depth: int) -> None:
    _add_pdf_text(data, look)  # uncompressed content, and the document's own strings
    for body in _pdf_streams(data):
        inner = _decompress("zlib", body, look) if _kind(body) == "zlib" else body
        if inner is not body:
            _add_pdf_text(inner, look)
            if _kind(inner) is not None:
                _open(inner, look, depth + 1)


def _pdf_streams(data: bytes) -> list[bytes]:
    """The bytes between each ``stream`` keyword's line end and its ``endstream`` (found
    with plain searches: a file of a million "stream" words costs one pass)."""
    streams: list[bytes] = []
    position = 0
    while (keyword := data.find(b"stream", position)) != -1:
        start = keyword + len(b"stream")
        if data.startswith(b"\r\n", start):
            start += 2
        elif data.startswith(b"\n", start) or data.startswith(b"\r", start):
            start += 1
        end = data.find(b"endstream", start)
        if end == -1:
            streams.append(data[start:])
            break
        streams.append(data[start:end].rstrip(b"\r\n"))
        position = end + len(b"endstream")
    return streams


def _add_pdf_text(content: bytes, look: _Look) -> None:
    """The text a PDF shows: each TJ array's strings joined (the pieces between them are
    only spacing), each Tj's string, and every string of the document besides (titles,
    annotations, form fields)."""
    shown: list[str] = []
    for array in _PDF_ARRAY.finditer(content):
        shown.append("".join(_pdf_string(s) for s in _PDF_STRING.findall(array.group(1))))
    for one in _PDF_SHOWN.finditer(content):
        shown.append(_pdf_string(one.group(1)))
    if shown:
        look.contents.texts.append(" ".join(shown))
        look.contents.texts.append("".join(shown))
    strings = [_pdf_string(s) for s in _PDF_STRING.findall(content)]
    if strings:
        look.contents.texts.append(" ".join(strings))
    _add_views(content, look)


def _pdf_string(token: bytes) -> str:
    if token.startswith(b"<"):
        digits = re.sub(rb"\s", b"", token[1:-1])
        if len(digits) % 2:
            digits += b"0"
        raw = bytes.fromhex(digits.decode("ascii"))
    else:
        raw = _PDF_ESCAPE.sub(_pdf_escape, token[1:-1])
    if raw.startswith(b"\xfe\xff"):
        return raw[2:].decode("utf-16-be", "replace")
    return raw.decode("latin-1")


def _pdf_escape(match: re.Match[bytes]) -> bytes:
    code = match.group(1)
    simple = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
    if code in simple:
        return simple[code]
    if code[:1].isdigit():
        return bytes([int(code, 8) & 0xFF])
    if code.startswith(b"\r") or code.startswith(b"\n"):
        return b""  # a line continued
    return code


def _add_views(data: bytes, look: _Look) -> None:
    """``data`` as the texts an editor could show: UTF-8 (or Latin-1), UTF-16 when it
    looks like it, and without markup (a word-processor's XML splits words with tags)."""
    texts = look.contents.texts
    text = data.decode("utf-8", "replace")
    texts.append(text)
    if data.count(b"\x00") * 4 > len(data):
        texts.append(data.decode("utf-16-le", "replace"))
        texts.append(data.decode("utf-16-be", "replace"))
    if "<" in text:
        unmarked = html.unescape(_MARKUP.sub("", text))
        texts.append(unmarked)
        texts.append(html.unescape(_MARKUP.sub(" ", text)))
