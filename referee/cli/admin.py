"""Setting up and rebuilding: ``init``, ``db upgrade|check``, ``import``, ``replay``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.common import CommandError, Commands
from referee.config import Settings, Visibility
from referee.errors import StoreError

if TYPE_CHECKING:
    from referee.store.db import Database

# The database, the engine and their libraries are imported by the commands that use them,
# not here: ``referee --help`` and a mistyped command should answer at once.


def register(commands: Commands) -> None:
    init = commands.add_parser("init", help="create the database or bring it up to date")
    init.set_defaults(handler=cmd_init)

    db = commands.add_parser("db", help="database schema: upgrade or check")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    upgrade = db_commands.add_parser("upgrade", help="apply every migration up to the newest")
    upgrade.set_defaults(handler=cmd_init)
    check = db_commands.add_parser(
        "check", help="fail unless the schema is current and matches the code"
    )
    check.set_defaults(handler=cmd_db_check)

    importer = commands.add_parser(
        "import", help="store mail from mbox files, Maildir folders or .eml files, then process it"
    )
    importer.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    importer.add_argument(
        "--visibility",
        choices=[v.value for v in Visibility],
        default=Visibility.PUBLIC.value,
        help="whether this mail went to the public list (default) or privately to the referee",
    )
    importer.add_argument("--no-process", action="store_true", help="store only; process later")
    importer.add_argument("--no-progress", dest="progress", action="store_false")
    importer.set_defaults(handler=cmd_import)

    replay = commands.add_parser(
        "replay", help="rebuild all game state from the stored mail, in time order, sending nothing"
    )
    replay.add_argument(
        "--verify",
        action="store_true",
        help="compare the rebuilt state with the state before the replay; exit 1 if they differ",
    )
    replay.add_argument("--no-progress", dest="progress", action="store_false")
    replay.set_defaults(handler=cmd_replay)


def cmd_init(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy.exc import DBAPIError

    from referee.store import migrate
    from referee.store.db import Database

    db = Database(settings.database_url)
    try:
        before = migrate.current_revision(db)
        try:
            migrate.upgrade(db)
        except DBAPIError as error:
            said = str(error.orig).strip().splitlines()[0] if str(error.orig).strip() else ""
            raise StoreError(
                f"the upgrade from revision {before or 'empty'} failed ({said}): the tables "
                "are not those that revision has; restore a backup, or start a new database"
            ) from None
        after = migrate.current_revision(db)
        blanked = _blank_old_passphrases(settings, db, before)
    finally:
        db.dispose()
    if before == after:
        print(f"database {_where(settings)} is up to date (revision {after})")
    else:
        print(f"database {_where(settings)} upgraded from {before or 'empty'} to {after}")
    if blanked:
        print(f"passphrases blanked in {blanked} message(s) stored before revision 0003")
    return 0


# The revision from which mail is stored with its passphrases blanked (see
# referee.ingress.redaction): mail stored before it is blanked once, by the upgrade.
_REDACTED_MAIL_REVISION = "0003"


def _blank_old_passphrases(settings: Settings, db: Database, before: str | None) -> int:
    """Blank the passphrases of mail a database held before stored mail was redacted. Run
    by the upgrade across that revision only: a scan of every stored message at every
    start would cost a long archive minutes."""
    if before is None or before >= _REDACTED_MAIL_REVISION:
        return 0
    from referee.ingress.redaction import redact_stored, redactor_for

    return redact_stored(db, redactor_for(settings))


def cmd_db_check(settings: Settings, args: argparse.Namespace) -> int:
    from referee.store import migrate
    from referee.store.db import Database

    db = Database(settings.database_url)
    try:
        migrate.check(db)
    finally:
        db.dispose()
    print(f"database {_where(settings)} is current and matches the code")
    return 0


def cmd_import(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.ingress.importer import import_paths

    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        raise CommandError(
            f"import: no such file or folder: {', '.join(missing)} (give mbox files, Maildir "
            "folders or .eml files; nothing was imported)"
        )
    app = build_app(settings)
    try:
        summary = import_paths(
            list(args.paths), app.inbox, Visibility(args.visibility), progress=args.progress
        )
        print(
            f"stored {summary.stored} new message(s); {summary.duplicates} already stored; "
            f"{len(summary.failed)} could not be read"
        )
        for where, reason in summary.failed:
            print(f"  not read: {where}: {reason}", file=sys.stderr)
        if not args.no_process:
            from referee.cli.watch import pending_progress

            with pending_progress(app.db, enabled=args.progress) as bar:
                processed = app.processor().process_pending(progress=bar.update)
            print(f"processed {processed.done} message(s); {processed.quarantined} quarantined")
            if processed.quarantined:
                return 1
    finally:
        app.close()
    return 1 if summary.failed else 0


def cmd_replay(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from referee.app import build_app
    from referee.engine.history import canonical_dump, reset_derived
    from referee.engine.runner import REPLAY_BATCH
    from referee.ingress.inbox import Status
    from referee.progress import Progress
    from referee.store.models import GameRecord, InboundMessage

    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            before = canonical_dump(session) if args.verify else None
            clocks = {r.name: r.clock for r in session.scalars(select(GameRecord))}
            count = reset_derived(session)
        with Progress("replaying", count, enabled=args.progress and count >= 50) as bar:
            processor = app.processor(silent=True)
            summary = processor.process_pending(progress=bar.update, batch=REPLAY_BATCH)
        # Time had passed beyond the last message (weekly reports, round deadlines): let it
        # pass again, as far as it had, so the rebuilt record is the whole record.
        processor.advance_clock(clocks)
        with app.db.transaction() as session:
            # The dump holds every state ever recorded: built only when it is compared.
            after = canonical_dump(session) if before is not None else None
            quarantined = (
                session.query(InboundMessage).filter_by(status=Status.QUARANTINED.value).count()
            )
    finally:
        app.close()
    print(f"replayed {summary.done} message(s); {quarantined} quarantined in all")
    if before is not None and after is not None:
        if before != after:
            print("the rebuilt state DIFFERS from the state before the replay", file=sys.stderr)
            _print_difference(before, after)
            return 1
        print("the rebuilt state is identical to the state before the replay")
    return 1 if summary.quarantined else 0


def _print_difference(before: dict[str, object], after: dict[str, object]) -> None:
    old = json.dumps(before, indent=1, sort_keys=True, default=str).splitlines()
    new = json.dumps(after, indent=1, sort_keys=True, default=str).splitlines()
    import difflib

    for line in list(difflib.unified_diff(old, new, "before", "after", lineterm=""))[:200]:
        print(line, file=sys.stderr)


def _where(settings: Settings) -> str:
    url = settings.database_url
    if "@" in url:  # never print a password embedded in the URL
        scheme, _, rest = url.partition("://")
        url = f"{scheme}://…@{rest.rsplit('@', 1)[-1]}"
    return url
