"""The JSON codecs every game's state uses: instants as ISO 8601 text in UTC.

A game's ``dump`` must be canonical (the same state always gives the same data) and its
``load`` the exact inverse, so every instant is written the one way: converted to UTC,
then ``isoformat()``.
"""

from __future__ import annotations

from datetime import datetime

from referee.clock import utc


def dump_time(moment: datetime) -> str:
    return utc(moment).isoformat()


def load_time(text: str) -> datetime:
    return utc(datetime.fromisoformat(text))


def dump_optional_time(moment: datetime | None) -> str | None:
    return None if moment is None else dump_time(moment)


def load_optional_time(text: str | None) -> datetime | None:
    return None if text is None else load_time(text)
