"""The limits every server process on the database shares: token buckets, the hints being
worked out, and the row admissions take turns on (``paciencia/web/db/limits.py``).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "limit_buckets",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "limit_running",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("ticket", sa.String(32), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("limit_running_expires", "limit_running", ["expires"])
    gate = op.create_table(
        "limit_gate",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("turns", sa.Integer, nullable=False),
    )
    op.bulk_insert(gate, [{"id": 1, "turns": 0}])


def downgrade() -> None:
    op.drop_table("limit_gate")
    op.drop_index("limit_running_expires", "limit_running")
    op.drop_table("limit_running")
    op.drop_table("limit_buckets")
