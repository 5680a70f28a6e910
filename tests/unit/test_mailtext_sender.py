"""Author attribution."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from email.utils import getaddresses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mailtext.headers import read_headers
from referee.mailtext.lists import Carriage
from referee.mailtext.sender import (
    AddressBook,
    AttributedBy,
    Attribution,
    decode_words,
    identify_author,
    parse_addresses,
)

BOOK = AddressBook(
    players={"nix@example.org": "nix", "janet@example.net": "Janet", "jael@example.com": "Jaël"},
    list_addresses=frozenset({"agora-business@agoranomic.org"}),
    bot_addresses=frozenset({"referee@example.org"}),
)


LIST = "agora-business@agoranomic.org"


def who(
    headers: str | bytes, carried: bool = False, signed: frozenset[str] | None = None
) -> Attribution:
    """The author of a message with ``headers``; ``carried``: the list verifiably carried it."""
    raw = (headers.encode() if isinstance(headers, str) else headers) + b"\n\nbody\n"
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    carriage = Carriage(LIST, signed, "") if carried else Carriage(None, None, "it has no List-Id")
    strict = read_headers(raw, BOOK.list_addresses)
    return identify_author(msg, BOOK, headers=strict, carriage=carriage)


def _plain(result: Attribution) -> tuple[object, ...]:
    return (result.player, result.address, result.display_name, result.via_list, result.how)


def test_registered_from() -> None:
    assert who("From: nix <NIX@example.org>") == Attribution(
        "nix", "nix@example.org", "nix", False, AttributedBy.FROM
    )


def test_registered_from_wins_even_with_via_in_the_name() -> None:
    assert who('From: "nix via phone" <nix@example.org>').how == "from"


def test_via_name_from_a_list_not_in_the_book_is_its_literal_from() -> None:
    # A Google Group the book does not list never carried anything the referee honours.
    result = who(
        "From: \"'Janet' via Agora Games\" <agora-games@googlegroups.com>\n"
        "X-Original-From: Janet <janet@example.net>"
    )
    assert (result.player, result.address, result.how) == (
        None,
        "agora-games@googlegroups.com",
        "from",
    )
    assert result.doubt is not None and "looks rewritten by a list" in result.doubt


def test_list_rewriting_not_carried_names_nobody() -> None:
    result = who(
        'From: "nix via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: nix <nix@example.org>"
    )
    assert _plain(result) == (None, None, "nix via agora-business", False, "none")
    assert result.doubt is not None and "it has no List-Id" in result.doubt


def test_list_rewriting_carried_is_undone_by_reply_to() -> None:
    result = who(
        'From: "nix via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: nix <nix@example.org>",
        carried=True,
    )
    assert result == Attribution("nix", "nix@example.org", "nix", True, AttributedBy.REPLY_TO)


def test_munged_with_nothing_usable() -> None:
    result = who(
        'From: "nix via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: agora-business@agoranomic.org\n"
        "X-Original-From: referee@example.org",
        carried=True,
    )
    assert _plain(result) == (None, None, "nix", True, "none")
    assert result.doubt is not None


def test_munged_list_from_without_via_has_no_display_name() -> None:
    result = who('From: "Agora Business" <agora-business@agoranomic.org>', carried=True)
    assert _plain(result) == (None, None, None, True, "none")


def test_cc_never_names_the_author() -> None:
    result = who(
        'From: "nix via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: agora-business@agoranomic.org\n"
        "Cc: nix <nix@example.org>",
        carried=True,
    )
    assert (result.player, result.address) == (None, None)


@pytest.mark.parametrize(
    "headers",
    [
        "Reply-To: other@example.com, nix@example.org\nX-Original-From: other@example.com",
        "Reply-To: Janet at work <janet@work.example>\nX-Original-From: janet@example.net",
        "Reply-To: nix@example.org\nX-Original-From: janet@example.net",
    ],
)
def test_several_candidate_addresses_are_ambiguous(headers: str) -> None:
    result = who(
        f'From: "x via agora-business" <agora-business@agoranomic.org>\n{headers}', carried=True
    )
    assert (result.player, result.address, result.how) == (None, None, "none")
    assert result.doubt is not None and "ambiguous" in result.doubt


def test_one_address_in_both_headers_is_not_ambiguous() -> None:
    result = who(
        'From: "x via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: nix@example.org\nX-Original-From: nix <NIX@example.org>",
        carried=True,
    )
    assert (result.player, result.how) == ("nix", "reply-to")


def test_a_signing_list_names_the_author_only_from_signed_headers() -> None:
    headers = (
        'From: "x via agora-business" <agora-business@agoranomic.org>\n'
        "Reply-To: nix@example.org\nX-Original-From: janet@example.net"
    )
    result = who(headers, carried=True, signed=frozenset({"from", "x-original-from"}))
    assert (result.player, result.how) == ("Janet", "x-original-from")
    nothing = who(headers, carried=True, signed=frozenset({"from"}))
    assert nothing.player is None and nothing.doubt is not None


@pytest.mark.parametrize(
    ("headers", "problem"),
    [
        ("From: nix@example.org\nFrom: janet@example.net", "2 From headers"),
        ("From: nix@example.org, janet@example.net", "several addresses"),
        ("From: <nix@example.org> <evil@example.com>", "several addresses"),
        ('From: "nix@example.org" <evil@example.com>', "holds another address"),
        ("From: nix@example.org <evil@example.com>", "holds another address"),
        ("From: =?utf-8?q?nix=40example=2Eorg?= <evil@example.com>", "holds another address"),
        ("From: evil@example.com\rFrom: nix@example.org", "bare CR"),
        ("From: nix@example.org\nMessage-ID: <a@x>\nMessage-ID: <b@x>", "2 Message-ID"),
    ],
)
def test_the_strict_reader_refuses_ambiguous_headers(headers: str, problem: str) -> None:
    result = who(headers)
    assert (result.player, result.address) == (None, None)
    assert result.doubt is not None and problem in result.doubt


def test_unmunged_unknown_sender_ignores_reply_to() -> None:
    result = who("From: someone@example.com\nReply-To: nix@example.org")
    assert result == Attribution(None, "someone@example.com", None, False, AttributedBy.FROM)


def test_raw_utf8_display_name() -> None:
    result = who("From: Jaël <jael@example.com>".encode())
    assert result.display_name == "Jaël"
    assert result.player == "Jaël"


def test_raw_latin1_display_name() -> None:
    result = who("From: Jaël <jael@example.com>".encode("latin-1"))
    assert result.display_name == "Jaël"


def test_folded_from_header() -> None:
    result = who("From: =?utf-8?q?Ja=C3=ABl?=\n <jael@example.com>")
    assert (result.player, result.display_name) == ("Jaël", "Jaël")


def test_missing_or_broken_from() -> None:
    assert who("Subject: hi") == Attribution(None, None, None, False, AttributedBy.NONE)
    assert who("From: <<<@@>>>,,,").player is None
    assert who("From: not an address").address is None


def test_decode_words() -> None:
    assert decode_words("=?utf-8?q?Ja=C3=ABl?=") == "Jaël"
    assert decode_words("=?iso-8859-1?b?SmHrbA==?=") == "Jaël"
    assert decode_words("plain") == "plain"
    # Unknown charset: no exception, the bytes come through as best they can.
    assert decode_words("=?x-unknown?q?Ja=C3=ABl?=") == "Jaël"


@settings(max_examples=200, deadline=None, database=None)
@given(st.text(max_size=120), st.text(max_size=120))
def test_never_raises(from_value: str, reply_to: str) -> None:
    msg = EmailMessage()
    raw = f"From: {from_value}\nReply-To: {reply_to}\n".replace("\r", " ")
    parsed = email.message_from_bytes(
        raw.encode("utf-8", "surrogatepass") + b"\nx\n", policy=email.policy.default
    )
    assert isinstance(parsed, EmailMessage)
    assert isinstance(identify_author(parsed, BOOK), Attribution)
    assert isinstance(identify_author(msg, BOOK), Attribution)


ADDRESS_SHAPES = [
    "a@b.org",
    " a@b.org ",
    "Nix <nix@x.org>",
    '"nix via agora-business" <agora-business@example.org>',
    '" spaced  name " <a@b.c>',
    "John   Smith <j@s.com>",
    "=?utf-8?q?Ja=C3=ABl?= <j@x.org>",
    '"" <a@b>',
    "<a@b.org>",
    "o'brien@x.org",
    "Nix<nix@x.org>",
    "x@y (comment)",
    "A, B <a@b>",
    "J. Smith <j@s.com>",
    '"a\\"b" <a@b>',
    "a@b, c@d",
    "undisclosed-recipients:;",
    "\tTabbed\t<t@t.t>",
    "a@[1.2.3.4]",
    "Jaël <j@x.org>",
]


@pytest.mark.parametrize("value", ADDRESS_SHAPES)
def test_parse_addresses_agrees_with_getaddresses(value: str) -> None:
    assert parse_addresses([value]) == getaddresses([value])


@settings(max_examples=300, deadline=None, database=None)
@given(
    st.lists(
        st.one_of(
            st.text(alphabet='ab. "<>@,;:()\\x', max_size=30),
            st.builds(
                "{} <{}@{}>".format,
                st.text(alphabet="ab xyz", max_size=8),
                st.text(alphabet="abc.+", min_size=1, max_size=6),
                st.text(alphabet="abc.", min_size=1, max_size=6),
            ),
        ),
        max_size=3,
    )
)
def test_parse_addresses_agrees_on_any_value(values: list[str]) -> None:
    """The fast shapes are only a shortcut: every value gives what getaddresses gives."""
    assert parse_addresses(values) == [pair for value in values for pair in getaddresses([value])]
