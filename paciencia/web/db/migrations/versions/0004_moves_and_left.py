"""Moves appended a row each (instead of the whole record rewritten by every move); games left
for a newer one marked ``left``; and ``closed``: a game that takes no more moves (won, left,
or reviewed once blocked).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None

BATCH = 5000


def upgrade() -> None:
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(16), nullable=False),
        sqlite_with_rowid=False,
    )
    conn = op.get_bind()
    moves = sa.table("moves", sa.column("game_id"), sa.column("n"), sa.column("token"))
    rows: list[dict[str, object]] = []
    for game_id, tokens in conn.execute(sa.text("SELECT id, tokens FROM games WHERE version > 0")):
        rows.extend({"game_id": game_id, "n": i, "token": t} for i, t in enumerate(tokens.split()))
        if len(rows) >= BATCH:
            conn.execute(moves.insert(), rows)
            rows = []
    if rows:
        conn.execute(moves.insert(), rows)
    # A game still "playing" that is not its player's newest of that game was left for a newer
    # one (as the statistics counted it): it is closed now, ended when it was last touched.
    newest: dict[tuple[str, str], str] = {}
    for game_id, player, name in conn.execute(sa.text("SELECT id, player, game FROM games ORDER BY created")):
        newest[(player, name)] = game_id
    keep = set(newest.values())
    playing = conn.execute(sa.text("SELECT id FROM games WHERE status = 'playing'")).scalars().all()
    for game_id in playing:
        if game_id not in keep:
            conn.execute(sa.text("UPDATE games SET status = 'left', ended = updated WHERE id = :id"), {"id": game_id})
    with op.batch_alter_table("games") as batch:  # SQLite alters a table by copying it
        batch.drop_column("tokens")
        batch.add_column(sa.Column("closed", sa.Integer, nullable=False, server_default="0"))
    conn.execute(sa.text("UPDATE games SET closed = 1 WHERE status IN ('won', 'left')"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("tokens", sa.Text, nullable=False, server_default=""))
        batch.drop_column("closed")
    conn = op.get_bind()
    records: dict[str, list[str]] = {}
    for game_id, token in conn.execute(sa.text("SELECT game_id, token FROM moves ORDER BY game_id, n")):
        records.setdefault(game_id, []).append(token)
    for game_id, tokens in records.items():
        conn.execute(sa.text("UPDATE games SET tokens = :t WHERE id = :id"), {"t": " ".join(tokens), "id": game_id})
    conn.execute(sa.text("UPDATE games SET status = 'playing', ended = NULL WHERE status = 'left'"))
    op.drop_table("moves")
