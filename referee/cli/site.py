"""``referee site OUTDIR``: a static web site of every game, for officers to publish.

Each page is built from what anyone may see: the game's public picture (or its text with
no secret revealed), its public history (a secret move shows as "(secret until
revealed)", exactly as ``referee history`` shows it without ``--reveal-secrets``), and the
reports the referee sent to the list.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.cli.common import CommandError, Commands
from referee.config import Settings

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from referee.games.base import Game
    from referee.reports.site.pages import GamePage, PublishedReport

# The engine, the database and the templates are imported by the command when it runs.

NOTICE_INDEXES = range(16)
"""How many notices one cause may give (a round's end gives one, an action a few)."""


def register(commands: Commands) -> None:
    site = commands.add_parser(
        "site",
        help="write a static web site of the games (a page per game: board, tables, history)",
    )
    site.add_argument("outdir", type=Path, help="folder to write the site into (created)")
    site.add_argument(
        "--archive-url",
        metavar="PATTERN",
        help="link messages to a web archive: a URL with {id} where the Message-ID goes "
        "(default: mid: links, RFC 2392)",
    )
    site.set_defaults(handler=cmd_site)


def cmd_site(settings: Settings, args: argparse.Namespace) -> int:
    from referee.app import build_app
    from referee.reports.site.links import LinkPatternError, check_pattern
    from referee.reports.site.writer import write_site

    pattern = None
    if args.archive_url is not None:
        try:
            pattern = check_pattern(args.archive_url)
        except LinkPatternError as wrong:
            raise CommandError(str(wrong)) from None
    if args.outdir.exists() and not args.outdir.is_dir():
        raise CommandError(f"{args.outdir} is not a folder")
    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            pages = [game_page(session, settings, game) for game in _in_order(app.games)]
    finally:
        app.close()
    try:
        written = write_site(pages, args.outdir, generated=app.now(), archive_pattern=pattern)
    except OSError as error:
        raise CommandError(f"cannot write the site into {args.outdir}: {error}") from None
    print(f"wrote {len(written.pages)} game pages and an index: {written.index}")
    return 0


def _in_order(games: list[Game[Any]]) -> list[Game[Any]]:
    """The configured games as configured, then the Register (built into every referee)."""
    from referee.games.register.plugin import RegisterGame

    return [g for g in games if not isinstance(g, RegisterGame)] + [
        g for g in games if isinstance(g, RegisterGame)
    ]


def game_page(session: Session, settings: Settings, game: Game[Any]) -> GamePage:
    """One game's page: only what its public view, public history and the list show."""
    from referee.engine.history import history, state_at
    from referee.reports.site.pages import GamePage, HistoryRow

    found = state_at(session, game, None)
    state = game.load(found.state)
    entries = history(session, game.name, reveal_secrets=False)
    return GamePage(
        name=game.name,
        kind=game.kind,
        ruleset=game.ruleset.title,
        as_of=found.at,
        picture=game.picture(state),
        text=game.render(state, reveal_secrets=False),
        history=tuple(
            HistoryRow(e.at, e.actor, e.message_id, e.text, e.outcome, e.summary) for e in entries
        ),
        reports=tuple(published_reports(session, settings, game.name)),
    )


def published_reports(session: Session, settings: Settings, game: str) -> list[PublishedReport]:
    """The reports of ``game`` that went to a list, newest first: drafts an officer
    published, and announcements and reports the game sends straight to the list."""
    import email
    import email.policy

    from sqlalchemy import select

    from referee.egress.compose import new_message_id
    from referee.egress.outbox import OutStatus
    from referee.engine.answers import DRAFT_GAME_HEADER
    from referee.reports.site.pages import PublishedReport
    from referee.store.models import InboundMessage, OutboundMessage

    lists = {address.lower() for address in settings.list_addresses}
    bot = settings.bot_address
    rows = session.execute(
        select(OutboundMessage, InboundMessage.message_key)
        .outerjoin(InboundMessage, InboundMessage.id == OutboundMessage.inbound_id)
        .where(OutboundMessage.status != OutStatus.FAILED.value)
        .where(OutboundMessage.kind.like("notice:%") | (OutboundMessage.kind == "report"))
        .order_by(OutboundMessage.id)
    ).all()
    parsed = {
        row.id: email.message_from_bytes(row.raw, policy=email.policy.default) for row, _ in rows
    }
    # Drafts carry their game's name; a published draft's Message-ID is made from theirs.
    published_ids = {
        new_message_id(bot, "published", row.message_id)
        for row, _ in rows
        if parsed[row.id].get(DRAFT_GAME_HEADER) == game
    }
    found: list[PublishedReport] = []
    for row, cause_key in rows:
        message = parsed[row.id]
        if not lists & {str(r).lower() for r in row.recipients}:
            continue
        if row.kind == "report":
            ours = row.message_id in published_ids
        else:
            cause = cause_key if cause_key is not None else f"tick:{row.created_at.isoformat()}"
            template = row.kind.removeprefix("notice:")
            ours = row.message_id in {
                new_message_id(bot, "notice", game, template, "list", "None", cause, str(i))
                for i in NOTICE_INDEXES
            }
        if ours:
            body = message.get_body(preferencelist=("plain",))
            text = body.get_content() if body is not None else ""
            found.append(
                PublishedReport(
                    at=row.created_at,
                    subject=str(message.get("Subject", "")),
                    body=str(text).replace("\r\n", "\n"),
                    message_id=row.message_id,
                )
            )
    return sorted(found, key=lambda r: r.at, reverse=True)
