"""The reliability harness (run: .venv/bin/python -m bench.faults [--short]).

The referee runs as ``referee run``, a separate process, on real servers: a private
Dovecot for its mail, an aiosmtpd sink for what it sends, SQLite or a private PostgreSQL
cluster (``--database``). Every scenario feeds the same synthetic archive and is compared
with a clean run of it that nothing disturbed:

  1. kills: SIGKILL at random instants while it stores, processes and sends, restarted
     each time;
  2. smtp: the SMTP server stopped mid-run for a while, then started again;
  3. imap: the IMAP server restarted (mail delivered meanwhile), then the mailbox's
     UIDVALIDITY changed mid-run;
  4. database: SQLite's disk full (the process's file size limited), or PostgreSQL made
     read-only with its sessions ended, mid-run; then fixed.

Printed for each: messages lost, doubled answers (the same Message-ID delivered twice at
the sink), answers missing or extra against the clean run, whether the final state equals
the clean run's (canonical dump), and each scenario's own figures. A copy sent again
because a kill fell between the server's acceptance and the outbox's record is counted
apart (see ``resent_at_kills`` in ``bench.fault_rig``): it is the one window at-least-once
delivery leaves, not a doubled answer. Figures are printed,
not asserted; the test suite runs a short version of each and asserts the zeros.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.fault_rig import Counts, Deployment, Rig

FULL = {"messages": 2000, "kills": 50, "smtp_down": 180.0, "imap_down": 20.0, "db_down": 30.0}
SHORT = {"messages": 60, "kills": 3, "smtp_down": 2.0, "imap_down": 1.0, "db_down": 2.0}
SETTLE_TIMEOUT = 900.0

TRACEBACK = "Traceback (most recent call last)"
UIDVALIDITY_LINE = re.compile(r"UIDVALIDITY changed from \d+ to \d+")
DATABASE_LINE = re.compile(r"the database (refused|could not)")


@dataclass
class Outcome:
    """One deployment's end: what it holds, what the sink got, its state, its log."""

    counts: Counts
    delivered: Counter[str]
    dump: dict[str, Any]
    log: str
    seconds: float
    resent_at_kills: int = 0
    """Copies that are the same mail sent again after the server accepted it in the
    instant before a SIGKILL, so before the outbox could record it (see
    :meth:`Deployment.resent_at_kills`)."""


@dataclass
class Verdict:
    """A disturbed run against the clean one."""

    lost: int
    quarantined: int
    doubled: int
    """Copies delivered more than once, but for the acknowledged window below."""
    missing_answers: int
    extra_answers: int
    identical: bool
    tracebacks: int
    resent_at_kills: int = 0
    """Copies sent again because a SIGKILL fell between the server's acceptance and the
    outbox's record of it: at-least-once delivery's one window, which no protocol closes
    (README, "How it survives faults"); printed, and not a failure."""

    @property
    def clean(self) -> bool:
        return (
            self.lost == 0
            and self.quarantined == 0
            and self.doubled == 0
            and self.missing_answers == 0
            and self.extra_answers == 0
            and self.identical
            and self.tracebacks == 0
        )

    def line(self) -> str:
        return (
            f"lost {self.lost}, quarantined {self.quarantined}, doubled answers "
            f"{self.doubled}, answers missing {self.missing_answers} / extra "
            f"{self.extra_answers}, state identical: {'yes' if self.identical else 'NO'}, "
            f"tracebacks in the log {self.tracebacks}"
            + (
                f"; sent again after a kill in the instant of acceptance {self.resent_at_kills}"
                if self.resent_at_kills
                else ""
            )
        )


def judge(outcome: Outcome, reference: Outcome, expected: int) -> Verdict:
    got, wanted = outcome.delivered, reference.delivered
    return Verdict(
        lost=expected - outcome.counts.done,
        quarantined=outcome.counts.quarantined,
        doubled=sum(n - 1 for n in got.values() if n > 1) - outcome.resent_at_kills,
        resent_at_kills=outcome.resent_at_kills,
        missing_answers=len(set(wanted) - set(got)),
        extra_answers=len(set(got) - set(wanted)),
        identical=outcome.dump == reference.dump,
        tracebacks=outcome.log.count(TRACEBACK),
    )


