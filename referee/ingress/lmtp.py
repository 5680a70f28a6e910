"""LMTP ingress: an MTA (Postfix, Exim, ...) hands mail to the referee over LMTP.

The message is committed to the inbox *before* the 250 reply is sent, so a 250 is a promise
that the mail is kept. LMTP (RFC 2033) answers DATA with one reply line per accepted
recipient; every reply here is given once per recipient, with the same status (the message
is stored once whatever the number of recipients).

Replies never carry internal detail: a storing failure is logged with its traceback for the
operator and answered with a fixed ``451 4.3.0`` (the MTA keeps the mail and retries); an
empty message or one without any header field is refused with ``550 5.6.0`` and a reason.

The inbox is blocking (SQLAlchemy), so it runs in the event loop's thread-pool executor and
the loop keeps serving other connections meanwhile.
"""

from __future__ import annotations

import asyncio
import email.parser
import email.policy
import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from referee.config import LmtpSettings, Visibility
from referee.errors import fault_trace
from referee.ingress.inbox import Inbox
from referee.store.outage import database_said, is_outage

__all__ = ["LmtpController", "LmtpHandler", "lmtp_controller", "lmtp_from_settings"]

log = logging.getLogger(__name__)

ROUTE = "lmtp"
STORED = "250 2.0.0 stored"
TEMPORARY_FAILURE = "451 4.3.0 the message could not be stored now; try again later"
INTERNAL_ERROR = "451 4.3.0 local error; try again later"
EMPTY = "550 5.6.0 the message is empty"
NO_HEADERS = "550 5.6.0 the message has no header fields; it is not an email message"
UNKNOWN_RECIPIENT = "550 5.1.1 no such mailbox here"
RECIPIENT_OK = "250 2.1.5 OK"

_HEADERS = email.parser.BytesHeaderParser(policy=email.policy.compat32)


def _per_recipient(status: str, envelope: Envelope) -> str:
    """One copy of ``status`` per recipient, as LMTP requires after DATA."""
    count = max(1, len(envelope.rcpt_tos))
    return "\r\n".join([status] * count)


def _problem(raw: bytes) -> str | None:
    """Why ``raw`` cannot be an email message at all, or None if it can be stored."""
    if not raw.strip():
        return EMPTY
    if not _HEADERS.parsebytes(raw).keys():
        return NO_HEADERS
    return None


class LmtpHandler:
    """aiosmtpd handler: accepts recipients, stores each message in the inbox."""

    def __init__(
        self,
        inbox: Inbox,
        visibility: Visibility,
        on_stored: Callable[[], None] | None = None,
        *,
        local_addresses: Iterable[str] | None = None,
        recipient_delimiter: str | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.clock = clock if clock is not None else (lambda: datetime.now(UTC))
        self.inbox = inbox
        self.visibility = visibility
        self.on_stored = on_stored
        self.local_addresses = (
            None if local_addresses is None else frozenset(a.lower() for a in local_addresses)
        )
        self.recipient_delimiter = recipient_delimiter

    def is_local(self, address: str) -> bool:
        """Whether mail for ``address`` is the referee's: one of its addresses exactly, or,
        with a delimiter configured, one with an extension (``referee+commune@...``)."""
        if self.local_addresses is None:
            return True
        folded = address.lower()
        if folded in self.local_addresses:
            return True
        if self.recipient_delimiter is None:
            return False
        local, at, domain = folded.rpartition("@")
        base, found, _ = local.partition(self.recipient_delimiter)
        return bool(at and found and base) and f"{base}@{domain}" in self.local_addresses

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if not self.is_local(address):
            return UNKNOWN_RECIPIENT
        envelope.rcpt_tos.append(address)
        return RECIPIENT_OK

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content
        if content is None:
            content = envelope.content if isinstance(envelope.content, bytes) else b""
        raw = bytes(content)
        problem = _problem(raw)
        if problem is not None:
            log.warning("lmtp: refused a message (%d bytes): %s", len(raw), problem[10:])
            return _per_recipient(problem, envelope)
        loop = asyncio.get_running_loop()
        store = partial(
            self.inbox.accept,
            raw,
            route=ROUTE,
            visibility=self.visibility,
            arrived_at=self.clock(),
        )
        try:
            accepted = await loop.run_in_executor(None, store)
        except Exception as error:
            if is_outage(error):
                log.warning(
                    "lmtp: the database refused to store a message (%d bytes; %s); the MTA "
                    "keeps it and tries again",
                    len(raw),
                    database_said(error),
                )
            else:
                log.error(
                    "lmtp: storing a message (%d bytes) failed\n%s", len(raw), fault_trace(error)
                )
            return _per_recipient(TEMPORARY_FAILURE, envelope)
        log.info(
            "lmtp: message %d %s for %d recipient(s)",
            accepted.inbound_id,
            "was already stored" if accepted.duplicate else "stored",
            len(envelope.rcpt_tos),
        )
        if not accepted.duplicate and self.on_stored is not None:
            try:
                self.on_stored()
            except Exception:
                log.exception("lmtp: the on_stored callback failed")
        return _per_recipient(STORED, envelope)

    async def handle_exception(self, error: Exception) -> str:
        """Anything that escaped a hook: logged for the operator, a fixed 451 for the peer."""
        log.error("lmtp: unexpected error in the session\n%s", fault_trace(error))
        return INTERNAL_ERROR


class LmtpController(Controller):
    """A threaded aiosmtpd server speaking LMTP; ``start()`` and ``stop()`` as Controller."""

    def factory(self) -> LMTP:
        return LMTP(self.handler, **self.SMTP_kwargs)


def lmtp_controller(
    handler: LmtpHandler,
    host: str,
    port: int,
    *,
    server_hostname: str = "referee",
    ready_timeout: float = 10.0,
    ident: str = "referee LMTP",
    **smtp_options: Any,
) -> LmtpController:
    """An :class:`LmtpController` for ``handler`` on ``host:port`` (not started).

    The greeting names ``server_hostname`` and ``ident``, never the library's version.
    """
    return LmtpController(
        handler,
        hostname=host,
        port=port,
        server_hostname=server_hostname,
        ready_timeout=ready_timeout,
        ident=ident,
        **smtp_options,
    )


def lmtp_from_settings(
    settings: LmtpSettings,
    inbox: Inbox,
    on_stored: Callable[[], None] | None = None,
    *,
    local_addresses: Iterable[str] | None = None,
) -> LmtpController:
    """The controller the configuration describes (``[lmtp]``), not started: mail only for
    its recipients (``local_addresses`` when given), its own greeting."""
    recipients = local_addresses if local_addresses is not None else settings.recipients
    handler = LmtpHandler(
        inbox,
        settings.visibility,
        on_stored,
        local_addresses=recipients,
        recipient_delimiter=settings.recipient_delimiter,
    )
    return lmtp_controller(
        handler,
        settings.host,
        settings.port,
        server_hostname=settings.server_name,
        ident=settings.banner,
    )
