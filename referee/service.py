"""The running service: pollers, LMTP server, runner, scheduler and sender together.

One thread per IMAP source waits for mail (IDLE or polling) and stores it; the LMTP server
stores what an MTA delivers; both wake the main loop, which processes pending mail in time
order, applies the games' ticks that have come due, and sends the outbox. A stop request
(SIGTERM or SIGINT, turned into :class:`threading.Event` by the caller) ends everything
cleanly: the threads finish their current step, nothing stored is lost, and anything not
yet processed is processed by one last pass, or at the next start.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.app import App
from referee.egress.backfill import BackfillUndecided
from referee.egress.outbox import drain
from referee.errors import ServerUnavailableError
from referee.progress import Progress
from referee.store.outage import database_said, is_outage

log = logging.getLogger("referee.run")


class DirectoryWatcher:
    """Imports a configured Maildir, mbox or .eml folder again whenever it changes."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.seen: dict[Path, float] = {}

    def _stamp(self, path: Path) -> float:
        if path.is_dir():
            return max((p.stat().st_mtime for p in path.rglob("*")), default=path.stat().st_mtime)
        return path.stat().st_mtime if path.exists() else -1.0

    def scan(self) -> int:
        from referee.ingress.importer import import_paths

        stored = 0
        for source in self.app.settings.directory_sources:
            stamp = self._stamp(source.path)
            if self.seen.get(source.path) == stamp:
                continue
            if not source.path.exists():
                log.warning("mail source %s: %s does not exist", source.name, source.path)
                self.seen[source.path] = stamp
                continue
            summary = import_paths([source.path], self.app.inbox, source.visibility, progress=False)
            for where, reason in summary.failed:
                log.error("mail source %s: could not read %s: %s", source.name, where, reason)
            stored += summary.stored
            self.seen[source.path] = stamp
        return stored


@dataclass(frozen=True)
class PassHooks:
    """What the command around a pass adds for the person watching it: progress while the
    pass processes, and a decision before the outbox is sent (an old archive's mail)."""

    progress: Callable[[], Progress] | None = None
    before_sending: Callable[[], object] | None = None


def one_pass(app: App, watcher: DirectoryWatcher, hooks: PassHooks | None = None) -> dict[str, int]:
    """Read the directory sources, process pending mail, apply due ticks, send the outbox."""
    hooks = hooks or PassHooks()
    stored = watcher.scan()
    runner = app.processor()
    if hooks.progress is not None:
        with hooks.progress() as bar:
            summary = runner.process_pending(bar.update)
    else:
        summary = runner.process_pending()
    runner.advance_clock(app.now())
    if hooks.before_sending is not None:
        hooks.before_sending()
    smtp = app.settings.smtp
    sent = drain(
        app.db,
        app.sender,
        app.now(),
        retry_seconds=smtp.retry_seconds,
        max_retry_seconds=smtp.max_retry_seconds,
    )
    return {
        "stored": stored,
        "processed": summary.done,
        "quarantined": summary.quarantined,
        "sent": sent.sent,
        "retrying": sent.retried,
        "failed": sent.failed,
    }


def poll_imap_once(app: App) -> None:
    """Read every IMAP source once (``referee run --once``)."""
    from referee.ingress.imap import ImapPoller

    for source in app.settings.imap_sources:
        try:
            stored = ImapPoller(source, app.inbox, app.db).poll_once()
        except Exception as error:  # refused, unreachable, bad login, TLS: all told alike
            raise ServerUnavailableError(
                f"mail source {source.name!r}: the IMAP server {source.host}:{source.port} "
                f"could not be read ({_said(error)}): check the source's host, port, tls, "
                "user and password (what was stored before is kept)"
            ) from None
        log.info("IMAP source %s: %d new message(s)", source.name, stored)


