"""Passphrases: found as whole words, blanked wherever they occur, in any encoding."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select

from referee.config import Visibility
from referee.ingress.inbox import Inbox
from referee.ingress.redaction import OriginalCipher, Redactor, redact_stored
from referee.mailtext.headers import decode_words
from referee.mailtext.passphrases import (
    REDACTED,
    blank_passphrases,
    contains_passphrase,
    mentions_passphrase,
)
from referee.store.db import Database
from referee.store.models import InboundMessage

PHRASE = "walrus and carpenter"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I play e5\nwalrus and carpenter", True),
        ("I play e5 walrus and carpenter.", True),
        ("I play e5\n  walrus   and carpenter  ", True),
        ('"walrus and carpenter"', True),
        ("walrus and carpenters", False),  # inside a longer word: not the passphrase
        ("thewalrus and carpenter", False),
        ("Walrus and Carpenter", False),  # case counts, as configured
        ("walrus and\ncarpenter", False),  # split over two lines
        ("walrus", False),
        ("", False),
    ],
)
def test_a_passphrase_counts_only_as_whole_words(text: str, found: bool) -> None:
    assert contains_passphrase(text, PHRASE) is found


def test_blanking_is_stricter_than_finding() -> None:
    assert mentions_passphrase("WALRUS AND\ncarpenters", PHRASE)
    assert mentions_passphrase("<p>walrus&nbsp;and<br>\ncarpenter</p>", PHRASE)
    assert blank_passphrases("x walrus and carpenters", [PHRASE]) == f"x {REDACTED}s"
    assert blank_passphrases("nothing here", [PHRASE]) == "nothing here"


def _message(body: str, cte: str, subject: str = "my move") -> bytes:
    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["To"] = "referee@example.org"
    message["Subject"] = subject
    message["Message-ID"] = "<m1@example.org>"
    message.set_content(body, charset="utf-8", cte=cte)
    return message.as_bytes()


@pytest.mark.parametrize("cte", ["7bit", "8bit", "quoted-printable", "base64"])
def test_the_stored_copy_has_no_passphrase_in_any_encoding(cte: str) -> None:
    # A long line, so that quoted-printable breaks it, and a character beyond ASCII.
    dash = "-" if cte == "7bit" else "\u2014"
    body = f"I play e5 {dash} {'x' * 70} {PHRASE}\n\n{PHRASE}\n"
    raw = _message(body, cte)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.holders == ("nix",)
    assert redacted.dkim_domains == ()  # changed, and nothing was signed
    assert redacted.original is None
    parsed = email.message_from_bytes(redacted.raw, policy=email.policy.default)
    assert isinstance(parsed, EmailMessage)
    part = parsed.get_body(("plain",))
    assert part is not None
    text = part.get_content()
    assert f"I play e5 {dash}" in text
    assert PHRASE not in text and text.count(REDACTED) == 2
    assert b"walrus" not in redacted.raw
    # 8-bit text is written back as base64: the stored copy stays plain ASCII.
    assert str(part["Content-Transfer-Encoding"]) == ("base64" if cte == "8bit" else cte)


def test_a_passphrase_in_the_subject_or_a_quoted_line_is_blanked_but_proves_nothing() -> None:
    raw = _message(f"> {PHRASE}\nI play e5\n", "7bit", subject=f"Re: {PHRASE}")
    redacted = Redactor({"nix": PHRASE, "Janet": "snark boojum"}).redact(raw)
    assert redacted.holders == ()
    assert b"walrus" not in redacted.raw
    assert b"Subject: Re: [passphrase]" in redacted.raw


def test_mail_without_a_passphrase_is_stored_byte_for_byte() -> None:
    raw = _message("I play e5\n", "7bit")
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.raw == raw
    assert not redacted.changed


def test_the_original_is_kept_only_encrypted_under_the_operators_key() -> None:
    key = Fernet.generate_key().decode()
    raw = _message(f"I play e5\n{PHRASE}\n", "quoted-printable")
    cipher = OriginalCipher(key)
    redacted = Redactor({"nix": PHRASE}, cipher=cipher).redact(raw)
    assert redacted.original is not None
    assert b"walrus" not in redacted.original
    assert cipher.decrypt(redacted.original) == raw


def test_mail_stored_before_redaction_is_redacted_in_place(
    sqlite_database: Database, inbox: Inbox
) -> None:
    plain = inbox  # no passphrases known: stored as received
    raw = _message(f"I play e5\n{PHRASE}\n", "base64")
    plain.accept(raw, "test", Visibility.PRIVATE, datetime(2024, 3, 4, tzinfo=UTC))
    redactor = Redactor({"nix": PHRASE})
    assert redact_stored(sqlite_database, redactor) == 1
    assert redact_stored(sqlite_database, redactor) == 0  # once is enough
    with sqlite_database.transaction() as session:
        row = session.scalars(select(InboundMessage)).one()
        assert b"walrus" not in row.raw
        assert row.passphrase_holders == ["nix"]
        assert row.dkim_domains == []


def _raw(content_type: str, body: str, *, headers: str = "") -> bytes:
    return (
        "From: nix@example.org\r\nTo: referee@example.org\r\nSubject: my move\r\n"
        f"Message-ID: <m2@example.org>\r\nMIME-Version: 1.0\r\n{headers}"
        f"Content-Type: {content_type}\r\n\r\n{body}"
    ).encode()


def _reader_lines(raw: bytes) -> str:
    from referee.mailtext.body import author_text

    parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
    return "\n".join(line.text for line in author_text(parsed).lines)


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        # SEC-1: whole only once format=flowed is undone (DelSp=yes joins "wal" "rus")...
        ("text/plain; format=flowed; delsp=yes", "I play e5\r\nwal \r\nrus and carpenter\r\n"),
        ("text/plain; format=flowed", "I play e5\r\nwalrus and \r\ncarpenter\r\n"),
        # ... or once HTML is read: a tag inside a word, a character written as an entity.
        ("text/html", "<p>I play e5</p><p>wal<b></b>rus and carpenter</p>\r\n"),
        ("text/html", "<p>I play e5</p><p>&#119;alrus and carpenter</p>\r\n"),
        # ... or once characters nobody sees are dropped (zero-width space, direction mark).
        ("text/plain; charset=utf-8", "I play e5\r\nwal\u200brus and carpenter\r\n"),
        ("text/plain; charset=utf-8", "I play e5\r\nwalrus \u200eand carpenter\r\n"),
    ],
)
def test_a_passphrase_whole_only_as_the_reader_reads_it_is_blanked(
    content_type: str, body: str
) -> None:
    raw = _raw(content_type, body)
    assert contains_passphrase(_reader_lines(raw), PHRASE)  # what the reader would credit
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.holders == ("nix",)
    stored = _reader_lines(redacted.raw)
    assert "I play e5" in stored and REDACTED in stored
    assert not mentions_passphrase(stored, PHRASE)
    assert not mentions_passphrase(redacted.raw.decode(), PHRASE)


def test_a_passphrase_in_an_attachment_or_a_forwarded_header_is_blanked() -> None:
    import base64

    secret = base64.b64encode(f"notes: {PHRASE}\n".encode()).decode()
    inner_subject = "=?utf-8?b?" + base64.b64encode(PHRASE.encode()).decode() + "?="
    body = (
        "--b\r\nContent-Type: text/plain\r\n\r\nI play e5\r\n"
        "--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n"
        f"\r\n{secret}\r\n"
        f"--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: a@example.net\r\n"
        f"Subject: {inner_subject}\r\n\r\nforwarded\r\n--b--\r\n"
    )
    raw = _raw("multipart/mixed; boundary=b", body)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.holders == ()  # neither an attachment nor a forwarded header proves it
    parsed = email.message_from_bytes(redacted.raw, policy=email.policy.compat32)
    for part in parsed.walk():
        for value in part.values():
            assert not mentions_passphrase(decode_words(str(value)), PHRASE)
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            assert PHRASE.encode() not in payload


def test_a_passphrase_hidden_by_a_zero_width_space_in_the_subject_is_blanked() -> None:
    subject = "=?utf-8?q?Re:_walrus_and_carp=E2=80=8Benter?="
    raw = _raw("text/plain", "I play e5\r\n", headers=f"X-Note: {subject}\r\n")
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    parsed = email.message_from_bytes(redacted.raw, policy=email.policy.compat32)
    note = decode_words(str(parsed["X-Note"]))
    assert REDACTED in note and not mentions_passphrase(note.replace("\u200b", ""), PHRASE)


def test_the_key_of_mail_without_a_message_id_is_no_hash_of_its_passphrase(
    sqlite_database: Database,
) -> None:
    # SEC-1: such mail is keyed by a hash of its bytes; the bytes hashed are the stored
    # copy's, not the original's with the passphrase still in a base64 part.
    from referee.ingress.inbox import TimeTolerance, message_key

    raw = _message(f"I play e5\n{PHRASE}\n", "base64").replace(
        b"Message-ID: <m1@example.org>\n", b""
    )
    assert b"Message-ID" not in raw
    redactor = Redactor({"nix": PHRASE})
    inbox = Inbox(sqlite_database, TimeTolerance(timedelta(hours=24)), redactor=redactor)
    accepted = inbox.accept(raw, "test", Visibility.PRIVATE, datetime(2024, 3, 4, tzinfo=UTC))
    with sqlite_database.transaction() as session:
        row = session.scalars(select(InboundMessage)).one()
        assert b"walrus" not in row.raw
        assert row.message_key == accepted.message_key == message_key(row.raw)
        assert row.message_key != message_key(redactor.blank_bytes(raw))
    # The same mail again is the same message.
    again = inbox.accept(raw, "test", Visibility.PRIVATE, datetime(2024, 3, 4, 1, tzinfo=UTC))
    assert again.duplicate and again.inbound_id == accepted.inbound_id


def test_an_html_part_blanked_as_read_is_still_the_part_read() -> None:
    # The plain alternative holds only an image placeholder, so the reader reads the HTML:
    # once blanked, the HTML is still HTML, and the stored copy reads the same.
    body = (
        "--a\r\nContent-Type: text/plain\r\n\r\n[image: board.png]\r\n"
        "--a\r\nContent-Type: text/html\r\n\r\n"
        "<p>I play e5 &amp; more</p><p>&#119;alrus and carpenter</p>\r\n--a--\r\n"
    )
    raw = _raw("multipart/alternative; boundary=a", body)
    before = _reader_lines(raw)
    assert "I play e5 & more" in before and contains_passphrase(before, PHRASE)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert redacted.holders == ("nix",)
    assert _reader_lines(redacted.raw) == before.replace(PHRASE, REDACTED)
    assert not mentions_passphrase(redacted.raw.decode(), PHRASE)