@dataclass
class Report:
    name: str
    verdict: Verdict
    figures: dict[str, object] = field(default_factory=dict)

    def lines(self) -> list[str]:
        extra = "; ".join(f"{k} {v}" for k, v in self.figures.items())
        return [f"{self.name}: {self.verdict.line()}", f"    {extra}"]


def _finish(deployment: Deployment, expected: int, started: float) -> Outcome:
    counts = deployment.wait_settled(expected, SETTLE_TIMEOUT)
    seconds = time.monotonic() - started
    status = deployment.referee.stop()
    if status not in (0, None):
        raise RuntimeError(f"{deployment.name}: referee run ended with status {status}")
    return Outcome(
        counts,
        deployment.delivered(),
        deployment.dump(),
        deployment.log_text(),
        seconds,
        deployment.resent_at_kills(),
    )


# -- the clean run -------------------------------------------------------------------------


def clean_run(rig: Rig) -> Outcome:
    with rig.deployment("clean") as deployment:
        deployment.feed(rig.mails)
        started = time.monotonic()
        deployment.referee.start()
        return _finish(deployment, len(rig.mails), started)


# -- 1. SIGKILL at random instants ---------------------------------------------------------


def kills(rig: Rig, reference: Outcome, count: int, rng: random.Random) -> Report:
    """SIGKILL ``count`` times, each after a random time alive, restarting each time."""
    expected = len(rig.mails)
    # Lives long enough on average for the run to be spread over the kills (start-up
    # included: a kill during start-up is one of the random instants too).
    longest = 0.5 + 2 * reference.seconds / count
    phases: Counter[str] = Counter()
    with rig.deployment("kills") as deployment:
        deployment.feed(rig.mails)
        started = time.monotonic()
        for _ in range(count):
            deployment.referee.start()
            time.sleep(rng.uniform(0.2, longest))
            phases[deployment.counts().phase(expected)] += 1
            deployment.referee.kill()
        deployment.referee.start()
        outcome = _finish(deployment, expected, started)
    figures: dict[str, object] = {
        "kills": count,
        "killed while": ", ".join(f"{k} {v}" for k, v in sorted(phases.items())),
        "run": f"{outcome.seconds:.0f} s (clean run {reference.seconds:.0f} s)",
    }
    return Report("kills", judge(outcome, reference, expected), figures)


# -- 2. the SMTP server down ---------------------------------------------------------------


