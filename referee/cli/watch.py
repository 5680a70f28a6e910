"""What ``run`` does around its passes for the person watching it: progress while it
processes (``--once``, ``--no-progress``), and the question it asks before mailing an
old archive's answers and reports (``--backfill``, ``--no-backfill``).

The loop calls, in each pass::

    with processing(app.db, args) as bar:
        summary = processor.process_pending(progress=bar.update)
    processor.advance_clock(app.now())
    settle(app.db, app.now(), args)   # before the outbox is drained
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime

from referee.progress import Progress
from referee.store.db import Database


def processing(db: Database, args: argparse.Namespace) -> Progress:
    """Progress over the mail waiting to be processed: shown by ``run --once`` (a service
    that runs on logs each pass's figures instead), unless ``--no-progress``."""
    enabled = bool(getattr(args, "once", False)) and bool(getattr(args, "progress", True))
    return pending_progress(db, enabled=enabled)


def pending_progress(db: Database, *, enabled: bool) -> Progress:
    """A :class:`Progress` over the messages now waiting to be processed."""
    from sqlalchemy import func, select

    from referee.ingress.inbox import Status
    from referee.store.models import InboundMessage

    with db.transaction() as session:
        pending = session.scalar(
            select(func.count())
            .select_from(InboundMessage)
            .where(InboundMessage.status == Status.PENDING.value)
        )
    return Progress("processing", int(pending or 0), enabled=enabled)


def ask_on_terminal(question: str) -> bool:
    """Yes only for an answer beginning with y; the default (Enter, end of input) is no."""
    print(question, end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, ValueError):
        return False
    return answer.strip().lower().startswith("y")


def settle(db: Database, now: datetime, args: argparse.Namespace) -> int:
    """Before the outbox is sent: what ``run --backfill / --no-backfill`` decide, asked
    on a terminal when neither is given. Returns the messages recorded unmailed."""
    from referee.egress.backfill import settle_backfill

    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    return settle_backfill(
        db, now, getattr(args, "backfill", "ask"), ask_on_terminal if interactive else None
    )
