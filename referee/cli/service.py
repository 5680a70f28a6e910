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
    from referee.service import PassHooks

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


def cmd_run(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.memory import keep_large_blocks_returnable

    keep_large_blocks_returnable()  # a service meets large messages for months
    app = build_app(settings)
    try:
        if args.once:
            return _run_once(app, args)
        return _run_forever(app, args)
    finally:
        app.close()


def _hooks(app: App, args: argparse.Namespace) -> PassHooks:
    """Progress while ``run --once`` processes; the backfill decision before sending."""
    from referee.cli.watch import processing, settle
    from referee.service import PassHooks

    return PassHooks(
        progress=(lambda: processing(app.db, args)) if args.once else None,
        before_sending=lambda: settle(app.db, app.now(), args),
    )


def _run_once(app: App, args: argparse.Namespace) -> int:
    from referee.service import DirectoryWatcher, one_pass, poll_imap_once

    if not args.no_imap:
        poll_imap_once(app)
    figures = one_pass(app, DirectoryWatcher(app), _hooks(app, args))
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
    options = ServiceOptions(
        imap=not args.no_imap,
        lmtp=not args.no_lmtp,
        interval=args.interval,
        hooks=_hooks(app, args),
    )
    run_until_stopped(
        app,
        options,
        stop,
        wake,
        started=lambda: print("referee running; stop with Ctrl-C or SIGTERM", flush=True),
    )
    print("referee stopped", flush=True)
    return 0
