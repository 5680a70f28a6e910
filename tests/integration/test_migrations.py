"""Alembic migrations on both databases (SQLite and a private PostgreSQL)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import inspect

from referee.errors import StoreError
from referee.store import migrate
from referee.store.db import Database
from referee.store.models import Base

MODEL_TABLES = set(Base.metadata.tables)


def tables(db: Database) -> set[str]:
    return set(inspect(db.engine).get_table_names()) - {"alembic_version"}


def test_upgrade_to_head_on_an_empty_database(database_url: str) -> None:
    db = Database(database_url)
    try:
        assert tables(db) == set()
        assert migrate.current_revision(db) is None
        with pytest.raises(StoreError):
            migrate.check(db)
        migrate.upgrade(db)
        assert migrate.current_revision(db) == migrate.head_revision()
        assert tables(db) == MODEL_TABLES
        migrate.check(db)
        migrate.upgrade(db)  # a second upgrade is a no-op
        assert migrate.current_revision(db) == migrate.head_revision()
    finally:
        db.dispose()


def test_down_and_up_through_every_revision(database: Database) -> None:
    revisions = migrate.revisions()
    assert revisions and revisions[-1] == migrate.head_revision()
    targets = ["base", *revisions[:-1]]
    for target in reversed(targets):
        migrate.downgrade(database, target)
        expected = None if target == "base" else target
        assert migrate.current_revision(database) == expected
    assert tables(database) == set()
    for revision in revisions:
        migrate.upgrade(database, revision)
        assert migrate.current_revision(database) == revision
    assert tables(database) == MODEL_TABLES
    migrate.check(database)


def test_no_drift_between_models_and_migrations(database: Database) -> None:
    migrate.check(database)
    migrate.require_current(database)


def test_the_revisions_read_from_the_files_are_alembic_s() -> None:
    """The quick reading every command makes agrees with Alembic's own."""
    from alembic.script import ScriptDirectory

    from referee.store.migrate import alembic_config, head_revision, revisions

    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert revisions() == [r.revision for r in reversed(list(script.walk_revisions()))]
    assert head_revision() == script.get_current_head()


def test_commands_that_only_read_never_import_alembic(tmp_path: Path) -> None:
    """Alembic is for changing the schema; checking it must not cost its import."""
    url = f"sqlite:///{tmp_path / 'quick.sqlite3'}"
    code = (
        "import sys\n"
        "from referee.store.db import Database\n"
        "from referee.store import migrate\n"
        f"db = Database({url!r})\n"
        "migrate.upgrade(db)\n"
        "del sys.modules['alembic']\n"
        "for name in [m for m in sys.modules if m.startswith('alembic.')]: del sys.modules[name]\n"
        "migrate.require_current(db)\n"
        "assert migrate.current_revision(db) == migrate.head_revision()\n"
        "print(sorted(m for m in sys.modules if m.startswith('alembic')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
