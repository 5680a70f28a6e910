"""The referee as a new operator meets it: built into a wheel, installed in a clean
virtual environment, run from a folder that is not the checkout.

``config init``, ``config check`` with each kind of mistake, ``init`` (on the bundled
example too, whose data goes to the working directory, never into site-packages), and
``run`` reading a real Dovecot over IMAP (``--once``) and taking mail over LMTP (as a
service, stopped by SIGTERM).
"""

from __future__ import annotations

import os
import signal
import smtplib
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from servers.dovecot import DovecotAccount
from servers.mail import make_message
from servers.ports import LOOPBACK, free_port, wait_for_greeting
from servers.smtp import SmtpSink

ROOT = Path(__file__).resolve().parents[2]
BOT = "referee@example.org"


@dataclass(frozen=True)
class Installed:
    referee: Path
    site_packages: Path

    def run(
        self, *args: str, cwd: Path, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.referee), *args],
            cwd=cwd,
            env=_clean_environment(env),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )


def _clean_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """This environment without the referee's settings or this checkout's Python paths."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("REFEREE_") and name not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    return {**kept, **(extra or {})}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work), str(ROOT)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    (wheel,) = work.glob("referee-*.whl")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
        check=True,
        timeout=600,
        capture_output=True,
        env=_clean_environment(),
    )
    (site,) = (venv / "lib").glob("python3*/site-packages")
    return Installed(venv / "bin" / "referee", site)


def test_config_init_then_check_every_kind_of_mistake(installed: Installed, tmp_path: Path) -> None:
    done = installed.run("config", "init", "referee.toml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    starter = (tmp_path / "referee.toml").read_text(encoding="utf-8")
    done = installed.run("--config", "referee.toml", "config", "check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "is valid: 4 player(s), 2 game(s), 2 mail source(s)" in done.stdout

    broken = (
        starter.replace('bot_address = "referee@example.org"', 'bot_adress = "referee@"')
        .replace("daily_reply_cap = 20", "daily_reply_cap = -1")
        .replace('acknowledge = "private"', 'acknowledge = "loudly"')
        .replace("port = 8024", 'port = "8024"')
        .replace('addresses = ["aspen@example.com"]', 'addresses = ["aspen@"]')
        .replace('surveyor = "Aspen"', 'surveyor = "Nobody"')
        .replace('confirmation_secret_file = "', 'confirmation_secret_env = "NO_SUCH_VARIABLE"\n#')
    )
    (tmp_path / "broken.toml").write_text(broken, encoding="utf-8")
    done = installed.run("--config", "broken.toml", "config", "check", cwd=tmp_path)
    assert done.returncode == 2
    told = done.stderr.splitlines()
    expected = [
        "referee.bot_address: is required (the file has referee.bot_adress: misspelt?)",
        "referee.acknowledge: must be one of 'off', 'private', 'list', not 'loudly'",
        "referee.daily_reply_cap: must be at least 0, not -1",
        "lmtp.port: must be a whole number, not '8024'",
        "player[3].addresses[0]: is not an email address: 'aspen@'",
        "offices.surveyor: names 'Nobody', who is not a player",
        "powers.confirmation_secret_env: names the environment variable NO_SUCH_VARIABLE, "
        "which is unset",
    ]
    assert [line.split(": ", 2)[2] for line in told[:-1]] == expected
    assert told[-1] == f"referee: {len(expected)} problem(s) in broken.toml"

    (tmp_path / "kind.toml").write_text(starter.replace('kind = "scgo"', 'kind = "chess"'))
    done = installed.run("--config", "kind.toml", "config", "check", cwd=tmp_path)
    assert done.returncode == 2 and "chess" in done.stderr
    (tmp_path / "toml.toml").write_text("[referee\n", encoding="utf-8")
    done = installed.run("--config", "toml.toml", "config", "check", cwd=tmp_path)
    assert done.returncode == 2 and "is not valid TOML" in done.stderr
    done = installed.run("--config", "absent.toml", "config", "check", cwd=tmp_path)
    assert done.returncode == 2 and "no such configuration file" in done.stderr
    done = installed.run(
        "--config", "referee.toml", "config", "check", cwd=tmp_path, env={"REFEREE_LMTP_PORT": "x"}
    )
    assert done.returncode == 2
    assert "$REFEREE_LMTP_PORT: must be a whole number, not 'x'" in done.stderr


def test_the_bundled_example_keeps_its_data_in_the_working_directory(
    installed: Installed, tmp_path: Path
) -> None:
    done = installed.run("-v", "init", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    example = installed.site_packages / "referee" / "_data" / "config.example.toml"
    # Never silently: one line says the bundled example is in use, and names it.
    assert done.stderr.splitlines()[0] == (
        f"referee: no --config or $REFEREE_CONFIG given: using the bundled example "
        f"configuration {example}"
    )
    assert (tmp_path / "referee-data" / "referee.sqlite3").is_file()
    assert not (installed.site_packages / "referee" / "_data" / "referee-data").exists()
    done = installed.run("run", "--once", cwd=tmp_path)
    assert done.returncode == 2 and "--example" in done.stderr
    done = installed.run("run", "--once", "--example", "--backfill", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "quarantined 0" in done.stdout
    assert list((tmp_path / "referee-data" / "outbox").glob("*.eml"))
    assert installed.run("--version", cwd=tmp_path).stdout.startswith("referee ")


def _service_config(tmp_path: Path, dovecot: DovecotAccount, sink: SmtpSink, lmtp: int) -> Path:
    password = tmp_path / "imap-password"
    password.write_text(dovecot.password, encoding="utf-8")
    config = tmp_path / "referee.toml"
    config.write_text(
        f"""
