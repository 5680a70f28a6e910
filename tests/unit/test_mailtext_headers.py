"""The strict header reader, from raw bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mailtext.headers import Mailbox, read_headers

LIST = "agora-business@agoranomic.org"


def read(head: bytes, crlf: bool = True) -> tuple[Mailbox | None, str | None]:
    raw = head + b"\n\nbody\n"
    if crlf:
        raw = raw.replace(b"\n", b"\r\n")
    headers = read_headers(raw, {LIST})
    return headers.author, headers.problem


@pytest.mark.parametrize("crlf", [True, False])
@pytest.mark.parametrize(
    ("head", "author"),
    [
        (b"From: nix@example.org", Mailbox("", "nix@example.org")),
        (b"From: <NIX@example.org>", Mailbox("", "nix@example.org")),
        (b"From: nix <nix@example.org>", Mailbox("nix", "nix@example.org")),
        (
            b'From: "nix, the player" <nix@example.org>',
            Mailbox("nix, the player", "nix@example.org"),
        ),
        (b"From: nix@example.org (nix)", Mailbox("nix", "nix@example.org")),
        (b"From: nix <nix@example.org> (nix@example.org)", Mailbox("nix", "nix@example.org")),
        (b"From: =?utf-8?q?Ja=C3=ABl?= <jael@example.com>", Mailbox("Jaël", "jael@example.com")),
        (b"From: Ja\xc3\xabl <jael@example.com>", Mailbox("Jaël", "jael@example.com")),
        (b"From: nix\n <nix@example.org>", Mailbox("nix", "nix@example.org")),  # folded
        (
            b'From: "nix@example.org" <nix@example.org>',
            Mailbox("nix@example.org", "nix@example.org"),
        ),
        # A list's rewriting of a sender without a name keeps the address in the name.
        (
            b'From: "nix@example.org via agora-business" <agora-business@agoranomic.org>',
            Mailbox("nix@example.org via agora-business", LIST),
        ),
        (b"Subject: no sender", None),
    ],
)
def test_ordinary_senders_are_read(head: bytes, author: Mailbox | None, crlf: bool) -> None:
    assert read(head, crlf) == (author, None)


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b"X-A: b\rFrom: nix@example.org\r\nFrom: evil@example.com\r\n\r\nx", "bare CR"),
        (b"From: evil@example.com\r\nX-A: b\nFrom: nix@example.org\r\n\r\nx", "bare LF"),
        (b"From: evil@example.com\nX-A: b\rc\n\nx", "bare CR"),
        (b"From: evil@example.com\r\n\r\n", None),
        (b"From: a@example.com\r\nnot a field\r\n\r\nx", "line 2 of the header section"),
        (b" folded: first\r\nFrom: a@example.com\r\n\r\nx", "continuation line"),
        (b"From a@example.com Mon Jan  1 00:00:00 2024\nFrom: a@example.com\n\nx", None),
    ],
)
def test_lines_that_parsers_split_differently_are_refused(raw: bytes, problem: str | None) -> None:
    found = read_headers(raw).problem
    assert (found is None) if problem is None else (found is not None and problem in found)


@pytest.mark.parametrize(
    ("head", "problem"),
    [
        (b"From: a@example.com\nFrom: b@example.com", "2 From headers"),
        (b"From: a@example.com\nDate: x\nDate: y", "2 Date headers"),
        (b"From: a@example.com\nMessage-ID: <1@x>\nMessage-Id: <2@x>", "2 Message-ID headers"),
        (b"From: a@example.com\nReply-To: b@x.org\nReply-To: c@x.org", "2 Reply-To headers"),
        (b"From: a@example.com\nList-Id: <a.b>\nList-Id: <c.d>", "2 List-Id headers"),
        (b"From: a@example.com, b@example.com", "several addresses"),
        (b"From: <a@example.com> <b@example.com>", "several addresses"),
        (b"From: a@example.com b@example.com", "not one address"),
        (b"From: friends: a@example.com;", "several addresses (or a group)"),
        (b'From: "a <a@example.com>', "unclosed quoted name"),
        (b"From: a <a@example.com", "unclosed address"),
        (b"From: a <a@example.com> trailing", "text after its address"),
        (b"From: nobody", "is not an email address"),
        (b'From: "nix@example.org" <evil@example.com>', "holds another address"),
        (b"From: nix@example.org <evil@example.com>", "holds another address"),
        (b'From: "nix (nix@example.org)" <evil@example.com>', "holds another address"),
        (b"From: =?utf-8?b?bml4QGV4YW1wbGUub3Jn?= <evil@example.com>", "holds another address"),
        # SEC-1: a comment beside the address is shown as part of the name too.
        (b"From: <evil@example.com> (nix@example.org)", "holds another address"),
        (b"From: Nix (nix@example.org) <evil@example.com>", "holds another address"),
        (b"From: (=?utf-8?q?nix=40example.org?=) <evil@example.com>", "holds another address"),
        # SEC-3: an at sign or letters in compatibility forms read as an address all the same.
        ("From: nix\uff20example.org <evil@example.com>".encode(), "holds another address"),
        (b"From: =?utf-8?q?nix=EF=B9=ABexample=EF=BC=8Eorg?= <evil@example.com>", "holds another"),
        ('From: "\uff4e\uff49\uff58\uff20example.org" <evil@example.com>'.encode(), "another"),
    ],
)
def test_ambiguous_senders_are_refused(head: bytes, problem: str) -> None:
    author, found = read(head)
    assert author is None
    assert found is not None and problem in found, found


@settings(max_examples=300, deadline=None, database=None)
@given(st.binary(max_size=300))
def test_never_raises(raw: bytes) -> None:
    headers = read_headers(raw, {LIST})
    assert headers.problem is None or headers.author is None
