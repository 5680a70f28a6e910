"""``referee run`` as the service manager sees it: started as a process, stopped by a signal.

Each test writes a configuration with an LMTP listener and SMTP sending to a real aiosmtpd
sink, starts ``python -m referee run`` as a subprocess, delivers a player's message over
LMTP and then signals the process. A clean stop is: exit code 0, the message processed and
its answer sent (or kept queued when the SMTP server is down), no traceback on stderr, and
the LMTP port free for the next start.
"""

from __future__ import annotations

import signal
import smtplib
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest
from servers.mail import wait_until
from servers.ports import LOOPBACK, free_port, wait_for_greeting
from servers.smtp import SmtpSink
from sqlalchemy import select

from referee.cli import main as referee_main
from referee.store.db import Database
from referee.store.models import InboundMessage, OutboundMessage

BOT = "referee@example.org"
LIST = "agora-business@example.org"
NIX = "nix@example.org"
START_TIMEOUT = 20.0  # the interpreter and the package load before the port opens
STOP_TIMEOUT = 15.0


def monday_of_this_week() -> datetime:
    """The game starts this Agoran week, so no weekly report falls due while a test runs."""
    today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=today.weekday())


def write_config(tmp_path: Path, lmtp_port: int, sink: SmtpSink) -> Path:
    config = tmp_path / "referee.toml"
    config.write_text(
        f"""
[referee]
data_dir = "{tmp_path / "data"}"
database_url = "sqlite:///{tmp_path / "referee.sqlite3"}"
bot_address = "{BOT}"
list_addresses = ["{LIST}"]

[lmtp]
enabled = true
host = "{LOOPBACK}"
port = {lmtp_port}
# The MTA hands over the list's traffic: public, so Commune actions count.
visibility = "public"

[smtp]
mode = "smtp"
host = "{sink.host}"
port = {sink.port}
tls = "none"
retry_seconds = 60

[[player]]
name = "nix"
addresses = ["{NIX}"]

[[player]]
name = "Aspen"
addresses = ["aspen@example.com"]

[offices]
surveyor = "Aspen"

[[game]]
name = "Commune"
kind = "commune"
ruleset = "v1.3"
start = "{monday_of_this_week().isoformat()}"
officer = "surveyor"
""",
        encoding="utf-8",
    )
    return config


@dataclass
class Service:
    process: subprocess.Popen[str]
    config: Path
    lmtp_port: int
    database_url: str

    def stop(self, signum: int) -> tuple[int, str, str]:
        """Send ``signum`` and wait for the process to end; its exit code and output."""
        self.process.send_signal(signum)
        stdout, stderr = self.process.communicate(timeout=STOP_TIMEOUT)
        return self.process.returncode, stdout, stderr


@pytest.fixture
def smtp_server() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    try:
        yield sink
    finally:
        sink.stop()


@pytest.fixture
def service(tmp_path: Path, smtp_server: SmtpSink) -> Iterator[Service]:
    port = free_port()
    config = write_config(tmp_path, port, smtp_server)
    assert referee_main(["--config", str(config), "init"]) == 0
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "--config", str(config), "-v", "run", "--interval", "1"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    running = Service(process, config, port, f"sqlite:///{tmp_path / 'referee.sqlite3'}")
    try:
        wait_for_greeting(LOOPBACK, port, b"220", START_TIMEOUT)
        yield running
    finally:
        if process.poll() is None:  # a failed test must not leave the service behind
            process.kill()
            process.communicate(timeout=STOP_TIMEOUT)


def deliver(port: int, body: str, message_id: str) -> None:
    message = EmailMessage()
    message["From"] = f"nix <{NIX}>"
    message["To"] = LIST
    message["Subject"] = "BUS: Commune"
    message["Date"] = format_datetime(datetime.now(UTC))
    message["Message-ID"] = message_id
    message.set_content(body)
    with smtplib.LMTP(LOOPBACK, port, timeout=10) as client:
        client.sendmail(NIX, [BOT], message.as_bytes())