[referee]
data_dir = "data"
bot_address = "{BOT}"
list_addresses = ["agora-business@agoranomic.test"]

[[source]]
name = "list"
kind = "imap"
visibility = "public"
host = "{dovecot.host}"
port = {dovecot.port}
tls = "none"
user = "{dovecot.user}"
password_file = "imap-password"
idle = false
poll_seconds = 1

[lmtp]
enabled = true
host = "{LOOPBACK}"
port = {lmtp}
banner = "games LMTP"
recipient_delimiter = "+"

[smtp]
mode = "smtp"
host = "{sink.host}"
port = {sink.port}
tls = "none"

[[player]]
name = "One"
addresses = ["one@players.test"]
""",
        encoding="utf-8",
    )
    return config


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    server = SmtpSink()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_run_reads_imap_and_takes_lmtp(
    installed: Installed, tmp_path: Path, dovecot: DovecotAccount, sink: SmtpSink
) -> None:
    lmtp = free_port()
    _service_config(tmp_path, dovecot, sink, lmtp)
    assert installed.run("--config", "referee.toml", "init", cwd=tmp_path).returncode == 0
    dovecot.append("INBOX", make_message("over IMAP", date=datetime.now(UTC)))
    done = installed.run("--config", "referee.toml", "run", "--once", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "; processed 1; quarantined 0;" in done.stdout  # the message read over IMAP

    process = subprocess.Popen(
        [str(installed.referee), "--config", "referee.toml", "run", "--interval", "1"],
        cwd=tmp_path,
        env=_clean_environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        greeting = wait_for_greeting(LOOPBACK, lmtp, b"220", 30)
        assert b"referee games LMTP" in greeting
        with smtplib.LMTP(LOOPBACK, lmtp, timeout=10) as client:
            client.ehlo_or_helo_if_needed()
            client.mail("one@players.test")
            assert client.rcpt("stranger@example.org")[0] == 550
            assert client.rcpt("referee-commune@example.org")[0] == 550
            assert client.rcpt("referee+commune@example.org")[0] == 250
            # smtplib reads one reply after DATA: one recipient per transaction.
            client.rset()
            client.mail("one@players.test")
            assert client.rcpt(BOT)[0] == 250
            assert client.data(make_message("over LMTP"))[0] == 250
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert "Traceback" not in stderr
    done = installed.run("--config", "referee.toml", "run", "--once", "--no-imap", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("stored 0 new message(s); processed 0")  # all done before
    assert (tmp_path / "data" / "referee.sqlite3").is_file()

    # Watch it work: what was read, and a web page of the state to publish.
    done = installed.run("--config", "referee.toml", "history", "Register", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    done = installed.run("--config", "referee.toml", "-v", "site", "public_html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "referee: configuration referee.toml (--config)" in done.stderr
    assert "wrote 1 game pages and an index" in done.stdout
    site = tmp_path / "public_html"
    page = (site / "register.html").read_text(encoding="utf-8")
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page and "One (active, first-class)" in page
    assert (site / "register-board.svg").is_file() and (site / "style.css").is_file()
    assert "<script" not in page
