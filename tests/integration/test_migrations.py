"""Alembic migrations on both databases (SQLite and a private PostgreSQL)."""

from __future__ import annotations

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
