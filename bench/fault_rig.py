"""The fault harness's rig: real servers, the referee as a process, and what is counted.

One :class:`Rig` holds the servers a harness run shares: a private Dovecot, and for
PostgreSQL a private cluster (the test suite's own helpers in ``tests/servers/``). Each
:class:`Deployment` is one referee installation on them: a new mailbox, a new database
migrated to head, a new aiosmtpd sink, a configuration file, and ``referee run`` as a
separate process that can be started, killed with SIGKILL, stopped and started again.

The mail is the synthetic archive (:mod:`bench.archive`) dated one second apart and ending
a minute before the rig was made: recent enough that every answer is mailed, and close
enough together that no weekly tick falls among the messages (the state then depends on
the mail alone, not on when a run happened). It is appended to the mailbox with each
message's own Date as its INTERNALDATE, so every run gives it the same arrival time.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import resource
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from bench.archive import PLAYERS, generate
from referee.engine.history import canonical_dump
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage, MessageArrival, OutboundMessage

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from servers import service_account  # noqa: E402
from servers.dovecot import DovecotAccount, DovecotServer  # noqa: E402
from servers.postgres import PostgresServer  # noqa: E402
from servers.smtp import ReceivedMail, SmtpSink  # noqa: E402

SPACING = timedelta(seconds=1)
MAX_RETRY_SECONDS = 8
"""The longest wait between two attempts to send one message: an outage's end is noticed
within this (the referee's default is an hour, which no harness run would wait out)."""

_CONFIG = """\
[referee]
bot_address = "referee@example.org"
list_addresses = ["agora-business@example.org"]
database_url = "{database_url}"
daily_reply_cap = 1000000

[[source]]
name = "list"
kind = "imap"
visibility = "public"
host = "{host}"
port = {port}
tls = "none"
user = "{user}"
password_env = "FAULTS_IMAP_PASSWORD"
idle = true
poll_seconds = 5
timeout_seconds = 10

[smtp]
mode = "smtp"
host = "127.0.0.1"
port = {smtp_port}
tls = "none"
retry_seconds = 1
max_retry_seconds = {max_retry}

{players}
[offices]
surveyor = "player0"
referee = "player1"
registrar = "player2"

[[game]]
name = "Commune"
kind = "commune"
ruleset = "v1.3"
start = {start}
officer = "surveyor"

[[game]]
name = "Go"
kind = "scgo"
ruleset = "guy-fawkes"
start = {start}
officer = "referee"

[[game]]
name = "Alliances"
kind = "alliances"
ruleset = "igora"
start = {start}
officer = "registrar"
"""

_PLAYER = '[[player]]\nname = "{name}"\naddresses = ["{address}"]\n\n'
_HEADERS = BytesHeaderParser(policy=compat32)


@dataclass(frozen=True)
class Mail:
    raw: bytes
    key: str
    at: datetime


def archive(count: int, end: datetime) -> list[Mail]:
    """``count`` messages of the synthetic archive, one second apart, the last at ``end``."""
    start = end - SPACING * count
    mails = []
    for raw in generate(count, seed=7, start=start, spacing=SPACING):
        headers = _HEADERS.parsebytes(raw)
        key = str(headers["Message-ID"]).strip().strip("<>")
        mails.append(Mail(raw, key, parsedate_to_datetime(str(headers["Date"]))))
    return mails


@dataclass(frozen=True)
class Counts:
    """What the database holds, read while the referee runs."""

    stored: int
    pending: int
    done: int
    quarantined: int
    arrivals: int
    queued: int
    sent: int
    failed: int
    attempts: int

    @property
    def idle(self) -> bool:
        return self.pending == 0 and self.queued == 0

    def phase(self, expected: int) -> str:
        """The work under way (storing, processing, sending, at once), or "idle"."""
        under_way = [
            name
            for name, busy in (
                ("storing", self.stored < expected),
                ("processing", self.pending > 0),
                ("sending", self.queued > 0),
            )
            if busy
        ]
        return "+".join(under_way) or "idle"


def read_counts(url: str) -> Counts:
    """Counts from a connection of its own, opened and closed at once (no pool)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with Session(engine) as session:
            inbound = dict(
                session.execute(
                    select(InboundMessage.status, func.count()).group_by(InboundMessage.status)
                ).all()
            )
            outbound = dict(
                session.execute(
                    select(OutboundMessage.status, func.count()).group_by(OutboundMessage.status)
                ).all()
            )
            attempts = session.scalar(select(func.coalesce(func.sum(OutboundMessage.attempts), 0)))
            arrivals = session.scalar(select(func.count()).select_from(MessageArrival))
    finally:
        engine.dispose()
    return Counts(
        stored=sum(inbound.values()),
        pending=inbound.get("pending", 0),
        done=inbound.get("done", 0),
        quarantined=inbound.get("quarantined", 0),
        arrivals=int(arrivals or 0),
        queued=outbound.get("queued", 0),
        sent=outbound.get("sent", 0),
        failed=outbound.get("failed", 0),
        attempts=int(attempts or 0),
    )


# How long before the sink's stamp of a copy a kill may still fall within its send: the
# client may die after writing the message's end and before the sink has stored it (the
# sink then accepts a mail its sender never heard accepted), a matter of milliseconds.
SEND_IN_FLIGHT_SECONDS = 0.25


def resent_at_kills(
    copies: dict[str, list[ReceivedMail]], attempts: dict[str, int], killed_at: list[float]
) -> int:
    """The extra copies that are one mail sent again because a SIGKILL fell between the
    server's acceptance of it and the outbox's record of that.

    Such a copy is byte for byte the copy before it (the outbox sends its stored mail
    again, never a new answer), a kill fell between the two arrivals (or while the first
    was still being written to the sink, ``SEND_IN_FLIGHT_SECONDS`` before its stamp), and
    the outbox counts an attempt of its own for every copy the sink holds (each attempt is
    committed before its send, so a copy with no attempt of its own was sent twice by one
    attempt).
    Anything else delivered twice is a doubled answer, a fault.
    """
    resent = 0
    for key, mails in copies.items():
        if len(mails) < 2 or attempts.get(key, 0) < len(mails):
            continue
        for before, again in itertools.pairwise(mails):
            if again.raw == before.raw and any(
                before.received_at - SEND_IN_FLIGHT_SECONDS < kill < again.received_at
                for kill in killed_at
            ):
                resent += 1
    return resent


class RefereeProcess:
    """``referee run`` as a child process; its log (stderr) is kept in a file."""

    def __init__(self, config: Path, env: dict[str, str], log: Path) -> None:
        self.config = config
        self.env = env
        self.log = log
        self._process: subprocess.Popen[bytes] | None = None
        self._readers: list[threading.Thread] = []
        self._running = threading.Event()
        self.killed_at: list[float] = []
        """When each SIGKILL was sent (time.monotonic())."""

    @property
    def pid(self) -> int:
        if self._process is None:
            raise RuntimeError("the referee is not running")
        return self._process.pid

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        # The log goes through a pipe, not a file the child writes: a fault that limits
        # the child's file sizes must not also silence what it says about that fault.
        self._process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "referee",
                "--config",
                str(self.config),
                "-v",
                "run",
                "--no-lmtp",
                "--backfill",
                "--interval",
                "0.5",
            ],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._running.clear()
        self._readers = [
            threading.Thread(target=self._keep_log, args=(self._process.stderr,), daemon=True),
            threading.Thread(target=self._watch_start, args=(self._process.stdout,), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _keep_log(self, stream: Any) -> None:
        with self.log.open("ab") as out:
            for line in stream:
                out.write(line)
                out.flush()

    def _watch_start(self, stream: Any) -> None:
        for line in stream:
            if line.startswith(b"referee running"):
                self._running.set()

    def wait_running(self, timeout: float = 60.0) -> None:
        """Wait until the service says it runs (its signal handlers are in place)."""
        if not self._running.wait(timeout):
            raise TimeoutError(f"referee run did not start within {timeout:.0f} s")

    def kill(self) -> None:
        self._end(signal.SIGKILL)

    def stop(self) -> int | None:
        """SIGTERM once it runs, as an operator stops it; its exit status."""
        if self._process is not None and self._process.poll() is None:
            self.wait_running()
        return self._end(signal.SIGTERM)

    def _end(self, signum: int) -> int | None:
        process, self._process = self._process, None
        if process is None:
            return None
        if process.poll() is None:
            if signum == signal.SIGKILL:
                self.killed_at.append(time.monotonic())
            process.send_signal(signum)
        try:
            status = process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait(timeout=30)
        for reader in self._readers:
            reader.join(timeout=10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        return status

    def limit_file_size(self, size: int | None) -> None:
        """Limit the size of the files the running referee writes (None: no limit).

        Past the limit a write fails with EFBIG (Python ignores SIGXFSZ), which SQLite
        reports as a full disk: a real out-of-disk fault, for this process alone.
        """
        # Only the soft limit: raising it again needs no privilege.
        soft = resource.RLIM_INFINITY if size is None else size
        resource.prlimit(self.pid, resource.RLIMIT_FSIZE, (soft, resource.RLIM_INFINITY))


class Databases:
    """Fresh databases of one kind: SQLite files, or databases on a private cluster."""

    def __init__(self, kind: str, folder: Path, postgres: PostgresServer | None = None) -> None:
        if kind not in ("sqlite", "postgresql"):
            raise ValueError(f"no such database kind: {kind}")
        self.kind = kind
        self.folder = folder
        self._own_server = kind == "postgresql" and postgres is None
        self.server = postgres
        if self._own_server:
            self.server = PostgresServer(service_account(("postgres",)))
        self.names: list[str] = []

    def fresh(self, name: str) -> str:
        if self.server is None:
            url = f"sqlite:///{self.folder / f'{name}.sqlite3'}"
        else:
            database = f"faults_{name}_{uuid.uuid4().hex[:8]}"
            url = self.server.create_database(database)
            self.names.append(database)
        db = Database(url)
        try:
            migrate.upgrade(db)
        finally:
            db.dispose()
        return url

    def admin(self, sql: str) -> None:
        """Run one statement as the cluster's superuser (PostgreSQL only)."""
        if self.server is None:
            raise RuntimeError("no PostgreSQL server")
        with self.server._admin() as connection:
            connection.execute(sql.encode())

    def close(self) -> None:
        if self.server is not None:
            for name in self.names:
                with contextlib.suppress(Exception):
                    self.server.drop_database(name)
            if self._own_server:
                self.server.close()


class Deployment:
    """One referee installation on the rig's servers, with its own mailbox, database and
    SMTP sink; what it received is counted per Message-ID."""

    def __init__(self, rig: Rig, name: str) -> None:
        self.rig = rig
        self.name = name
        self.url = rig.databases.fresh(name)
        self.account = DovecotAccount(rig.dovecot)
        self.sink = SmtpSink()
        self.sink.start()
        self.folder = rig.folder / name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.config = self.folder / "referee.toml"
        players = "".join(_PLAYER.format(name=n, address=a) for n, a in PLAYERS.items())
        self.config.write_text(
            _CONFIG.format(
                database_url=self.url,
                host=self.account.host,
                port=self.account.port,
                user=self.account.user,
                smtp_port=self.sink.port,
                max_retry=MAX_RETRY_SECONDS,
                players=players,
                start=rig.game_start.strftime("%Y-%m-%dT%H:%M:%SZ"),
            ),
            encoding="utf-8",
        )
        self.log = self.folder / "referee.log"
        env = {
            **os.environ,
            "FAULTS_IMAP_PASSWORD": self.account.password,
            # Each log line reaches the harness's file as it is written, even before a kill.
            "PYTHONUNBUFFERED": "1",
        }
        self.referee = RefereeProcess(self.config, env, self.log)

    # -- mail in ---------------------------------------------------------------------------

    def feed(self, mails: list[Mail]) -> None:
        """Append ``mails`` to the INBOX, each with its Date as its INTERNALDATE."""
        with self.account.connect() as client:
            for mail in mails:
                client.append("INBOX", mail.raw, msg_time=mail.at)

    # -- watching --------------------------------------------------------------------------

    def counts(self) -> Counts:
        return read_counts(self.url)

    def wait(self, done: Callable[[Counts], bool], timeout: float, what: str) -> Counts:
        """Poll the database until ``done``; raise TimeoutError naming ``what`` otherwise."""
        deadline = time.monotonic() + timeout
        while True:
            counts = self.counts()
            if done(counts):
                return counts
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what} not reached in {timeout:.0f} s: {counts}")
            time.sleep(0.2)

    def wait_settled(self, expected: int, timeout: float) -> Counts:
        """Every message stored and processed, nothing left to send, twice in a row."""
        previous: Counts | None = None
        deadline = time.monotonic() + timeout
        while True:
            counts = self.wait(
                lambda c: c.stored >= expected and c.idle,
                max(1.0, deadline - time.monotonic()),
                "every message processed and sent",
            )
            if counts == previous:
                return counts
            previous = counts
            time.sleep(0.4)

    def delivered(self) -> Counter[str]:
        """How many times each Message-ID reached the SMTP sink."""
        return Counter({key: len(copies) for key, copies in self.copies().items()})

    def copies(self) -> dict[str, list[ReceivedMail]]:
        """Each Message-ID's copies at the SMTP sink, in the order they arrived."""
        got: dict[str, list[ReceivedMail]] = {}
        for mail in self.sink.messages:
            key = str(_HEADERS.parsebytes(mail.raw)["Message-ID"]).strip()
            got.setdefault(key, []).append(mail)
        return got

    def resent_at_kills(self) -> int:
        """The copies at the sink sent again after a kill in the instant of acceptance."""
        return resent_at_kills(self.copies(), self.attempts(), self.referee.killed_at)

    def attempts(self) -> dict[str, int]:
        """The outbox's count of attempts for each Message-ID it holds."""
        engine = create_engine(self.url, poolclass=NullPool)
        try:
            with Session(engine) as session:
                rows = session.execute(
                    select(OutboundMessage.message_id, OutboundMessage.attempts)
                ).all()
        finally:
            engine.dispose()
        return {str(message_id).strip(): int(count) for message_id, count in rows}

    def dump(self) -> dict[str, Any]:
        db = Database(self.url)
        try:
            with db.transaction() as session:
                return canonical_dump(session)
        finally:
            db.dispose()

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def close(self) -> None:
        self.referee.stop()
        self.sink.stop()


class Rig:
    """The servers one harness run shares, and the archive it feeds every deployment."""

    def __init__(
        self,
        kind: str,
        folder: Path,
        count: int,
        *,
        dovecot: DovecotServer | None = None,
        postgres: PostgresServer | None = None,
    ) -> None:
        self.kind = kind
        self.folder = folder
        end = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=1)
        self.mails = archive(count, end)
        self.game_start = self.mails[0].at - timedelta(hours=1)
        self._own_dovecot = dovecot is None
        self.dovecot = dovecot or DovecotServer(service_account(("dovenull", "dovecot", "nobody")))
        self.dovecot.start()
        self.databases = Databases(kind, folder, postgres)
        self._deployments: list[Deployment] = []

    @contextlib.contextmanager
    def deployment(self, name: str) -> Iterator[Deployment]:
        deployment = Deployment(self, name)
        self._deployments.append(deployment)
        try:
            yield deployment
        finally:
            deployment.close()

    def close(self) -> None:
        for deployment in self._deployments:
            with contextlib.suppress(Exception):
                deployment.close()
        self.databases.close()
        if self._own_dovecot:
            self.dovecot.close()
