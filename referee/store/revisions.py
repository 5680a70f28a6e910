"""The chain of the schema's revisions, read from the migration files themselves.

Kept apart from :mod:`referee.store.migrate` because it needs neither Alembic nor SQLAlchemy:
``referee state`` checks a SQLite file's revision with the standard library alone
(:mod:`referee.store.sqlite_state`).
"""

from __future__ import annotations

import ast

from referee.errors import StoreError
from referee.paths import MIGRATIONS_DIR


def _declared(path_text: str) -> tuple[str | None, str | None]:
    """A migration file's ``revision`` and ``down_revision`` assignments."""
    values: dict[str, str | None] = {}
    for node in ast.parse(path_text).body:
        target = value = None
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target, value = node.target.id, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = node.targets[0]
            target, value = (name.id if isinstance(name, ast.Name) else None), node.value
        if target in ("revision", "down_revision") and isinstance(value, ast.Constant):
            values[target] = None if value.value is None else str(value.value)
    return values.get("revision"), values.get("down_revision")


def revisions() -> list[str]:
    """Every revision from the first to head, read from the migration files."""
    parents: dict[str, str | None] = {}
    for path in sorted((MIGRATIONS_DIR / "versions").glob("*.py")):
        revision, down = _declared(path.read_text(encoding="utf-8"))
        if revision is not None:
            parents[revision] = down
    chain: list[str] = []
    children = {down: revision for revision, down in parents.items()}
    if len(children) != len(parents):
        raise StoreError("the migrations branch: the referee's own files are broken")
    current = children.get(None)
    while current is not None:
        chain.append(current)
        current = children.get(current)
    if not chain or len(chain) != len(parents):
        raise StoreError("no migrations found")
    return chain


def head_revision() -> str:
    return revisions()[-1]


def require_known(current: str | None) -> None:
    if current is not None and current not in revisions():
        raise StoreError(
            f"the database schema is at {current}, which this referee does not know (a newer "
            "version made it): run the newer referee, or restore a backup"
        )
