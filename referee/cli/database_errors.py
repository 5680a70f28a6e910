"""One line for a database the referee could not use: what went wrong and what to check.

The drivers' messages run to several lines (and SQLAlchemy adds a link to its own
documentation); the first line of the driver's own words says what happened.
"""

from __future__ import annotations

from sqlalchemy import exc


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def database_problem(error: BaseException) -> str | None:
    """The sentence for a database failure, or None when ``error`` is something else."""
    if isinstance(error, exc.DBAPIError):
        said = _first_line(str(error.orig))
        if type(error.orig).__module__.startswith("sqlite3"):
            # A file, not a server: locked by another program, not a database, unwritable.
            return (
                f"cannot use the SQLite database ({said}): check that referee.database_url "
                "names a database made by 'referee init' that this user can write"
            )
        if isinstance(error, exc.OperationalError | exc.InterfaceError):
            return (
                f"cannot use the database ({said}): check that its server is running and "
                "reachable and that referee.database_url names it"
            )
        return (
            f"the database refused a query ({said}): check that it was created by "
            "'referee init' and that 'referee db check' passes"
        )
    try:
        from alembic.util import CommandError
    except ImportError:  # pragma: no cover - alembic is a dependency
        return None
    if isinstance(error, CommandError):
        return f"{_first_line(str(error))}: the database's schema is not one this referee knows"
    return None
