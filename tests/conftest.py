"""Shared fixtures: real servers (Dovecot, PostgreSQL, aiosmtpd) and migrated databases.

Server fixtures skip when the server's binary is absent, except under ``CI=true`` where they
fail (see :mod:`tests.servers`).

* ``dovecot_server`` (session): one private Dovecot; ``dovecot`` (function): a fresh user
  with an empty mailbox on it (:class:`~tests.servers.dovecot.DovecotAccount`: host, port,
  user, password, append, create_folder, delete_folder, deliver, change_uidvalidity,
  stop/start of the server on the same port).
* ``postgres_server`` (session): a private cluster; ``postgres_url`` (function): a URL to a
  new, empty database, dropped afterwards.
* ``sqlite_database`` / ``database`` (function): a :class:`Database` migrated to head;
  ``database`` is parametrised over ``sqlite`` and ``postgres``.
* ``inbox``: an :class:`Inbox` on ``sqlite_database``.
* ``smtp_sink`` (function): a real aiosmtpd SMTP server collecting what it receives.
* ``lmtp_server`` (function): the referee's LMTP server on a free port, storing into an
  Inbox on ``sqlite_database``.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from servers import service_account
from servers.dovecot import DovecotAccount, DovecotServer
from servers.ports import LOOPBACK, free_port
from servers.postgres import PostgresServer
from servers.smtp import LmtpServer, SmtpSink

from referee.config import Visibility
from referee.engine.timeline import GameTimeline
from referee.ingress.inbox import Inbox, TimeTolerance
from referee.ingress.lmtp import LmtpHandler, lmtp_controller
from referee.store import migrate
from referee.store.db import Database

TOLERANCE = TimeTolerance(past=timedelta(days=1))


# -- Dovecot ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _verify_validation() -> Iterator[None]:
    """Every action a game's ``validate`` judges, in every test, must leave the state as it
    was: production trusts that and keeps no copy of the state for such a refusal."""
    GameTimeline.verify_validation = True
    yield
    GameTimeline.verify_validation = False


@pytest.fixture(scope="session")
def dovecot_server() -> Iterator[DovecotServer]:
    server = DovecotServer(service_account(("dovenull", "dovecot", "nobody")))
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture
def dovecot(dovecot_server: DovecotServer) -> Iterator[DovecotAccount]:
    """A new user with an empty INBOX on the session's Dovecot (restarted if a test stopped it)."""
    dovecot_server.start()
    yield DovecotAccount(dovecot_server)
    dovecot_server.start()


# -- PostgreSQL ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer(service_account(("postgres",)))
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    name = f"referee_test_{uuid.uuid4().hex[:12]}"
    url = postgres_server.create_database(name)
    try:
        yield url
    finally:
        postgres_server.drop_database(name)


# -- databases -------------------------------------------------------------------------------


def _migrated(url: str) -> Database:
    db = Database(url)
    migrate.upgrade(db)
    return db


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'referee.sqlite3'}"


@pytest.fixture
def sqlite_database(sqlite_url: str) -> Iterator[Database]:
    db = _migrated(sqlite_url)
    try:
        yield db
    finally:
        db.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """An empty database's URL: SQLite in a temp file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    """A :class:`Database` migrated to head, once on SQLite and once on PostgreSQL."""
    db = _migrated(database_url)
    try:
        yield db
    finally:
        db.dispose()


@pytest.fixture
def inbox(sqlite_database: Database) -> Inbox:
    return Inbox(sqlite_database, TOLERANCE)


# -- SMTP and LMTP ---------------------------------------------------------------------------


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    try:
        yield sink
    finally:
        sink.stop()


@pytest.fixture
def lmtp_server(inbox: Inbox) -> Iterator[LmtpServer]:
    handler = LmtpHandler(inbox, Visibility.PRIVATE)
    port = free_port()
    controller = lmtp_controller(handler, LOOPBACK, port)
    controller.start()
    try:
        yield LmtpServer(LOOPBACK, port, inbox, handler, controller)
    finally:
        controller.stop()
