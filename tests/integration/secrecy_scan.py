"""The secrecy scan of the database: every table, every row, every column.

A secret move must be stored somewhere for the referee to resolve its round: in the game's
state, in the recorded states and private summaries of its events, in the event's text
when the event is marked secret, in the mover's own mail and its results, and in the
answers addressed to the mover. Those cells are allowed to hold it (and only those rows:
another player's mail or answer is not). Anywhere else, an unrevealed square before its
round resolves is a leak. A passphrase is allowed nowhere, ever: not in the stored mail
(raw bytes or decoded text parts), not in any result, answer or record.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import getaddresses
from typing import Any

from scgo_mail import ScgoPipeline, SecretMove
from sqlalchemy import MetaData, select

from referee.store.db import Database


@dataclass(frozen=True)
class Cell:
    table: str
    column: str
    row: Mapping[str, Any]
    text: str


def _mail_text(raw: bytes) -> str:
    """The bytes as text, and every part decoded (a passphrase may be base64 or QP)."""
    texts = [raw.decode("utf-8", "replace")]
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    for part in message.walk():
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            texts.append(payload.decode(part.get_content_charset() or "utf-8", "replace"))
    return "\n".join(texts)


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes | bytearray | memoryview):
        return _mail_text(bytes(value))
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def database_cells(db: Database) -> Iterator[Cell]:
    """Every non-empty cell of every table the database holds (reflected, not modelled)."""
    metadata = MetaData()
    metadata.reflect(bind=db.engine)
    with db.engine.connect() as connection:
        for table in metadata.sorted_tables:
            for row in connection.execute(select(table)).mappings():
                for column, value in row.items():
                    text = _as_text(value)
                    if text:
                        yield Cell(table.name, column, dict(row), text)


def _sender(row: Mapping[str, Any]) -> str:
    raw = row.get("raw")
    if not isinstance(raw, bytes | memoryview):
        return ""
    message = email.message_from_bytes(bytes(raw), policy=email.policy.compat32)
    found = getaddresses([str(v) for v in message.get_all("From", [])])
    return found[0][1].lower() if found else ""


def _allowed(cell: Cell, knowing: set[str]) -> bool:
    """Whether ``cell`` may hold a secret move known to the ``knowing`` addresses."""
    where = (cell.table, cell.column)
    if where in {("game", "state"), ("game_event", "state_after")}:
        return True
    if where == ("game_event", "private_summary"):
        return True
    if where == ("game_event", "text"):
        return bool(cell.row["secret"])
    if cell.table == "inbound_message":
        return _sender(cell.row) in knowing
    if cell.table == "outbound_message":
        recipients = cell.row["recipients"]
        if isinstance(recipients, str):
            recipients = json.loads(recipients)
        return len(recipients) == 1 and str(recipients[0]).lower() in knowing
    return False


def assert_database_keeps_secrets(
    table: ScgoPipeline,
    now: datetime,
    passphrases: Sequence[str],
    *,
    public_before: Sequence[tuple[datetime, str]] = (),
) -> int:
    """No unrevealed square outside the cells that must hold it, and no passphrase at all,
    in the database at ``now``. Returns the number of checks made."""
    cells = list(database_cells(table.app.db))
    checks = 0
    for passphrase in passphrases:
        pattern = re.compile(r"\s+".join(map(re.escape, passphrase.split())), re.IGNORECASE)
        for cell in cells:
            checks += 1
            assert not pattern.search(cell.text), (passphrase, cell.table, cell.column)
    public = [*public_before, *table.public_posts]
    public += [(m.date, m.text) for m in table.sent if "agora-business@example.org" in m.recipients]
    for secret in _unrevealed(table.secrets, now):
        pattern = re.compile(rf"\b{re.escape(secret.square)}\b", re.IGNORECASE)
        if any(pattern.search(text) for at, text in public if at <= secret.sent):
            continue  # already public when it was sent: it cannot be given away
        knowing = {
            other.address.lower()
            for other in table.secrets
            if other.square == secret.square and other.round_ends == secret.round_ends
        }
        for cell in cells:
            if _allowed(cell, knowing):
                continue
            checks += 1
            text = _without_signatures(cell.text)
            assert not pattern.search(text), (secret, cell.table, cell.column, cell.text)
    return checks


# A DKIM signature's base64 values are random: "+f3/" inside one is no square given away, and
# would make the scan fail by chance. Only the signature fields are left out; the mail's
# own text, headers and body are scanned whole.
_SIGNATURE_FIELD = re.compile(
    r"^DKIM-Signature:.*?(?=^\S|\Z)", re.IGNORECASE | re.MULTILINE | re.DOTALL
)


def _without_signatures(text: str) -> str:
    return _SIGNATURE_FIELD.sub("", text)


def _unrevealed(secrets: Sequence[SecretMove], now: datetime) -> list[SecretMove]:
    return [s for s in secrets if s.sent <= now < s.round_ends]
