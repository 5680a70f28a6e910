"""The shipped systemd unit and container files: checked by ``scripts/check-deploy`` where
the machine has the tools, and their commands parsed by the referee's own parser always."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "systemd" / "referee.service"
CONTAINER = ROOT / "deploy" / "container"


def _referee_commands(text: str) -> list[list[str]]:
    """The referee command lines a file runs (``.../referee ARGS`` up to a shell's ``&&``)."""
    found = []
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    for match in re.finditer(r"(?:/bin/)?\breferee ((?:init|run|config)[^\"&\n]*)", code):
        found.append(match.group(1).split())
    return found


@pytest.mark.parametrize(("path", "count"), [(UNIT, 2), (CONTAINER / "Containerfile", 2)], ids=str)
def test_the_commands_they_run_are_the_referee_s(path: Path, count: int) -> None:
    commands = _referee_commands(path.read_text(encoding="utf-8"))
    assert len(commands) == count
    for command in commands:
        build_parser().parse_args(command)  # exits (fails the test) on an unknown option


def test_the_unit_is_hardened() -> None:
    settings = dict(
        line.split("=", 1)
        for line in UNIT.read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    )
    for key, value in {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "CapabilityBoundingSet": "",
        "User": "referee",
        "StateDirectory": "referee",
    }.items():
        assert settings[key] == value


def test_compose_runs_the_referee_with_postgresql() -> None:
    compose = (CONTAINER / "compose.yaml").read_text(encoding="utf-8")
    assert "image: postgres:" in compose
    assert "REFEREE_DATABASE_URL: postgresql+psycopg://referee@database/referee" in compose
    assert "dockerfile: deploy/container/Containerfile" in compose
    assert (ROOT / "deploy" / "container" / "Containerfile").is_file()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_check_deploy_passes_where_the_tools_are() -> None:
    referee = Path(sys.executable).parent / "referee"
    done = subprocess.run(
        [str(ROOT / "scripts" / "check-deploy"), str(referee)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "systemd unit: verified" in done.stdout
    assert "Overall exposure level" in done.stdout
