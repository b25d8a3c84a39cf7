from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paciencia.web import Settings, create_app
from tests.postgres import PostgresServer


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every API and store test runs on an SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    url = server.create_database()
    yield url
    server.drop_database(url)


@pytest.fixture
def app(db_url: str) -> FastAPI:
    return create_app(Settings(database_url=db_url))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def other(app: FastAPI) -> Iterator[TestClient]:
    """Another browser: its own cookie jar."""
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c
