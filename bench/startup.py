"""Start-up time of the ``referee`` command: the wall time of a fresh process, from its
start to its exit, for ``referee --help`` and ``referee state GAME`` (on a small SQLite
database). Best of a few runs: a shared machine can only slow a run down."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTUP_ROUNDS = 5

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


def _best_wall_time(args: list[str]) -> float:
    best = float("inf")
    for _ in range(STARTUP_ROUNDS):
        started = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - started)
    return best


def measure_startup() -> dict[str, float]:
    """Seconds for ``--help`` and for ``state GAME``, each the best of the rounds."""
    command = _command()
    with tempfile.TemporaryDirectory() as scratch:
        config = Path(scratch) / "referee.toml"
        config.write_text(CONFIG.format(folder=scratch), encoding="utf-8")
        subprocess.run(
            [*command, "--config", str(config), "init"], check=True, stdout=subprocess.DEVNULL
        )
        return {
            "help": _best_wall_time([*command, "--help"]),
            "state": _best_wall_time([*command, "--config", str(config), "state", "Commune"]),
        }
