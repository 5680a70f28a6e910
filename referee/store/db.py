"""The database connection: one engine and session factory built from the settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import make_url

from referee.errors import ConfigError, StoreError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker

URL_KEY = "referee.database_url"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the LMTP server store a message while the processor reads; a busy timeout
    # turns a momentary lock into a short wait instead of an error; foreign keys are off
    # by default in SQLite and must be asked for on every connection.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
    # The sqlite3 module would open transactions itself, lazily, only before a write: then
    # a SAVEPOINT is not inside any transaction and reads are not isolated. Take that job
    # away from it (see ``_sqlite_begin``).
    dbapi_connection.isolation_level = None


def _sqlite_begin(connection: Any) -> None:
    # IMMEDIATE takes the write lock at the start, waiting up to the busy timeout: a
    # transaction that reads and then writes (every message processed) can otherwise fail
    # at once with "database is locked" when the LMTP server wrote in between.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for SQLite, the file's folder is created and pragmas set."""
    try:
        return _make_engine(url)
    except exc.ArgumentError:
        raise ConfigError(
            URL_KEY,
            "is not a database URL; write sqlite:///path/to/referee.sqlite3 or "
            "postgresql+psycopg://user@host/database",
        ) from None
    except (exc.NoSuchModuleError, ModuleNotFoundError) as error:
        raise ConfigError(
            URL_KEY,
            f"needs a database driver that is not installed ({error}); for PostgreSQL "
            "install the referee with its 'postgres' extra and write postgresql+psycopg://",
        ) from None


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL, or None (another database, or in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database
    return Path(database) if database and database != ":memory:" else None


_JSON_ENCODER = json.JSONEncoder(check_circular=False)
"""The standard library's writer, without its check for a value that contains itself,
which stored states (dumped by the games, trees of plain values) never do."""


def encode_json(value: Any) -> str:
    """The JSON columns' writer: ``orjson``, a third of the standard library's time on the
    states a replay stores (one per event, tens of kilobytes for a book of intents); the
    standard library for what ``orjson`` refuses (an integer beyond 64 bits, which a
    player's number could be), so that every value ``json.dumps`` writes is written.

    The text differs from ``json.dumps``'s only in spacing: a value read back is the same."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _JSON_ENCODER.encode(value)


def _make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            folder = Path(database).parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(
                    f"cannot create the folder {folder} for the SQLite database "
                    f"({error.strerror}): change {URL_KEY} or the folder's permissions"
                ) from None
        engine = create_engine(url, connect_args={"timeout": 30}, json_serializer=encode_json)
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True, json_serializer=encode_json)


class Database:
    """An engine with its session factory; pass it explicitly, never keep it global."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    @cached_property
    def sessions(self) -> sessionmaker[Session]:
        # The ORM is imported on first use: a command that reads with Core alone (``referee
        # state``) starts without it.
        from sqlalchemy.orm import sessionmaker

        return sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed on success and rolled back on any error."""
        with self.sessions() as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()
