"""Start-up time of the ``referee`` command: the wall time of a fresh process, from its
start to its exit, for ``referee --help`` and ``referee state GAME`` (on a small SQLite
database). Best of a few runs: a shared machine can only slow a run down.

Run: ``.venv/bin/python -m bench.startup``. Each command runs once first with Python allowed
to write its bytecode cache, as an installed referee has it (pip compiles the package when it
installs it): with ``PYTHONDONTWRITEBYTECODE`` set and no cache, every run would compile the
referee's sources again, which no installed referee does.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTUP_ROUNDS = 5
TARGET_SECONDS = 0.3

CONFIG = """\
[referee]
bot_address = "referee@example.org"
database_url = "sqlite:///{folder}/startup.sqlite3"

[smtp]
mode = "file"
outbox_dir = "{folder}/outbox"

[[game]]
name = "Commune"
kind = "commune"
ruleset = "v1.3"
start = 2023-04-19T00:00:00Z
officer = "surveyor"
"""


def _command() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    return [str(script)] if script.exists() else [sys.executable, "-m", "referee"]


def _cache_bytecode(args: list[str]) -> None:
    """Run once with the bytecode cache writable, so that the timed runs read it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, env=env)


def _best_wall_time(args: list[str], rounds: int = STARTUP_ROUNDS) -> float:
    _cache_bytecode(args)
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


def measure_startup(rounds: int = STARTUP_ROUNDS) -> dict[str, float]:
    """Seconds for ``--help`` and for ``state GAME``, each the best of the rounds."""
    command = _command()
    with tempfile.TemporaryDirectory() as scratch:
        config = Path(scratch) / "referee.toml"
        config.write_text(CONFIG.format(folder=scratch), encoding="utf-8")
        subprocess.run(
            [*command, "--config", str(config), "init"], check=True, stdout=subprocess.DEVNULL
        )
        return {
            "help": _best_wall_time([*command, "--help"], rounds),
            "state": _best_wall_time(
                [*command, "--config", str(config), "state", "Commune"], rounds
            ),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up time of the referee command.")
    parser.add_argument("--rounds", type=int, default=STARTUP_ROUNDS)
    args = parser.parse_args(argv)
    figures = measure_startup(args.rounds)
    for name, label in (("help", "referee --help"), ("state", "referee state GAME")):
        seconds = figures[name]
        verdict = "met" if seconds <= TARGET_SECONDS else "MISSED"
        print(
            f"start-up, {label + ':':20} {seconds:6.3f} s   (target <= {TARGET_SECONDS} s: "
            f"{verdict}; fresh process, best of {args.rounds})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
