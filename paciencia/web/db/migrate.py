"""The database's schema, brought up to date at start-up by Alembic migrations
(``paciencia/web/db/migrations``), and the URL forms we accept.

Several server processes may start together on a new database: one takes a lock (PostgreSQL:
an advisory lock; SQLite: a lock file beside the database), migrates, and lets go; the others
then find the schema current and do nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine, make_url

MIGRATIONS = Path(__file__).parent / "migrations"
ADVISORY_KEY = 0x7061636965  # "pacie": the one lock the site takes on a PostgreSQL server
BASELINE = "0001"
"""The schema the site made before it had migrations (``create_all``): stamped, not made."""


def database_url(url: str) -> str:
    """``postgresql://…`` (or ``postgres://``) through psycopg 3, the driver we ship; any
    other SQLAlchemy URL as it is."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _config(conn: Connection) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    import fcntl  # POSIX; elsewhere SQLite's own locking has to do

    with path.open("a") as handle:
        lock_file: IO[str] = handle
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)


@contextmanager
def _exclusive(engine: Engine) -> Iterator[Connection]:
    """A connection held by one starting process at a time. On SQLite the lock is taken before
    connecting: a connection's first statement (WAL mode) needs the database, which another
    process's migration may hold."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
            conn.commit()
            try:
                yield conn
            finally:
                conn.rollback()
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
                conn.commit()
        return
    database = make_url(str(engine.url)).database
    if engine.dialect.name == "sqlite" and database and database != ":memory:" and os.name == "posix":
        with _file_lock(Path(database + ".migrate-lock")), engine.connect() as conn:
            yield conn
        return
    with engine.connect() as conn:
        yield conn


def current_revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def migrate(engine: Engine) -> None:
    """Brings the schema to the newest revision (a no-op when it is there already)."""
    with _exclusive(engine) as conn:
        cfg = _config(conn)
        if current_revision(conn) is None and inspect(conn).has_table("games"):
            command.stamp(cfg, BASELINE)
            conn.commit()
        command.upgrade(cfg, "head")
        conn.commit()
