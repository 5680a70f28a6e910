"""Building blocks for pipeline tests: settings for a small table of players, and mail."""

from __future__ import annotations

import email
import email.policy
import hashlib
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select

from referee.app import App, build_app
from referee.config import Settings, parse_settings
from referee.egress.senders import MailSender
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import OutboundMessage

BOT = "referee@example.org"
LIST = "agora-business@example.org"
ADDRESSES = {
    "nix": "nix@example.org",
    "Janet": "janet@example.net",
    "Murphy": "murphy@example.com",
    "Aspen": "aspen@example.com",
    "Kate": "kate@example.org",
    "ais523": "ais523@example.net",
}
COMMUNE_START = datetime(2023, 4, 19, tzinfo=UTC)
# An operator's explicit opt-in: an office's holder proves emself by eir From address alone
# (tests whose subject is not proof of powers; the default accepts no such thing).
ADDRESS_IS_PROOF: dict[str, Any] = {
    "powers": {"offices": {"surveyor": ["address"], "referee": ["address"]}}
}

COMMUNE_CLI_CONFIG = """\
[referee]
bot_address = "referee@example.org"
list_addresses = ["agora-business@example.org"]
database_url = "{url}"

[smtp]
mode = "file"
outbox_dir = "{folder}/outbox"

[[player]]
name = "nix"
addresses = ["nix@example.org"]

[[player]]
name = "Janet"
addresses = ["janet@example.net"]

[[player]]
name = "Aspen"
addresses = ["aspen@example.com"]

[offices]
surveyor = "Aspen"

[[game]]
name = "Commune 2023"
kind = "commune"
ruleset = "v1.3"
start = 2023-04-19T00:00:00Z
officer = "surveyor"
"""
"""A configuration file for commands run on the example mail: three players, the Surveyor,
Commune 2023. Fields: ``{url}`` (the database) and ``{folder}`` (where the outbox goes)."""


def settings_for(
    tmp_path: Path,
    database_url: str,
    *,
    games: Sequence[dict[str, Any]] = (),
    acknowledge: str = "private",
    extra: dict[str, Any] | None = None,
    players: dict[str, str] | None = None,
    passphrases: dict[str, str] | None = None,
) -> Settings:
    """``passphrases``: players' passphrases, written to files the configuration names."""
    data: dict[str, Any] = {
        "referee": {
            "bot_address": BOT,
            "list_addresses": [LIST],
            "administrators": ["admin@example.org"],
            "acknowledge": acknowledge,
            "database_url": database_url,
        },
        "smtp": {"mode": "file", "outbox_dir": str(tmp_path / "outbox")},
        "player": [
            {
                "name": name,
                "addresses": [address],
                **_passphrase_file(tmp_path, name, (passphrases or {}).get(name)),
            }
            for name, address in (players or ADDRESSES).items()
        ],
        "offices": {"surveyor": "Aspen", "referee": "Murphy"},
        "game": list(games),
    }
    for key, value in (extra or {}).items():
        data[key] = {**data.get(key, {}), **value}
    return parse_settings(data, tmp_path, None)


COMMUNE_INTENDED: dict[str, bool] = {
    "founding_tile_joins_community": True,
    "merger_tile_joins_acquirer": True,
}
"""The intended tile readings the pipeline tests play under: Commune as written gives no
community a tile (docs/rulings.md, Commune 2 and 3)."""


def _passphrase_file(tmp_path: Path, name: str, passphrase: str | None) -> dict[str, str]:
    if passphrase is None:
        return {}
    path = tmp_path / f"passphrase-{name}"
    path.write_text(passphrase + "\n", encoding="utf-8")
    return {"passphrase_file": str(path)}


def commune_game(ruleset: str = "v1.3", **options: Any) -> dict[str, Any]:
    game: dict[str, Any] = {
        "name": "Commune",
        "kind": "commune",
        "ruleset": ruleset,
        "start": COMMUNE_START.isoformat(),
        "officer": "surveyor",
        "options": {**COMMUNE_INTENDED, **options},
    }
    return game


class MemorySender:
    """Collects sent mail in memory (for tests that do not exercise SMTP itself)."""

    def __init__(self) -> None:
        self.sent: list[tuple[bytes, list[str]]] = []

    def send(self, raw: bytes, recipients: list[str]) -> None:
        self.sent.append((raw, recipients))


class FixedClock:
    def __init__(self, start: datetime) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        self.moment += delta


def app_for(
    settings: Settings, clock: Callable[[], datetime], sender: MailSender | None = None
) -> App:
    db = Database(settings.database_url)
    try:
        migrate.upgrade(db)
    finally:
        db.dispose()
    return build_app(settings, now=clock, sender=sender or MemorySender())


def mail(
    author: str,
    body: str,
    when: datetime,
    *,
    subject: str = "Commune actions",
    message_id: str | None = None,
    with_message_id: bool = True,
    via_list: bool = True,
    to: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A message from a player (name or raw address) as the list would deliver it."""
    address = ADDRESSES.get(author, author)
    message = EmailMessage()
    message["From"] = address if not via_list else f"{author} <{address}>"
    message["To"] = to or (LIST if via_list else BOT)
    message["Subject"] = subject
    message["Date"] = format_datetime(when)
    if via_list and not any(name.lower() == "list-id" for name in headers or {}):
        # The list marks what it carries (its default List-Id, see mailtext.lists).
        message["List-Id"] = "<agora-business.example.org>"
    if with_message_id:
        digest = hashlib.sha1(f"{author}|{body}|{when.isoformat()}".encode()).hexdigest()[:20]
        message["Message-ID"] = message_id or f"<{digest}@test.example>"
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message.as_bytes()


def outbox_rows(app: App) -> list[OutboundMessage]:
    """Every mail the referee queued, in the order queued, detached from the session."""
    with app.db.transaction() as session:
        rows = list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
        session.expunge_all()
    return rows


def plain_body(raw: bytes) -> str:
    """The text/plain body of a mail the referee wrote."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())
