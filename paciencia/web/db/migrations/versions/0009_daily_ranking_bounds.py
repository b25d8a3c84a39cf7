"""The daily ranking without the table texts (issue 43's bounds): each game's moves figure kept
in a column of its own (filled in here for the daily games stored before), and the daily games
found by their deal and start time through an index of their own.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from paciencia.engine.tabletext import header_field

revision = "0009"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None

BATCH = 500


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("moves", sa.Integer))
    games = sa.table(
        "games", sa.column("id", sa.String), sa.column("table_text", sa.Text), sa.column("moves", sa.Integer)
    )
    conn = op.get_bind()
    daily = sa.text("source = 'daily' AND moves IS NULL")
    while True:  # a batch at a time: the table texts of every daily game are never held at once
        rows = conn.execute(sa.select(games.c.id, games.c.table_text).where(daily).limit(BATCH)).all()
        if not rows:
            break
        for game_id, text in rows:
            moves = int(header_field(str(text), "moves") or 0)
            conn.execute(sa.update(games).where(games.c.id == game_id).values(moves=moves))
    op.create_index(
        "games_daily_by_start",
        "games",
        ["start", "created"],
        sqlite_where=sa.text("source = 'daily'"),
        postgresql_where=sa.text("source = 'daily'"),
    )


def downgrade() -> None:
    op.drop_index("games_daily_by_start", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("moves")
