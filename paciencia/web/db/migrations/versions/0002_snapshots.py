"""A snapshot beside each game's record: a position part way, so that loading a long game
replays only the moves after it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite alters a table by copying it
        batch.add_column(sa.Column("snap_version", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("snap_text", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("snap_text")
        batch.drop_column("snap_version")
