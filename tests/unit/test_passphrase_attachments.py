"""A passphrase inside a compressed attachment (SEC-4-1): the stored copy never keeps it.

A player's notes sent as a .gz, a zip, a word-processor document or a PDF hold their text
where no search of the attachment's bytes finds it. The redactor opens such files, and an
attachment that holds a passphrase, or that is too large to search to its end, is stored
as a note saying so; every other attachment is stored as it came.
"""

from __future__ import annotations

import bz2
import email
import email.policy
import gzip
import io
import lzma
import random
import struct
import zipfile
import zlib
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage, Message

import pytest
from sqlalchemy import select

from referee.config import Visibility
from referee.ingress.inbox import Inbox, TimeTolerance
from referee.ingress.opened_attachments import MAX_OUTPUT, inner_texts
from referee.ingress.redaction import WITHHELD_HEADER, Redactor
from referee.mailtext.body import author_text
from referee.mailtext.passphrases import mentions_passphrase
from referee.store.db import Database
from referee.store.models import InboundMessage

PHRASE = "walrus and carpenter"
NOTES = f"My notes for the round.\nPassphrase: {PHRASE}\nPlay c5 next.\n".encode()


def _mail(data: bytes, ctype: str = "application/octet-stream", name: str = "notes") -> bytes:
    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["To"] = "referee@example.org"
    message["Subject"] = "my move"
    message.set_content("I play e5\n")
    maintype, subtype = ctype.split("/")
    message.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return message.as_bytes()


