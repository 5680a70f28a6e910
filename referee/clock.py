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
    """The same instant ``months`` calendar months later, clamped to the month's last day.

    Rule 1023 counts months from the 1st; "3 months since 31 Jan" has no 31 Apr, so the
    clamp to 30 Apr is the only reading that keeps the period within the third month.
    """
    moment = utc(moment)
    month_index = moment.month - 1 + months
    year = moment.year + month_index // 12
    month = month_index % 12 + 1
    for day in range(moment.day, 27, -1):
        try:
            return moment.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    return moment.replace(year=year, month=month, day=min(moment.day, 28))


def format_utc(moment: datetime) -> str:
    """A fixed, unambiguous rendering used in every message and report."""
    return utc(moment).strftime("%a %d %b %Y %H:%M:%S UTC")
