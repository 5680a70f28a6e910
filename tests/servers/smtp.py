"""aiosmtpd servers for tests: an SMTP sink that keeps what it receives, and the handle of
the referee's own LMTP server."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from referee.ingress.inbox import Inbox
from referee.ingress.lmtp import LmtpController, LmtpHandler
from servers.ports import LOOPBACK, free_port


@dataclass(frozen=True)
class LmtpServer:
    """The referee's LMTP server as the ``lmtp_server`` fixture gives it."""

    host: str
    port: int
    inbox: Inbox
    handler: LmtpHandler
    controller: LmtpController


@dataclass(frozen=True)
class ReceivedMail:
    mail_from: str
    rcpt_tos: tuple[str, ...]
    raw: bytes
    # When the sink accepted it (time.monotonic(), the clock the fault harness kills by).
    received_at: float = field(default_factory=time.monotonic)


class _Collector:
    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        self.sink._add(
            ReceivedMail(str(envelope.mail_from), tuple(str(r) for r in envelope.rcpt_tos), raw)
        )
        return "250 2.0.0 OK"


class SmtpSink:
    """An SMTP server on a fixed loopback port; ``stop()``/``start()`` keep the port."""

    def __init__(self, host: str = LOOPBACK, port: int | None = None) -> None:
        self.host = host
        self.port = port if port is not None else free_port(host)
        self._messages: list[ReceivedMail] = []
        self._changed = threading.Condition()
        self._controller: Controller | None = None

    @property
    def running(self) -> bool:
        return self._controller is not None

    def start(self) -> None:
        if self._controller is not None:
            return
        # A Controller closes its event loop when stopped, so each start builds a new one.
        controller = Controller(
            _Collector(self),
            hostname=self.host,
            port=self.port,
            server_hostname="sink.test",
            ready_timeout=10.0,
        )
        controller.start()
        self._controller = controller

    def stop(self) -> None:
        controller, self._controller = self._controller, None
        if controller is not None:
            controller.stop()

    def _add(self, mail: ReceivedMail) -> None:
        with self._changed:
            self._messages.append(mail)
            self._changed.notify_all()

    @property
    def messages(self) -> list[ReceivedMail]:
        with self._changed:
            return list(self._messages)

    def wait_for(self, count: int, timeout: float = 10.0) -> list[ReceivedMail]:
        """Wait until at least ``count`` messages arrived; raise TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while len(self._messages) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(
                        f"the SMTP sink got {len(self._messages)} messages, not {count}, "
                        f"within {timeout} s"
                    )
                self._changed.wait(remaining)
            return list(self._messages)
