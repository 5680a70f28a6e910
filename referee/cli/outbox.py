"""``referee outbox``: the mail the referee queued, sent, could not send, or got back."""

from __future__ import annotations

import argparse

from referee.cli.common import Commands
from referee.config import Settings

STATUSES = ("queued", "sent", "failed", "suppressed", "bounced")


def register(commands: Commands) -> None:
    outbox = commands.add_parser(
        "outbox", help="list outgoing mail: what is queued, failed, or came back undelivered"
    )
    outbox.add_argument(
        "--status",
        choices=STATUSES,
        action="append",
        help="only mail with this status (repeatable; default: queued, failed and bounced)",
    )
    outbox.add_argument("--limit", type=int, default=50, help="at most this many, newest first")
    outbox.set_defaults(handler=cmd_outbox)


def cmd_outbox(settings: Settings, args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from referee.app import build_app
    from referee.store.models import OutboundMessage

    statuses = args.status or ["queued", "failed", "bounced"]
    app = build_app(settings)
    try:
        with app.db.transaction() as session:
            rows = list(
                session.scalars(
                    select(OutboundMessage)
                    .where(OutboundMessage.status.in_(statuses))
                    .order_by(OutboundMessage.id.desc())
                    .limit(max(args.limit, 1))
                )
            )
            lines = [_line(row) for row in rows]
    finally:
        app.close()
    if not lines:
        print(f"no outgoing mail is {' or '.join(statuses)}")
    for line in lines:
        print(line)
    return 0


def _line(row: object) -> str:
    # The mail parser is imported here, not with the command line: --help needs none of it.
    import email.parser
    import email.policy

    from referee.store.models import OutboundMessage

    assert isinstance(row, OutboundMessage)
    headers = email.parser.BytesHeaderParser(policy=email.policy.default)
    subject = str(headers.parsebytes(row.raw).get("Subject", ""))
    text = f"{row.id:>6} {row.status:<10} {', '.join(row.recipients)}  {subject}"
    if row.last_error:
        text += f"\n       {row.last_error}"
    return text
