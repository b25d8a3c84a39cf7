"""The store on each database: its schema by migrations, long games loaded from a snapshot,
the record's limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, select

from paciencia.games import new_state, state_from_text
from paciencia.web.schema import current_revision, database_url
from paciencia.web.store import SNAPSHOT_EVERY, SNAPSHOT_LAG, GameTooLong, Store, games, metadata
from tests.tables import crescent_table

PLAYER = "p" * 22

# Hearts to go; pile 1's 8♥ passes to pile 3's 7♥ and back for ever.
SHUTTLE = crescent_table(
    {"Ah": "6", "Kh": "8"},
    [["Ah", "2h", "3h", "9h", "8h"], ["4h", "5h", "6h", "Kh", "Qh", "Jh", "Th", "7h"], ["7h"]],
    redeals=0,
)


def test_the_migrated_schema_is_the_one_the_store_uses(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert current_revision(conn) == "0005"
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    store.close()
    Store(db_url).close()  # a second start finds the schema current


def test_a_database_made_before_migrations_is_taken_over(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as conn:  # the first release's tables, as its create_all made them
        conn.exec_driver_sql(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, player VARCHAR(64) NOT NULL, game VARCHAR(16) NOT NULL,"
            " start_kind VARCHAR(8) NOT NULL, start TEXT NOT NULL, tokens TEXT NOT NULL, version INTEGER NOT NULL,"
            " table_text TEXT NOT NULL, status VARCHAR(16) NOT NULL, created FLOAT NOT NULL, started FLOAT,"
            " ended FLOAT, updated FLOAT NOT NULL)"
        )
        conn.exec_driver_sql("CREATE INDEX games_by_player ON games (player, game, updated)")
        conn.exec_driver_sql(
            "CREATE TABLE verdicts (code VARCHAR(40) PRIMARY KEY, game VARCHAR(16) NOT NULL,"
            " variant VARCHAR(4) NOT NULL, verdict VARCHAR(16) NOT NULL, line_length INTEGER NOT NULL,"
            " seconds FLOAT NOT NULL, solved FLOAT NOT NULL, handed INTEGER NOT NULL)"
        )
        conn.exec_driver_sql("CREATE INDEX verdicts_pool ON verdicts (game, variant, verdict, handed)")
        conn.exec_driver_sql(
            "INSERT INTO games VALUES ('" + "g" * 22 + "', '" + PLAYER + "', 'crescent', 'code', 'CR1-N-AAAAAAB',"
            " '', 0, '', 'playing', 0, NULL, NULL, 0)"
        )
    engine.dispose()
    store = Store(url)
    assert store.load("g" * 22, PLAYER).version == 0
    assert {c["name"] for c in inspect(store.engine).get_columns("games")} >= {"snap_version", "snap_text"}
    store.close()


def test_a_long_game_loads_from_its_snapshot_with_the_same_undo_history(db_url: str) -> None:
    store = Store(db_url)
    state = state_from_text(SHUTTLE)
    game = store.create(PLAYER, "text", state.to_text(), state)
    for n in range(3 * SNAPSHOT_EVERY + 37):
        store.play(game.id, PLAYER, "1-3" if n % 2 == 0 else "3-1", n)
    live = store.load(game.id, PLAYER)
    store.close()
    cold = Store(db_url)
    loaded = cold.load(game.id, PLAYER)
    # Only the tail after the snapshot was replayed: at most this many moves, however long the game.
    assert loaded.version - loaded.snap_version <= SNAPSHOT_EVERY + SNAPSHOT_LAG
    assert loaded.snap_version > 0
    assert loaded.state.to_text() == live.state.to_text()
    assert list(map(str, loaded.state.move_stack)) == list(map(str, live.state.move_stack))
    assert len(loaded.state.move_stack) == 100  # Crescent's whole undo window came back
    at, snap = loaded.version, loaded.snap_version
    for n in range(100):
        cold.play(game.id, PLAYER, "U", at + n)
    assert not cold.load(game.id, PLAYER).state.can_undo
    with cold.engine.connect() as conn:
        row = conn.execute(select(games.c.snap_version, games.c.version).where(games.c.id == game.id)).one()
    assert row.snap_version >= snap and row.version == at + 100
    cold.close()


def test_a_game_takes_no_more_moves_than_its_record_keeps(db_url: str) -> None:
    store = Store(db_url, max_tokens=30)
    state = new_state("KL1-3-AAAAAAB")
    game = store.create(PLAYER, "code", "KL1-3-AAAAAAB", state)
    for n in range(30):
        store.play(game.id, PLAYER, "D", n)
    with pytest.raises(GameTooLong):
        store.play(game.id, PLAYER, "D", 30)
    assert store.load(game.id, PLAYER).version == 30
    store.close()


def test_postgresql_urls_go_through_psycopg() -> None:
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x") == "sqlite:///x"
