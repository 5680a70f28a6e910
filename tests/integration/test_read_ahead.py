"""A replay that reads ahead in a second process gives exactly the replay of one process.

The whole mail corpus (every shape of message the referee has met: replies that need the
message they answer, private moves with passphrases, strangers, refused headers) is
stored on the corpus's Commune season and processed; then it is replayed in one process
and again reading ahead, on SQLite and on PostgreSQL, and the two records are compared
whole: every game's events and states, and every message's status and results.
"""

from __future__ import annotations

import dataclasses
import email.policy
import os
import signal
import time
from collections.abc import Iterator
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from support import MemorySender
from test_corpus_pipeline import (
    CASES,
    CORPUS,
    NOW,
    corpus_settings,
    mailbox_for,
    read_mail,
    season_stored,
)

from referee.app import App, build_app
from referee.config import Settings
from referee.engine import read_ahead
from referee.engine.history import canonical_dump, reset_derived
from referee.ingress.importer import import_paths
from referee.store.models import InboundMessage

BATCH = 40  # several transactions, so that reading ahead runs beside the applying


@pytest.fixture
def corpus_settings_for(tmp_path: Path, database_url: str) -> Iterator[Settings]:
    """The corpus stored on the season and processed once, live (SQLite, PostgreSQL)."""
    yield _corpus_stored(tmp_path, database_url)


@pytest.fixture
def corpus_on_sqlite(tmp_path: Path, sqlite_url: str) -> Iterator[Settings]:
    yield _corpus_stored(tmp_path, sqlite_url)


def _corpus_stored(tmp_path: Path, database_url: str) -> Settings:
    settings = corpus_settings(tmp_path, database_url, {"mode": "file"})
    app = season_stored(settings)
    try:
        for case in CASES:
            path = CORPUS / f"{case}.eml"
            import_paths([path], app.inbox, mailbox_for(read_mail(path)))
        app.processor().process_pending()
    finally:
        app.close()
    return settings


class _Counted:
    """How many messages the processor took as read ahead, and how many it read itself."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ahead = 0
        self.here = 0
        take = read_ahead.Reading.take

        def counted(reading: read_ahead.Reading, row_id: int, session: Any) -> Any:
            found = take(reading, row_id, session)
            if found is None:
                self.here += 1
            else:
                self.ahead += 1
            return found

        monkeypatch.setattr(read_ahead.Reading, "take", counted)


def _replayed(app: App, **process: Any) -> tuple[Any, list[tuple[int, str, Any]]]:
    with app.db.transaction() as session:
        reset_derived(session)
    app.processor(silent=True).process_pending(batch=BATCH, **process)
    with app.db.transaction() as session:
        rows = session.scalars(select(InboundMessage).order_by(InboundMessage.id))
        return canonical_dump(session), [(r.id, r.status, r.results) for r in rows]


def _replayed_in_one_process(settings: Settings) -> tuple[Any, list[tuple[int, str, Any]]]:
    alone = _app(settings, False)
    try:
        return _replayed(alone)
    finally:
        alone.close()


def _app(settings: Settings, reading_ahead: bool) -> App:
    return build_app(
        dataclasses.replace(settings, read_ahead=reading_ahead),
        now=lambda: NOW,
        sender=MemorySender(),
    )


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="reading ahead needs a second core")
def test_a_replay_reading_ahead_is_the_replay_of_one_process(
    corpus_settings_for: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    one_process = _replayed_in_one_process(corpus_settings_for)
    counted = _Counted(monkeypatch)
    ahead = _app(corpus_settings_for, True)
    try:
        two_processes = _replayed(ahead)
    finally:
        ahead.close()
    assert two_processes == one_process
    messages = len(one_process[1])
    assert messages > 300
    # Most messages come read from the second process; a reply that needs the message it
    # answers, or a sentence that asks whether its author plays, is read again here.
    assert counted.ahead > messages * 0.8, (counted.ahead, counted.here)
    assert counted.here > 0


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="reading ahead needs a second core")
def test_a_second_process_killed_mid_replay_changes_nothing(
    corpus_on_sqlite: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    one_process = _replayed_in_one_process(corpus_on_sqlite)
    counted = _Counted(monkeypatch)
    ahead = _app(corpus_on_sqlite, True)
    killed: list[int] = []

    def kill_the_reader(_done: int) -> None:
        # A fault no real server can produce on demand: the reading process dies (as under
        # the kernel's out-of-memory killer) after the first transaction.
        if killed:
            return
        for pid in read_ahead.processes():
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    try:
        with caplog.at_level("WARNING", logger="referee.read_ahead"):
            two_processes = _replayed(ahead, progress=kill_the_reader)
    finally:
        ahead.close()
    assert killed
    assert two_processes == one_process
    assert counted.ahead >= BATCH // 2  # the first transaction's messages were read ahead
    assert counted.here > 0  # and after the kill, the rest here
    assert "reading ahead stopped" in caplog.text


_read_piece = read_ahead._read_piece


def _slow_piece(piece: list[tuple[Any, ...]]) -> Any:
    """A second process on a busy machine: every piece takes longer there (module-level, so
    that the pool can name it to the second process)."""
    time.sleep(0.5)
    return _read_piece(piece)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="reading ahead needs a second core")
def test_a_second_process_behind_is_helped_and_the_replay_is_the_same(
    corpus_on_sqlite: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the second process is behind, the processor reads the pieces furthest ahead
    itself instead of waiting; the replay is still that of one process."""
    one_process = _replayed_in_one_process(corpus_on_sqlite)
    monkeypatch.setattr(read_ahead, "_read_piece", _slow_piece)  # inherited by the fork
    # Pieces smaller than a batch, so that some wait in this process's queue, as in a
    # replay's batches of 500.
    monkeypatch.setattr(read_ahead, "PIECE", 5)
    helped: list[int] = []
    close = read_ahead.Reading.close

    def counted_close(reading: read_ahead.Reading) -> None:
        helped.append(reading.read_here)
        close(reading)

    monkeypatch.setattr(read_ahead.Reading, "close", counted_close)
    app = _app(corpus_on_sqlite, True)
    try:
        replayed = _replayed(app)
    finally:
        app.close()
    assert replayed == one_process
    assert helped and helped[0] > 0


