"""When a round ends: "A round lasts three days after this announcement."

Rule 1023's epochs do not apply to relative durations, so three days after the
announcement is 72 hours after its date stamp (option ``round_end`` = ``exact``). The
``midnight`` reading extends that to the next midnight UTC.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from referee.clock import day_start, next_day_start, utc
from referee.games.scgo.rulesets import RoundEnd

ROUND_LENGTH = timedelta(days=3)


def round_deadline(announced: datetime, reading: RoundEnd) -> datetime:
    """The instant a round announced at ``announced`` ends; plays must be sent before it."""
    end = utc(announced) + ROUND_LENGTH
    if reading is RoundEnd.MIDNIGHT and end != day_start(end):
        return next_day_start(end)
    return end
