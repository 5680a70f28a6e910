"""Archive import: mbox files, Maildir folders and .eml files into the inbox.

Agora's list archives are mbox files; a mail client's store is often a Maildir; a single
saved message is an .eml file. :func:`import_paths` takes any mix of them:

* a **file** is an mbox when it begins with a ``From`` line, else a single message (an
  ``.eml`` file, or any file that begins with a header field);
* a **directory** with ``cur/`` and ``new/`` is a Maildir (both subdirectories are read, and
  Maildir++ subfolders below it); any other directory is walked recursively, in name order,
  taking every mbox and message file in it (hidden files and directories are passed over).

Every message is stored byte for byte (``mailbox.mbox.get_bytes``; Maildir and .eml files
are read whole) through :meth:`Inbox.accept` with route ``import:<file or folder>`` and
``trust_received=True``, so the arrival time is the topmost Received header's. When there is
none, the arrival time falls back to the mbox ``From`` line's date, else the file's
modification time. Messages already in the inbox (same Message-ID or same bytes) only gain
an arrival record and are counted as duplicates.

Nothing is dropped silently: a file or message that cannot be read or stored is listed in
:attr:`ImportSummary.failed` with where it was and why, and the import goes on. A
database that refuses the work stops the import instead (:class:`DatabaseUnavailable`):
that is no message's fault, and importing again stores the rest.
"""

from __future__ import annotations

import logging
import mailbox
import re
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path

from referee.config import Visibility
from referee.errors import fault_reason, fault_trace
from referee.ingress.inbox import Inbox
from referee.progress import Progress
from referee.store.outage import DatabaseUnavailable, is_outage

__all__ = ["ImportSummary", "from_line_date", "import_paths"]

log = logging.getLogger(__name__)

PROGRESS_THRESHOLD = 50
ROUTE_LIMIT = 200  # the width of the route columns

_HEADER_LINE = re.compile(rb"^[!-9;-~]+[ \t]*:")
_FROM_DATE = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+"
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+"
    r"\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?\s+\d{4}"
)


@dataclass
class ImportSummary:
    """What an import did: messages new to the inbox, already there, and failures."""

    stored: int = 0
    duplicates: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class _Item:
    where: str  # for reports: the file, or the mbox and the message's number in it
    route: str
    read: Callable[[], tuple[bytes, datetime]]  # the raw bytes and the fallback arrival


def _route(path: Path) -> str:
    route = f"import:{path}"
    if len(route) > ROUTE_LIMIT:
        route = "import:…" + str(path)[-(ROUTE_LIMIT - len("import:…")) :]
    return route


