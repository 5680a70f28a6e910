"""Passphrases in disguise (SEC-2): written so that no header's or part's text holds them,
but a reader of the stored mail recovers them all the same. Each is blanked in the stored
copy; it proves the sender only where the reader reads it as the author's own words."""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils
import html
import re
import unicodedata

import pytest

from referee.ingress.redaction import Redactor
from referee.mailtext.body import author_text
from referee.mailtext.headers import decode_words
from referee.mailtext.passphrases import REDACTED, blank_passphrases, contains_passphrase

PHRASE = "walrus and carpenter"
FULL_WIDTH = "ｗａｌｒｕｓ ａｎｄ ｃａｒｐｅｎｔｅｒ"


def _raw(content_type: str, body: str, *, headers: str = "", charset: str = "") -> bytes:
    return (
        "From: nix@example.org\r\nTo: referee@example.org\r\nSubject: my move\r\n"
        f"Message-ID: <m3@example.org>\r\nMIME-Version: 1.0\r\n{headers}"
        f"Content-Type: {content_type}{charset}\r\n\r\n{body}"
    ).encode()


def _css(text: str) -> str:
    def character(match: re.Match[str]) -> str:
        return chr(int(match.group(1), 16)) if match.group(1) else match.group(2)

    return re.sub(r"\\(?:([0-9a-fA-F]{1,6}) ?|(.))", character, text)


def recovered(raw: bytes) -> list[str]:
    """Everything a reader of the stored bytes can read back, written independently of the
    referee's own reading: every header and parameter decoded, every part decoded, its
    markup's entities and CSS escapes undone, every character in its compatibility form."""
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    texts = [raw.decode("utf-8", "replace")]
    for part in message.walk():
        texts.extend(decode_words(str(value)) for value in part.values())
        for header in ("content-type", "content-disposition"):
            for _, value in part.get_params(header=header) or []:
                texts.append(email.utils.collapse_rfc2231_value(value))
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            text = payload.decode("utf-8", "replace")
            texts.extend([text, html.unescape(text), _css(html.unescape(text))])
    return [unicodedata.normalize("NFKC", t).replace("\u200b", "") for t in texts]


def holds_phrase(raw: bytes) -> bool:
    return any(re.search(r"walrus\s+and\s+carpenter", t, re.I) for t in recovered(raw))


DISGUISES = [
    # An attribute no reader shows, its letters written as entities.
    ("text/html", '<p title="walrus &#97;nd carpenter">I play e5</p>\r\n', ""),
    ("text/html", '<p>I play e5<img alt="&#x77;alrus and carpenter" src="x.png"></p>\r\n', ""),
    # A style whose content is written with CSS escapes.
    (
        "text/html",
        '<style>p::after { content: "w\\61 lrus and carp\\65 nter" }</style><p>I play e5</p>\r\n',
        "",
    ),
    ("text/html", "<p style=\"--x: 'walrus \\61nd carpenter'\">I play e5</p>\r\n", ""),
]


@pytest.mark.parametrize(("content_type", "body", "charset"), DISGUISES)
def test_a_passphrase_in_markup_no_reader_shows_is_blanked_and_proves_nothing(
    content_type: str, body: str, charset: str
) -> None:
    raw = _raw(content_type, body, charset=charset)
    assert holds_phrase(raw)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert not holds_phrase(redacted.raw)
    assert redacted.holders == ()  # not the author's own lines: an attribute, a style
    stored = email.message_from_bytes(redacted.raw, policy=email.policy.compat32)
    assert "I play e5" in author_text(stored).text  # the stored part reads as before


@pytest.mark.parametrize(
    "disposition",
    [
        "attachment; filename*=utf-8''walrus%20and%20carpent%65r.txt",
        'attachment; filename*0="walrus and "; filename*1="carpenter.txt"',
    ],
)
def test_a_passphrase_in_an_rfc_2231_file_name_is_blanked(disposition: str) -> None:
    body = (
        "--b\r\nContent-Type: text/plain\r\n\r\nI play e5\r\n"
        "--b\r\nContent-Type: application/octet-stream\r\n"
        f"Content-Disposition: {disposition}\r\nContent-Transfer-Encoding: base64\r\n"
        "\r\naGVsbG8=\r\n--b--\r\n"
    )
    raw = _raw("multipart/mixed; boundary=b", body)
    assert holds_phrase(raw)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert not holds_phrase(redacted.raw)
    assert redacted.holders == ()
    stored = email.message_from_bytes(redacted.raw, policy=email.policy.compat32)
    names = [part.get_filename() for part in stored.walk() if part.get_filename()]
    assert names == [f"{REDACTED}.txt"]


@pytest.mark.parametrize("cte", ["8bit", "quoted-printable", "base64"])
def test_a_passphrase_in_full_width_letters_is_blanked_and_proves_the_sender(cte: str) -> None:
    from email.message import EmailMessage

    message = EmailMessage()
    message["From"] = "nix@example.org"
    message["To"] = "referee@example.org"
    message["Subject"] = "my move"
    message["Message-ID"] = "<m4@example.org>"
    message.set_content(f"I play e5\n{FULL_WIDTH}\n", charset="utf-8", cte=cte)
    raw = message.as_bytes()
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert not holds_phrase(redacted.raw)
    # The reader reads compatibility forms as the letters they are (as the finder does).
    assert redacted.holders == ("nix",)


def test_a_passphrase_in_full_width_letters_in_a_header_is_blanked() -> None:
    subject = email.header.Header(f"Re: {FULL_WIDTH}", "utf-8").encode()
    raw = _raw("text/plain", "I play e5\r\n", headers=f"X-Note: {subject}\r\n")
    assert holds_phrase(raw)
    redacted = Redactor({"nix": PHRASE}).redact(raw)
    assert not holds_phrase(redacted.raw)
    assert redacted.holders == ()


def test_compatibility_forms_are_found_and_blanked_where_they_stand() -> None:
    assert contains_passphrase(f"I play e5\n{FULL_WIDTH}", PHRASE)
    assert contains_passphrase("walrus and ｃａｒｐｅｎｔｅｒ.", PHRASE)
    assert not contains_passphrase("ｗａｌｒｕｓ and carpenters", PHRASE)  # still whole words
    assert blank_passphrases(f"x {FULL_WIDTH}s y", [PHRASE]) == f"x {REDACTED}s y"
    assert blank_passphrases("ｉ ｐｌａｙ ｅ５", [PHRASE]) == "ｉ ｐｌａｙ ｅ５"
