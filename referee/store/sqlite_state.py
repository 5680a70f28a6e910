"""A game's current state read from a SQLite file with the standard library alone.

``referee state GAME`` shows one row of the ``game`` table. On SQLite, the referee's
embedded default, importing SQLAlchemy for that one row took about a third of the command's
start-up (issue 15's target is 0.3 s), so the row is read here with :mod:`sqlite3`.

This is a shortcut, never a second opinion: it answers only when everything is as the
engine would find it (a plain file URL, the schema at this code's head revision, the row
readable). In every other case it answers None and the caller takes the ordinary path
through :mod:`referee.store.current`, which gives the full, specific error. The values are
the ones SQLAlchemy gives back for the same row: the clock stored as naive UTC (the
models' ``UtcDateTime``) is returned aware, and the state is the stored JSON decoded.

The read is a plain deferred transaction, not the engine's ``BEGIN IMMEDIATE``: it takes no
write lock, so it neither waits for a running processor nor holds one up (WAL).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from referee.store.current import CurrentState
from referee.store.revisions import head_revision

# The URL schemes whose database part is a file path the stdlib opens as SQLAlchemy does.
_PLAIN_SCHEMES = frozenset({"sqlite", "sqlite+pysqlite"})
_BUSY_TIMEOUT_SECONDS = 30.0


def sqlite_path(url: str) -> Path | None:
    """The file of a plain SQLite URL (``sqlite:///relative`` or ``sqlite:////absolute``),
    or None for anything else: another database, memory, a query string, escapes."""
    scheme, _, rest = url.partition("://")
    if scheme not in _PLAIN_SCHEMES or not rest.startswith("/"):
        return None
    parts = urlsplit(f"sqlite://{rest}")
    if parts.netloc or parts.query or parts.fragment or "%" in url:
        return None
    database = parts.path[1:]  # "sqlite:///x" is the relative path "x"
    if not database or database == ":memory:":
        return None
    return Path(database)


class _NotOrdinary(Exception):
    """Something the ordinary path must judge (and explain)."""


def stored_state(url: str, game: str) -> tuple[bool, CurrentState | None]:
    """``(True, state or None)`` when the row was read here (None: nothing stored yet, as
    :func:`referee.store.current.current_state` says); ``(False, None)`` when the ordinary
    path must read it."""
    path = sqlite_path(url)
    if path is None or not path.is_file():
        return False, None
    try:
        return True, _read(path, game)
    except (_NotOrdinary, sqlite3.Error, ValueError, TypeError):
        return False, None


def _read(path: Path, game: str) -> CurrentState | None:
    # mode=rw: never create a file that is not there (the ordinary path says so).
    uri = f"{path.resolve().as_uri()}?mode=rw"
    connection = sqlite3.connect(uri, uri=True, timeout=_BUSY_TIMEOUT_SECONDS)
    try:
        versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        if [str(version) for (version,) in versions] != [head_revision()]:
            raise _NotOrdinary
        row = connection.execute("SELECT clock, state FROM game WHERE name = ?", (game,)).fetchone()
    finally:
        connection.close()
    if row is None:
        return None
    clock, state = row
    if not isinstance(clock, str) or not isinstance(state, str):
        raise _NotOrdinary
    decoded = json.loads(state)
    if not isinstance(decoded, dict):
        raise _NotOrdinary
    return CurrentState(datetime.fromisoformat(clock).replace(tzinfo=UTC), decoded)
