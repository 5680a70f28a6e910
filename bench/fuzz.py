"""Hostile mail through the real pipeline (run: .venv/bin/python -m bench.fuzz).

Generates ``--count`` hostile messages from a fixed seed (:mod:`bench.hostile`), stores
each through the inbox as an import or LMTP delivery would, processes it live (answered),
lets the referee's clock run and sends its outbox to a real SMTP server (aiosmtpd on
loopback), on SQLite or on a private PostgreSQL cluster. It prints:
  - messages stored, and crashes: any exception escaping intake or processing, and any
    message quarantined for an unexpected error (rather than a refusal the trust model
    names);
  - quarantined, by reason; answered; dropped (stored but neither done nor quarantined);
  - the worst time per message and its kind, and each kind's worst and mean;
  - the process's peak resident memory;
  - tracebacks and injected headers found in the outgoing mail, and mail sent to anyone
    but a registered player or the list.

While it runs, a line on stderr every 1,000 messages gives that window's rate, CPU time
per message and worst message, and the memory now and at its peak: flat lines are what a
long run must show (the CPU time is the figure to read on a loaded machine).

Printed figures, with a non-zero exit when a figure that must be zero is not.
"""

from __future__ import annotations

import argparse
import email.parser
import email.policy
import faulthandler
import logging
import re
import resource
import signal
import socket
import sys
import tempfile
import threading
import time
import traceback
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TextIO

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import func, select

from bench.hostile import (
    BOT,
    INJECTED_HEADER,
    LIST,
    PASSPHRASES,
    PLAYERS,
    START,
    Hostile,
    generate,
)
from referee.app import build_app
from referee.config import Settings, Visibility, parse_settings
from referee.egress.outbox import OutStatus, drain
from referee.engine.runner import REUSED_MESSAGE_ID
from referee.ingress.inbox import Accepted, Status
from referee.memory import keep_large_blocks_returnable
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage, OutboundMessage

EXPECTED_REFUSALS = ("RefusedHeaders", "UnattributedMail", REUSED_MESSAGE_ID)
"""Quarantine reasons the trust model names; any other exception is a crash."""
CLOCK_EVERY = 25
"""Messages between two runs of the clock and the outbox, as a service's passes would."""
SLOW_REPORT_S = 2.0
"""A message taking longer than this is named on stderr as it happens."""
HANG_REPORT_S = 120.0
"""A message taking longer than this has its stack dumped to stderr (a hang, found)."""

_TRACEBACK = re.compile(
    r'Traceback \(most recent call last\)|File "[^"]*", line \d+|'
    r"\b[A-Z]\w*(?:Error|Exception)\b|\bsqlalchemy\.|\bpsycopg\b"
)
_INJECTED = re.compile(rf"^(?:{INJECTED_HEADER}|Bcc)\s*:", re.IGNORECASE | re.MULTILINE)
_ALLOWED_RECIPIENTS = frozenset([*PLAYERS.values(), LIST])
_SECRETS = tuple(PASSPHRASES.values())


@dataclass
class OutgoingScan:
    """What a scan of every outgoing mail found (thread-safe: the SMTP server adds)."""

    mails: int = 0
    tracebacks: int = 0
    injected: int = 0
    third_party: int = 0
    passphrases: int = 0
    nuls: int = 0
    examples: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, raw: bytes, recipients: list[str]) -> None:
        problems = scan_mail(raw, recipients)
        with self.lock:
            self.mails += 1
            self.tracebacks += "traceback" in problems
            self.injected += "injected header" in problems
            self.third_party += "third party" in problems
            self.passphrases += "passphrase" in problems
            self.nuls += "NUL" in problems
            if problems and len(self.examples) < 5:
                self.examples.append(f"{', '.join(problems)}:\n{raw[:1500]!r}")


def scan_mail(raw: bytes, recipients: list[str]) -> list[str]:
    """The problems of one outgoing mail: a traceback in any part, a header smuggled in
    (in the raw header section or as the parser reads it), a recipient not a player's."""
    problems = []
    head, _, _ = raw.replace(b"\r\n", b"\n").partition(b"\n\n")
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(raw)
    names = {name.lower() for name in message}
    if _INJECTED.search(head.decode("latin-1")) or names & {INJECTED_HEADER.lower(), "bcc"}:
        problems.append("injected header")
    texts = [str(value) for value in message.values()]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            texts.append(str(part.get_content()))
    if any(_TRACEBACK.search(text) for text in texts):
        problems.append("traceback")
    if b"\x00" in raw or any("\x00" in text for text in texts):
        problems.append("NUL")
    if any(secret.casefold() in text.casefold() for secret in _SECRETS for text in texts):
        problems.append("passphrase")
    if any(address.lower() not in _ALLOWED_RECIPIENTS for address in recipients):
        problems.append("third party")
    return problems


