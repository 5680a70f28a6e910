"""How the referee scales with the archive (run: .venv/bin/python -m bench.scale).

For each size (1k, 10k and 50k messages of the synthetic archive by default), a fresh
process stores the archive in a new SQLite database, message by message as it is
generated, and replays it (silently, in batches, as ``referee replay`` does). It prints:
  - the replay's messages per second and the process's peak resident memory: memory that
    does not grow with the archive is the point;
  - the time to process one new message, live (answered), on top of that whole history;
  - the ratio of the replay's speed to bare ``email.message_from_bytes`` (policy=default).

Printed, never asserted: timings on a shared machine are not test material.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import json
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

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

TARGET_RSS_MIB = 200
TARGET_NEW_MESSAGE_S = 0.050
TARGET_RATIO = 0.5


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _bare_rate() -> float:
    archive = list(generate(BARE_SAMPLE))
    started = time.perf_counter()
    for raw in archive:
        email.message_from_bytes(raw, policy=email.policy.default)
    return BARE_SAMPLE / (time.perf_counter() - started)


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


def measure_one_size(count: int) -> dict[str, float]:
    """In this process: store ``count`` messages, replay them, then process one more."""
    with tempfile.TemporaryDirectory() as scratch:
        settings = bench_settings(Path(scratch))
        db = Database(settings.database_url)
        migrate.upgrade(db)
        db.dispose()
        # Past the archive's last message (at most 90 minutes apart), so nothing is late.
        now = START + timedelta(minutes=90 * count + 60)
        app = build_app(settings, now=lambda: now)
        try:
            for raw in generate(count):
                app.inbox.accept(raw, "bench", Visibility.PUBLIC, START, trust_received=True)
            with app.db.transaction() as session:
                reset_derived(session)
            started = time.perf_counter()
            summary = app.processor(silent=True).process_pending(batch=REPLAY_BATCH)
            replay_s = time.perf_counter() - started
            peak = _peak_rss_mib()
            # The first answer of a process compiles its templates: a running service has
            # done so long before, so one message warms up and the next one is timed.
            for index, minutes in enumerate((2, 1)):
                raw = _new_message("player3", now - timedelta(minutes=minutes), index)
                app.inbox.accept(raw, "bench", Visibility.PUBLIC, now, trust_received=True)
                started = time.perf_counter()
                one = app.processor().process_pending()
                new_s = time.perf_counter() - started
        finally:
            app.close()
    if summary.quarantined or one.quarantined:
        raise SystemExit(f"error: {summary.quarantined + one.quarantined} quarantined")
    if one.done != 1:
        raise SystemExit("error: the new message was not processed")
    return {"count": count, "replay_s": replay_s, "peak_mib": peak, "new_message_s": new_s}


def _in_fresh_process(count: int) -> dict[str, float]:
    """Each size in its own process, so that its peak memory is its own."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.scale", "--one", str(count)],
        check=True,
        capture_output=True,
        text=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(measure_one_size(args.one)))
        return 0

    bare = _bare_rate()
    print(f"bare email.message_from_bytes (policy=default): {bare:9.1f} msg/s")
    header = ("messages", "replay s", "msgs/s", "ratio", "peak MiB", "new msg")
    print(" ".join(f"{name:>9}" for name in header))
    rows = []
    for count in args.sizes:
        figures = _in_fresh_process(count)
        rate = count / figures["replay_s"]
        rows.append((figures, rate))
        print(
            f"{count:>9} {figures['replay_s']:>9.1f} {rate:>9.1f} {rate / bare:>9.3f} "
            f"{figures['peak_mib']:>9.1f} {figures['new_message_s'] * 1000:>7.1f}ms",
            flush=True,
        )
    largest, rate = rows[-1]
    print(
        f"targets: peak <= {TARGET_RSS_MIB} MiB: {largest['peak_mib'] <= TARGET_RSS_MIB}; "
        f"one new message <= {TARGET_NEW_MESSAGE_S * 1000:.0f} ms: "
        f"{largest['new_message_s'] <= TARGET_NEW_MESSAGE_S}; "
        f"ratio >= {TARGET_RATIO}: {rate / bare >= TARGET_RATIO}"
    )
    print(f"measured {datetime.now().astimezone():%Y-%m-%d %H:%M %Z} in one run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
