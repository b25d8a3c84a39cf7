"""Whether a line played offline went onto a game (``from_offline``): its moves reached the
server at once, and its clock is the device's, so the daily comparison leaves it out.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite adds a column in place
        batch.add_column(sa.Column("from_offline", sa.Integer, nullable=False, server_default="0"))
    # Before the mark, a game made by a line is known by its source; a daily game that a line
    # went onto is not known, and stays compared.
    op.execute("UPDATE games SET from_offline = 1 WHERE source = 'offline'")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("from_offline")
