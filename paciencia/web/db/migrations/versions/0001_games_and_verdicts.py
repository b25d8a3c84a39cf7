"""Games and verdicts, as the site first stored them.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("start_kind", sa.String(8), nullable=False),
        sa.Column("start", sa.Text, nullable=False),
        sa.Column("tokens", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("table_text", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("started", sa.Float),
        sa.Column("ended", sa.Float),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("games_by_player", "games", ["player", "game", "updated"])
    op.create_table(
        "verdicts",
        sa.Column("code", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("variant", sa.String(4), nullable=False),
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("line_length", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("solved", sa.Float, nullable=False),
        sa.Column("handed", sa.Integer, nullable=False),
    )
    op.create_index("verdicts_pool", "verdicts", ["game", "variant", "verdict", "handed"])


def downgrade() -> None:
    op.drop_table("verdicts")
    op.drop_table("games")
