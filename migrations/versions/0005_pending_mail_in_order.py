"""pending mail in order: the messages of one status, in the order they take effect

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 23:50:00

Before each batch the processor asks for the next pending messages in the order they take
effect. With an index on the status alone and another on the order alone, a database whose
statistics are stale (PostgreSQL straight after a bulk import or replay) walks the whole
archive in order and filters it by status: 55 ms on a 50,000-message history for the one
new message. One index on (status, effective time, id) answers that query, and every other
query that filters by status, with a short range scan already in order; it replaces the
index on the status alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbound_message", schema=None) as batch_op:
        batch_op.create_index(
            "ix_inbound_message_status_order", ["status", "effective_at", "id"], unique=False
        )
        batch_op.drop_index("ix_inbound_message_status")


def downgrade() -> None:
    with op.batch_alter_table("inbound_message", schema=None) as batch_op:
        batch_op.create_index("ix_inbound_message_status", ["status"], unique=False)
        batch_op.drop_index("ix_inbound_message_status_order")
