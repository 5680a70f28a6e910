"""redacted mail: whose passphrase proved a message, DKIM at intake, encrypted originals

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 15:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbound_message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("passphrase_holders", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("dkim_domains", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("original_encrypted", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("inbound_message", schema=None) as batch_op:
        batch_op.drop_column("original_encrypted")
        batch_op.drop_column("dkim_domains")
        batch_op.drop_column("passphrase_holders")
