"""Read a replay's next messages in other processes while this one applies the current.

Reading a message (its MIME structure, headers, author, text, and the actions and commands
in it) takes about half of a replay's time, and depends on the message and the
configuration alone, never on the games' state, with two exceptions: a sentence may ask
whether its author plays a game, and a reply may need the lines of the message it
answers. Both are questions for the store. So reading processes (one on a machine of two
cores, more on a larger one: see :func:`readers`), forked from this one with the same
configuration, read messages ahead of the processor; a message whose reading
asked the store is read again here, as is any message a reading process could not read
(whatever went wrong is then met here, where quarantine handles it). What comes back is
exactly what reading here would give: the tests compare whole replays with and without.
When the reading is behind (the processor would wait for it), the processor reads
the few messages furthest ahead itself, with the same reader, so that neither waits for the
other.

Only the text work crosses: the parsed MIME tree is not sent back (pickling it costs more
than parsing it again), only its top-level headers as parsed, from which the processor
rebuilds the headers-only message it needs without reading the mail again; and the store is
never touched by a reading process (it gets each message's stored columns from this one).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from email.message import Message
from email.policy import compat32
from multiprocessing import get_context
from typing import Any, cast

from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from referee.engine.collector import collection_deferred
from referee.engine.context import ContextBuilder, MessageContext
from referee.engine.finding import FoundInMessage, find_with
from referee.engine.reading import ReadMessage
from referee.games.base import Game
from referee.store import queries
from referee.store.models import InboundMessage

log = logging.getLogger("referee.read_ahead")

PIECE = 50
"""Messages sent to a reading process at a time: small, so that the processor waits only
for the first piece before both are busy."""

PIECE_SECONDS = 300
"""How long the processor waits for one piece before it reads the rest itself: far more
than any piece needs (the messages are read here in that time too), so only a second
process that hangs meets it."""

STEAL = 5
"""Messages the processor reads at a time when the reading is behind: a few
milliseconds' work, so that the processor, usually the busier of the two, is never kept
long from its own work by reading a piece a reading process was about to finish."""

SWITCH_SECONDS = 0.0005
"""The interpreter's thread switch interval while reading ahead (its default is 5 ms). The
pool's own thread in this process hands pieces over and takes the reading processes' answers
off the pipe; with the processor's thread busy it waited up to the default interval each
time, and a reading process, its answer too large for the pipe, waited with it: about a
fifth of its time, idle."""

IN_FLIGHT = 4
"""Pieces handed to each reading process and not yet taken: enough to keep it busy while
the processor works through one, few enough that little is read in vain if the run stops."""

MOST_READERS = 3
"""The most reading processes a run starts. Reading is a little more than half of a
replay's work, so one reader keeps pace with the processor on two cores, and past three
the processor, which no reader can help, is all that is left to wait for."""


def cores() -> int:
    """The cores this process may run on (a container's share, where it has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def readers() -> int:
    """How many processes read ahead: one per core the processor leaves, at most
    :data:`MOST_READERS`."""
    return max(1, min(MOST_READERS, cores() - 1))


# The stored columns reading needs (see read_message and ContextBuilder.for_message).
_COLUMNS = (
    "id",
    "message_key",
    "raw",
    "route",
    "visibility",
    "arrived_at",
    "date_header",
    "effective_at",
    "passphrase_holders",
    "dkim_domains",
)

_READ_FIELDS = tuple(f.name for f in fields(ReadMessage) if f.name != "message")


def _columns(session: Session, ids: list[int]) -> list[tuple[Any, ...]]:
    """The reading columns of the messages ``ids`` that exist, in that order: from the rows
    the session already holds (a batch's are loaded whole when it begins), else from the
    store, so that a piece of the batch being applied costs no query."""
    held: dict[int, tuple[Any, ...]] = {}
    for row_id in ids:
        row = session.identity_map.get(identity_key(InboundMessage, row_id))
        if row is None:
            continue
        loaded = row.__dict__  # what is loaded, without loading what is not (expired)
        if all(name in loaded for name in _COLUMNS):
            held[row_id] = tuple(loaded[name] for name in _COLUMNS)
    missing = [row_id for row_id in ids if row_id not in held]
    if missing:
        stored = queries.message_columns(session, missing, _COLUMNS)
        held.update((values[0], values) for values in stored)
    return [held[row_id] for row_id in ids if row_id in held]


class _StoredColumns:
    """The columns of a stored message that reading needs, as plain attributes, in place
    of the mapped row: building a mapped instance (its instrumented state, each attribute
    set through the mapper) cost a twentieth of reading a message. Reading anything else
    of the row raises, so that message is read again by the processor, from its row."""

    __slots__ = _COLUMNS

    def __init__(self, values: tuple[Any, ...]) -> None:
        for name, value in zip(_COLUMNS, values, strict=True):
            setattr(self, name, value)


@dataclass(frozen=True)
class ReadAhead:
    """One message as a reading process read it: everything but the MIME tree."""

    row_id: int
    read_fields: Mapping[str, Any]
    found: FoundInMessage | None
    """What it says; None when its author is unknown (nothing is looked for then)."""
    headers: tuple[tuple[str, str], ...] = ()
    """The message's top-level header fields as the reading process parsed them (name and
    value unmodified), in order."""
    unixfrom: str | None = None

    def context(self, builder: ContextBuilder, row: InboundMessage) -> MessageContext:
        # After reading, the engine asks the message for headers alone (the guards against
        # loops and robots, the Subject, the thread), and the body was read in the second
        # process: the headers it parsed are put back as they were, not parsed again.
        message = Message(policy=compat32)
        for name, value in self.headers:
            message.set_raw(name, value)
        if self.unixfrom is not None:
            message.set_unixfrom(self.unixfrom)
        return builder.context_of(row, ReadMessage(message=message, **self.read_fields))

    def found_with(self, plays: Mapping[str, bool]) -> FoundInMessage | None:
        return None if self.found is None else replace(self.found, plays=plays)


class _AskedTheStore(Exception):
    """The reading needed the store, which only the processor's process may ask."""


class _NoStore(Mapping[str, bool]):
    """``plays`` in a reading process: any question about a game goes to the processor."""

    def __init__(self, games: Sequence[Game[Any]]) -> None:
        self._names = [game.name for game in games]

    def __getitem__(self, name: str) -> bool:
        raise _AskedTheStore(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _no_replied() -> list[tuple[int, str]]:
    raise _AskedTheStore("replied")


@dataclass(frozen=True)
class _Reader:
    """What the reading processes read with; inherited whole by the fork."""

    builder: ContextBuilder
    games: Sequence[Game[Any]]

    def read(self, values: tuple[Any, ...]) -> ReadAhead | None:
        row = cast(InboundMessage, _StoredColumns(values))
        message = self.builder.for_message(row)
        found = None
        if message.actor is not None:
            found = find_with(self.games, message, _NoStore(self.games), _no_replied)
        read = message.read
        fields_of = {name: getattr(read, name) for name in _READ_FIELDS}
        return ReadAhead(
            row.id,
            fields_of,
            replace(found, plays={}) if found else None,
            headers=tuple(read.message.raw_items()),
            unixfrom=read.message.get_unixfrom(),
        )


# The reader of this run, set in this process before the fork, so that each reading process
# inherits it (it is never pickled: the games and the configuration are large).
_inherited: dict[str, _Reader] = {}
_running: list[Reading] = []  # the run in progress in this process, if any


def processes() -> list[int]:
    """The process ids of the reading processes of the run in progress (none when idle)."""
    return [pid for reading in _running for pid in reading.pids()]


PARENT_CHECK_SECONDS = 0.5
"""How often a reading process looks whether the processor is still alive."""


def _end_with_parent(parent: int) -> None:
    """In a reading process: end as soon as the processor is gone (killed, say), instead
    of waiting for work forever, holding its copies of the processor's open files."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _read_piece(piece: list[tuple[Any, ...]]) -> list[ReadAhead | None]:
    """In a reading process: each message read, or None to be read by the processor."""
    with collection_deferred():
        return _read_all(piece)


def _read_all(piece: list[tuple[Any, ...]]) -> list[ReadAhead | None]:
    """Each message read without the store, or None to be read by the processor."""
    reader = _inherited["reader"]
    done: list[ReadAhead | None] = []
    for values in piece:
        try:
            done.append(reader.read(values))
        except Exception:  # the store was asked, or the message is bad: read it in the
            done.append(None)  # processor, where a failure is quarantined with its reason
    return done


def wanted(enabled: bool, batch: int) -> bool:
    """Whether a run of ``batch``-message transactions reads ahead: a replay, where the
    setting allows it, on a machine with a second core to do it."""
    return enabled and batch > 1 and cores() > 1


class Reading:
    """The messages read ahead for one run: :meth:`expect` ids in the order they will be
    processed, then :meth:`take` each as it is processed."""

    def __init__(self, builder: ContextBuilder, games: Sequence[Game[Any]]) -> None:
        _inherited["reader"] = _Reader(builder, list(games))
        self._readers = readers()
        self._pool = ProcessPoolExecutor(
            max_workers=self._readers,
            mp_context=get_context("fork"),
            initializer=_end_with_parent,
            initargs=(os.getpid(),),
        )
        self._queued: deque[list[int]] = deque()
        # Each piece handed over, with the ids of the messages in it (those still stored).
        self._in_flight: deque[tuple[list[int], Future[list[ReadAhead | None]]]] = deque()
        self._ready: dict[int, ReadAhead | None] = {}
        self.read_here = 0
        """Messages of the pieces this process read while the second one was behind."""
        self._broken = False
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_SECONDS)
        _running.append(self)

    def pids(self) -> list[int]:
        return list(self._pool._processes or {})  # started at the first piece handed over

    def expect(self, ids: Sequence[int]) -> None:
        for start in range(0, len(ids), PIECE):
            self._queued.append(list(ids[start : start + PIECE]))

    def take(self, row_id: int, session: Session) -> ReadAhead | None:
        """``row_id`` as read ahead, or None: the processor reads it itself."""
        self._fill(session)
        while row_id not in self._ready and self._in_flight and row_id in self._in_flight[0][0]:
            if not self._in_flight[0][1].done():
                # The reading is behind: instead of waiting for it, this process
                # reads the messages furthest ahead itself, so that both stay busy; at the
                # end of the run, when none is left to hand over, it takes back the last
                # piece handed over that no reading process has begun.
                if self._queued:
                    self._read_here(session, self._last_queued())
                    continue
                if self._take_back_last(session):
                    continue
            self._collect()
            self._fill(session)
        return self._ready.pop(row_id, None)

    def _last_queued(self) -> list[int]:
        """The last few ids not yet handed over, taken from the queue: those needed last."""
        last = self._queued[-1]
        taken = last[-STEAL:]
        del last[-STEAL:]
        if not last:
            self._queued.pop()
        return taken

    def _take_back_last(self, session: Session) -> bool:
        """Read here the last piece handed over, if no reading process has begun it
        (a piece it has begun, or holds next, can no longer be cancelled)."""
        if len(self._in_flight) < 2 or not self._in_flight[-1][1].cancel():
            return False
        ids, _ = self._in_flight.pop()
        self._read_here(session, ids)
        return True

    def _read_here(self, session: Session, ids: list[int]) -> None:
        """Read a piece in this process, exactly as a reading process would (the same
        reader, the store never asked): what a message asks of the store is left to the
        processor, as from a reading process."""
        piece = _columns(session, ids)
        self._ready.update(zip([values[0] for values in piece], _read_all(piece), strict=True))
        self.read_here += len(piece)

    def _fill(self, session: Session) -> None:
        most = IN_FLIGHT * self._readers
        while not self._broken and self._queued and len(self._in_flight) < most:
            piece = _columns(session, self._queued.popleft())
            ids = [values[0] for values in piece]
            try:
                future = self._pool.submit(_read_piece, piece)
            except Exception as error:  # the pool is gone (its process died): read here
                self._give_up(error)
                return
            self._in_flight.append((ids, future))

    def _collect(self) -> None:
        ids, future = self._in_flight.popleft()
        try:
            results = future.result(timeout=PIECE_SECONDS)
        except TimeoutError:
            self._give_up(TimeoutError(f"a piece took more than {PIECE_SECONDS} s"))
            self._stop_processes()
            return
        except Exception as error:  # a reading process died, or its answer did not unpickle
            self._give_up(error)
            return
        self._ready.update(zip(ids, results, strict=True))

    def _give_up(self, error: BaseException) -> None:
        log.warning("reading ahead stopped (%s); the rest is read in one process", error)
        self._broken = True
        self._queued.clear()
        self._in_flight.clear()

    def _stop_processes(self) -> None:
        """Stop reading processes that do not answer, so that closing does not wait."""
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        for _, future in self._in_flight:
            future.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)
        sys.setswitchinterval(self._switch_interval)
        _inherited.clear()
        if self in _running:
            _running.remove(self)


def reading_for(
    enabled: bool, batch: int, builder: ContextBuilder, games: Sequence[Game[Any]]
) -> Reading | None:
    """A reading ahead for the run, or None: not wanted, or this machine cannot give the
    reading processes what they need (the pool's semaphores want a shared-memory folder, which
    some containers lack): then the run reads in one process, as it would unasked."""
    if not wanted(enabled, batch):
        return None
    try:
        return Reading(builder, games)
    except OSError as error:
        _inherited.clear()
        log.warning("reading ahead is not possible here (%s); reading in one process", error)
        return None