def _mtime(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def from_line_date(line: str) -> datetime | None:
    """The date in an mbox ``From`` line (asctime format, taken as UTC), or None."""
    found = _FROM_DATE.search(line)
    if found is None:
        return None
    text = " ".join(found.group(0).split())
    for pattern in ("%a %b %d %H:%M:%S %Y", "%a %b %d %H:%M %Y"):
        try:
            return datetime.strptime(text, pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    try:
        return parsedate_to_datetime(text).astimezone(UTC)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return f"cannot be read: {error.strerror or error}"
    return fault_reason(error)  # an exception's text may repeat the mail (SEC-2)


def _read_file(path: Path) -> tuple[bytes, datetime]:
    return path.read_bytes(), _mtime(path)


class _Collector:
    """Turns the given paths into message items, noting what cannot be read."""

    def __init__(self, stack: ExitStack, summary: ImportSummary) -> None:
        self.stack = stack
        self.summary = summary
        self.items: list[_Item] = []

    def fail(self, where: Path | str, reason: str) -> None:
        self.summary.failed.append((str(where), reason))
        log.warning("import: %s: %s", where, reason)

    def add_path(self, path: Path) -> None:
        try:
            if path.is_dir():
                self.add_directory(path)
            elif path.exists():
                self.add_file(path)
            else:
                self.fail(path, "does not exist")
        except OSError as error:
            self.fail(path, _reason(error))

    def add_directory(self, path: Path) -> None:
        if (path / "cur").is_dir() and (path / "new").is_dir():
            self.add_maildir(path)
            return
        for child in sorted(path.iterdir()):
            if child.name.startswith("."):
                continue
            self.add_path(child)

    def add_maildir(self, path: Path) -> None:
        route = _route(path)
        for sub in ("new", "cur"):
            for message in sorted((path / sub).iterdir()):
                if message.name.startswith(".") or not message.is_file():
                    continue
                self.items.append(_Item(str(message), route, _bound_read(message)))
        # Maildir++ subfolders: ".Name" directories with their own cur/ and new/.
        for child in sorted(path.iterdir()):
            if child.name in ("cur", "new", "tmp") or not child.is_dir():
                continue
            if (child / "cur").is_dir() and (child / "new").is_dir():
                self.add_maildir(child)

    def add_file(self, path: Path) -> None:
        with path.open("rb") as stream:
            head = stream.read(1024)
        if not head.strip():
            self.fail(path, "is empty: no message in it")
        elif head.startswith(b"From "):
            self.add_mbox(path)
        elif path.suffix.lower() == ".eml" or _HEADER_LINE.match(head):
            self.items.append(_Item(str(path), _route(path), _bound_read(path)))
        else:
            self.fail(
                path,
                "is not mail: neither an mbox file (no 'From ' line) nor a message "
                "(no header fields); skipped",
            )

    def add_mbox(self, path: Path) -> None:
        box = mailbox.mbox(path, create=False)
        self.stack.callback(box.close)
        route = _route(path)
        mtime = _mtime(path)
        for number, key in enumerate(box.keys(), start=1):
            self.items.append(_Item(f"{path} message {number}", route, _mbox_read(box, key, mtime)))


def _bound_read(path: Path) -> Callable[[], tuple[bytes, datetime]]:
    return lambda: _read_file(path)


def _mbox_read(
    box: mailbox.mbox, key: str, mtime: datetime
) -> Callable[[], tuple[bytes, datetime]]:
    def read() -> tuple[bytes, datetime]:
        with_from = box.get_bytes(key, from_=True)
        first, _, raw = with_from.partition(b"\n")
        when = from_line_date(first.decode("latin-1")) or mtime
        return raw, when

    return read


def import_paths(
    paths: Sequence[Path],
    inbox: Inbox,
    visibility: Visibility,
    progress: bool = False,
) -> ImportSummary:
    """Store every message found under ``paths``; see the module documentation."""
    summary = ImportSummary()
    with ExitStack() as stack:
        collector = _Collector(stack, summary)
        for path in paths:
            collector.add_path(Path(path))
        items = collector.items
        bar = stack.enter_context(
            Progress("importing", len(items), enabled=progress and len(items) > PROGRESS_THRESHOLD)
        )
        for item in items:
            try:
                raw, fallback = item.read()
            except Exception as error:
                collector.fail(item.where, _reason(error))
                bar.update()
                continue
            if not raw.strip():
                collector.fail(item.where, "is empty: no message in it")
                bar.update()
                continue
            try:
                accepted = inbox.accept(
                    raw,
                    route=item.route,
                    visibility=visibility,
                    arrived_at=fallback,
                    trust_received=True,
                )
            except Exception as error:
                if is_outage(error):
                    # Not this message's fault: stop, keeping what was stored (importing
                    # again stores the rest, and nothing twice).
                    raise DatabaseUnavailable.because(error) from None
                log.error("import: %s could not be stored\n%s", item.where, fault_trace(error))
                collector.fail(item.where, f"could not be stored: {_reason(error)}")
            else:
                if accepted.duplicate:
                    summary.duplicates += 1
                else:
                    summary.stored += 1
            bar.update()
    log.info(
        "import: %d new, %d already stored, %d failed",
        summary.stored,
        summary.duplicates,
        len(summary.failed),
    )
    return summary