def _said(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _start_lmtp(app: App, wake: threading.Event) -> Any:
    from referee.ingress.lmtp import lmtp_from_settings

    settings = app.settings.lmtp
    # Every LMTP setting counts: the recipients it accepts (550 for others), its banner.
    lmtp = lmtp_from_settings(settings, app.inbox, wake.set)
    try:
        lmtp.start()
    except Exception as error:  # the port is taken, or the address is not this machine's
        raise ServerUnavailableError(
            f"the LMTP server cannot listen on {settings.host}:{settings.port} "
            f"({_said(error)}): change lmtp.host or lmtp.port, or stop what uses the port"
        ) from None
    log.info("LMTP server listening on %s:%d", settings.host, settings.port)
    return lmtp


class DatabaseWatch:
    """Tells the operator in one line when the database refuses the work, again every
    :attr:`REPEAT` seconds while it lasts, and once when it works again."""

    REPEAT = 60.0

    def __init__(self, app: App, interval: float) -> None:
        self.app = app
        self.interval = interval
        self.since: float | None = None
        self.told = 0.0

    def refused(self, error: BaseException) -> None:
        now = time.monotonic()
        # A refused session may go on refusing after the fault is mended (PostgreSQL takes
        # a read-only default when a session begins): the next pass connects afresh.
        self.app.db.engine.dispose()
        if self.since is not None and now - self.told < self.REPEAT:
            return
        self.since = self.since if self.since is not None else now
        self.told = now
        log.error(
            "the database refused the work (%s): processing and sending wait, nothing is "
            "lost; trying again every %.1f s",
            database_said(error),
            self.interval,
        )

    def worked(self) -> None:
        if self.since is not None:
            log.warning(
                "the database works again after %.0f s; carrying on",
                time.monotonic() - self.since,
            )
            self.since = None


@dataclass(frozen=True)
class ServiceOptions:
    imap: bool = True
    lmtp: bool = True
    interval: float = 5.0
    hooks: PassHooks = field(default_factory=PassHooks)


def run_until_stopped(
    app: App,
    options: ServiceOptions,
    stop: threading.Event,
    wake: threading.Event,
    *,
    started: Callable[[], object] = lambda: None,
) -> None:
    """Run the service until ``stop`` is set; ``wake`` starts the next pass at once.

    Raises :class:`ServerUnavailableError` if the LMTP server cannot listen, before anything
    else has been started.
    """
    watcher = DirectoryWatcher(app)
    threads: list[threading.Thread] = []
    lmtp: Any = None
    if app.settings.lmtp.enabled and options.lmtp:
        lmtp = _start_lmtp(app, wake)
    if options.imap:
        from referee.ingress.imap import ImapPoller

        for source in app.settings.imap_sources:
            poller = ImapPoller(source, app.inbox, app.db, on_stored=wake.set)
            thread = threading.Thread(
                target=poller.run, args=(stop,), name=f"imap-{source.name}", daemon=True
            )
            thread.start()
            threads.append(thread)
    database = DatabaseWatch(app, options.interval)
    started()
    try:
        while not stop.is_set():
            wake.clear()
            try:
                figures = one_pass(app, watcher, options.hooks)
            except BackfillUndecided:
                raise  # nobody said whether to mail an old archive's answers: ask first
            except Exception as error:
                # A database outage must not end the service: say so and try again.
                if is_outage(error):
                    database.refused(error)
                else:
                    log.exception("a pass of the main loop failed; retrying after the interval")
            else:
                database.worked()
                if any(figures.values()):
                    log.info("pass: %s", figures)
            wake.wait(options.interval)
    finally:
        stop.set()
        if lmtp is not None:
            lmtp.stop()
        for thread in threads:
            thread.join(timeout=10)
        # Mail accepted (250 to the MTA) just before the signal is processed and answered
        # now, not left for the next start.
        try:
            one_pass(app, watcher, options.hooks)
        except Exception as error:
            if is_outage(error):
                log.error(
                    "the last pass before stopping: the database refused the work (%s); "
                    "the next start redoes it",
                    database_said(error),
                )
            else:
                log.exception("the last pass before stopping failed; the next start redoes it")
