"""The Containerfile and the compose file, checked without a container runtime: what the
image copies exists and is not ignored, the settings they pass are ones the referee reads,
and the compose file's services, volumes, paths and ports agree with each other, with the
Containerfile and with the configuration's defaults.

(``scripts/check-container`` builds and runs them where the machine can.)
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

import pytest

from referee.config import CONFIG_ENV, parse_settings
from referee.settings_env import OVERRIDES

ROOT = Path(__file__).resolve().parents[2]
CONTAINER = ROOT / "deploy" / "container"
CONTAINERFILE = CONTAINER / "Containerfile"
COMPOSE = CONTAINER / "compose.yaml"


def read_yaml(text: str) -> Any:
    """The block-style YAML subset a compose file is written in: maps, lists, scalars
    (a flow list ``[a, b]`` is read as a list of its items); comments are dropped."""
    lines = []
    for raw in text.splitlines():
        line = re.sub(r"\s+#.*$", "", raw) if not raw.lstrip().startswith("#") else ""
        if line.strip():
            lines.append((len(line) - len(line.lstrip()), line.strip()))
    value, rest = _block(lines, 0)
    assert not rest, rest
    return value


def _scalar(text: str) -> Any:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(item) for item in text[1:-1].split(",") if item.strip()]
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _block(lines: list[tuple[int, str]], indent: int) -> tuple[Any, list[tuple[int, str]]]:
    if lines and lines[0][1].startswith("- "):
        items: list[Any] = []
        while lines and lines[0][0] == indent and lines[0][1].startswith("- "):
            item = lines[0][1][2:]
            lines = lines[1:]
            if re.match(r"^[\w.-]+:( |$)", item):  # a map begun on the dash's line
                nested = [(indent + 2, item), *lines]
                value, lines = _block(nested, indent + 2)
                items.append(value)
            else:
                items.append(_scalar(item))
        return items, lines
    mapping: dict[str, Any] = {}
    while lines and lines[0][0] == indent:
        key, _, value = lines[0][1].partition(":")
        lines = lines[1:]
        if value.strip():
            mapping[key.strip()] = _scalar(value)
        elif lines and lines[0][0] > indent:
            mapping[key.strip()], lines = _block(lines, lines[0][0])
        elif lines and lines[0][0] == indent and lines[0][1].startswith("- "):
            mapping[key.strip()], lines = _block(lines, indent)
        else:
            mapping[key.strip()] = None
    return mapping, lines


def test_the_reader_reads_what_compose_files_hold() -> None:
    text = "a:\n  b: 'x'  # note\n  c: [1, \"2\"]\n  d:\n    - e: 3\n      f: 4\n    - g\n"
    assert read_yaml(text) == {"a": {"b": "x", "c": ["1", "2"], "d": [{"e": "3", "f": "4"}, "g"]}}


def _instructions() -> list[tuple[str, str]]:
    """The Containerfile's instructions (continued lines joined), as (INSTRUCTION, rest)."""
    text = re.sub(r"\\\n", " ", CONTAINERFILE.read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def _ignored(path: str) -> bool:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    parts = Path(path).parts
    return any(
        fnmatch.fnmatch(path, pattern)
        or fnmatch.fnmatch(parts[0], pattern)
        or (pattern.startswith("**/") and any(fnmatch.fnmatch(p, pattern[3:]) for p in parts))
        for pattern in patterns
    )


def test_what_the_image_copies_from_the_checkout_exists_and_is_not_ignored() -> None:
    copies = [rest for word, rest in _instructions() if word in ("COPY", "ADD")]
    from_context = [c.split() for c in copies if not c.startswith("--from=")]
    assert from_context, "the image is built from the checkout"
    for *sources, _target in from_context:
        for source in sources:
            assert (ROOT / source).exists(), source
    # `COPY . .` then `pip wheel .`: what building the wheel reads must reach the image.
    for needed in ("pyproject.toml", "README.md", "referee/__init__.py", "config.example.toml"):
        assert (ROOT / needed).exists() and not _ignored(needed), needed
    for needed in ("templates", "migrations", "grammar", "rules", "examples"):
        assert (ROOT / needed).is_dir() and not _ignored(needed), needed
    assert _ignored(".venv") and _ignored(".git") and _ignored("referee-data")


def _containerfile_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for word, rest in _instructions():
        if word == "ENV":
            env.update(dict(re.findall(r"(\w+)=(\S+)", rest)))
    return env


def test_the_image_s_settings_are_ones_the_referee_reads() -> None:
    env = _containerfile_env()
    for name in env:
        if name.startswith("REFEREE_"):
            assert name == CONFIG_ENV or name in OVERRIDES, name
    exposed = [rest for word, rest in _instructions() if word == "EXPOSE"]
    default_port = parse_settings(
        {"referee": {"bot_address": "referee@example.org"}}, ROOT, None
    ).lmtp.port
    assert exposed == [str(default_port)]
    volumes = [rest for word, rest in _instructions() if word == "VOLUME"]
    assert volumes == [f'["{env["REFEREE_DATA_DIR"]}"]']
    assert any(word == "USER" and rest != "root" for word, rest in _instructions())


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    found: dict[str, Any] = read_yaml(COMPOSE.read_text(encoding="utf-8"))
    return found


def test_compose_builds_this_checkout_s_image(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"database", "referee"}
    build = compose["services"]["referee"]["build"]
    context = (COMPOSE.parent / build["context"]).resolve()
    assert context == ROOT
    assert (context / build["dockerfile"]).resolve() == CONTAINERFILE


def test_compose_s_names_agree(compose: dict[str, Any]) -> None:
    services = compose["services"]
    referee, database = services["referee"], services["database"]
    env = referee["environment"]
    for name in env:
        assert name == CONFIG_ENV or name in OVERRIDES, name
    # The database URL names the database service, its user and its database.
    url = re.fullmatch(r"postgresql\+psycopg://(\w+)@(\w+)/(\w+)", env["REFEREE_DATABASE_URL"])
    assert url is not None
    user, host, name = url.groups()
    assert host == "database"
    assert (database["environment"]["POSTGRES_USER"], database["environment"]["POSTGRES_DB"]) == (
        user,
        name,
    )
    assert referee["depends_on"]["database"]["condition"] == "service_healthy"
    assert (
        "pg_isready" in database["healthcheck"]["test"] and user in database["healthcheck"]["test"]
    )
    # Named volumes are declared; mounts land where the image looks.
    declared = set(compose["volumes"])
    image_env = _containerfile_env()
    mounts = {}
    for service in services.values():
        for volume in service.get("volumes", []):
            source, target = volume.split(":")[:2]
            if not source.startswith((".", "/")):
                assert source in declared, source
            mounts[target] = source
    assert image_env[CONFIG_ENV] in mounts
    assert image_env["REFEREE_DATA_DIR"] in mounts
    assert mounts["/var/lib/postgresql/data"] == "database"
    # LMTP is on, and published on the host's loopback only, at the image's port.
    assert env["REFEREE_LMTP_ENABLED"] == "true"
    (port,) = referee["ports"]
    assert port == f"127.0.0.1:{_port()}:{_port()}"


def _port() -> str:
    (exposed,) = [rest for word, rest in _instructions() if word == "EXPOSE"]
    return exposed


def test_check_container_builds_and_runs_them_or_says_why_not() -> None:
    import subprocess

    done = subprocess.run(
        [str(ROOT / "scripts" / "check-container")],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    ran = "referee db check passed inside" in last
    skipped = re.fullmatch(r"container: skipped: .{20,}", last) is not None
    assert ran or skipped, done.stdout
