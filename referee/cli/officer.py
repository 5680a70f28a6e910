"""Officers at the command line: ``referee command``, ``referee correct`` and publishing.

What an officer types is stored as a message of the command-line route, with the authority
of an administrator, and processed like mail: so it is in the record, in the history, and
in every replay, exactly as if it had been mailed.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from referee.cli.common import CommandError, Commands, parse_instant
from referee.config import Settings, Visibility
from referee.errors import ConfigError

if TYPE_CHECKING:  # the engine is imported by the commands that use it (see admin.py)
    from referee.app import App
    from referee.engine.results import MessageResults


def register(commands: Commands) -> None:
    command = commands.add_parser(
        "command",
        help="give an officer's or administrator's command, as if mailed (e.g. "
        '"I appoint Janet as the Surveyor")',
    )
    command.add_argument("text", nargs="+", help="the sentences, as they would be mailed")
    command.add_argument("--reply-to", help="the Message-ID of the mail it answers (a draft)")
    command.add_argument("--at", type=parse_instant, help="when it takes effect (default: now)")
    command.set_defaults(handler=cmd_command)

    correct = commands.add_parser(
        "correct", help="correct one value of a game's state, with the reason (recorded)"
    )
    correct.add_argument("game")
    correct.add_argument("path", help="keys joined by dots, as `referee state GAME --json` shows")
    correct.add_argument("value", nargs="?", help="the new value, in JSON (a bare word is text)")
    correct.add_argument("--remove", action="store_true", help="remove the entry at PATH")
    correct.add_argument("--reason", required=True, help="why (it is recorded with the change)")
    correct.add_argument("--at", type=parse_instant, help="when it takes effect (default: now)")
    correct.set_defaults(handler=cmd_correct)

    amend = commands.add_parser(
        "amend",
        help="change a game's ruleset from an instant on (even a past one, as ratification "
        "does), re-run the game from then and report what came out differently",
    )
    amend.add_argument("game")
    amend.add_argument("--from", dest="effective_at", type=parse_instant, required=True)
    amend.add_argument("--ruleset", help="the ruleset version from then (default: unchanged)")
    amend.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help='an option\'s value from then (JSON: true, 3, "text"); repeatable',
    )
    amend.add_argument("--reason", required=True, help="why (e.g. the ratified document)")
    amend.set_defaults(handler=cmd_amend)


def cmd_command(settings: Settings, args: argparse.Namespace) -> int:
    return give(settings, " ".join(args.text), reply_to=args.reply_to, at=args.at)


def cmd_correct(settings: Settings, args: argparse.Namespace) -> int:
    if args.remove == (args.value is not None):
        print("referee: give either a VALUE or --remove", file=sys.stderr)
        return 2
    if args.value is not None:
        _require_json_if_meant(args.value)
    change = f"remove {args.path}" if args.remove else f"{args.path} = {args.value}"
    text = f"correct {args.game}: {change} because {args.reason}"
    return give(settings, text, reply_to=None, at=args.at)


def _require_json_if_meant(value: str) -> None:
    """A VALUE that opens like JSON (an object, a list, a quoted string) must be JSON: taken
    as a bare word, a mistyped list would be recorded as text."""
    if not value.lstrip().startswith(("{", "[", '"')):
        return
    try:
        json.loads(value)
    except ValueError as error:
        raise CommandError(
            f"correct: VALUE {value!r} is not valid JSON ({error}); write JSON such as "
            '3, ["E", "4"] or {"E": 1}, or a bare word for text'
        ) from None


def publish_latest_draft(app: App, game: str) -> int:
    from referee.engine.officers import latest_draft

    with app.db.transaction() as session:
        draft = latest_draft(session, game)
    if draft is None:
        print(
            f"referee: no report of {game} has been drafted yet (the first is drafted at the "
            "first week boundary after the game starts)",
            file=sys.stderr,
        )
        return 1
    return _give(app, "publish", reply_to=draft, at=None)


def give(settings: Settings, text: str, *, reply_to: str | None, at: datetime | None) -> int:
    from referee.app import build_app

    app = build_app(settings)
    try:
        return _give(app, text, reply_to=reply_to, at=at)
    finally:
        app.close()


def _give(app: App, text: str, *, reply_to: str | None, at: datetime | None) -> int:
    import uuid
    from email.message import EmailMessage
    from email.utils import format_datetime, make_msgid

    from referee.engine.context import COMMAND_LINE_ROUTE
    from referee.engine.results import MessageResults
    from referee.store.models import InboundMessage

    settings = app.settings
    when = at if at is not None else app.now()
    message = EmailMessage()
    message["From"] = (
        settings.administrators[0] if settings.administrators else "administrator@localhost"
    )
    message["To"] = settings.bot_address
    message["Subject"] = "command line"
    message["Date"] = format_datetime(when)
    message["Message-ID"] = make_msgid(idstring=uuid.uuid4().hex, domain="command-line.referee")
    if reply_to:
        message["In-Reply-To"] = reply_to
    message.set_content(text + "\n")
    accepted = app.inbox.accept(message.as_bytes(), COMMAND_LINE_ROUTE, Visibility.PRIVATE, when)
    app.processor().process_pending()
    with app.db.transaction() as session:
        row = session.get(InboundMessage, accepted.inbound_id)
        assert row is not None
        if row.results is None:
            print(f"referee: the command was not carried out: {row.reason}", file=sys.stderr)
            return 1
        results = MessageResults.from_json(row.results)
    return _print_results(results)


def _print_results(results: MessageResults) -> int:
    failed = False
    for action in results.actions:
        print(f"{action.outcome}: {action.text}")
        print(f"  {action.summary}")
        if action.rule:
            print(f"  rule: {action.rule}")
        failed = failed or action.outcome != "applied"
    for line in results.not_understood:
        failed = True
        print(f"not understood: {line.text}")
        print(f"  {line.problem}; expected: {json.dumps(line.expected)}")
    if not results.actions and not results.not_understood:
        print("nothing in it was a command or an action", file=sys.stderr)
        return 1
    return 1 if failed else 0


def _option(text: str) -> tuple[str, bool | int | str]:
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise CommandError(f"--option {text!r}: write NAME=VALUE")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    if not isinstance(value, bool | int | str) or isinstance(value, float):
        raise CommandError(f"--option {text!r}: the value must be true/false, a number or text")
    return name.strip(), value


def _amendment_argument(key: str) -> str:
    """The command-line argument an amendment's setting came from."""
    if key.startswith("amendment.options."):
        return f"--option {key.removeprefix('amendment.options.')}"
    if key == "amendment.ruleset":
        return "--ruleset"
    return key


def cmd_amend(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.engine.amendments import amend
    from referee.reports.render import render

    options = dict(_option(text) for text in args.option)
    app = build_app(settings)
    try:
        game = app.game(args.game)
        processor = app.processor()
        with app.db.transaction() as session:
            try:
                report = amend(
                    processor,
                    session,
                    game,
                    effective_at=args.effective_at,
                    ruleset=args.ruleset,
                    options=options,
                    reason=args.reason,
                    now=app.now(),
                )
            except ConfigError as error:
                where = _amendment_argument(error.key)
                raise CommandError(f"amend: {where}: {error.problem}") from None
            rendered = render(
                "officer/amendment",
                {"game": game.name, "ruleset": report.ruleset, "report": report},
            )
    finally:
        app.close()
    print(rendered.subject)
    print()
    print(rendered.body, end="")
    return 0
