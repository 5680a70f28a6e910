"""``referee run``: pollers, LMTP server, processor, scheduler and sender together.

One thread per IMAP source waits for mail (IDLE or polling) and stores it; the LMTP server
stores what an MTA delivers; both wake the main loop, which processes pending mail in time
order, applies the games' ticks that have come due, and sends the outbox. SIGTERM or
SIGINT stops everything cleanly: the threads finish their current step, nothing stored is
lost, and anything not yet processed is processed at the next start.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from referee.cli.common import Commands, positive_seconds
from referee.config import Settings
from referee.errors import ServerUnavailableError

if TYPE_CHECKING:  # the engine is imported when the service starts (see admin.py)
    from referee.app import App

log = logging.getLogger("referee.run")


def register(commands: Commands) -> None:
    run = commands.add_parser(
        "run", help="run the referee: read mail, apply actions, answer, send (until stopped)"
    )
    run.add_argument(
        "--once",
        action="store_true",
        help="read every source once, process, apply due ticks, send, and exit",
    )
    run.add_argument("--no-lmtp", action="store_true", help="do not start the LMTP server")
    run.add_argument("--no-imap", action="store_true", help="do not read the IMAP sources")
    backfill = run.add_mutually_exclusive_group()
    backfill.add_argument(
        "--backfill",
        dest="backfill",
        action="store_const",
        const="send",
        default="ask",
        help="mail queued answers and reports dated weeks ago (an old archive) without asking",
    )
    backfill.add_argument(
        "--no-backfill",
        dest="backfill",
        action="store_const",
        const="record",
        help="record queued mail dated weeks ago as sent, without mailing it",
    )
    run.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar or progress lines while processing (--once)",
    )
    run.add_argument(
        "--example",
        action="store_true",
        help="run on the bundled example configuration when no --config is given",
    )
    run.add_argument(
        "--interval",
        type=positive_seconds,
        default=5.0,
        help="seconds between passes of the main loop",
    )
    run.set_defaults(handler=cmd_run)


class _DirectoryWatcher:
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


def one_pass(app: App, watcher: _DirectoryWatcher) -> dict[str, int]:
    """Read the directory sources, process pending mail, apply due ticks, send the outbox."""
    from referee.egress.outbox import drain

    stored = watcher.scan()
    processor = app.processor()
    summary = processor.process_pending()
    processor.advance_clock(app.now())
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


def cmd_run(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app

    app = build_app(settings)
    watcher = _DirectoryWatcher(app)
    try:
        if args.once:
            return _run_once(app, watcher, args)
        return _run_forever(app, watcher, args)
    finally:
        app.close()


def _run_once(app: App, watcher: _DirectoryWatcher, args: argparse.Namespace) -> int:
    if not args.no_imap:
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
    figures = one_pass(app, watcher)
    print(
        "stored {stored} new message(s); processed {processed}; quarantined {quarantined}; "
        "sent {sent}; retrying {retrying}; failed {failed}".format(**figures)
    )
    if app.settings.smtp.mode.value == "file":
        print(f"outgoing mail is written to {app.settings.smtp.outbox_dir}")
    return 1 if figures["quarantined"] or figures["failed"] else 0


def _said(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _start_lmtp(app: App, wake: threading.Event) -> Any:
    from referee.ingress.lmtp import lmtp_from_settings

    settings = app.settings.lmtp
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


def _run_forever(app: App, watcher: _DirectoryWatcher, args: argparse.Namespace) -> int:
    stop = threading.Event()
    wake = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        log.warning("signal %d received; stopping", signum)
        stop.set()
        wake.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    threads: list[threading.Thread] = []
    lmtp: Any = None
    # The LMTP server first: if it cannot listen, nothing else has been started.
    if app.settings.lmtp.enabled and not args.no_lmtp:
        lmtp = _start_lmtp(app, wake)
    if not args.no_imap:
        from referee.ingress.imap import ImapPoller

        for source in app.settings.imap_sources:
            poller = ImapPoller(source, app.inbox, app.db, on_stored=wake.set)
            thread = threading.Thread(
                target=poller.run, args=(stop,), name=f"imap-{source.name}", daemon=True
            )
            thread.start()
            threads.append(thread)
    print("referee running; stop with Ctrl-C or SIGTERM", flush=True)
    try:
        while not stop.is_set():
            wake.clear()
            try:
                figures = one_pass(app, watcher)
            except Exception:
                # A database outage must not end the service: log it and try again.
                log.exception("a pass of the main loop failed; retrying after the interval")
            else:
                if any(figures.values()):
                    log.info("pass: %s", figures)
            wake.wait(args.interval)
    finally:
        stop.set()
        if lmtp is not None:
            lmtp.stop()
        for thread in threads:
            thread.join(timeout=10)
        # Mail accepted (250 to the MTA) just before the signal is processed and answered
        # now, not left for the next start.
        try:
            one_pass(app, watcher)
        except Exception:
            log.exception("the last pass before stopping failed; the next start redoes it")
    print("referee stopped", flush=True)
    return 0
