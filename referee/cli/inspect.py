"""Looking at the record: ``state``, ``history``, ``quarantine``, ``ruleset``."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Any

from referee.cli.common import CommandError, Commands, parse_instant
from referee.config import Settings

if TYPE_CHECKING:
    from referee.games.base import Game
    from referee.store.current import CurrentState
    from referee.store.db import Database

# The engine and the database are imported by the commands that use them (see admin.py).


def register(commands: Commands) -> None:
    state = commands.add_parser("state", help="print a game's state now or at a past instant")
    state.add_argument("game")
    state.add_argument("--at", type=parse_instant, help="an instant, e.g. 2023-05-01T12:00:00Z")
    state.add_argument("--json", action="store_true", help="the state as JSON")
    state.add_argument(
        "--reveal-secrets",
        action="store_true",
        help="for the game's officer only: include secrets such as unrevealed private moves",
    )
    state.set_defaults(handler=cmd_state)

    hist = commands.add_parser("history", help="list every change to a game and what caused it")
    hist.add_argument("game")
    hist.add_argument("--reveal-secrets", action="store_true", help="for the game's officer only")
    hist.add_argument(
        "--since", type=parse_instant, help="only changes at or after this instant (UTC)"
    )
    hist.add_argument("--until", type=parse_instant, help="only changes before this instant")
    hist.add_argument("--player", help="only changes made by this player (a name or alias)")
    hist.set_defaults(handler=cmd_history)

    quarantine = commands.add_parser("quarantine", help="mail that could not be processed")
    q_commands = quarantine.add_subparsers(dest="q_command", required=True, metavar="ACTION")
    q_list = q_commands.add_parser("list", help="list quarantined messages and why")
    q_list.set_defaults(handler=cmd_quarantine_list)
    q_show = q_commands.add_parser("show", help="show one quarantined message")
    q_show.add_argument("id", type=int)
    q_show.add_argument("--raw", action="store_true", help="print the message exactly as stored")
    q_show.set_defaults(handler=cmd_quarantine_show)
    q_retry = q_commands.add_parser("retry", help="process quarantined messages again")
    q_retry.add_argument("ids", type=int, nargs="*", help="message ids (default: all)")
    q_retry.set_defaults(handler=cmd_quarantine_retry)

    report = commands.add_parser(
        "report", help="print the officer's report of a game for the week so far (or publish it)"
    )
    report.add_argument("game")
    report.add_argument(
        "--publish",
        action="store_true",
        help="publish the latest drafted report to the list, unedited (as if replying publish)",
    )
    report.set_defaults(handler=cmd_report)

    ruleset = commands.add_parser("ruleset", help="show a game's ruleset and its options")
    ruleset.add_argument("game")
    ruleset.set_defaults(handler=cmd_ruleset)


def cmd_state(settings: Settings, args: argparse.Namespace) -> int:
    # Reading a state needs the games and the database, not the whole engine (whose import
    # would double this command's start-up); the state now is one row, read without the ORM,
    # and on a SQLite file without SQLAlchemy at all.
    from referee.engine.registry import build_games
    from referee.errors import UnknownGameError

    games = build_games(settings)
    named = [g for g in games if g.name.casefold() == args.game.casefold()]
    if not named:
        raise UnknownGameError(args.game, [g.name for g in games])
    game = named[0]
    if args.at is None:
        from referee.store.sqlite_state import stored_state

        read, current = stored_state(settings.database_url, game.name)
        if read:
            _print_state(game, args, *_now(game, current))
            return 0

    from referee.store import migrate
    from referee.store.db import Database

    db = Database(settings.database_url)
    try:
        migrate.require_current(db)
        at, stored = _state_at(db, game, args.at)
    finally:
        db.dispose()
    _print_state(game, args, at, stored)
    return 0


def _print_state(
    game: Game[Any], args: argparse.Namespace, at: datetime | None, stored: dict[str, Any]
) -> None:
    state = game.load(stored)
    if args.json:
        data = game.dump(state) if args.reveal_secrets else game.public_view(state)
        print(json.dumps(data, indent=2, sort_keys=True, default=str))
    else:
        when = at.isoformat() if at else "the start"
        print(f"{game.name} ({game.ruleset.title}) as of {when}")
        print(game.render(state, reveal_secrets=args.reveal_secrets))


def _now(game: Game[Any], current: CurrentState | None) -> tuple[datetime | None, dict[str, Any]]:
    """The state now, from the game's row; the initial state when nothing is stored yet."""
    if current is None:
        return None, game.dump(game.initial_state())
    return current.clock, current.state


