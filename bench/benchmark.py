"""Measure the referee and print its figures (run: .venv/bin/python -m bench.benchmark).

Figures, all from one run on this machine:
  - bare parse: ``email.message_from_bytes`` messages per second over the synthetic archive;
  - pipeline: messages per second through the whole pipeline (read, parse, apply, record,
    answer) on SQLite in replay mode, the stored archive processed from the inbox;
    both speeds are the best of three rounds (see ``ROUNDS``);
  - their ratio (target: at least 0.5), of wall time and of CPU time (the process's own
    work: on a machine other work shares, the wall clock counts that work too);
  - peak resident memory of the process;
  - start-up time of ``referee --help`` and ``referee state GAME``: the wall time of a fresh
    process, best of a few runs (see :mod:`bench.startup`; target: at most 0.3 s);
  - latency from an IMAP APPEND on a real Dovecot to the acknowledgement's arrival at a
    real SMTP server, with ``referee run`` checking the mailbox every 0.1 s (see
    :mod:`bench.latency`; target: p50 at most 0.2 s), measured when Dovecot is installed
    (``--no-latency`` skips it).

These are printed, never asserted: timings on a shared machine are not test material.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.archive import PLAYERS, START, generate
from bench.startup import STARTUP_ROUNDS, TARGET_SECONDS, measure_startup
from referee.app import build_app
from referee.config import Settings, Visibility, parse_settings
from referee.engine.history import reset_derived
from referee.engine.runner import REPLAY_BATCH
from referee.store import migrate
from referee.store.db import Database


def bench_settings(folder: Path, extra: dict[str, object] | None = None) -> Settings:
    data: dict[str, object] = {
        "referee": {
            "bot_address": "referee@example.org",
            "list_addresses": ["agora-business@example.org"],
            "database_url": f"sqlite:///{folder / 'bench.sqlite3'}",
            "daily_reply_cap": 1000000,
        },
        "smtp": {"mode": "file", "outbox_dir": str(folder / "outbox")},
        "player": [{"name": n, "addresses": [a]} for n, a in PLAYERS.items()],
        "offices": {"surveyor": "player0", "referee": "player1", "registrar": "player2"},
        "game": [
            {
                "name": "Commune",
                "kind": "commune",
                "ruleset": "v1.3",
                "start": START.isoformat(),
                "officer": "surveyor",
            },
            {
                "name": "Go",
                "kind": "scgo",
                "ruleset": "guy-fawkes",
                "start": START.isoformat(),
                "officer": "referee",
            },
            {
                "name": "Alliances",
                "kind": "alliances",
                "ruleset": "igora",
                "start": START.isoformat(),
                "officer": "registrar",
            },
        ],
    }
    for key, value in (extra or {}).items():
        data[key] = value
    return parse_settings(data, folder, None)


ROUNDS = 3
"""Each speed is the best of this many rounds: on a shared machine a round can only be
slowed by other work, never sped up, so the best round is the closest to the code's own."""


def _best_rate(count: int, run: Callable[[], object]) -> float:
    return _best_rates(count, run)[0]


def _best_rates(count: int, run: Callable[[], object]) -> tuple[float, float]:
    """Messages per second of wall time and of CPU time, each the best of the rounds."""
    rounds = [_timed_both(run) for _ in range(ROUNDS)]
    return count / min(wall for wall, _ in rounds), count / min(cpu for _, cpu in rounds)


def _timed_both(run: Callable[[], object]) -> tuple[float, float]:
    started, cpu = time.perf_counter(), _cpu_seconds()
    run()
    return time.perf_counter() - started, _cpu_seconds() - cpu


