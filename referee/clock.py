"""Agoran time (rule 1023): all in UTC; days begin at midnight, weeks at midnight on Monday.

Every datetime inside the referee is timezone-aware UTC. Local time and daylight saving
never enter: a week is exactly seven UTC days.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

WEEK = timedelta(days=7)
DAY = timedelta(days=1)


def utc(moment: datetime) -> datetime:
    """Return ``moment`` as aware UTC; a naive value is taken to be UTC already."""
    if moment.tzinfo is UTC:
        return moment  # nearly always: every datetime inside the referee is UTC already
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def day_start(moment: datetime) -> datetime:
    """Midnight UTC that begins the Agoran day containing ``moment``."""
    moment = utc(moment)
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def week_start(moment: datetime) -> datetime:
    """Monday 00:00 UTC that begins the Agoran week containing ``moment``."""
    start = day_start(moment)
    return start - timedelta(days=start.weekday())


def next_week_start(moment: datetime) -> datetime:
    """The first week boundary strictly after ``moment``."""
    return week_start(moment) + WEEK


def next_day_start(moment: datetime) -> datetime:
    return day_start(moment) + DAY


def add_months(moment: datetime, months: int) -> datetime:
    """The same instant ``months`` calendar months later (a monthly or quarterly anniversary).

    Rule 1023(5): an anniversary "that would otherwise attempt to occur on a day of the month
    that does not exist (after considering any leap day) instead occurs on the first day of
    the following month": 3 months after 30 Nov 2023 is 1 Mar 2024 (2024 has no 30 Feb), at
    the same time of day.
    """
    moment = utc(moment)
    month_index = moment.month - 1 + months
    year = moment.year + month_index // 12
    month = month_index % 12 + 1
    try:
        return moment.replace(year=year, month=month)
    except ValueError:  # no such day in that month: the 1st of the next one
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return moment.replace(year=year, month=month, day=1)


def format_utc(moment: datetime) -> str:
    """A fixed, unambiguous rendering used in every message and report."""
    return utc(moment).strftime("%a %d %b %Y %H:%M:%S UTC")