class _Scanner:
    """aiosmtpd handler: scans each mail as it arrives and keeps only the counts."""

    def __init__(self, scan: OutgoingScan) -> None:
        self.scan = scan

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        self.scan.add(bytes(raw), [str(r) for r in envelope.rcpt_tos])
        return "250 2.0.0 OK"


@contextmanager
def smtp_sink(scan: OutgoingScan) -> Iterator[int]:
    """A real SMTP server on a free loopback port that scans what it receives."""
    with socket.socket() as probe:  # a free port (aiosmtpd needs one before it starts)
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    controller = Controller(
        _Scanner(scan), hostname="127.0.0.1", port=port, server_hostname="sink.test"
    )
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def _no_dns(name: bytes, timeout: int = 5) -> bytes | None:
    """No DKIM key anywhere: forged signatures fail without asking the network."""
    return None


def _passphrase_file(folder: Path, name: str) -> Path:
    path = folder / f"{name}.passphrase"
    path.write_text(PASSPHRASES[name] + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def fuzz_settings(folder: Path, database_url: str, smtp_port: int) -> Settings:
    data: dict[str, object] = {
        "referee": {
            "bot_address": BOT,
            "list_addresses": [LIST],
            "database_url": database_url,
            "daily_reply_cap": 1_000_000,
        },
        "smtp": {"mode": "smtp", "host": "127.0.0.1", "port": smtp_port, "tls": "none"},
        "player": [
            {"name": n, "addresses": [a]}
            | ({"passphrase_file": str(_passphrase_file(folder, n))} if n in PASSPHRASES else {})
            for n, a in PLAYERS.items()
        ],
        "offices": {"surveyor": "player0", "referee": "player1", "registrar": "player2"},
        "game": [
            {"name": name, "kind": kind, "ruleset": ruleset, "start": START.isoformat()}
            | {"officer": officer}
            for name, kind, ruleset, officer in (
                ("Commune", "commune", "v1.3", "surveyor"),
                ("Go", "scgo", "guy-fawkes", "referee"),
                ("Alliances", "alliances", "igora", "registrar"),
            )
        ],
    }
    return parse_settings(data, folder, None)


@dataclass
class KindTimes:
    """One kind's time per message: a count, a sum and a maximum, never the list."""

    count: int = 0
    total_s: float = 0.0
    worst_s: float = 0.0

    def add(self, spent: float) -> None:
        self.count += 1
        self.total_s += spent
        self.worst_s = max(self.worst_s, spent)


class Origins:
    """Which generated message each stored row is, in a few bytes per row (a run of 100,000
    messages must not hold 100,000 strings to name the rare one that went wrong)."""

    def __init__(self) -> None:
        self.rows = array("q")  # ascending: rows are numbered as they are stored
        self.indices = array("q")
        self.kinds = array("B")
        self.names: list[str] = []

    def add(self, row_id: int, index: int, kind: str) -> None:
        if kind not in self.names:
            self.names.append(kind)
        self.rows.append(row_id)
        self.indices.append(index)
        self.kinds.append(self.names.index(kind))

    def get(self, row_id: int) -> str:
        at = bisect_left(self.rows, row_id)
        if at == len(self.rows) or self.rows[at] != row_id:
            return "?"
        return f"#{self.indices[at]} {self.names[self.kinds[at]]}"


@dataclass
class Figures:
    requested: int = 0
    messages: int = 0
    stored: int = 0
    crashes: int = 0
    crash_examples: list[str] = field(default_factory=list)
    quarantined: Counter[str] = field(default_factory=Counter)
    answered: int = 0
    dropped: int = 0
    worst_s: float = 0.0
    worst_kind: str = ""
    by_kind: dict[str, KindTimes] = field(default_factory=dict)
    peak_rss_mib: float = 0.0
    outgoing: OutgoingScan = field(default_factory=OutgoingScan)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    """The process's CPU time for the feeding (the SMTP server's thread included)."""
    origin: Origins = field(default_factory=Origins)
    """Each stored row's generated message: its number and kind."""

    @property
    def clean(self) -> bool:
        out = self.outgoing
        leaks = out.tracebacks or out.injected or out.third_party or out.passphrases or out.nuls
        return not (self.crashes or self.dropped or leaks)

    def crash(self, what: str) -> None:
        self.crashes += 1
        if len(self.crash_examples) < 10:
            self.crash_examples.append(what)


def _reason_class(reason: str) -> str:
    """A quarantine reason without its particulars: the refusal's first clause."""
    name, _, rest = reason.partition(": ")
    if name not in EXPECTED_REFUSALS:
        return f"{name}: {rest[:80]}"
    clause = re.split(r"[;(:]| at \d", rest, maxsplit=1)[0]
    return re.sub(r"\d+", "N", clause.strip())[:90]


class HostileReferee:
    """The referee as a service runs it, fed one message at a time: stored through the
    inbox as an import (list mail) or an LMTP delivery (private mail) would store it, then
    processed live; every :data:`CLOCK_EVERY` messages its clock runs and its outbox is
    sent by SMTP to port ``smtp_port``."""

    def __init__(self, database_url: str, folder: Path, smtp_port: int) -> None:
        settings = fuzz_settings(folder, database_url, smtp_port)
        db = Database(settings.database_url)
        migrate.upgrade(db)
        db.dispose()
        self.now = START
        self.app = build_app(settings, now=lambda: self.now, dkim_dns=_no_dns)
        self.runner = self.app.processor()
        self.fed = 0

    def feed(self, mail: Hostile) -> Accepted:
        """Store and process one message (exceptions escaping intake or processing are
        the caller's to count as crashes)."""
        self.now = max(self.now, mail.arrived_at)
        accepted = self.app.inbox.accept(
            mail.raw,
            "import:fuzz" if mail.public else "lmtp",
            Visibility.PUBLIC if mail.public else Visibility.PRIVATE,
            mail.arrived_at,
            trust_received=mail.public,
        )
        self.runner.process_pending()
        self.fed += 1
        if self.fed % CLOCK_EVERY == 0:
            self.run_clock(self.now)
        return accepted

    def run_clock(self, now: datetime) -> None:
        """What a service's pass does after processing: the clock's ticks, then the outbox."""
        self.now = max(self.now, now)
        self.runner.advance_clock(self.now)
        drain(self.app.db, self.app.sender, self.now)

    def close(self) -> None:
        self.app.close()


def run(
    count: int,
    database_url: str,
    *,
    seed: int = 1,
    folder: Path,
    progress: Callable[[int, float], None] | None = None,
    stop: threading.Event | None = None,
) -> Figures:
    """Feed ``count`` hostile messages through intake and processing; gather the figures.

    ``stop``, once set, ends the feeding early; the figures then count what was fed."""
    figures = Figures(requested=count)
    with smtp_sink(figures.outgoing) as port:
        referee = HostileReferee(database_url, folder, port)
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            for index, mail in enumerate(generate(count, seed)):
                if stop is not None and stop.is_set():
                    break
                figures.messages += 1
                began = time.perf_counter()
                faulthandler.dump_traceback_later(HANG_REPORT_S)
                try:
                    accepted = referee.feed(mail)
                except Exception:
                    figures.crash(f"#{index} {mail.kind}: {traceback.format_exc(limit=-4)}")
                else:
                    figures.stored += not accepted.duplicate
                    if not accepted.duplicate:
                        figures.origin.add(accepted.inbound_id, index, mail.kind)
                finally:
                    faulthandler.cancel_dump_traceback_later()
                spent = time.perf_counter() - began
                figures.by_kind.setdefault(mail.kind, KindTimes()).add(spent)
                if spent > SLOW_REPORT_S:
                    print(f"slow: #{index} {mail.kind}: {spent:.1f} s", file=sys.stderr, flush=True)
                if spent > figures.worst_s:
                    figures.worst_s, figures.worst_kind = spent, mail.kind
                if progress is not None:
                    progress(index + 1, spent)
            referee.run_clock(referee.now + timedelta(days=1))
            figures.seconds = time.perf_counter() - started
            figures.cpu_seconds = time.process_time() - cpu_started
            _count_outcomes(referee.app.db, figures)
        finally:
            referee.close()
    figures.peak_rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return figures


def current_rss_mib() -> float:
    """The process's resident memory now (Linux), or its peak where /proc is not there."""
    try:
        pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1])
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return pages * resource.getpagesize() / (1 << 20)


