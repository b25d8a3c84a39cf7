"""The store on each database: its schema by migrations, long games loaded from a snapshot,
the record's limit."""

from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, create_engine, inspect, select, text

from paciencia.games import new_state, state_from_text
from paciencia.i18n import Words
from paciencia.web.db.migrate import MIGRATIONS, current_revision, database_url
from paciencia.web.db.store import SNAPSHOT_EVERY, SNAPSHOT_LAG, GameClosed, GameTooLong, Store
from paciencia.web.db.tables import games, metadata, moves
from paciencia.web.service.games import Games
from paciencia.web.service.winnable import WinnableDeals
from tests.tables import crescent_table

PLAYER = "p" * 22
WORDS = Words("en")


_SERVICES: WeakKeyDictionary[Store, Games] = WeakKeyDictionary()


def play(store: Store, game_id: str, player: str, token: str, version: int) -> None:
    """Plays ``token`` as the site does (the service: the game's state plays it, the store
    records it; no hint is asked, so the service's workers never start)."""
    service = _SERVICES.get(store)
    if service is None:
        service = _SERVICES[store] = Games(store, WinnableDeals(store))
    service.play(game_id, player, token, version, WORDS)


def command_upgrade(conn: Connection, revision: str) -> None:
    """Migrates the database on ``conn`` to ``revision`` (an older release's schema)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, revision)


# Hearts to go; pile 1's 8♥ passes to pile 3's 7♥ and back for ever.
SHUTTLE = crescent_table(
    {"Ah": "6", "Kh": "8"},
    [["Ah", "2h", "3h", "9h", "8h"], ["4h", "5h", "6h", "Kh", "Qh", "Jh", "Th", "7h"], ["7h"]],
    redeals=0,
)


def test_the_migrated_schema_is_the_one_the_store_uses(db_url: str) -> None:
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert current_revision(conn) == "0009"
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
        play(store, game.id, PLAYER, "1-3" if n % 2 == 0 else "3-1", n)
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
        play(cold, game.id, PLAYER, "U", at + n)
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
        play(store, game.id, PLAYER, "D", n)
    with pytest.raises(GameTooLong):
        play(store, game.id, PLAYER, "D", 30)
    assert store.load(game.id, PLAYER).version == 30
    store.close()


def test_sqlite_flushes_each_commit_to_disk(tmp_path: Path) -> None:
    # FULL, not NORMAL: with WAL, NORMAL keeps answered moves through a kill -9, not a power cut.
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()


def test_postgresql_urls_go_through_psycopg() -> None:
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x") == "sqlite:///x"


# -- moves appended, games left ----------------------------------------------------------------


def _row_bytes(store: Store, game_id: str) -> int:
    with store.engine.connect() as conn:
        row = conn.execute(select(games).where(games.c.id == game_id)).mappings().one()
    return sum(len(str(v)) for v in row.values())


def test_a_move_writes_as_much_at_move_1000_as_at_move_10(db_url: str) -> None:
    """A move appends one row and rewrites a game row that does not grow with the record."""
    store = Store(db_url)
    game = store.create(PLAYER, "code", "KL1-3-AAAAAAB", new_state("KL1-3-AAAAAAB"))
    sizes = {}
    for n in range(1000):
        play(store, game.id, PLAYER, "D", n)
        if n + 1 in (10, 1000):
            sizes[n + 1] = _row_bytes(store, game.id)
    assert abs(sizes[1000] - sizes[10]) < 40, sizes  # a few digits more, never the record
    with store.engine.connect() as conn:
        tokens = conn.execute(select(moves.c.n, moves.c.token).where(moves.c.game_id == game.id)).all()
    assert sorted(tokens) == [(n, "D") for n in range(1000)]
    store.close()
    cold = Store(db_url)
    assert cold.load(game.id, PLAYER).version == 1000
    cold.close()


def test_a_new_game_leaves_the_players_game_of_the_same_game(db_url: str) -> None:
    store = Store(db_url)
    first = store.create(PLAYER, "code", "KL1-3-AAAAAAB", new_state("KL1-3-AAAAAAB"))
    play(store, first.id, PLAYER, "D", 0)
    crescent = store.create(PLAYER, "code", "CR1-N-AAAAAAB", new_state("CR1-N-AAAAAAB"))
    store.create(PLAYER, "code", "KL1-3-AAAAAAC", new_state("KL1-3-AAAAAAC"))
    store.create("q" * 22, "code", "KL1-3-AAAAAAC", new_state("KL1-3-AAAAAAC"))  # another player's
    left = store.load(first.id, PLAYER)
    assert left.left and left.closed and left.result == "left"
    with pytest.raises(GameClosed):
        play(store, first.id, PLAYER, "D", 1)
    assert not store.load(crescent.id, PLAYER).closed  # another game is not left
    store.close()


def test_games_of_a_release_before_appended_moves_are_carried_over(tmp_path: Path) -> None:
    """A database at revision 0003 (the record in one column): every game keeps its moves, and a
    game its player had left (a newer one of the same game started after it) is closed."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        command_upgrade(conn, "0003")
        state = new_state("KL1-3-AAAAAAB")
        tokens = ["D", "D", "D"]
        state.play_all(tokens)
        for i, (gid, created) in enumerate((("a" * 22, 1.0), ("b" * 22, 2.0))):
            conn.exec_driver_sql(
                "INSERT INTO games (id, player, game, start_kind, start, tokens, version, table_text, status,"
                " created, started, ended, updated, snap_version, source) VALUES"
                f" ('{gid}', '{PLAYER}', 'klondike', 'code', 'KL1-3-AAAAAAB', '{' '.join(tokens[: 3 - i])}',"
                f" {3 - i}, 'x', 'playing', {created}, 1.0, NULL, {created}, 0, 'random')"
            )
    engine.dispose()
    store = Store(url)
    older, newer = store.load("a" * 22, PLAYER), store.load("b" * 22, PLAYER)
    assert older.tokens == tokens and older.state.to_text() == state.to_text()
    assert older.left and older.closed
    assert newer.tokens == tokens[:2] and not newer.closed
    play(store, newer.id, PLAYER, "D", 2)
    store.close()


