"""The tables. Alembic owns the schema (``migrations/``); these models must match it exactly.

Raw mail is kept forever in ``inbound_message``; everything else (game state, history,
results) is derived from it and can be rebuilt by ``referee replay``. Outgoing mail lives in
``outbound_message`` from the moment it is decided, in the same transaction as the change
that caused it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


_CHANGED = text("state_after IS NOT NULL")
"""An event that changed its game's state (``GameEvent`` holds a column named ``text``)."""


class UtcDateTime(TypeDecorator[datetime]):
    """Stores aware datetimes as naive UTC and gives them back aware.

    SQLite has no time zones; storing naive UTC everywhere keeps both databases identical
    and makes ordering by time a plain comparison.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; every time must be UTC-aware")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads it as a class attribute
        datetime: UtcDateTime(),
        dict[str, Any]: JSON(),
        list[Any]: JSON(),
    }


class InboundMessage(Base):
    """A message as it arrived, byte for byte, stored once whatever the route."""

    __tablename__ = "inbound_message"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_key: Mapped[str] = mapped_column(String(998), unique=True)
    sha256: Mapped[str] = mapped_column(String(64))
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    route: Mapped[str] = mapped_column(String(200))
    visibility: Mapped[str] = mapped_column(String(16))
    arrived_at: Mapped[datetime]
    date_header: Mapped[datetime | None]
    effective_at: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    processed_at: Mapped[datetime | None]
    results: Mapped[dict[str, Any] | None]
    # Evidence kept when passphrases were blanked in ``raw`` (see referee.ingress.redaction):
    # whose passphrase proved the message, the DKIM domains that passed on the original, and
    # the original itself, encrypted, only where the operator configured a key.
    passphrase_holders: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True))
    dkim_domains: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True))
    original_encrypted: Mapped[bytes | None] = mapped_column(LargeBinary)

    # The second index serves every query by status (the pending queue above all) with a
    # range scan already in order, whatever the database's statistics (migration 0005).
    __table_args__ = (
        Index("ix_inbound_message_order", "effective_at", "id"),
        Index("ix_inbound_message_status_order", "status", "effective_at", "id"),
    )


class MessageArrival(Base):
    """Every time a message arrived, by any route, including the duplicates."""

    __tablename__ = "message_arrival"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    inbound_id: Mapped[int] = mapped_column(ForeignKey("inbound_message.id"), index=True)
    route: Mapped[str] = mapped_column(String(200))
    arrived_at: Mapped[datetime]


class ImapCursor(Base):
    """How far one IMAP folder has been read: its UIDVALIDITY and the highest UID stored."""

    __tablename__ = "imap_cursor"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(200))
    folder: Mapped[str] = mapped_column(String(500))
    uidvalidity: Mapped[int] = mapped_column(Integer)
    last_uid: Mapped[int] = mapped_column(Integer)

    __table_args__ = (UniqueConstraint("source", "folder"),)


class GameRecord(Base):
    """A game's current state and the instant up to which time has been applied to it."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(50))
    ruleset: Mapped[str] = mapped_column(String(50))
    clock: Mapped[datetime]
    state: Mapped[dict[str, Any]]
    sequence: Mapped[int] = mapped_column(Integer, default=0)


class GameEvent(Base):
    """One change to a game (or one rejected action), with the message or tick behind it.

    ``state_after`` is the game's whole state after the event, so ``referee state --at`` is a
    lookup and a retroactive change can restart from any point without replaying everything.
    """

    __tablename__ = "game_event"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(200))
    sequence: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime]
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound_message.id"), index=True)
    tick: Mapped[str | None] = mapped_column(String(200))
    actor: Mapped[str | None] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(50))
    text: Mapped[str] = mapped_column(Text)
    outcome: Mapped[str] = mapped_column(String(16))
    summary: Mapped[str] = mapped_column(Text)
    private_summary: Mapped[str | None] = mapped_column(Text)
    secret: Mapped[bool] = mapped_column(default=False)
    rule: Mapped[str | None] = mapped_column(Text)
    # none_as_null: an event that changed nothing has SQL NULL here, not the JSON value null,
    # so "the last event that changed the state" is a plain IS NOT NULL query.
    state_after: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))

    __table_args__ = (
        UniqueConstraint("game", "sequence"),
        Index("ix_game_event_game_at", "game", "at"),
        # A game's last event of a kind (its last weekly report, publication) and its last
        # change are asked before every message: each is one step down its index.
        Index("ix_game_event_game_kind", "game", "kind", "sequence"),
        Index(
            "ix_game_event_changes",
            "game",
            "sequence",
            sqlite_where=_CHANGED,
            postgresql_where=_CHANGED,
        ),
    )


class OutboundMessage(Base):
    """A mail to send. Its Message-ID is fixed when it is queued, so a retry is recognisable."""

    __tablename__ = "outbound_message"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(998), unique=True)
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound_message.id"), index=True)
    kind: Mapped[str] = mapped_column(String(50))
    recipients: Mapped[list[Any]]
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    status: Mapped[str] = mapped_column(String(16), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    next_attempt_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)


class ReplyCount(Base):
    """Automatic answers sent to one address on one UTC day (the per-sender daily cap)."""

    __tablename__ = "reply_count"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(320))
    day: Mapped[datetime]
    count: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = (UniqueConstraint("address", "day"),)


class RulesetAmendment(Base):
    """A change of a game's ruleset from an instant on, possibly in the past (ratification).

    Like the mail, it is an input: a replay keeps it and applies the game's rules as they
    stood at each instant.
    """

    __tablename__ = "ruleset_amendment"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(200), index=True)
    effective_at: Mapped[datetime]
    ruleset: Mapped[str] = mapped_column(String(50))
    options: Mapped[dict[str, Any]]
    reason: Mapped[str] = mapped_column(Text)
    recorded_at: Mapped[datetime]
