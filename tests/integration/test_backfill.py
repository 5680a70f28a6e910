"""An old archive's queued mail is not mailed until the operator decides."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta

import pytest
from servers.mail import make_message
from sqlalchemy import select

from referee.cli.watch import processing
from referee.config import Visibility
from referee.egress.backfill import BackfillUndecided, pending_backfill, settle_backfill
from referee.egress.compose import compose, new_message_id
from referee.egress.outbox import OutStatus, drain, enqueue
from referee.ingress.inbox import Inbox
from referee.store.db import Database
from referee.store.models import OutboundMessage

NOW = datetime(2026, 11, 23, 12, tzinfo=UTC)


def _queue(db: Database, dates: list[datetime]) -> None:
    with db.transaction() as session:
        for index, date in enumerate(dates):
            message = compose(
                sender="referee@example.org",
                sender_name="Referee",
                to=["officer@example.org"],
                subject=f"report {index}",
                body="body\n",
                message_id=new_message_id("referee@example.org", "backfill", str(index)),
                date=date,
            )
            enqueue(session, message, ["officer@example.org"], kind="w", inbound_id=None, now=NOW)


class _Sink:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send(self, raw: bytes, recipients: list[str]) -> None:
        self.sent.append(raw)


OLD = [datetime(2023, 4, 24, tzinfo=UTC) + timedelta(weeks=n) for n in range(10)]
RECENT = [NOW - timedelta(days=2), NOW - timedelta(days=20)]


def _statuses(db: Database) -> list[str]:
    with db.transaction() as session:
        return list(session.scalars(select(OutboundMessage.status).order_by(OutboundMessage.id)))


def test_undecided_old_mail_is_not_mailed(sqlite_database: Database) -> None:
    _queue(sqlite_database, [*OLD, *RECENT])
    backfill = pending_backfill(sqlite_database, NOW)
    assert len(backfill.ids) == 10
    with pytest.raises(BackfillUndecided, match=r"10 queued message\(s\) are dated from "):
        settle_backfill(sqlite_database, NOW, "ask", None)
    assert set(_statuses(sqlite_database)) == {OutStatus.QUEUED.value}


def test_no_backfill_records_old_mail_and_mails_the_recent(sqlite_database: Database) -> None:
    _queue(sqlite_database, [*OLD, *RECENT])
    assert settle_backfill(sqlite_database, NOW, "record") == 10
    sink = _Sink()
    assert drain(sqlite_database, sink, NOW).sent == 2
    assert (
        _statuses(sqlite_database) == [OutStatus.SUPPRESSED.value] * 10 + [OutStatus.SENT.value] * 2
    )
    assert settle_backfill(sqlite_database, NOW, "ask", None) == 0  # nothing left to decide


@pytest.mark.parametrize(("answer", "recorded"), [(True, 0), (False, 10)])
def test_the_operator_is_asked_on_a_terminal(
    sqlite_database: Database, answer: bool, recorded: int
) -> None:
    _queue(sqlite_database, [*OLD, *RECENT])
    questions: list[str] = []

    def ask(question: str) -> bool:
        questions.append(question)
        return answer

    assert settle_backfill(sqlite_database, NOW, "ask", ask) == recorded
    assert questions == [
        "10 queued message(s) are dated from 2023-04-24 to 2023-06-26, more than 3 weeks "
        "ago (answers and reports of an old archive). Mail them? [y/N] "
    ]


def test_backfill_mails_everything(sqlite_database: Database) -> None:
    _queue(sqlite_database, OLD)
    assert settle_backfill(sqlite_database, NOW, "send") == 0
    assert drain(sqlite_database, _Sink(), NOW).sent == 10


def test_run_s_progress_counts_the_pending_mail(inbox: Inbox) -> None:
    sqlite_database = inbox.db
    for index in range(3):
        inbox.accept(make_message(f"m{index}"), "lmtp", Visibility.PUBLIC, NOW)
    once = argparse.Namespace(once=True, progress=True)
    with processing(sqlite_database, once) as bar:
        assert (bar.total, bar.enabled) == (3, True)
    quiet = argparse.Namespace(once=True, progress=False)
    assert not processing(sqlite_database, quiet).enabled
    assert not processing(sqlite_database, argparse.Namespace(once=False)).enabled
