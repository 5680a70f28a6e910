"""A first run over an old archive: mail dated weeks ago is not sent without a decision.

Processing an archive of past seasons decides, and queues, every answer and weekly draft
the referee would have sent at the time: years of them. Mail dated more than
:data:`BACKFILL_WINDOW` before now is held until the operator decides: mail it
("send"), or record it without mailing ("record", as ``--no-backfill``). Asked on a
terminal; elsewhere the decision must be given, and nothing is mailed until it is.
"""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from referee.clock import utc
from referee.egress.outbox import OutStatus
from referee.errors import RefereeError
from referee.store.db import Database
from referee.store.models import OutboundMessage

BACKFILL_WINDOW = timedelta(weeks=3)
"""Mail dated within this much of now is sent as usual; older queued mail is backfill."""
RECORDED = "not mailed: dated before the first run (--no-backfill), recorded only"

_HEADERS = email.parser.BytesHeaderParser(policy=email.policy.compat32)


class BackfillUndecided(RefereeError):
    """Old mail is queued and nobody said whether to mail it."""


@dataclass(frozen=True)
class Backfill:
    ids: tuple[int, ...]
    oldest: datetime | None
    newest: datetime | None


def _dated(raw: bytes) -> datetime | None:
    value = _HEADERS.parsebytes(raw).get("Date")
    try:
        return utc(email.utils.parsedate_to_datetime(str(value))) if value else None
    except (TypeError, ValueError):
        return None


def pending_backfill(db: Database, now: datetime) -> Backfill:
    """The queued mail dated more than :data:`BACKFILL_WINDOW` before ``now``."""
    cutoff = utc(now) - BACKFILL_WINDOW
    old: list[tuple[int, datetime]] = []
    with db.transaction() as session:
        rows = session.execute(
            select(OutboundMessage.id, OutboundMessage.raw)
            .where(OutboundMessage.status == OutStatus.QUEUED.value)
            .order_by(OutboundMessage.id)
        )
        for row_id, raw in rows:
            dated = _dated(raw)
            if dated is not None and dated < cutoff:
                old.append((row_id, dated))
    if not old:
        return Backfill((), None, None)
    dates = [dated for _, dated in old]
    return Backfill(tuple(row_id for row_id, _ in old), min(dates), max(dates))


def record_without_mailing(db: Database, ids: tuple[int, ...]) -> int:
    """Mark ``ids`` as decided and never mailed; how many were still queued."""
    count = 0
    with db.transaction() as session:
        for row_id in ids:
            row = session.get(OutboundMessage, row_id)
            if row is not None and row.status == OutStatus.QUEUED.value:
                row.status = OutStatus.SUPPRESSED.value
                row.last_error = RECORDED
                count += 1
    return count


def settle_backfill(
    db: Database,
    now: datetime,
    choice: str,
    ask: Callable[[str], bool] | None = None,
) -> int:
    """Decide the backfill before the outbox is sent: ``choice`` "send" mails it, "record"
    records it unmailed, "ask" asks ``ask`` (None: nobody to ask, so
    :class:`BackfillUndecided`). Returns how many messages were recorded unmailed."""
    backfill = pending_backfill(db, now)
    if not backfill.ids or choice == "send":
        return 0
    if choice == "ask":
        assert backfill.oldest is not None and backfill.newest is not None
        told = (
            f"{len(backfill.ids)} queued message(s) are dated from "
            f"{backfill.oldest:%Y-%m-%d} to {backfill.newest:%Y-%m-%d}, more than "
            f"{BACKFILL_WINDOW.days // 7} weeks ago (answers and reports of an old archive)"
        )
        if ask is None:
            raise BackfillUndecided(
                f"{told}: nothing was mailed. Give --backfill to mail them, or "
                "--no-backfill to record them as sent without mailing"
            )
        if ask(f"{told}. Mail them? [y/N] "):
            return 0
    return record_without_mailing(db, backfill.ids)
