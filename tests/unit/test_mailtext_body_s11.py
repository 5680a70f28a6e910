"""Round 11: a list's footer added as its own MIME part after an HTML-only body (rulings
P51-mail-s11-5)."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import pytest

from referee.mailtext.body import author_text

HEAD = (
    b"From: nix <nix@example.org>\nTo: agora-business@agoranomic.org\nSubject: x\n"
    b"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n"
)
FOOTER = (
    b"--B\nContent-Type: text/plain; charset=us-ascii\nContent-Disposition: inline\n\n"
    b"_______________________________________________\nagora-business mailing list\n"
    b"agora-business@agoranomic.org\n"
    b"https://agoranomic.org/cgi-bin/mailman/listinfo/agora-business\n"
)


def parse(raw: bytes) -> EmailMessage:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


@pytest.mark.parametrize(
    "body",
    [
        b"--B\nContent-Type: text/html; charset=utf-8\n\n<div>I play d6.</div>\n",
        b"--B\nContent-Type: multipart/related; boundary=R\n\n--R\n"
        b"Content-Type: text/html; charset=utf-8\n\n<p>I play d6.</p>\n--R--\n",
    ],
)
def test_an_html_body_before_a_footer_part_is_read(body: bytes) -> None:
    result = author_text(parse(HEAD + body + FOOTER + b"--B--\n"))
    assert [line.text for line in result.lines if line.text] == ["I play d6."]
    assert "converted from HTML" in result.notes


def test_a_plain_body_before_a_footer_part_is_read_as_before() -> None:
    body = b"--B\nContent-Type: text/plain; charset=utf-8\n\nI play d6.\n"
    result = author_text(parse(HEAD + body + FOOTER + b"--B--\n"))
    assert [line.text for line in result.lines if line.text] == ["I play d6."]
    assert "converted from HTML" not in result.notes


def test_a_footer_alone_is_still_the_body() -> None:
    result = author_text(parse(HEAD + FOOTER + b"--B--\n"))
    assert [line.text for line in result.lines if line.text] == []


def test_a_plain_part_saying_more_than_a_footer_is_a_body() -> None:
    body = (
        b"--B\nContent-Type: text/plain; charset=utf-8\n\n"
        b"_______________________________________________\nagora-business mailing list\n"
        b"I play d6.\n" + b"more\n" * 8 + b"--B\nContent-Type: text/html\n\n<p>I play e7.</p>\n"
    )
    result = author_text(parse(HEAD + body + b"--B--\n"))
    assert "converted from HTML" not in result.notes