class WindowReport:
    """A line every :data:`WINDOW` messages: the rate, the CPU time per message and the
    worst message of that window, and the memory now and at its peak. CPU time per message
    that climbs from one line to the next, or memory that does, is a cost that grows with
    the history, seen while the run goes; the rate alone also follows the machine's load."""

    WINDOW = 1000

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.began = self.window_began = time.perf_counter()
        self.window_cpu = time.process_time()
        self.worst_s = 0.0

    def __call__(self, done: int, spent: float) -> None:
        self.worst_s = max(self.worst_s, spent)
        if done % self.WINDOW:
            return
        now, cpu = time.perf_counter(), time.process_time()
        rate = self.WINDOW / max(now - self.window_began, 1e-9)
        cpu_ms = (cpu - self.window_cpu) * 1000 / self.WINDOW
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"... {done:>7} messages, {now - self.began:>6.0f} s: last {self.WINDOW} at "
            f"{rate:5.1f} msg/s, CPU {cpu_ms:5.1f} ms/msg, worst {self.worst_s * 1000:5.0f} ms; "
            f"RSS {current_rss_mib():.0f} MiB, peak {peak:.0f} MiB",
            file=self.out,
            flush=True,
        )
        self.window_began, self.window_cpu, self.worst_s = now, cpu, 0.0