def smtp_outage(rig: Rig, reference: Outcome, down: float) -> Report:
    expected = len(rig.mails)
    half = expected // 2
    with rig.deployment("smtp") as deployment:
        deployment.feed(rig.mails[:half])
        started = time.monotonic()
        deployment.referee.start()
        deployment.sink.wait_for(max(1, len(reference.delivered) // 10), timeout=SETTLE_TIMEOUT)
        deployment.sink.stop()
        # The rest arrives while the server is down, so that answers are due during it
        # however fast the first half went.
        deployment.feed(rig.mails[half:])
        time.sleep(down)
        during = deployment.wait(
            lambda c: c.queued > 0 and c.attempts > c.sent + c.failed,
            SETTLE_TIMEOUT,
            "an answer refused by the stopped server",
        )
        before = len(deployment.sink.messages)
        deployment.sink.start()
        back = time.monotonic()
        deployment.wait(lambda c: c.stored >= expected and c.idle, SETTLE_TIMEOUT, "sent")
        catch_up = time.monotonic() - back
        outcome = _finish(deployment, expected, started)
    counts = outcome.counts
    figures: dict[str, object] = {
        "down": f"{down:.0f} s",
        "queued when it came back": during.queued,
        "failed attempts retried": counts.attempts - counts.sent - counts.failed,
        "delivered after": sum(outcome.delivered.values()) - before,
        "all sent": f"{catch_up:.1f} s after it came back",
        "failed for good": counts.failed,
    }
    return Report("smtp down", judge(outcome, reference, expected), figures)


# -- 3. the IMAP server restarted; UIDVALIDITY changed -------------------------------------


def imap_faults(rig: Rig, reference: Outcome, down: float) -> Report:
    expected = len(rig.mails)
    third = expected // 3
    first, second, rest = (
        rig.mails[:third],
        rig.mails[third : 2 * third],
        rig.mails[2 * third :],
    )
    with rig.deployment("imap") as deployment:
        deployment.feed(first)
        started = time.monotonic()
        deployment.referee.start()
        deployment.wait(lambda c: c.stored >= len(first) // 2, SETTLE_TIMEOUT, "half stored")
        rig.dovecot.stop()
        # Mail keeps coming while the IMAP server is down: the MTA delivers it locally.
        for mail in second:
            deployment.account.deliver("INBOX", mail.raw)
        time.sleep(down)
        before = deployment.counts().stored
        rig.dovecot.start()
        restarted = time.monotonic()
        deployment.wait(lambda c: c.stored > before, SETTLE_TIMEOUT, "storing again")
        reconnected = time.monotonic() - restarted
        deployment.wait(lambda c: c.stored >= 2 * third, SETTLE_TIMEOUT, "stored after restart")
        caught_up = time.monotonic() - restarted
        uidvalidity = deployment.account.change_uidvalidity("INBOX")
        deployment.feed(rest)
        outcome = _finish(deployment, expected, started)
    seen_again = outcome.counts.arrivals - outcome.counts.stored
    figures: dict[str, object] = {
        "down": f"{down:.0f} s ({len(second)} messages delivered meanwhile)",
        "storing again": f"{reconnected:.1f} s after the restart",
        "all delivered meanwhile stored": f"{caught_up:.1f} s after the restart",
        "new UIDVALIDITY": uidvalidity,
        "messages seen again and recognised": seen_again,
        "log lines saying UIDVALIDITY changed": len(UIDVALIDITY_LINE.findall(outcome.log)),
    }
    return Report("imap restart + uidvalidity", judge(outcome, reference, expected), figures)


# -- 4. the database refuses writes --------------------------------------------------------


def database_fault(rig: Rig, reference: Outcome, down: float) -> Report:
    expected = len(rig.mails)
    half = expected // 2
    with rig.deployment("database") as deployment:
        deployment.feed(rig.mails[:half])
        started = time.monotonic()
        deployment.referee.start()
        deployment.wait(lambda c: c.done >= expected // 4, SETTLE_TIMEOUT, "a quarter done")
        with _database_refusing(rig, deployment) as fault:
            # The rest arrives during the fault, so that there is work to refuse however
            # fast the first half went; the referee must have said so before time counts.
            deployment.feed(rig.mails[half:])
            _wait_for_line(deployment, DATABASE_LINE)
            time.sleep(down / 2)
            during_first = deployment.counts()
            time.sleep(down / 2)
            during_last = deployment.counts()
            alive = deployment.referee.alive
        fixed = time.monotonic()
        if during_last.done < expected:
            deployment.wait(lambda c: c.done > during_last.done, SETTLE_TIMEOUT, "processing")
        resumed = time.monotonic() - fixed
        deployment.wait(lambda c: c.stored >= expected and c.idle, SETTLE_TIMEOUT, "recovered")
        recovered = time.monotonic() - fixed
        outcome = _finish(deployment, expected, started)
    figures: dict[str, object] = {
        "fault": fault,
        "down": f"{down:.0f} s",
        "processed meanwhile": during_last.done - during_first.done,
        "quarantined meanwhile": during_last.quarantined,
        "service alive through it": "yes" if alive else "NO",
        "log lines naming the database": len(DATABASE_LINE.findall(outcome.log)),
        "processing again": f"{resumed:.1f} s after the fix",
        "everything processed and sent": f"{recovered:.1f} s after the fix",
    }
    return Report("database refusing", judge(outcome, reference, expected), figures)


def _wait_for_line(deployment: Deployment, line: re.Pattern[str]) -> None:
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while not line.search(deployment.log_text()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{deployment.name}: the log never said {line.pattern!r}")
        time.sleep(0.2)


@contextmanager
def _database_refusing(rig: Rig, deployment: Deployment) -> Iterator[str]:
    """While inside: SQLite's disk is full for the referee; PostgreSQL is read-only."""
    if rig.kind == "sqlite":
        # Past the first page every write fails with EFBIG: SQLite says the disk is full.
        deployment.referee.limit_file_size(4096)
        try:
            yield "SQLite: disk full (the referee's file size limited to 4 KiB)"
        finally:
            deployment.referee.limit_file_size(None)
        return
    database = deployment.url.rsplit("/", 1)[-1]
    rig.databases.admin(f'ALTER DATABASE "{database}" SET default_transaction_read_only = on')
    _end_sessions(rig, database)
    try:
        yield "PostgreSQL: read-only (default_transaction_read_only, sessions ended)"
    finally:
        rig.databases.admin(f'ALTER DATABASE "{database}" SET default_transaction_read_only = off')


def _end_sessions(rig: Rig, database: str) -> None:
    rig.databases.admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE datname = '{database}' AND pid <> pg_backend_pid()"
    )


# -- the command ---------------------------------------------------------------------------

SCENARIOS = ("kills", "smtp", "imap", "database")


def run_harness(
    kind: str, folder: Path, sizes: dict[str, float], scenarios: tuple[str, ...], seed: int
) -> tuple[Outcome, list[Report]]:
    rig = Rig(kind, folder, int(sizes["messages"]))
    rng = random.Random(seed)
    try:
        reference = clean_run(rig)
        reports = []
        for name in scenarios:
            if name == "kills":
                reports.append(kills(rig, reference, int(sizes["kills"]), rng))
            elif name == "smtp":
                reports.append(smtp_outage(rig, reference, sizes["smtp_down"]))
            elif name == "imap":
                reports.append(imap_faults(rig, reference, sizes["imap_down"]))
            elif name == "database":
                reports.append(database_fault(rig, reference, sizes["db_down"]))
            for line in reports[-1].lines():
                print(f"  {line}", flush=True)
        return reference, reports
    finally:
        rig.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--database",
        action="append",
        choices=("sqlite", "postgresql"),
        help="the database to run on (repeat for both; default both)",
    )
    parser.add_argument("--short", action="store_true", help="the test suite's short version")
    parser.add_argument("--messages", type=int, help="messages in the archive")
    parser.add_argument("--kills", type=int, help="SIGKILLs in the kill scenario")
    parser.add_argument("--smtp-down", type=float, help="seconds the SMTP server is down")
    parser.add_argument("--scenario", action="append", choices=SCENARIOS, help="(default all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill instants")
    parser.add_argument(
        "--keep", action="store_true", help="keep each deployment's logs and configuration"
    )
    args = parser.parse_args(argv)
    sizes = dict(SHORT if args.short else FULL)
    for key in ("messages", "kills", "smtp_down"):
        if getattr(args, key) is not None:
            sizes[key] = getattr(args, key)
    scenarios = tuple(args.scenario or SCENARIOS)
    clean = True
    for kind in args.database or ["sqlite", "postgresql"]:
        print(
            f"{kind}: {int(sizes['messages'])} messages of the synthetic archive, "
            f"referee run as a process, real Dovecot and aiosmtpd",
            flush=True,
        )
        if args.keep:
            scratch = tempfile.mkdtemp(prefix="referee-faults-")
            print(f"  logs kept in {scratch}")
            reference, reports = run_harness(kind, Path(scratch), sizes, scenarios, args.seed)
        else:
            with tempfile.TemporaryDirectory(prefix="referee-faults-") as scratch:
                reference, reports = run_harness(kind, Path(scratch), sizes, scenarios, args.seed)
        print(
            f"  clean run: {reference.counts.done} processed, "
            f"{sum(reference.delivered.values())} mails sent, {reference.seconds:.0f} s"
        )
        clean = clean and all(report.verdict.clean for report in reports)
    print(f"measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC in one run")
    print("all clean: zero lost, zero doubled, identical state" if clean else "NOT ALL CLEAN")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
