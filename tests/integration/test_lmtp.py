"""The LMTP server (aiosmtpd) storing into a real SQLite inbox."""

from __future__ import annotations

import smtplib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from servers.mail import arrival_routes, make_message, message_count, stored_messages
from servers.ports import LOOPBACK, free_port
from servers.smtp import LmtpServer
from sqlalchemy import text

from referee.config import Visibility
from referee.ingress.inbox import Accepted, Inbox
from referee.ingress.lmtp import LmtpHandler, lmtp_controller

FORBIDDEN = ("Traceback", "sqlite", "Error", "inbound_message", "injected", "Python", "aiosmtpd")


class RawLmtp:
    """A minimal LMTP client on a socket: sees every reply line, unlike smtplib.LMTP."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=10)
        self.stream = self.sock.makefile("rb")
        self.greeting = self.reply()

    def line(self) -> str:
        data = self.stream.readline()
        if not data:
            raise ConnectionError("the server closed the connection")
        return data.decode().rstrip("\r\n")

    def reply(self) -> list[str]:
        """One (possibly multi-line) reply."""
        lines = [self.line()]
        while lines[-1][3:4] == "-":
            lines.append(self.line())
        return lines

    def command(self, command: str) -> list[str]:
        self.sock.sendall(command.encode() + b"\r\n")
        return self.reply()

    def data(self, raw: bytes, recipients: int) -> list[str]:
        """Send DATA and the message; read one reply per accepted recipient."""
        assert self.command("DATA")[0].startswith("354")
        body = b"\r\n".join(
            b"." + line if line.startswith(b".") else line for line in raw.split(b"\r\n")
        )
        if not body.endswith(b"\r\n"):
            body += b"\r\n"
        self.sock.sendall(body + b".\r\n")
        return [self.line() for _ in range(recipients)]

    def close(self) -> None:
        self.stream.close()
        self.sock.close()


@contextmanager
def raw_client(server: LmtpServer) -> Iterator[RawLmtp]:
    client = RawLmtp(server.host, server.port)
    try:
        yield client
    finally:
        client.close()


def deliver(server: LmtpServer, raw: bytes, recipients: list[str] | None = None) -> None:
    with smtplib.LMTP(server.host, server.port, timeout=10) as client:
        client.sendmail("one@players.test", recipients or ["referee@agoranomic.test"], raw)


def test_message_is_stored_before_the_250(lmtp_server: LmtpServer) -> None:
    raw = make_message("by lmtp")
    deliver(lmtp_server, raw)
    # smtplib returned after reading the 250: the row must already be committed.
    stored = stored_messages(lmtp_server.inbox.db)
    assert [s.raw for s in stored] == [raw]
    assert stored[0].route == "lmtp"


def test_slow_store_finishes_before_the_reply_and_does_not_block_the_loop(
    lmtp_server: LmtpServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox = lmtp_server.inbox
    real_accept = inbox.accept
    store_done = threading.Event()

    def slow_accept(*args: Any, **kwargs: Any) -> Accepted:
        time.sleep(1.0)
        result = real_accept(*args, **kwargs)
        store_done.set()
        return result

    monkeypatch.setattr(inbox, "accept", slow_accept)
    greeting_took: list[float] = []

    def other_connection() -> None:
        time.sleep(0.2)  # the store is under way now
        started = time.monotonic()
        client = RawLmtp(lmtp_server.host, lmtp_server.port)
        greeting_took.append(time.monotonic() - started)
        client.command("QUIT")
        client.close()

    other = threading.Thread(target=other_connection)
    other.start()
    started = time.monotonic()
    deliver(lmtp_server, make_message("slow"))
    elapsed = time.monotonic() - started
    other.join(5)
    assert store_done.is_set()
    assert elapsed >= 1.0
    assert message_count(inbox.db) == 1
    # The event loop greeted a second client while the first message was being stored.
    # (A blocked loop would answer only when the store ends, 0.8 s after the connect.)
    assert greeting_took and greeting_took[0] < 0.5


def test_store_failure_is_a_451_without_internal_detail(lmtp_server: LmtpServer) -> None:
    db = lmtp_server.inbox.db
    with db.engine.begin() as connection:
        connection.execute(text("ALTER TABLE inbound_message RENAME TO inbound_message_away"))
    raw = make_message("while the database is broken")
    with pytest.raises(smtplib.SMTPDataError) as failure:
        deliver(lmtp_server, raw)
    assert failure.value.smtp_code == 451
    error = failure.value.smtp_error
    reply = error.decode() if isinstance(error, bytes) else error
    assert reply.startswith("4.3.0 ")
    assert not any(word in reply for word in FORBIDDEN), reply

    with raw_client(lmtp_server) as client:
        client.command("LHLO mta.test")
        client.command("MAIL FROM:<one@players.test>")
        client.command("RCPT TO:<a@agoranomic.test>")
        client.command("RCPT TO:<b@agoranomic.test>")
        replies = client.data(raw, recipients=2)
        assert [r[:9] for r in replies] == ["451 4.3.0", "451 4.3.0"]
        assert not any(word in r for r in replies for word in FORBIDDEN), replies
        assert client.command("NOOP")[0].startswith("250")  # the session goes on

    # The MTA retries once the database is back: stored, once.
    with db.engine.begin() as connection:
        connection.execute(text("ALTER TABLE inbound_message_away RENAME TO inbound_message"))
    deliver(lmtp_server, raw)
    assert [s.raw for s in stored_messages(db)] == [raw]


def test_several_recipients_get_one_reply_each(lmtp_server: LmtpServer) -> None:
    raw = make_message("three", body="a line\r\n.leading dot\r\n..two dots\r\n.")
    with raw_client(lmtp_server) as client:
        assert client.greeting[0].startswith("220")
        assert "Python" not in client.greeting[0]
        assert client.command("LHLO mta.test")[-1].startswith("250")
        assert client.command("MAIL FROM:<one@players.test>")[0].startswith("250")
        for name in ("a", "b", "c"):
            assert client.command(f"RCPT TO:<{name}@agoranomic.test>")[0].startswith("250")
        assert client.data(raw, recipients=3) == ["250 2.0.0 stored"] * 3
        # Nothing more was sent: the next reply is the NOOP's.
        assert client.command("NOOP") == ["250 OK"]
        assert client.command("QUIT")[0].startswith("221")
    assert [s.raw for s in stored_messages(lmtp_server.inbox.db)] == [raw]
    assert arrival_routes(lmtp_server.inbox.db) == ["lmtp"]


def test_duplicate_delivery_is_stored_once(lmtp_server: LmtpServer) -> None:
    raw = make_message("twice")
    deliver(lmtp_server, raw)
    deliver(lmtp_server, raw)
    db = lmtp_server.inbox.db
    assert message_count(db) == 1
    assert arrival_routes(db) == ["lmtp", "lmtp"]


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"\r\n\r\n", "empty"),
        (b"just some words, no header at all\r\nsecond line\r\n", "no header fields"),
    ],
    ids=["empty", "no-headers"],
)
def test_malformed_message_is_refused_with_a_reason(
    lmtp_server: LmtpServer, raw: bytes, reason: str
) -> None:
    with raw_client(lmtp_server) as client:
        client.command("LHLO mta.test")
        client.command("MAIL FROM:<one@players.test>")
        client.command("RCPT TO:<a@agoranomic.test>")
        client.command("RCPT TO:<b@agoranomic.test>")
        replies = client.data(raw, recipients=2)
    assert all(r.startswith("550 5.6.0") and reason in r for r in replies), replies
    assert message_count(lmtp_server.inbox.db) == 0


@pytest.fixture
def restricted_server(inbox: Inbox) -> Iterator[LmtpServer]:
    handler = LmtpHandler(inbox, Visibility.PRIVATE, local_addresses=["Referee@Agoranomic.test"])
    port = free_port()
    controller = lmtp_controller(handler, LOOPBACK, port)
    controller.start()
    try:
        yield LmtpServer(LOOPBACK, port, inbox, handler, controller)
    finally:
        controller.stop()


def test_unknown_recipients_are_refused(restricted_server: LmtpServer) -> None:
    with raw_client(restricted_server) as client:
        client.command("LHLO mta.test")
        client.command("MAIL FROM:<one@players.test>")
        assert client.command("RCPT TO:<stranger@agoranomic.test>")[0].startswith("550 5.1.1")
        assert client.command("RCPT TO:<referee@agoranomic.test>")[0].startswith("250")
        assert client.data(make_message(), recipients=1) == ["250 2.0.0 stored"]
    assert message_count(restricted_server.inbox.db) == 1


class ExplodingHandler(LmtpHandler):
    """Fault injection: a hook that raises, as a bug would."""

    async def handle_RCPT(self, *args: Any) -> str:
        raise RuntimeError("injected internal failure with secret detail")


def test_unexpected_exception_reaches_the_peer_as_a_fixed_451(
    inbox: Inbox, caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    controller = lmtp_controller(ExplodingHandler(inbox, Visibility.PRIVATE), LOOPBACK, port)
    controller.start()
    try:
        client = RawLmtp(LOOPBACK, port)
        try:
            client.command("LHLO mta.test")
            client.command("MAIL FROM:<one@players.test>")
            reply = client.command("RCPT TO:<a@agoranomic.test>")
        finally:
            client.close()
    finally:
        controller.stop()
    assert reply[0].startswith("451 4.3.0")
    assert "secret" not in reply[0] and "RuntimeError" not in reply[0]
    # The operator's log has the detail.
    assert "injected internal failure" in caplog.text