def _state_at(
    db: Database, game: Game[Any], at: datetime | None
) -> tuple[datetime | None, dict[str, Any]]:
    """When, and the state ``referee state`` shows: now, from the game's row (read without
    the ORM); at a past instant, as the engine's history finds it."""
    if at is not None:
        from referee.engine.history import state_at

        with db.transaction() as session:
            found = state_at(session, game, at)
        return found.at, found.state
    from referee.store.current import current_state

    return _now(game, current_state(db.engine, game.name))


def cmd_history(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.engine.history import history

    # Callers that build their own arguments may leave the filters out.
    since, until = getattr(args, "since", None), getattr(args, "until", None)
    wanted = getattr(args, "player", None)
    player = None
    if wanted is not None:
        found = settings.player(wanted)
        if found is None:
            names = ", ".join(p.name for p in settings.players) or "none are configured"
            raise CommandError(f"history: there is no player called {wanted!r} ({names})")
        player = found.name
    if since and until and since >= until:
        raise CommandError("history: --since must be before --until")
    app = build_app(settings)
    try:
        game = app.game(args.game)
        with app.db.transaction() as session:
            entries = history(session, game.name, since, until, reveal_secrets=args.reveal_secrets)
    finally:
        app.close()
    if player is not None:
        entries = [e for e in entries if (e.actor or "").casefold() == player.casefold()]
    if not entries:
        filtered = since or until or player
        print(f"{game.name}: {'nothing matches' if filtered else 'nothing has happened yet'}")
    for entry in entries:
        cause = f"<{entry.message_id}>" if entry.message_id else "(scheduled)"
        who = entry.actor or "-"
        print(f"{entry.at:%Y-%m-%d %H:%M:%S} {entry.outcome:<9} {who:<12} {cause}")
        print(f"    {entry.text}")
        print(f"    -> {entry.summary}")
    return 0


def cmd_quarantine_list(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from referee.app import build_app
    from referee.ingress.inbox import Status
    from referee.store.models import InboundMessage

    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            rows = list(
                session.scalars(
                    select(InboundMessage)
                    .where(InboundMessage.status == Status.QUARANTINED.value)
                    .order_by(InboundMessage.id)
                )
            )
            if not rows:
                print("no quarantined messages")
            for row in rows:
                print(f"{row.id:>6}  {row.arrived_at:%Y-%m-%d %H:%M}  <{row.message_key}>")
                print(f"        {row.reason}")
    finally:
        app.close()
    return 0


def cmd_quarantine_show(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.ingress.inbox import Status
    from referee.store.models import InboundMessage

    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            row = session.get(InboundMessage, args.id)
            if row is None:
                raise CommandError(
                    f"there is no message {args.id} ('referee quarantine list' lists them)"
                )
            if row.status != Status.QUARANTINED.value:
                print(
                    f"referee: message {args.id} is not quarantined (it is {row.status})",
                    file=sys.stderr,
                )
                return 1
            if args.raw:
                sys.stdout.buffer.write(row.raw)
                return 0
            print(f"message {row.id} <{row.message_key}>")
            print(f"  arrived  {row.arrived_at.isoformat()} by {row.route} ({row.visibility})")
            print(f"  attempts {row.attempts}")
            print(f"  reason   {row.reason}")
    finally:
        app.close()
    return 0


def cmd_quarantine_retry(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from referee.app import build_app
    from referee.ingress.inbox import Status
    from referee.store.models import InboundMessage

    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            query = select(InboundMessage).where(InboundMessage.status == Status.QUARANTINED.value)
            if args.ids:
                query = query.where(InboundMessage.id.in_(args.ids))
            rows = list(session.scalars(query))
            missing = sorted(set(args.ids) - {row.id for row in rows})
            if missing:
                listed = ", ".join(map(str, missing))
                raise CommandError(
                    f"not quarantined: {listed}; nothing retried ('referee quarantine list' "
                    "lists the quarantined messages)"
                )
            for row in rows:
                row.status = Status.PENDING.value
        summary = app.processor().process_pending()
    finally:
        app.close()
    print(f"retried {len(rows)}: {summary.done} processed, {summary.quarantined} quarantined again")
    return 1 if summary.quarantined else 0


def cmd_report(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.clock import week_start
    from referee.engine.history import history, state_at
    from referee.reports.render import render

    app = build_app(settings)
    try:
        game = app.game(args.game)
        if args.publish:
            from referee.cli.officer import publish_latest_draft

            if game.setup.publish_directly:
                raise CommandError(
                    f"{game.name} publishes each report to the list as it is drafted "
                    '(publish = "list"): there is no draft to publish'
                )

            return publish_latest_draft(app, game.name)
        if game.report_template is None:
            print(f"referee: {game.name} has no periodic report", file=sys.stderr)
            return 1
        now = app.now()
        since = week_start(now)
        with app.db.transaction() as session:
            found = state_at(session, game, None)
            state = game.load(found.state)
            context = {
                **game.report_context(state),
                "game": game.name,
                "ruleset": game.ruleset.title,
                "period_start": since,
                "changes_since": since,
                "period_end": now,
                "history": [
                    e for e in history(session, game.name, since, None) if e.outcome != "report"
                ],
            }
            rendered = render(game.report_template, context)
            print(f"Subject: {rendered.subject}\n")
            print(rendered.body, end="")
        return 0
    finally:
        app.close()


ADDRESS_ONLY_WARNING = (
    '  WARNING: move_proof = "address": a play needs only a From header, which anyone can\n'
    "  forge, so anyone who can mail the referee can play for any player. Give the players\n"
    '  passphrases and use "passphrase-or-dkim" (the default) unless every player accepts it.'
)


def _ruleset_notes(settings: Settings, name: str) -> list[str]:
    """What the game says of the rules in force as its state stands; nothing when there is
    no database yet (the ruleset alone is still shown)."""
    from referee.app import build_app
    from referee.engine.history import state_at
    from referee.errors import StoreError

    try:
        app = build_app(settings)
    except StoreError:  # no database yet: the configured ruleset is all there is to show
        return []
    try:
        game = app.game(name)
        with app.db.transaction() as session:
            found = state_at(session, game, None)
        return game.ruleset_notes(game.load(found.state))
    finally:
        app.close()


def cmd_ruleset(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app

    app = build_app(settings, require_schema=False)
    try:
        game = app.game(args.game)
    finally:
        app.close()
    ruleset = game.ruleset
    print(f"{game.name}: {ruleset.title} (version {ruleset.version})")
    proofs = [ruleset.option(o.name) for o in ruleset.options if o.name == "move_proof"]
    if proofs == ["address"]:
        print(ADDRESS_ONLY_WARNING)
    if not ruleset.options:
        print("  no options")
    for option in ruleset.options:
        value = ruleset.option(option.name)
        marker = "" if value == option.default else "   (changed from the default)"
        print(f"  {option.name} = {json.dumps(value)}{marker}")
        print(f"      {option.description}")
    for note in _ruleset_notes(settings, args.game):
        print(note)
    officer = game.setup.officer
    office_proofs = settings.powers.accepted(officer)
    needed = ", ".join(sorted(office_proofs)) or "nothing possible"
    print(f"The {officer}'s powers by mail need: {needed}")
    if "address" in office_proofs:
        print(
            f"  WARNING: powers.offices.{officer} accepts the From address alone, which anyone "
            "can forge: whoever can mail the referee can act as the officer."
        )
    return 0