def _count_outcomes(db: Database, figures: Figures) -> None:
    with db.transaction() as session:
        rows = session.execute(
            select(InboundMessage.status, InboundMessage.reason, InboundMessage.id)
        ).all()
        answered = set(
            session.scalars(
                select(OutboundMessage.inbound_id).where(OutboundMessage.inbound_id.is_not(None))
            )
        )
        figures.answered = len(answered)
        unsent = session.scalar(
            select(func.count())
            .select_from(OutboundMessage)
            .where(OutboundMessage.status != OutStatus.SENT.value)
        )
    for status, reason, row_id in rows:
        if status == Status.QUARANTINED.value:
            name = (reason or "").partition(": ")[0]
            if name not in EXPECTED_REFUSALS:
                origin = figures.origin.get(row_id)
                figures.crash(f"message {origin} quarantined for an error: {reason}")
            figures.quarantined[_reason_class(reason or "")] += 1
        elif status != Status.DONE.value and row_id not in answered:
            figures.dropped += 1
    if unsent:
        figures.crash(f"{unsent} outgoing mails were not sent")


def print_figures(figures: Figures, database: str) -> None:
    out = figures.outgoing
    print(f"database: {database}")
    stopped = "" if figures.messages == figures.requested else f" of {figures.requested}, stopped"
    print(f"messages: {figures.messages}{stopped} ({figures.stored} stored, the rest duplicates)")
    rate = figures.messages / max(figures.seconds, 1e-9)
    cpu_ms = figures.cpu_seconds * 1000 / max(figures.messages, 1)
    print(f"time: {figures.seconds:.1f} s ({rate:.1f} msg/s; CPU {cpu_ms:.1f} ms per message)")
    print(f"crashes: {figures.crashes}")
    for example in figures.crash_examples:
        print("  " + example.replace("\n", "\n    "))
    print(f"quarantined: {sum(figures.quarantined.values())}")
    for reason, number in figures.quarantined.most_common():
        print(f"  {number:>7}  {reason}")
    print(f"answered: {figures.answered}")
    print(f"dropped: {figures.dropped}")
    print(f"worst time per message: {figures.worst_s * 1000:.0f} ms ({figures.worst_kind})")
    print(f"  {'kind':<28}{'count':>7}{'worst ms':>10}{'mean ms':>9}")
    for kind, times in sorted(figures.by_kind.items(), key=lambda item: -item[1].worst_s):
        mean = times.total_s / times.count
        print(f"  {kind:<28}{times.count:>7}{times.worst_s * 1000:>10.0f}{mean * 1000:>9.1f}")
    print(f"peak RSS: {figures.peak_rss_mib:.0f} MiB")
    print(f"outgoing mail: {out.mails}")
    print(f"  tracebacks: {out.tracebacks}")
    print(f"  injected headers: {out.injected}")
    print(f"  to a third party: {out.third_party}")
    print(f"  passphrases: {out.passphrases}")
    print(f"  NUL characters: {out.nuls}")
    for example in out.examples:
        print("  " + example)


@contextmanager
def database_url(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, or a private PostgreSQL cluster's database."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'fuzz.sqlite3'}"
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from servers import service_account
    from servers.postgres import PostgresServer

    server = PostgresServer(service_account(("postgres",)))
    try:
        yield server.create_database("fuzz")
    finally:
        server.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args(argv)
    # Every quarantine logs its traceback for the operator; here the figures say it all.
    logging.disable(logging.CRITICAL)
    keep_large_blocks_returnable()  # as `referee run` does
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 shows where a long run is

    progress = WindowReport(sys.stderr)

    # SIGTERM or Ctrl-C ends the feeding; the figures of what was fed are still printed.
    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    with (
        tempfile.TemporaryDirectory() as scratch,
        database_url(args.database, Path(scratch)) as url,
    ):
        figures = run(
            args.count, url, seed=args.seed, folder=Path(scratch), progress=progress, stop=stop
        )
    print_figures(figures, args.database)
    print(f"measured {datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, seed {args.seed}")
    return 0 if figures.clean else 1


if __name__ == "__main__":
    sys.exit(main())
