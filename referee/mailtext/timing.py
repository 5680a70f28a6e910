"""When a message counts: its Date header, unless the referee's own clock says otherwise.

Agora takes an action to happen at the message's date stamp, but a sender's clock can
be wrong (or set on purpose). The referee's clock rules: the Date header is honoured only
when it lies within the past tolerance before the time the message actually arrived, and
never later than its arrival. A Date ahead of the arrival is clamped to the arrival, so no
claimed Date can make anything happen before the referee has the message (a round's
deadline cannot be brought forward). Outside the window, the arrival time is used, and the
reason is given in words a player can check.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import Message
from email.utils import parsedate_to_datetime

from referee.mailtext.sender import header_values

__all__ = [
    "SIGNED_DATE_SKEW",
    "EffectiveTime",
    "arrival_from_received",
    "effective_time",
    "parse_mail_date",
]

# How far a DKIM-signed Date may be ahead of the arrival and still prove the message fresh:
# senders' clocks run a little fast. The message still takes effect at its arrival.
SIGNED_DATE_SKEW = timedelta(minutes=5)

_EARLIEST = datetime.min.replace(tzinfo=UTC)
_LATEST = datetime.max.replace(tzinfo=UTC)


@dataclass(frozen=True)
class EffectiveTime:
    """The time a message takes effect, and whether (and why) its Date was overruled."""

    at: datetime  # aware, UTC
    date_header: datetime | None  # parsed Date header, UTC, or None if missing/unparseable
    replaced: bool  # True when the Date header was not used
    reason: str | None  # why it was not used, phrased for a player


def _as_utc(moment: datetime) -> datetime:
    # Naive datetimes (and "-0000" dates, which parse naive) are taken as UTC.
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def parse_mail_date(value: str) -> datetime | None:
    """Parse an RFC 5322 date into an aware UTC datetime, or None if it cannot be read."""
    try:
        return _as_utc(parsedate_to_datetime(value.strip()))
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def arrival_from_received(msg: Message) -> datetime | None:
    """The date stamp of the topmost Received header (the last hop), in UTC, or None."""
    received = header_values(msg, "received")
    if not received or ";" not in received[0]:
        return None
    return parse_mail_date(received[0].rsplit(";", 1)[1])


def _format(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


def describe_gap(gap: timedelta) -> str:
    """A rough human length of time: "4 years", "3 days", "5 hours", "1 minute"."""
    seconds = abs(gap.total_seconds())
    for unit, size in (("year", 365 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            return _plural(int(seconds // size), unit)
    return _plural(int(seconds), "second")


def _shifted(moment: datetime, delta: timedelta, sign: int) -> datetime:
    try:
        return moment + delta if sign > 0 else moment - delta
    except OverflowError:
        return _LATEST if sign > 0 else _EARLIEST


def effective_time(msg: Message, arrived_at: datetime, past_tolerance: timedelta) -> EffectiveTime:
    """Decide the time ``msg`` takes effect.

    The Date header is used when it lies within ``[arrived_at - past_tolerance,
    arrived_at]`` (both ends included). A Date after ``arrived_at`` is clamped to it, and
    an older one, or none, gives ``arrived_at`` too; ``reason`` says why. Naive datetimes
    are taken as UTC. Never raises.
    """
    arrived = _as_utc(arrived_at)
    values = header_values(msg, "date")
    if not values:
        return EffectiveTime(arrived, None, True, "the Date header is missing")
    stamp = parse_mail_date(values[0])
    if stamp is None:
        shown = values[0].strip()[:60]
        reason = f"the Date header ({shown!r}) could not be read as a date"
        return EffectiveTime(arrived, None, True, reason)
    earliest = _shifted(arrived, past_tolerance, -1)
    if earliest <= stamp <= arrived:
        return EffectiveTime(stamp, stamp, False, None)
    if stamp > arrived:
        reason = (
            f"the Date header ({_format(stamp)}) is {describe_gap(stamp - arrived)} after "
            f"the message arrived ({_format(arrived)}); nothing takes effect before the "
            "referee has the message, so the arrival time is used"
        )
        return EffectiveTime(arrived, stamp, True, reason)
    reason = (
        f"the Date header ({_format(stamp)}) is {describe_gap(stamp - arrived)} before "
        f"the message arrived ({_format(arrived)}); a date more than "
        f"{describe_gap(past_tolerance)} behind is not accepted, so the arrival time is used"
    )
    return EffectiveTime(arrived, stamp, True, reason)
