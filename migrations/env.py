"""Alembic environment: the models' metadata, batch mode for SQLite, type comparison."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, engine_from_config, pool

from referee.store.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things; batch mode rebuilds the table instead.
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with engine.connect() as fresh:
        _run(fresh)


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported; run 'referee db upgrade'")
run_migrations_online()
