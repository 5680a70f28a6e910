"""Recipient extensions over LMTP (``referee+commune@...``): accepted only when
``[lmtp] recipient_delimiter`` is configured, refused with 550 5.1.1 otherwise, as a real
client sees them from the server the configuration builds."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from servers.mail import make_message, message_count
from servers.ports import LOOPBACK, free_port

from referee.config import ConfigProblems, LmtpSettings, parse_settings
from referee.ingress.inbox import Inbox
from referee.ingress.lmtp import lmtp_from_settings


def _lmtp_settings(tmp_path: Path, **lmtp: Any) -> LmtpSettings:
    data = {
        "referee": {"bot_address": "Referee@Agoranomic.test"},
        "lmtp": {"enabled": True, "port": free_port(), "host": LOOPBACK, **lmtp},
    }
    return parse_settings(data, tmp_path, None).lmtp


@contextmanager
def _serving(settings: LmtpSettings, inbox: Inbox) -> Iterator[socket.socket]:
    controller = lmtp_from_settings(settings, inbox)
    controller.start()
    try:
        with socket.create_connection((settings.host, settings.port), timeout=10) as sock:
            yield sock
    finally:
        controller.stop()


def _replies(sock: socket.socket, *commands: str) -> list[str]:
    """The first line of the reply to each command, in order."""
    stream = sock.makefile("rb")
    stream.readline()  # the greeting
    answers = []
    for command in commands:
        sock.sendall(command.encode() + b"\r\n")
        line = stream.readline().decode()
        while line[3:4] == "-":
            line = stream.readline().decode()
        answers.append(line.rstrip("\r\n"))
    return answers


def _rcpt(settings: LmtpSettings, inbox: Inbox, *recipients: str) -> list[str]:
    with _serving(settings, inbox) as sock:
        commands = ["LHLO mta.test", "MAIL FROM:<one@players.test>"]
        commands += [f"RCPT TO:<{address}>" for address in recipients]
        return _replies(sock, *commands)[2:]


EXTENDED = (
    "referee+commune@agoranomic.test",
    "REFEREE+Okinawa.Week-3@AgoraNomic.test",
    "referee+@agoranomic.test",
)
NEVER_OURS = (
    "referee@elsewhere.test",
    "referees+x@agoranomic.test",
    "+referee@agoranomic.test",
    "stranger+referee@agoranomic.test",
    "referee-commune@agoranomic.test",
    "referee+x",
)


def test_extensions_are_refused_by_default(tmp_path: Path, inbox: Inbox) -> None:
    settings = _lmtp_settings(tmp_path)
    assert settings.recipient_delimiter is None
    replies = _rcpt(settings, inbox, *EXTENDED, "referee@agoranomic.test")
    assert [r[:9] for r in replies] == ["550 5.1.1"] * len(EXTENDED) + ["250 2.1.5"]


def test_extensions_of_the_referee_are_accepted_when_configured(
    tmp_path: Path, inbox: Inbox
) -> None:
    settings = _lmtp_settings(tmp_path, recipient_delimiter="+")
    replies = _rcpt(settings, inbox, *NEVER_OURS, *EXTENDED)
    assert [r[:9] for r in replies] == ["550 5.1.1"] * len(NEVER_OURS) + ["250 2.1.5"] * len(
        EXTENDED
    )


def test_mail_for_an_extension_is_stored_once(tmp_path: Path, inbox: Inbox) -> None:
    settings = _lmtp_settings(tmp_path, recipient_delimiter="+")
    with _serving(settings, inbox) as sock:
        replies = _replies(
            sock,
            "LHLO mta.test",
            "MAIL FROM:<one@players.test>",
            "RCPT TO:<referee+commune@agoranomic.test>",
            "RCPT TO:<referee@agoranomic.test>",
            "DATA",
        )
        assert replies[2:] == ["250 2.1.5 OK", "250 2.1.5 OK", replies[4]]
        assert replies[4].startswith("354")
        sock.sendall(make_message().replace(b"\n.", b"\n..") + b"\r\n.\r\n")
        stream = sock.makefile("rb")
        assert [stream.readline().decode().rstrip() for _ in range(2)] == ["250 2.0.0 stored"] * 2
    assert message_count(inbox.db) == 1


@pytest.mark.parametrize("delimiter", ["@", "ab", ".", "x", " "])
def test_a_delimiter_that_could_not_work_is_refused(tmp_path: Path, delimiter: str) -> None:
    with pytest.raises(ConfigProblems) as caught:
        _lmtp_settings(tmp_path, recipient_delimiter=delimiter)
    assert any("lmtp.recipient_delimiter" in str(p) for p in caught.value.problems)


def test_the_example_configuration_documents_the_delimiter() -> None:
    from referee.paths import EXAMPLE_CONFIG

    assert "# recipient_delimiter = " in EXAMPLE_CONFIG.read_text(encoding="utf-8")
