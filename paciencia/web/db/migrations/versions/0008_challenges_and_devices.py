"""Daily challenges, the daily ranking and a record on every device (issue 43): the challenge of
the week, the key that orders the candidate deals, the players' handles, their linked browsers
and one-time link codes, the daily deals found by their code, and the imported games' mark.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("imported", sa.Integer, nullable=False, server_default="0"))
    op.create_index("daily_by_code", "daily", ["code"])
    op.create_table(
        "weekly",
        sa.Column("week", sa.String(8), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("variant", sa.String(4), nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
    )
    op.create_index("weekly_by_code", "weekly", ["code"])
    op.create_table(
        "site_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.create_table(
        "handles",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("adjective", sa.Integer, nullable=False),
        sa.Column("animal", sa.Integer, nullable=False),
        sa.Column("shown", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "devices",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("devices_by_player", "devices", ["player"])
    op.create_table(
        "link_codes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("slot", sa.String(40), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("link_codes_by_slot", "link_codes", ["slot"])
    op.create_index("link_codes_by_player", "link_codes", ["player"])


def downgrade() -> None:
    for table in ("link_codes", "devices", "handles", "site_keys", "weekly"):
        op.drop_table(table)
    op.drop_index("daily_by_code", "daily")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("imported")
