"""Telling a database that refuses all work from an error caused by one message.

A message whose processing fails is quarantined, so that the mail after it flows. A
database that refuses every write (read-only, out of disk, its server gone or restarting)
is no message's fault: quarantining would set good mail aside, or fail as well. Such an
error stops the work where it is, with nothing marked, and the next attempt redoes it.
"""

from __future__ import annotations

from sqlalchemy import exc

from referee.errors import StoreError

# SQLSTATE classes of a server that cannot do any work now, whatever the statement:
# 08 connection exception, 53 insufficient resources (disk full, out of memory), 57
# operator intervention (shutting down, session ended), 58 system error (I/O).
_OUTAGE_CLASSES = frozenset({"08", "53", "57", "58"})
_READ_ONLY_TRANSACTION = "25006"


class DatabaseUnavailable(StoreError):
    """The database refused the work or could not be reached; nothing was marked done or
    quarantined, and the same work is done again once the database works."""

    def __init__(self, said: str) -> None:
        super().__init__(
            f"the database refused the work or could not be reached ({said}); nothing is "
            "lost: what was under way was undone and is done again once the database works"
        )
        self.said = said

    @classmethod
    def because(cls, error: BaseException) -> DatabaseUnavailable:
        return cls(database_said(error))


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` is the database refusing all work, not a fault of the work."""
    if isinstance(error, DatabaseUnavailable):
        return True
    if not isinstance(error, exc.DBAPIError):
        return False
    if error.connection_invalidated or isinstance(error, exc.InterfaceError):
        return True
    sqlstate = getattr(error.orig, "sqlstate", None)
    if isinstance(sqlstate, str) and sqlstate:
        return sqlstate == _READ_ONLY_TRANSACTION or sqlstate[:2] in _OUTAGE_CLASSES
    # SQLite gives no SQLSTATE; its operational errors are of the file, never of the data:
    # locked, full, unwritable, failing to read or write, not a database.
    return isinstance(error, exc.OperationalError)


def database_said(error: BaseException) -> str:
    """The first line of what the database (its driver) said."""
    if isinstance(error, DatabaseUnavailable):
        return error.said
    cause = error.orig if isinstance(error, exc.DBAPIError) else error
    text = str(cause).strip()
    return next((line.strip() for line in text.splitlines() if line.strip()), type(cause).__name__)
