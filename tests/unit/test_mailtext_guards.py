"""Reasons not to answer automatically."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mailtext.guards import reply_suppression

BOT = frozenset({"referee@example.org"})


def reason(headers: str, addressed_to_bot: bool = False) -> str | None:
    msg = email.message_from_bytes(headers.encode() + b"\n\nx\n", policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return reply_suppression(msg, BOT, addressed_to_bot)


PERSON = "From: nix <nix@example.org>\n"


def test_ordinary_mail_is_answered() -> None:
    assert reason(PERSON + "Subject: BUS: moves\nAuto-Submitted: no") is None


def test_list_mail_with_list_bounce_return_path_is_answered_when_addressed() -> None:
    headers = PERSON + "Return-Path: <agora-business-bounces@agoranomic.org>\nPrecedence: list"
    assert reason(headers, addressed_to_bot=True) is None
    assert reason(headers) == "the message was sent as bulk mail (Precedence: list)"


@pytest.mark.parametrize("value", ["bulk", "junk", "LIST", "bulk (mass mailing)"])
def test_precedence(value: str) -> None:
    assert reason(PERSON + f"Precedence: {value}") is not None
    assert reason(PERSON + f"Precedence: {value}", addressed_to_bot=True) is None


def test_precedence_first_class_is_fine() -> None:
    assert reason(PERSON + "Precedence: first-class") is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("auto-replied", "the message is an automatic reply (Auto-Submitted: auto-replied)"),
        ("auto-generated", "the message is sent automatically (Auto-Submitted: auto-generated)"),
        (
            "auto-notified; owner-email=x@example.org",
            "the message is sent automatically "
            "(Auto-Submitted: auto-notified; owner-email=x@example.org)",
        ),
    ],
)
def test_auto_submitted(value: str, expected: str) -> None:
    # Auto-Submitted is not overridden by being addressed to the bot.
    assert reason(PERSON + f"Auto-Submitted: {value}", addressed_to_bot=True) == expected


@pytest.mark.parametrize("header", ["X-Autoreply: yes", "X-Autorespond: 1", "X-AutoReply: true"])
def test_autoresponder_headers(header: str) -> None:
    result = reason(PERSON + header, addressed_to_bot=True)
    assert result is not None
    assert result.startswith("the message is an automatic reply (X-Autore")


@pytest.mark.parametrize(
    "subject",
    [
        "Out of office: BUS: moves",
        "OUT OF THE OFFICE until May",
        "Automatic reply: BUS: moves",
        "Auto: BUS: moves",
        "Autoreply: away",
        "Auto-Reply: away",
        "=?utf-8?q?R=C3=A9ponse_automatique?=: absent",
    ],
)
def test_auto_reply_subjects(subject: str) -> None:
    result = reason(PERSON + f"Subject: {subject}", addressed_to_bot=True)
    assert result is not None
    assert result.startswith("the message is an automatic reply (Subject: ")


@pytest.mark.parametrize("subject", ["BUS: my out of office plans", "Re: autocorrect", "Automatic"])
def test_ordinary_subjects(subject: str) -> None:
    assert reason(PERSON + f"Subject: {subject}") is None


@pytest.mark.parametrize(
    "sender",
    [
        "MAILER-DAEMON@mx.example.net",
        "postmaster@example.net",
        "noreply@example.com",
        "no-reply@example.com",
        "do-not-reply@example.com",
        "no_reply+tag@example.com",
    ],
)
def test_machine_senders(sender: str) -> None:
    result = reason(f"From: {sender}", addressed_to_bot=True)
    assert result == f"the message comes from mail software ({sender.lower()}), not a person"


def test_empty_return_path() -> None:
    assert reason(PERSON + "Return-Path: <>", addressed_to_bot=True) == (
        "the message is a delivery report (its Return-Path is empty)"
    )


def test_empty_or_missing_from() -> None:
    assert (
        reason("From: <>", addressed_to_bot=True) == "the message has no sender address (From: <>)"
    )
    assert reason("Subject: x", addressed_to_bot=True) == (
        "the message has no sender address (From: missing)"
    )


def test_own_address_any_case() -> None:
    assert reason("From: Referee <Referee@Example.ORG>", addressed_to_bot=True) == (
        "the message comes from the referee's own address (referee@example.org)"
    )
    loud = frozenset({"REFEREE@EXAMPLE.ORG"})
    msg = email.message_from_bytes(b"From: referee@example.org\n\nx", policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    assert reply_suppression(msg, loud, True) is not None


def test_x_loop() -> None:
    assert reason(PERSON + "X-Loop: Referee@example.org", addressed_to_bot=True) == (
        "the message has already been through the referee (X-Loop: Referee@example.org)"
    )
    assert reason(PERSON + "X-Loop: someone-else@example.org", addressed_to_bot=True) is None


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                ["From", "Return-Path", "Auto-Submitted", "Precedence", "Subject", "X-Loop"]
            ),
            st.text(max_size=60),
        ),
        max_size=6,
    ),
    st.booleans(),
)
def test_never_raises(headers: list[tuple[str, str]], addressed: bool) -> None:
    raw = "".join(f"{name}: {value}\n" for name, value in headers).replace("\r", " ")
    msg = email.message_from_bytes(
        raw.encode("utf-8", "surrogatepass") + b"\nx\n", policy=email.policy.default
    )
    result = reply_suppression(msg, BOT, addressed)
    assert result is None or isinstance(result, str)