def port_is_free(port: int) -> bool:
    """Whether a new server could listen on ``port`` (as the next start would, reusing it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((LOOPBACK, port))
            probe.listen()
        except OSError:
            return False
        return True


def processed(database_url: str) -> list[tuple[str, str | None]]:
    db = Database(database_url)
    try:
        with db.transaction() as session:
            rows = session.scalars(select(InboundMessage).order_by(InboundMessage.id))
            return [(row.status, (row.results or {}).get("answer")) for row in rows]
    finally:
        db.dispose()


def outbox(database_url: str) -> list[tuple[str, list[str], str | None]]:
    db = Database(database_url)
    try:
        with db.transaction() as session:
            rows = session.scalars(select(OutboundMessage).order_by(OutboundMessage.id))
            return [(row.status, list(row.recipients), row.last_error) for row in rows]
    finally:
        db.dispose()


def assert_clean_exit(code: int, stdout: str, stderr: str, port: int) -> None:
    assert code == 0, f"exit code {code}\n{stderr}"
    assert "Traceback" not in stderr, stderr
    assert "referee stopped" in stdout
    assert port_is_free(port)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_service_cleanly_after_answering(
    signum: int, service: Service, smtp_server: SmtpSink
) -> None:
    deliver(service.lmtp_port, "I become a participant in Commune.", "<sig-1@example.org>")
    answer = smtp_server.wait_for(1, timeout=10)[0]
    assert answer.rcpt_tos == (NIX,)
    assert b"APPLIED: nix became a participant" in answer.raw
    code, stdout, stderr = service.stop(signum)
    assert_clean_exit(code, stdout, stderr, service.lmtp_port)
    assert f"signal {int(signum)} received; stopping" in stderr
    assert processed(service.database_url) == [("done", "sent privately")]
    assert [(status, to) for status, to, _ in outbox(service.database_url)] == [("sent", [NIX])]


def test_an_answer_that_cannot_be_sent_stays_queued_through_the_stop(
    service: Service, smtp_server: SmtpSink
) -> None:
    smtp_server.stop()  # the outgoing server is down: the answer must wait, not vanish
    deliver(service.lmtp_port, "I become a participant in Commune.", "<sig-2@example.org>")
    # Queued by the pass that processed the message, which then tried to send it.
    wait_until(lambda: any(e for _, _, e in outbox(service.database_url)), timeout=10)
    code, stdout, stderr = service.stop(signal.SIGTERM)
    assert_clean_exit(code, stdout, stderr, service.lmtp_port)
    assert processed(service.database_url) == [("done", "sent privately")]
    [(status, recipients, last_error)] = outbox(service.database_url)
    assert (status, recipients) == ("queued", [NIX])
    assert last_error is not None and "Connection refused" in last_error


def test_a_stop_right_after_delivery_keeps_the_message_and_the_next_start_answers_it(
    service: Service, smtp_server: SmtpSink
) -> None:
    """SIGTERM as soon as the LMTP server said 250. The message is stored before the 250,
    so it is never lost; but whether the pass it woke processes it before the service ends
    is a race (today it is often left pending, answered only at the next start: see the
    report). Either way the next start answers it, exactly once."""
    deliver(service.lmtp_port, "I become a participant in Commune.", "<sig-3@example.org>")
    code, stdout, stderr = service.stop(signal.SIGTERM)
    assert_clean_exit(code, stdout, stderr, service.lmtp_port)
    [(status, answer)] = processed(service.database_url)
    assert (status, answer) in (("pending", None), ("done", "sent privately"))
    assert referee_main(["--config", str(service.config), "run", "--once"]) == 0
    assert processed(service.database_url) == [("done", "sent privately")]
    assert [m.rcpt_tos for m in smtp_server.wait_for(1)] == [(NIX,)]
    assert [(status, to) for status, to, _ in outbox(service.database_url)] == [("sent", [NIX])]