def _zip(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _pdf(content: bytes) -> bytes:
    stream = zlib.compress(content)
    return (
        b"%PDF-1.4\n1 0 obj\n<< /Length "
        + str(len(stream)).encode()
        + b" /Filter /FlateDecode >>\nstream\n"
        + stream
        + b"\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
    )


def _attachment(raw: bytes) -> Message:
    parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
    parts = [part for part in parsed.walk() if not part.is_multipart()]
    assert len(parts) == 2
    return parts[1]


def _docx_xml() -> bytes:
    # A word processor splits a line into runs wherever its formatting changes.
    return (
        b'<?xml version="1.0"?><w:document><w:body><w:p><w:r><w:t>Passphrase: walrus '
        b'and</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> carp</w:t>'
        b"</w:r><w:r><w:t>enter</w:t></w:r></w:p></w:body></w:document>"
    )


HOLDING = {
    "gzip": gzip.compress(NOTES, mtime=0),
    "bzip2": bz2.compress(NOTES),
    "xz": lzma.compress(NOTES),
    "zip": _zip({"notes.txt": NOTES}),
    "zip, stored": _zip({"notes.txt": NOTES}, zipfile.ZIP_STORED),
    "a zip inside a gzip": gzip.compress(_zip({"a/notes.txt": NOTES}), mtime=0),
    "a gzip inside a zip": _zip({"notes.txt.gz": gzip.compress(NOTES, mtime=0)}),
    "word-processor document": _zip({"word/document.xml": _docx_xml()}),
    "UTF-16 text in a zip": _zip({"notes.txt": NOTES.decode().encode("utf-16-le")}),
    "the passphrase as a zip entry's name": _zip({f"{PHRASE}.txt": b"x"}),
    "PDF, a TJ array split inside words": _pdf(
        b"BT /F1 12 Tf [(Pass)-20(phrase: wal)15(rus and carp)-8(enter)] TJ ET"
    ),
    "PDF, one Tj a word": _pdf(b"BT (walrus) Tj (and) Tj (carpenter) Tj ET"),
    "PDF, a hex UTF-16 string": _pdf(
        b"BT <FEFF" + PHRASE.encode("utf-16-be").hex().encode() + b"> Tj ET"
    ),
    "PDF, escapes": _pdf(b"BT (walrus\\040and\\040carpenter) Tj ET"),
    "a damaged gzip, the passphrase before the damage": gzip.compress(
        NOTES + random.Random(14).randbytes(4000).hex().encode(), mtime=0
    )[:-300],
}


@pytest.mark.parametrize("name", list(HOLDING))
def test_an_attachment_holding_a_passphrase_is_not_stored(name: str) -> None:
    raw = _mail(HOLDING[name])
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.changed
    assert redacted.holders == ()  # an attachment never proves the sender
    attachment = _attachment(redacted.raw)
    assert attachment[WITHHELD_HEADER] == "it held a passphrase"
    assert attachment.get_filename() == "notes"
    assert attachment.get_content_disposition() == "attachment"
    assert inner_texts(redacted.raw).texts == []  # nothing compressed is left in the copy
    assert HOLDING[name] not in redacted.raw
    # The author's own text is read as before, and the note is not the author's.
    lines = [line.text for line in author_text(email.message_from_bytes(redacted.raw)).lines]
    assert lines == ["I play e5"]


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("gzip", gzip.compress(b"My notes: play c5 next.\n", mtime=0)),
        ("zip", _zip({"notes.txt": b"walrus and carp", "more.txt": b"enter"})),
        ("PDF", _pdf(b"BT (walrus and) Tj ET")),
        ("not a container", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_an_attachment_without_a_passphrase_is_stored_byte_for_byte(name: str, data: bytes) -> None:
    raw = _mail(data)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.raw == raw
    assert not redacted.changed


def test_an_attachment_too_large_to_search_is_not_stored() -> None:
    # A decompression bomb: 40 MiB of zeros in 40 KiB; a passphrase could stand after them.
    bomb = gzip.compress(b"\0" * (MAX_OUTPUT + 8 * 1024 * 1024) + NOTES, mtime=0)
    redacted = Redactor({"nix": PHRASE}).redact(_mail(bomb))
    attachment = _attachment(redacted.raw)
    assert attachment[WITHHELD_HEADER] == "it was too large to search for a passphrase"
    assert not mentions_passphrase(redacted.raw.decode("utf-8", "replace"), PHRASE)


def test_nesting_beyond_the_bound_is_too_large_to_search() -> None:
    data = NOTES
    for _ in range(8):
        data = gzip.compress(data, mtime=0)
    assert inner_texts(data).complete is False
    redacted = Redactor({"nix": PHRASE}).redact(_mail(data))
    assert _attachment(redacted.raw)[WITHHELD_HEADER] is not None


def test_a_compressed_file_labelled_as_text_is_opened_too() -> None:
    redacted = Redactor({"nix": PHRASE}).redact(_mail(gzip.compress(NOTES, mtime=0), "text/plain"))
    assert _attachment(redacted.raw)[WITHHELD_HEADER] == "it held a passphrase"


def test_an_entry_sealed_by_a_password_is_kept_as_it_came() -> None:
    # The stored copy of an encrypted entry is as unreadable as the original without its
    # password (the standard library cannot write one: the entry's flag is set by hand).
    data = bytearray(_zip({"notes.txt": b"ciphertext here"}, zipfile.ZIP_STORED))
    local = data.find(b"PK\x03\x04")
    central = data.find(b"PK\x01\x02")
    for offset in (local + 6, central + 8):
        (flags,) = struct.unpack_from("<H", data, offset)
        struct.pack_into("<H", data, offset, flags | 0x1)
    contents = inner_texts(bytes(data))
    assert contents.complete and contents.texts == ["notes.txt"]
    raw = _mail(bytes(data))
    assert Redactor({"nix": PHRASE}).redact(raw).raw == raw


def test_the_stored_row_holds_neither_the_passphrase_nor_the_file(
    sqlite_database: Database,
) -> None:
    # The player's notes as a .gz, beside eir play and eir passphrase: the stored copy
    # keeps the play, proves the sender, and holds no byte of the file.
    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["To"] = "referee@example.org"
    message["Subject"] = "my move"
    message["Message-ID"] = "<notes@example.org>"
    message["Date"] = "Mon, 04 Mar 2024 00:00:00 +0000"
    message.set_content(f"I play e5\n{PHRASE}\n")
    notes = gzip.compress(NOTES, mtime=0)
    message.add_attachment(notes, maintype="application", subtype="gzip", filename="n.gz")
    raw = message.as_bytes()
    inbox = Inbox(
        sqlite_database, TimeTolerance(timedelta(hours=24)), redactor=Redactor({"nix": PHRASE})
    )
    inbox.accept(raw, "test", Visibility.PRIVATE, datetime(2024, 3, 4, tzinfo=UTC))
    with sqlite_database.transaction() as session:
        row = session.scalars(select(InboundMessage)).one()
        assert b"walrus" not in row.raw and notes not in row.raw
        assert inner_texts(row.raw).texts == []
        assert row.passphrase_holders == ["nix"]
        assert _attachment(row.raw)[WITHHELD_HEADER] == "it held a passphrase"
