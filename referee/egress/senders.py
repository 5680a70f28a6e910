"""Ways of sending mail: SMTP for real lists, .eml files for the embedded default."""

from __future__ import annotations

import email
import email.message
import email.policy
import email.utils
import re
import smtplib
import ssl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from referee.config import SendMode, SmtpSettings, TlsMode


class PermanentSendError(Exception):
    """The server refused the message for good (5xx); retrying would not help."""


class MailSender(Protocol):
    def send(self, raw: bytes, recipients: list[str]) -> None: ...


class SmtpSender:
    def __init__(self, settings: SmtpSettings, timeout: float = 30.0) -> None:
        self.settings = settings
        self.timeout = timeout

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if s.tls is TlsMode.SSL:
            return smtplib.SMTP_SSL(
                s.host, s.port, timeout=self.timeout, context=ssl.create_default_context()
            )
        client = smtplib.SMTP(s.host, s.port, timeout=self.timeout)
        if s.tls is TlsMode.STARTTLS:
            client.starttls(context=ssl.create_default_context())
        return client

    def _logged_in(self) -> smtplib.SMTP:
        client = self._connect()
        try:
            if self.settings.user and self.settings.password:
                client.login(self.settings.user, self.settings.password.value)
        except BaseException:
            client.close()
            raise
        return client

    def send(self, raw: bytes, recipients: list[str]) -> None:
        with self.session() as session:
            session.send(raw, recipients)

    @contextmanager
    def session(self) -> Iterator[SmtpSession]:
        """One connection for several messages, ended (QUIT) when the block ends."""
        session = SmtpSession(self)
        try:
            yield session
        finally:
            session.close()


class SmtpSession:
    """Sends messages over one SMTP connection, opened at the first; any failure closes
    it, and the next message opens a new one. The end of one message (the server's 250)
    is followed at once by the next command, with no QUIT and no new connection between:
    the outbox records each message as sent within that instant."""

    def __init__(self, sender: SmtpSender) -> None:
        self.sender = sender
        self._client: smtplib.SMTP | None = None

    def send(self, raw: bytes, recipients: list[str]) -> None:
        message = email.message_from_bytes(raw, policy=email.policy.SMTP)
        envelope_from = envelope_sender(message, self.sender.settings.bounce_address)
        try:
            if self._client is None:
                self._client = self.sender._logged_in()
            refused = self._client.sendmail(envelope_from, recipients, raw)
        except smtplib.SMTPRecipientsRefused as error:
            self.close()
            raise PermanentSendError(f"every recipient refused: {error.recipients}") from None
        except smtplib.SMTPResponseException as error:
            self.close()
            if 500 <= error.smtp_code < 600:
                raise PermanentSendError(f"{error.smtp_code} {error.smtp_error!r}") from None
            raise
        except BaseException:
            self.close()
            raise
        if refused:
            raise PermanentSendError(f"some recipients refused: {sorted(refused)}")

    def close(self) -> None:
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.quit()
        except (smtplib.SMTPException, OSError):
            client.close()


def envelope_sender(message: email.message.Message, bounce_address: str | None) -> str:
    """The MAIL FROM for ``message``: the configured bounce address for everything; else
    empty for an automatic answer, so that a failure report about it is sent nowhere and
    no robot answers it (RFC 3834, section 3.3); else the From address."""
    if bounce_address:
        return bounce_address
    submitted = str(message.get("Auto-Submitted", "")).split(";")[0].strip().lower()
    if submitted == "auto-replied":
        return ""
    return email.utils.parseaddr(str(message["From"]))[1]


class FileSender:
    """Writes each message as ``<folder>/<n>-to-<recipient>.eml`` for a person to read.

    The envelope recipients are recorded in an ``X-Envelope-To`` header at the top, and the
    line ends are the platform's own, so the files open cleanly in any text editor.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def send(self, raw: bytes, recipients: list[str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        first = re.sub(r"[^A-Za-z0-9.@_-]", "", recipients[0] if recipients else "nobody")
        count = len(list(self.folder.glob("*.eml"))) + 1
        path = self.folder / f"{count:05d}-to-{first}.eml"
        envelope = f"X-Envelope-To: {', '.join(recipients)}\n".encode()
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(envelope + raw.replace(b"\r\n", b"\n"))
        temporary.replace(path)


def sender_for(settings: SmtpSettings) -> MailSender:
    if settings.mode is SendMode.SMTP:
        return SmtpSender(settings)
    return FileSender(settings.outbox_dir)