def test_daily_games_of_a_release_before_0009_keep_their_moves_figure(db_url: str) -> None:
    """A database at revision 0008 (the moves figure only in the table text): its daily games get
    the figure in a column of their own, and the challenge's games are found through their index."""
    engine = create_engine(database_url(db_url))
    state = new_state("KL1-3-AAAAAAB")
    state.play_all(["D", "D", "D"])
    with engine.begin() as conn:
        command_upgrade(conn, "0008")
        for gid, source in (("a" * 22, "daily"), ("b" * 22, "random")):
            conn.exec_driver_sql(
                "INSERT INTO games (id, player, game, start_kind, start, version, table_text, status, created,"
                " started, ended, updated, snap_version, source, closed, level, from_offline, imported) VALUES"
                f" ('{gid}', '{PLAYER}', 'klondike', 'code', 'KL1-3-AAAAAAB', 3, '{state.to_text()}', 'left', 1.0,"
                f" 1.0, 9.0, 9.0, 0, '{source}', 1, NULL, 0, 0)"
            )
    engine.dispose()
    store = Store(db_url)
    with store.engine.connect() as conn:
        assert current_revision(conn) == "0009"
        figures = dict(conn.execute(select(games.c.id, games.c.moves)).all())
    assert figures == {"a" * 22: 3, "b" * 22: None}  # the daily one filled in; no other is read
    [result] = store.daily_results("KL1-3-AAAAAAB", 0.0)
    assert (result.player, result.moves, result.status) == (PLAYER, 3, "left")
    if store.engine.dialect.name == "sqlite":
        query = str(
            select(games.c.id)
            .where(games.c.source == text("'daily'"), games.c.start == "x", games.c.created >= 0)
            .compile(store.engine, compile_kwargs={"literal_binds": True})
        )
        with store.engine.connect() as conn:
            plan = " ".join(str(r[-1]) for r in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + query))
        assert "games_daily_by_start" in plan, plan
    store.close()


def test_a_replay_from_a_late_move_is_stored_in_one_transaction(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient
    from sqlalchemy import event

    from paciencia.web import Settings, create_app

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        game = client.post("/api/games", json={"code": "KL1-3-AAAAAAB"}).json()
        gid = game["id"]
        store = app.state.store
        player = client.cookies["paciencia_player"].partition(".")[0]
        for n in range(600):
            app.state.games.play(gid, player, "D", n, WORDS)
        commits = []
        event.listen(store.engine, "commit", lambda _conn: commits.append(1))
        res = client.post("/api/games", json={"replay": gid, "at": 600})
        assert res.status_code == 201, res.text
        assert res.json()["version"] == 600
        assert len(commits) <= 6, len(commits)  # the admission's few and the game's one; was one per move
