from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import PostgresServer, start_postgres


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One real PostgreSQL server for the whole session, started on first use."""
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()
