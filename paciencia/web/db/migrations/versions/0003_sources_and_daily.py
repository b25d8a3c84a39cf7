"""How each game was started (for the statistics), and the day's deal of each game and variant.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite alters a table by copying it
        batch.add_column(sa.Column("source", sa.String(8)))
    op.create_table(
        "daily",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("variant", sa.String(4), primary_key=True),
        sa.Column("code", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("source")