def _cpu_seconds() -> float:
    """CPU time of this process and of its ended children: a replay's second process,
    which reads ahead, ends with the replay, and its work counts too."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure_throughput(count: int) -> dict[str, float]:
    archive = list(generate(count))

    def parse_all(policy: email.policy.Policy) -> None:
        for raw in archive:
            email.message_from_bytes(raw, policy=policy)

    bare, bare_cpu = _best_rates(count, lambda: parse_all(email.policy.default))
    # The legacy compat32 policy (the call's default) builds far less; printed too, so the
    # reader sees both baselines (the referee itself parses with compat32).
    bare_compat32 = _best_rate(count, lambda: parse_all(email.policy.compat32))

    with tempfile.TemporaryDirectory() as scratch:
        settings = bench_settings(Path(scratch))
        db = Database(settings.database_url)
        migrate.upgrade(db)
        db.dispose()
        app = build_app(settings, now=lambda: START + timedelta(days=365))
        started = time.perf_counter()
        for raw in archive:
            app.inbox.accept(raw, "bench", Visibility.PUBLIC, START, trust_received=True)
        stored = count / (time.perf_counter() - started)
        live = app.processor().process_pending()  # live, once, so that replay has work to redo
        if live.quarantined or live.done != count:
            # Quarantine is far cheaper than processing, and a replay redoes only what was
            # done: such figures would measure nothing.
            raise SystemExit(
                f"error: of {count} messages {live.done} were processed and {live.quarantined} "
                "quarantined, so the pipeline figure would not measure the pipeline; fix the "
                "archive or the configuration"
            )
        replayed = 0

        def replay(reading_ahead: bool) -> None:
            nonlocal replayed
            with app.db.transaction() as session:
                reset_derived(session)
            processor = app.processor(silent=True)
            processor.settings = replace(processor.settings, read_ahead=reading_ahead)
            summary = processor.process_pending(batch=REPLAY_BATCH)
            replayed = summary.done

        # ``reset_derived`` is part of each round; it is one statement per table.
        pipeline, pipeline_cpu = _best_rates(count, lambda: replay(True))
        one_process, one_process_cpu = _best_rates(count, lambda: replay(False))
        app.close()
    if replayed != count:
        raise SystemExit(f"error: the replay processed {replayed} of {count} messages")
    return {
        "bare": bare,
        "bare_compat32": bare_compat32,
        "stored": stored,
        "pipeline": pipeline,
        "bare_cpu": bare_cpu,
        "pipeline_cpu": pipeline_cpu,
        "one_process": one_process,
        "one_process_cpu": one_process_cpu,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--latency-samples", type=int, default=20)
    parser.add_argument("--no-latency", action="store_true")
    args = parser.parse_args(argv)

    figures = measure_throughput(args.messages)
    ratio = figures["pipeline"] / figures["bare"]
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"synthetic archive: {args.messages} messages, 0-3 actions each, 40% quoting replies, "
        f"actions of every game; speeds are the best of {ROUNDS} rounds"
    )
    print(f"bare email.message_from_bytes, policy=default: {figures['bare']:10.1f} messages/s")
    print(f"bare email.message_from_bytes, compat32:       {figures['bare_compat32']:10.1f} msg/s")
    print(f"inbox store (accept):            {figures['stored']:10.1f} messages/s")
    print(
        f"full pipeline, SQLite, replay:   {figures['pipeline']:10.1f} messages/s   (reading ahead)"
    )
    print(f"  in one process (read_ahead=false): {figures['one_process']:6.1f} messages/s")
    print(f"pipeline / bare-parse ratio:     {ratio:10.3f}   (target >= 0.5; policy=default)")
    cpu_ratio = figures["pipeline_cpu"] / figures["bare_cpu"]
    print(f"pipeline / bare-parse ratio, CPU: {cpu_ratio:9.3f}   (CPU time; both replay processes)")
    print(f"one process / bare-parse ratio:  {figures['one_process'] / figures['bare']:10.3f}")
    compat_ratio = figures["pipeline"] / figures["bare_compat32"]
    print(f"pipeline / compat32-parse ratio: {compat_ratio:10.3f}")
    print(f"peak resident memory:            {peak_mib:10.1f} MiB")
    startup = measure_startup()
    print(
        f"start-up, referee --help:        {startup['help']:10.3f} s   (fresh process, best of "
        f"{STARTUP_ROUNDS}; target <= {TARGET_SECONDS} s)"
    )
    print(f"start-up, referee state GAME:    {startup['state']:10.3f} s")
    if not args.no_latency:
        from bench.latency import CHECK_SECONDS, TARGET_P50, measure_latency

        latency = measure_latency(args.latency_samples)
        if latency is None:
            print("IMAP APPEND -> acknowledgement:  not measured (no Dovecot installed)")
        else:
            p50, p95 = latency
            print(
                f"IMAP APPEND -> acknowledgement p50: {p50:7.3f} s   (target <= {TARGET_P50} s; "
                f"check_seconds = {CHECK_SECONDS:g})"
            )
            print(f"IMAP APPEND -> acknowledgement p95: {p95:7.3f} s")
    print(f"measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC in one run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
