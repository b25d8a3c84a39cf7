"""A difficulty level for every deal measured (``paciencia/analysis/levels.py``), kept like the
solver's verdicts; and, per game, the level its player chose (``Winnable, hard``), if any.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "levels",
        sa.Column("code", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("variant", sa.String(4), nullable=False),
        sa.Column("level", sa.String(12)),  # easy … expert, unwinnable; None: the solver could not settle it
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("nodes", sa.BigInteger, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("seeds", sa.Integer, nullable=False),
        sa.Column("rated", sa.Float, nullable=False),
    )
    with op.batch_alter_table("games") as batch:  # SQLite alters a table by copying it
        batch.add_column(sa.Column("level", sa.String(12)))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("level")
    op.drop_table("levels")