def test_a_batch_of_one_or_a_setting_of_false_reads_in_one_process() -> None:
    assert not read_ahead.wanted(True, 1)
    assert not read_ahead.wanted(False, 500)
    assert read_ahead.wanted(True, 500) == (read_ahead.cores() > 1)


def test_one_reading_process_per_core_the_processor_leaves_at_most_three(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for cores, readers in [(1, 1), (2, 1), (3, 2), (4, 3), (64, 3)]:
        monkeypatch.setattr(read_ahead, "cores", lambda cores=cores: cores)
        assert read_ahead.readers() == readers


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="reading ahead needs a second core")
def test_several_reading_processes_give_the_replay_of_one_process(
    corpus_on_sqlite: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a larger machine several processes read ahead, each a piece at a time; the pieces
    come back in order and the replay is still that of one process."""
    one_process = _replayed_in_one_process(corpus_on_sqlite)
    monkeypatch.setattr(read_ahead, "readers", lambda: 3)
    monkeypatch.setattr(read_ahead, "PIECE", 7)  # many pieces, so that all three read
    counted = _Counted(monkeypatch)
    seen: list[int] = []

    def watch(_done: int) -> None:
        seen.append(len(read_ahead.processes()))

    app = _app(corpus_on_sqlite, True)
    try:
        replayed = _replayed(app, progress=watch)
    finally:
        app.close()
    assert replayed == one_process
    assert max(seen) == 3
    assert counted.ahead > len(one_process[1]) * 0.8


def test_a_machine_that_cannot_fork_the_pool_reads_in_one_process(
    corpus_on_sqlite: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault a real machine gives only without a shared-memory folder (some containers):
    the pool cannot be made. The replay then reads in one process, and says so once."""
    one_process = _replayed_in_one_process(corpus_on_sqlite)

    def no_semaphores(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(read_ahead, "ProcessPoolExecutor", no_semaphores)
    app = _app(corpus_on_sqlite, True)
    try:
        with caplog.at_level("WARNING", logger="referee.read_ahead"):
            replayed = _replayed(app)
    finally:
        app.close()
    assert replayed == one_process
    assert "reading ahead is not possible here" in caplog.text
    assert read_ahead.processes() == []


def test_a_message_read_ahead_has_the_headers_of_its_own_parse(corpus_on_sqlite: Settings) -> None:
    """The processor takes a message read ahead with the headers the second process parsed,
    not parsed again: every header of every corpus message (folded, encoded, repeated,
    8-bit, an mbox From_ line) is the one a headers-only parse of the stored bytes gives."""
    app = _app(corpus_on_sqlite, True)
    try:
        processor = app.processor(silent=True)
        reader = read_ahead._Reader(processor.contexts, processor.games)
        parser = BytesParser(policy=email.policy.compat32)
        compared = 0
        with app.db.transaction() as session:
            rows = list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))
            for row in rows:
                values = tuple(getattr(row, name) for name in read_ahead._COLUMNS)
                try:
                    ahead = reader.read(values)
                except Exception:  # asked the store, or unreadable: read by the processor
                    continue
                assert ahead is not None
                message = ahead.context(processor.contexts, row).read.message
                parsed = parser.parsebytes(row.raw, headersonly=True)
                assert list(message.raw_items()) == list(parsed.raw_items()), row.message_key
                assert message.get_unixfrom() == parsed.get_unixfrom()
                for name in parsed:
                    assert message.get_all(name) == parsed.get_all(name)
                compared += 1
    finally:
        app.close()
    assert compared > 300
