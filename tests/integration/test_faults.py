"""The reliability harness's short version (``python -m bench.faults --short``), asserted.

``referee run`` runs as a separate process on a real Dovecot, a real aiosmtpd sink and
SQLite or PostgreSQL, and is disturbed: killed with SIGKILL, its SMTP server stopped, its
IMAP server restarted and the mailbox's UIDVALIDITY changed, its database made to refuse
writes. Each time nothing may be lost or answered twice, the final state must equal an
undisturbed run's, and the log must hold no traceback.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers.dovecot import DovecotServer

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import faults  # noqa: E402
from bench.fault_rig import Rig  # noqa: E402

pytestmark = pytest.mark.dovecot
SHORT = faults.SHORT


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def harness(
    request: pytest.FixtureRequest,
    dovecot_server: DovecotServer,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Rig, faults.Outcome]]:
    """A rig on one database, with the undisturbed run every scenario is compared with."""
    postgres = None
    if request.param == "postgresql":
        postgres = request.getfixturevalue("postgres_server")
    dovecot_server.start()
    rig = Rig(
        request.param,
        tmp_path_factory.mktemp(f"faults-{request.param}"),
        int(SHORT["messages"]),
        dovecot=dovecot_server,
        postgres=postgres,
    )
    try:
        yield rig, faults.clean_run(rig)
    finally:
        rig.close()


def _assert_clean(report: faults.Report) -> None:
    assert report.verdict.clean, "\n".join(report.lines())


def test_the_undisturbed_run_answers_and_sends(harness: tuple[Rig, faults.Outcome]) -> None:
    rig, reference = harness
    assert reference.counts.done == len(rig.mails)
    assert reference.counts.quarantined == 0
    # Most of the archive's messages hold actions, each answered: the comparison has weight.
    assert len(reference.delivered) > len(rig.mails) // 2
    assert max(reference.delivered.values()) == 1
    assert faults.TRACEBACK not in reference.log


def test_sigkill_at_random_instants(harness: tuple[Rig, faults.Outcome]) -> None:
    rig, reference = harness
    report = faults.kills(rig, reference, int(SHORT["kills"]), random.Random(5))
    _assert_clean(report)


def test_smtp_down_then_back(harness: tuple[Rig, faults.Outcome]) -> None:
    rig, reference = harness
    report = faults.smtp_outage(rig, reference, SHORT["smtp_down"])
    _assert_clean(report)
    assert report.figures["queued when it came back"] != 0
    assert report.figures["delivered after"] != 0


def test_imap_restart_and_uidvalidity_change(harness: tuple[Rig, faults.Outcome]) -> None:
    rig, reference = harness
    report = faults.imap_faults(rig, reference, SHORT["imap_down"])
    _assert_clean(report)
    assert report.figures["log lines saying UIDVALIDITY changed"] == 1
    # The messages read before the change were all met again, and recognised.
    seen_again = report.figures["messages seen again and recognised"]
    assert isinstance(seen_again, int)
    assert seen_again >= 2 * (len(rig.mails) // 3)


def test_database_refusing_writes(harness: tuple[Rig, faults.Outcome]) -> None:
    rig, reference = harness
    report = faults.database_fault(rig, reference, SHORT["db_down"])
    _assert_clean(report)
    assert report.figures["processed meanwhile"] == 0
    assert report.figures["quarantined meanwhile"] == 0
    assert report.figures["service alive through it"] == "yes"
    lines = report.figures["log lines naming the database"]
    assert isinstance(lines, int)
    assert lines >= 1
