"""``referee run``: the service (see :mod:`referee.service`) as a command.

SIGTERM or SIGINT stops it cleanly: the threads finish their current step, nothing stored is
lost, and anything not yet processed is processed at the next start.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from types import FrameType
from typing import TYPE_CHECKING

from referee.cli.common import Commands, positive_seconds
from referee.config import Settings

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
    run.add_argument(
        "--interval",
        type=positive_seconds,
        default=5.0,
        help="seconds between passes of the main loop",
    )
    run.set_defaults(handler=cmd_run)


def cmd_run(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app

    app = build_app(settings)
    try:
        if args.once:
            return _run_once(app, args)
        return _run_forever(app, args)
    finally:
        app.close()


def _run_once(app: App, args: argparse.Namespace) -> int:
    from referee.service import DirectoryWatcher, one_pass, poll_imap_once

    if not args.no_imap:
        poll_imap_once(app)
    figures = one_pass(app, DirectoryWatcher(app))
    print(
        "stored {stored} new message(s); processed {processed}; quarantined {quarantined}; "
        "sent {sent}; retrying {retrying}; failed {failed}".format(**figures)
    )
    if app.settings.smtp.mode.value == "file":
        print(f"outgoing mail is written to {app.settings.smtp.outbox_dir}")
    return 1 if figures["quarantined"] or figures["failed"] else 0


def _run_forever(app: App, args: argparse.Namespace) -> int:
    from referee.service import ServiceOptions, run_until_stopped

    stop = threading.Event()
    wake = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        log.warning("signal %d received; stopping", signum)
        stop.set()
        wake.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    options = ServiceOptions(imap=not args.no_imap, lmtp=not args.no_lmtp, interval=args.interval)
    run_until_stopped(
        app,
        options,
        stop,
        wake,
        started=lambda: print("referee running; stop with Ctrl-C or SIGTERM", flush=True),
    )
    print("referee stopped", flush=True)
    return 0
