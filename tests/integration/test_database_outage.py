"""A database that refuses all work is no message's fault.

Made read-only for real (SQLite's ``query_only``, PostgreSQL's
``default_transaction_read_only``) or with its session ended by the server: the mail
being processed stays pending (never quarantined), nothing leaves the outbox unrecorded,
the service says so in one line without a traceback, and everything is done once the
database works again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

import pytest
from servers.ports import LOOPBACK
from servers.postgres import PostgresServer
from servers.smtp import ReceivedMail, SmtpSink
from sqlalchemy import event, exc, select
from support import COMMUNE_START, FixedClock, app_for, commune_game, mail, settings_for
from test_outbox import NOW, _queue

from referee.app import App
from referee.config import Visibility
from referee.egress.outbox import OutStatus, drain
from referee.egress.senders import SmtpSender
from referee.ingress.importer import import_paths
from referee.ingress.inbox import Status
from referee.service import ServiceOptions, run_until_stopped
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import InboundMessage, OutboundMessage
from referee.store.outage import DatabaseUnavailable, is_outage

WHEN = COMMUNE_START + timedelta(days=1)


class Refusing(Protocol):
    def __call__(
        self, db: Database, *, mended_alone: bool = False
    ) -> AbstractContextManager[None]: ...


@pytest.fixture
def refusing(request: pytest.FixtureRequest, database_url: str) -> Refusing:
    """``with refusing(db):`` the database refuses every write, for real, then works.

    The pool is emptied on the way in, and (unless ``mended_alone``) on the way out, so
    that every session sees the change; a running service must find out for itself.
    """
    if database_url.startswith("sqlite"):
        return _sqlite_query_only
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = database_url.rsplit("/", 1)[-1]

    @contextmanager
    def read_only(db: Database, *, mended_alone: bool = False) -> Iterator[None]:
        _set_read_only(server, name, True)
        db.engine.dispose()  # the setting is taken when a session begins
        try:
            yield
        finally:
            _set_read_only(server, name, False)
            if not mended_alone:
                db.engine.dispose()

    return read_only


def _set_read_only(server: PostgresServer, name: str, on: bool) -> None:
    with server._admin() as admin:
        admin.execute(
            f'ALTER DATABASE "{name}" SET default_transaction_read_only = {"on" if on else "off"}'
        )


@contextmanager
def _sqlite_query_only(db: Database, *, mended_alone: bool = False) -> Iterator[None]:
    def query_only(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("PRAGMA query_only = ON")

    event.listen(db.engine, "connect", query_only)
    db.engine.dispose()
    try:
        yield
    finally:
        event.remove(db.engine, "connect", query_only)
        if not mended_alone:
            db.engine.dispose()


def _app(tmp_path: Path, database_url: str) -> App:
    settings = settings_for(tmp_path, database_url, games=[commune_game()])
    app = app_for(settings, FixedClock(WHEN + timedelta(hours=1)))
    app.inbox.accept(
        mail("Janet", "I become a participant in Commune.\n", WHEN), "test", Visibility.PUBLIC, WHEN
    )
    return app


def _statuses(app: App) -> list[str]:
    return _statuses_in(app.db)


def _statuses_in(db: Database) -> list[str]:
    with db.transaction() as session:
        return list(session.scalars(select(InboundMessage.status)))


def test_mail_stays_pending_while_the_database_refuses_writes(
    tmp_path: Path, database_url: str, refusing: Refusing
) -> None:
    app = _app(tmp_path, database_url)
    try:
        with refusing(app.db), pytest.raises(Exception) as raised:
            app.processor().process_pending()
        # SQLite refuses to begin; PostgreSQL begins, reads, and refuses the message's writes.
        assert is_outage(raised.value)
        assert _statuses(app) == [Status.PENDING.value]

        summary = app.processor().process_pending()
        assert (summary.done, summary.quarantined) == (1, 0)
        assert _statuses(app) == [Status.DONE.value]
    finally:
        app.close()


def test_a_session_ended_by_the_server_mid_message_is_not_the_message_s_fault(
    tmp_path: Path, postgres_url: str, postgres_server: PostgresServer
) -> None:
    """The server ends the session as the message is marked done (a restart, an operator):
    the message stays pending, where a new session could have quarantined it."""
    app = _app(tmp_path, postgres_url)
    ended: list[int] = []

    def end_session(connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if ended or not statement.startswith("UPDATE inbound_message"):
            return
        pid = connection.connection.dbapi_connection.info.backend_pid
        ended.append(pid)
        with postgres_server._admin() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))

    event.listen(app.db.engine, "before_cursor_execute", end_session)
    try:
        with pytest.raises(DatabaseUnavailable):
            app.processor().process_pending()
        event.remove(app.db.engine, "before_cursor_execute", end_session)
        assert ended
        assert _statuses(app) == [Status.PENDING.value]
        assert app.processor().process_pending().done == 1
    finally:
        app.close()


def test_a_refusing_database_stops_the_outbox_before_anything_is_sent(
    tmp_path: Path, database_url: str, refusing: Refusing, smtp_sink: SmtpSink
) -> None:
    """The attempt is recorded before the mail leaves: a database that cannot record it
    stops the drain there, instead of after a send it cannot record (sent again later)."""
    settings = settings_for(
        tmp_path,
        database_url,
        extra={"smtp": {"mode": "smtp", "host": LOOPBACK, "port": smtp_sink.port, "tls": "none"}},
    )
    db = Database(database_url)
    migrate.upgrade(db)
    sender = SmtpSender(settings.smtp, timeout=5)
    try:
        _queue(db, 1)
        with refusing(db), pytest.raises(exc.DBAPIError) as raised:
            drain(db, sender, NOW)
        assert is_outage(raised.value)
        assert smtp_sink.messages == []

        assert drain(db, sender, NOW + timedelta(seconds=1)).sent == 1
        assert drain(db, sender, NOW + timedelta(hours=1)).sent == 0
        assert len(smtp_sink.wait_for(1)) == 1
        time.sleep(0.2)
        assert len(smtp_sink.messages) == 1
        with db.transaction() as session:
            row = session.scalars(select(OutboundMessage)).one()
            assert (row.status, row.attempts) == (OutStatus.SENT.value, 1)
    finally:
        db.dispose()


class _FaultingSink(SmtpSink):
    """A sink that runs ``on_mail`` as each message arrives, before it answers 250."""

    on_mail: Callable[[], None] = staticmethod(lambda: None)

    def _add(self, mail: ReceivedMail) -> None:
        self.on_mail()
        super()._add(mail)


def test_a_send_the_database_fails_to_record_is_recorded_later_not_sent_again(
    tmp_path: Path, postgres_url: str, postgres_server: PostgresServer
) -> None:
    """The database goes read-only (its sessions ended) while the server takes the mail."""
    sink = _FaultingSink()
    sink.start()
    name = postgres_url.rsplit("/", 1)[-1]
    settings = settings_for(
        tmp_path,
        postgres_url,
        extra={"smtp": {"mode": "smtp", "host": LOOPBACK, "port": sink.port, "tls": "none"}},
    )
    db = Database(postgres_url)
    migrate.upgrade(db)
    sender = SmtpSender(settings.smtp, timeout=5)

    def refuse_from_now_on() -> None:
        sink.on_mail = lambda: None
        _set_read_only(postgres_server, name, True)
        with postgres_server._admin() as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )

    try:
        _queue(db, 1)
        sink.on_mail = refuse_from_now_on
        with pytest.raises(exc.DBAPIError):
            drain(db, sender, NOW)
        assert len(sink.wait_for(1)) == 1
        _set_read_only(postgres_server, name, False)
        db.engine.dispose()

        assert drain(db, sender, NOW + timedelta(hours=1)).sent == 1
        with db.transaction() as session:
            row = session.scalars(select(OutboundMessage)).one()
            assert (row.status, row.attempts) == (OutStatus.SENT.value, 1)
        time.sleep(0.2)
        assert len(sink.messages) == 1  # recorded, not sent again
    finally:
        sink.stop()
        db.dispose()


def test_the_service_says_so_in_one_line_and_carries_on_when_it_works(
    tmp_path: Path, database_url: str, refusing: Refusing, caplog: pytest.LogCaptureFixture
) -> None:
    app = _app(tmp_path, database_url)
    stop, wake = threading.Event(), threading.Event()
    options = ServiceOptions(imap=False, lmtp=False, interval=0.05)
    caplog.set_level(logging.INFO, logger="referee")
    service = threading.Thread(target=run_until_stopped, args=(app, options, stop, wake))
    # Watched through a connection of its own: the service's pool is the service's.
    watcher = Database(database_url)
    try:
        with refusing(app.db, mended_alone=True):
            service.start()
            _wait_for(lambda: "the database refused the work" in caplog.text)
            time.sleep(0.3)  # several more passes, all refused
        _wait_for(lambda: "the database works again" in caplog.text)
        _wait_for(lambda: _statuses_in(watcher) == [Status.DONE.value])
    finally:
        stop.set()
        wake.set()
        service.join(timeout=30)
        app.close()
        watcher.dispose()
    refused = [r for r in caplog.records if "the database refused the work" in r.getMessage()]
    assert len(refused) == 1  # said once, not at every pass
    assert all(record.exc_info is None for record in caplog.records)
    assert "Traceback" not in caplog.text


def test_an_import_stops_when_the_database_refuses_and_the_next_one_stores_the_rest(
    tmp_path: Path, database_url: str, refusing: Refusing
) -> None:
    """Not every message listed as "could not be stored", one after the other."""
    app = _app(tmp_path, database_url)
    folder = tmp_path / "mail"
    folder.mkdir()
    for index in range(3):
        when = WHEN + timedelta(minutes=index + 1)
        body = f"I begin constructing a {'ABC'[index]} with my Left Token Constructor.\n"
        (folder / f"{index}.eml").write_bytes(mail("Kate", body, when))
    try:
        with refusing(app.db), pytest.raises(DatabaseUnavailable):
            import_paths([folder], app.inbox, Visibility.PUBLIC)
        summary = import_paths([folder], app.inbox, Visibility.PUBLIC)
        assert (summary.stored, summary.failed) == (3, [])
    finally:
        app.close()


def _wait_for(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition was not met")
        time.sleep(0.05)
