"""The kinds and outcomes of recorded game events, as stored in ``game_events``.

The values are the strings the record has always held, so existing databases, histories
and golden files read the same. An applied or refused action's kind is its verb (the
action's class name), so the ``kind`` column holds an :class:`EventKind` or a verb.
"""

from __future__ import annotations

import enum


class EventKind(enum.StrEnum):
    """What caused an event that is not a player's action."""

    TICK = "tick"  # a scheduled event of the game's rules
    REPORT = "report"  # the officer's weekly report was drafted
    PUBLICATION = "publication"  # a drafted report was published
    CORRECTION = "correction"  # an officer corrected one value of the state
    STATUS = "status"  # a player's standing changed in the Register, and the game reacted


class EventOutcome(enum.StrEnum):
    """How an event came out."""

    APPLIED = "applied"
    REJECTED = "rejected"
    TICK = "tick"
    REPORT = "report"
    PUBLISHED = "published"
    CORRECTION = "correction"


REPORT_TICK = "report"
"""The tick name recorded with a drafted weekly report."""
