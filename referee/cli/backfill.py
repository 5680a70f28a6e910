"""The question ``run`` asks before mailing an old archive's answers and reports."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime

from referee.store.db import Database


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
