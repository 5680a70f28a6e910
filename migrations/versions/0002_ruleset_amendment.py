"""ruleset amendments; game_event.state_after holds SQL NULL, never JSON null

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 20:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import referee.store.models

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ruleset_amendment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=200), nullable=False),
        sa.Column("effective_at", referee.store.models.UtcDateTime(), nullable=False),
        sa.Column("ruleset", sa.String(length=50), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("recorded_at", referee.store.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ruleset_amendment")),
    )
    with op.batch_alter_table("ruleset_amendment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ruleset_amendment_game"), ["game"], unique=False)

    # Events that changed nothing were stored with the JSON value null; make it SQL NULL,
    # which is what every "last change" query asks for.
    op.execute("UPDATE game_event SET state_after = NULL WHERE CAST(state_after AS TEXT) = 'null'")


def downgrade() -> None:
    with op.batch_alter_table("ruleset_amendment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ruleset_amendment_game"))
    op.drop_table("ruleset_amendment")
