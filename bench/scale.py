"""How the referee scales with the archive (run: .venv/bin/python -m bench.scale).

For each size (1k, 10k and 50k messages of the synthetic archive by default), a fresh
process stores the archive in a new database, message by message as it is generated, and
replays it (silently, in batches, as ``referee replay`` does). It prints:
  - the replay's messages per second and its peak resident memory (this process's and
    the peak of the second process that reads ahead, added): memory that does not grow
    with the archive is the point;
  - the time to process one new message, live (answered), on top of that whole history
    (the best of a few, each on top of the one before);
  - the ratio of the replay's speed to bare ``email.message_from_bytes`` (policy=default),
    in wall time (the target: a replay reads ahead on a second core, which only the wall
    clock sees) and in CPU time of both processes (the work done; on a shared machine,
    where other work slows the wall clock, the steadier of the two);
  - a line per target: met or missed.

``--database sqlite`` (the default) uses a SQLite file per size; ``--database postgresql``
a database per size on a private PostgreSQL cluster started for the run (the test suite's,
with fsync off: see ``tests/servers/postgres.py``), or on the server of ``--url`` (a
``postgresql+psycopg://`` URL whose user may create databases; each size gets its own
database there, dropped afterwards). Both may be given.

Printed, never asserted: timings on a shared machine are not test material.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bench.archive import PLAYERS, START, generate
from bench.benchmark import bench_settings
from referee.app import build_app
from referee.config import Visibility
from referee.engine.history import reset_derived
from referee.engine.runner import REPLAY_BATCH
from referee.store import migrate
from referee.store.db import Database

SIZES = (1_000, 10_000, 50_000)
BARE_SAMPLE = 2_000
"""Messages parsed bare to measure the baseline speed (a per-message rate, so a sample)."""

TARGET_REPLAY_COUNT = 50_000
TARGET_REPLAY_S = 60.0
"""The whole replay of 50k messages (judged at the largest size's speed)."""
TARGET_RSS_MIB = 200
TARGET_RSS_GROWTH = 1.5
""""Flat": the largest size's peak memory at most this many times the smallest size's."""
TARGET_NEW_MESSAGE_S = 0.050
NEW_MESSAGES = 3
"""New messages timed after the replay (after one that warms up); the best is printed."""
TARGET_RATIO = 0.5
DATABASES = ("sqlite", "postgresql")


def _peak_rss_mib() -> float:
    """This process's peak resident memory, plus the peak of the replay's second process
    (which reads ahead, and has ended with the replay): an upper bound of the two together,
    since both count the pages they share."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (own + resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def _cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the replay's second process)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _bare_rate() -> tuple[float, float]:
    """Bare parsing's messages per second of wall time and per CPU second."""
    archive = list(generate(BARE_SAMPLE))
    started, cpu = time.perf_counter(), time.process_time()
    for raw in archive:
        email.message_from_bytes(raw, policy=email.policy.default)
    wall_s, cpu_s = time.perf_counter() - started, time.process_time() - cpu
    return BARE_SAMPLE / wall_s, BARE_SAMPLE / cpu_s


def _new_message(author: str, when: datetime, index: int) -> bytes:
    message = email.message.EmailMessage()
    message["Received"] = f"from lists.example.org by mx.example.org; {format_datetime(when)}"
    message["From"] = f"{author} <{PLAYERS[author]}>"
    message["To"] = "agora-business@example.org"
    message["Subject"] = "one more"
    message["Date"] = format_datetime(when)
    message["Message-ID"] = f"<bench-scale-new-{index}@example.org>"
    message.set_content("I place a tile at E5.\n")
    return message.as_bytes()


@contextmanager
def _unsynced(db: Database) -> Iterator[None]:
    """Storing the archive is the setup, not the measure: on SQLite it is done without
    waiting for the disk after each message; the replay then runs as configured."""
    if not db.url.startswith("sqlite"):
        yield
        return

    def no_sync(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        dbapi_connection.execute("PRAGMA synchronous=OFF")

    event.listen(db.engine, "checkout", no_sync)
    try:
        yield
    finally:
        event.remove(db.engine, "checkout", no_sync)
        db.engine.dispose()  # the next connections are made with the configured pragmas


def measure_one_size(count: int, url: str | None = None) -> dict[str, float]:
    """In this process: store ``count`` messages, replay them, then process one more (in a
    SQLite file, or in the empty database at ``url``)."""
    with tempfile.TemporaryDirectory() as scratch:
        settings = bench_settings(Path(scratch))
        if url is not None:
            settings = replace(settings, database_url=url)
        db = Database(settings.database_url)
        migrate.upgrade(db)
        db.dispose()
        # Past the archive's last message (at most 90 minutes apart), so nothing is late.
        now = START + timedelta(minutes=90 * count + 60)
        app = build_app(settings, now=lambda: now)
        try:
            with _unsynced(app.db):
                for raw in generate(count):
                    app.inbox.accept(raw, "bench", Visibility.PUBLIC, START, trust_received=True)
            with app.db.transaction() as session:
                reset_derived(session)
            started, cpu = time.perf_counter(), _cpu_seconds()
            summary = app.processor(silent=True).process_pending(batch=REPLAY_BATCH)
            replay_s = time.perf_counter() - started
            replay_cpu_s = _cpu_seconds() - cpu
            peak = _peak_rss_mib()
            # The first answer of a process compiles its templates: a running service has
            # done so long before, so one message warms up; the next ones are timed, each on
            # top of the one before, and the best is kept (on a shared machine a message can
            # only be slowed by other work, never sped up).
            new_s = new_cpu_s = float("inf")
            quarantined = summary.quarantined
            for index in range(NEW_MESSAGES + 1):
                minutes = NEW_MESSAGES + 1 - index
                raw = _new_message("player3", now - timedelta(minutes=minutes), index)
                app.inbox.accept(raw, "bench", Visibility.PUBLIC, now, trust_received=True)
                started, cpu = time.perf_counter(), time.process_time()
                one = app.processor().process_pending()
                if index:
                    new_s = min(new_s, time.perf_counter() - started)
                    new_cpu_s = min(new_cpu_s, time.process_time() - cpu)
                quarantined += one.quarantined
                if one.done != 1 and not one.quarantined:
                    raise SystemExit("error: the new message was not processed")
        finally:
            app.close()
    if quarantined:
        raise SystemExit(f"error: {quarantined} quarantined")
    return {
        "count": count,
        "replay_s": replay_s,
        "replay_cpu_s": replay_cpu_s,
        "peak_mib": peak,
        "new_message_s": new_s,
        "new_message_cpu_s": new_cpu_s,
    }


def _in_fresh_process(count: int, url: str | None) -> dict[str, float]:
    """Each size in its own process, so that its peak memory is its own."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.scale",
            "--one",
            str(count),
            *(["--url", url] if url else []),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"error: the run of {count} messages failed:\n{done.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


@contextmanager
def _postgres_databases(url: str | None) -> Iterator[Callable[[int], str]]:
    """A maker of one empty database per size, on the server of ``url`` or on a private
    cluster started here; every database made is dropped at the end."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    server = None
    if url is None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from servers import service_account
        from servers.postgres import PostgresServer

        server = PostgresServer(service_account(("postgres",)))
        url = server.url("postgres")
    parsed = make_url(url)
    made: list[str] = []

    def admin() -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host=parsed.host,
            port=parsed.port,
            user=parsed.username,
            password=parsed.password,
            dbname=parsed.database or "postgres",
            autocommit=True,
        )

    def make(count: int) -> str:
        name = f"referee_bench_{os.getpid()}_{count}"
        with admin() as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        made.append(name)
        return parsed.set(database=name).render_as_string(hide_password=False)

    try:
        yield make
    finally:
        try:
            with admin() as connection:
                for name in made:
                    connection.execute(
                        sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                            sql.Identifier(name)
                        )
                    )
        finally:
            if server is not None:
                server.close()


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def _run_sizes(
    sizes: list[int], bare: tuple[float, float], make_url: Callable[[int], str] | None
) -> None:
    # CPU seconds too: on a shared machine the wall time also counts other work's turns,
    # and a wall-time ratio compares two moments of that other work.
    header = (
        "messages",
        "replay s",
        "msgs/s",
        "ratio",
        "cpu s",
        "cpu ratio",
        "peak MiB",
        "new msg",
    )
    bare_wall, bare_cpu = bare
    print(" ".join(f"{name:>9}" for name in header))
    rows = []
    for count in sizes:
        figures = _in_fresh_process(count, make_url(count) if make_url else None)
        rate = count / figures["replay_s"]
        rows.append(figures)
        print(
            f"{count:>9} {figures['replay_s']:>9.1f} {rate:>9.1f} {rate / bare_wall:>9.3f} "
            f"{figures['replay_cpu_s']:>9.1f} {count / figures['replay_cpu_s'] / bare_cpu:>9.3f} "
            f"{figures['peak_mib']:>9.1f} "
            f"{figures['new_message_s'] * 1000:>7.1f}ms",
            flush=True,
        )
    smallest, largest = rows[0], rows[-1]
    count = int(largest["count"])
    ratio = count / largest["replay_s"] / bare_wall
    cpu_ratio = count / largest["replay_cpu_s"] / bare_cpu
    growth = largest["peak_mib"] / smallest["peak_mib"]
    targets = (
        (
            f"replay of {TARGET_REPLAY_COUNT} in at most {TARGET_REPLAY_S:.0f} s: "
            f"{largest['replay_s'] * TARGET_REPLAY_COUNT / count:.1f} s"
            + ("" if count == TARGET_REPLAY_COUNT else f" (at the speed of {count})"),
            largest["replay_s"] * TARGET_REPLAY_COUNT / count <= TARGET_REPLAY_S,
        ),
        (
            f"peak memory at most {TARGET_RSS_MIB} MiB: {largest['peak_mib']:.1f} MiB",
            largest["peak_mib"] <= TARGET_RSS_MIB,
        ),
        (
            f"peak memory flat (at most {TARGET_RSS_GROWTH}x from {int(smallest['count'])} "
            f"to {count}): {growth:.2f}x",
            growth <= TARGET_RSS_GROWTH,
        ),
        (
            f"one new message on {count} at most {TARGET_NEW_MESSAGE_S * 1000:.0f} ms: "
            f"{largest['new_message_s'] * 1000:.1f} ms (best of {NEW_MESSAGES}; "
            f"{largest['new_message_cpu_s'] * 1000:.1f} ms of this process's CPU)",
            largest["new_message_s"] <= TARGET_NEW_MESSAGE_S,
        ),
        (
            f"ratio to bare parse at least {TARGET_RATIO}: {ratio:.3f} in wall time "
            f"({cpu_ratio:.3f} in CPU time, both processes)",
            ratio >= TARGET_RATIO,
        ),
    )
    for text, met in targets:
        print(f"  target {_verdict(met):>6}: {text}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument(
        "--database", choices=DATABASES, nargs="+", default=["sqlite"], help="one or both"
    )
    parser.add_argument(
        "--url",
        help="a PostgreSQL server to use (postgresql+psycopg://USER@HOST:PORT/DB; the user "
        "creates and drops one database per size) instead of a private cluster",
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(measure_one_size(args.one, args.url)))
        return 0

    bare = _bare_rate()
    print(
        f"bare email.message_from_bytes (policy=default): {bare[0]:9.1f} msg/s, "
        f"{bare[1]:9.1f} msg per CPU second"
    )
    for database in args.database:
        if database == "sqlite":
            print("SQLite (a file per size):")
            _run_sizes(args.sizes, bare, None)
            continue
        where = "the server of --url" if args.url else "a private cluster, fsync off"
        print(f"PostgreSQL ({where}; a database per size):")
        with _postgres_databases(args.url) as make:
            _run_sizes(args.sizes, bare, make)
    print(f"measured {datetime.now().astimezone():%Y-%m-%d %H:%M %Z} in one run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
