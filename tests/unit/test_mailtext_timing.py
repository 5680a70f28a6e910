"""Effective time of a message."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta, timezone
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.mailtext.timing import (
    EffectiveTime,
    arrival_from_received,
    describe_gap,
    effective_time,
    parse_mail_date,
)

ARRIVED = datetime(2023, 4, 3, 13, 21, 7, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


def msg_with(headers: str) -> EmailMessage:
    msg = email.message_from_bytes(headers.encode() + b"\n\nx\n", policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_date_inside_window_is_used_and_converted_to_utc() -> None:
    result = effective_time(msg_with("Date: Mon, 3 Apr 2023 15:00:00 +0200"), ARRIVED, DAY)
    assert result == EffectiveTime(
        datetime(2023, 4, 3, 13, 0, tzinfo=UTC),
        datetime(2023, 4, 3, 13, 0, tzinfo=UTC),
        False,
        None,
    )
    assert result.at.tzinfo is UTC


def test_window_edges_are_inclusive() -> None:
    edge = "Date: Sun, 2 Apr 2023 13:21:07 +0000"
    assert not effective_time(msg_with(edge), ARRIVED, DAY).replaced
    beyond = "Date: Sun, 2 Apr 2023 13:21:06 +0000"
    result = effective_time(msg_with(beyond), ARRIVED, DAY)
    assert result.replaced
    assert result.at == ARRIVED
    assert result.reason == (
        "the Date header (2023-04-02 13:21 UTC) is 1 day before the message arrived "
        "(2023-04-03 13:21 UTC); a date more than 1 day behind is not accepted, "
        "so the arrival time is used"
    )
    assert not effective_time(
        msg_with("Date: Mon, 3 Apr 2023 13:21:07 +0000"), ARRIVED, DAY
    ).replaced


def test_a_date_after_the_arrival_is_clamped_to_it() -> None:
    # However little ahead: no claimed Date makes anything happen before the referee has it.
    for ahead in ("Mon, 3 Apr 2023 13:21:08 +0000", "Mon, 3 Apr 2023 16:30:00 +0000"):
        result = effective_time(msg_with(f"Date: {ahead}"), ARRIVED, DAY)
        assert result.replaced and result.at == ARRIVED
        assert result.date_header is not None and result.date_header > ARRIVED
    assert result.reason == (
        "the Date header (2023-04-03 16:30 UTC) is 3 hours after the message arrived "
        "(2023-04-03 13:21 UTC); nothing takes effect before the referee has the message, "
        "so the arrival time is used"
    )


def test_naive_arrival_and_minus_zero_date_are_utc() -> None:
    naive = datetime(2023, 4, 3, 13, 21, 7)
    result = effective_time(msg_with("Date: Mon, 3 Apr 2023 13:00:00 -0000"), naive, DAY)
    assert result.at == datetime(2023, 4, 3, 13, 0, tzinfo=UTC)
    assert result.at.utcoffset() == timedelta(0)


def test_arrival_in_another_zone_is_converted() -> None:
    arrived = datetime(2023, 4, 3, 15, 21, 7, tzinfo=timezone(timedelta(hours=2)))
    result = effective_time(msg_with("X: y"), arrived, DAY)
    assert result == EffectiveTime(ARRIVED, None, True, "the Date header is missing")


def test_unreadable_date() -> None:
    result = effective_time(msg_with("Date: Mon, 3 Apr 2023 13:00:00 +9999"), ARRIVED, DAY)
    assert result.replaced
    assert result.date_header is None
    assert result.reason == (
        "the Date header ('Mon, 3 Apr 2023 13:00:00 +9999') could not be read as a date"
    )


def test_huge_tolerances_do_not_overflow() -> None:
    msg = msg_with("Date: Thu, 01 Jan 1970 00:00:00 +0000")
    result = effective_time(msg, ARRIVED, timedelta.max)
    assert not result.replaced
    assert result.at == datetime(1970, 1, 1, tzinfo=UTC)


def test_arrival_from_topmost_received() -> None:
    msg = msg_with(
        "Received: from a by b; Mon, 03 Apr 2023 15:21:07 +0200 (CEST)\n"
        "Received: from c by a; Mon, 03 Apr 2023 13:00:00 +0000"
    )
    assert arrival_from_received(msg) == ARRIVED


@pytest.mark.parametrize(
    "headers", ["X: y", "Received: from a by b", "Received: from a by b; not a date"]
)
def test_arrival_unknown(headers: str) -> None:
    assert arrival_from_received(msg_with(headers)) is None


def test_parse_mail_date() -> None:
    assert parse_mail_date("Mon, 3 Apr 2023 13:00:00 GMT") == datetime(2023, 4, 3, 13, tzinfo=UTC)
    assert parse_mail_date("") is None
    assert parse_mail_date("31 Feb 2023 10:00 +0000") is None


@pytest.mark.parametrize(
    ("gap", "text"),
    [
        (timedelta(seconds=1), "1 second"),
        (timedelta(seconds=59), "59 seconds"),
        (timedelta(minutes=1), "1 minute"),
        (timedelta(hours=5, minutes=59), "5 hours"),
        (timedelta(days=-3), "3 days"),
        (timedelta(days=800), "2 years"),
    ],
)
def test_describe_gap(gap: timedelta, text: str) -> None:
    assert describe_gap(gap) == text


@settings(max_examples=200, deadline=None, database=None)
@given(st.text(max_size=60), st.text(max_size=60), st.datetimes(timezones=st.just(UTC)))
def test_never_raises(date: str, received: str, arrived: datetime) -> None:
    raw = f"Date: {date}\nReceived: {received}\n".replace("\r", " ").replace("\n\n", "\n")
    msg = email.message_from_bytes(
        raw.encode("utf-8", "surrogatepass") + b"\nx\n", policy=email.policy.default
    )
    arrival_from_received(msg)
    result = effective_time(msg, arrived, DAY)
    assert result.at.utcoffset() == timedelta(0)
