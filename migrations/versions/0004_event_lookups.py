"""event lookups: a game's last event of a kind, and its last change, by index

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 20:40:00

Before every message the engine asks for a game's last weekly report and, once a game is
over, its last change. Without these indexes both walk back through the game's events
until one matches, which after a finished game or an unpublished archive is most of its
history.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CHANGED = sa.text("state_after IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("game_event", schema=None) as batch_op:
        batch_op.create_index("ix_game_event_game_kind", ["game", "kind", "sequence"], unique=False)
        batch_op.create_index(
            "ix_game_event_changes",
            ["game", "sequence"],
            unique=False,
            sqlite_where=_CHANGED,
            postgresql_where=_CHANGED,
        )


def downgrade() -> None:
    with op.batch_alter_table("game_event", schema=None) as batch_op:
        batch_op.drop_index("ix_game_event_changes")
        batch_op.drop_index("ix_game_event_game_kind")
