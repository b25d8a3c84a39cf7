"""What the site can be told at start: where it listens, where it keeps its games."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
ENV_DATABASE = "PACIENCIA_DATABASE"
ENV_SECURE = "PACIENCIA_SECURE_COOKIE"
"""How ``paciencia serve --workers N`` hands its settings to each worker process."""


def data_dir() -> Path:
    """The user's data folder for paciencia (XDG on Linux, the platform's own elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "paciencia"


def default_database_url() -> str:
    """An SQLite file in the user's data folder, made on first use."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'paciencia.sqlite3'}"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = field(default_factory=default_database_url)
    max_body: int = 32 * 1024
    """Largest request body accepted, in bytes (a table text is about 1.5 KB)."""
    cookie_name: str = "paciencia_player"
    cookie_secure: bool = False
    """Mark the player cookie Secure (set it when the site is served over HTTPS)."""
    cache_size: int = 2000
    """How many games the server keeps ready in memory (the database is the truth)."""
    winnable_pool: int = 3
    """Proved winnable deals kept ready per variant once a player asks for one (0: none kept)."""
    winnable_attempts: int = 8
    """Deals tried at most while a player waits for a winnable one (when the pool is empty)."""
    new_games_per_minute: float = 30.0
    """Games one address may start a minute without a player cookie (past a burst of as many)."""
    hint_workers: int = 2
    """Hints worked out at the same time (one per core)."""
    hint_queue: int = 8
    """Hints that may wait for a worker; past them a hint is answered 429 with Retry-After."""
    hints_per_minute: float = 60.0
    """Hints (and chances) one player may ask a minute past a burst of 10; then 429."""
    measure_levels: bool = True
    """Measure, in one background thread, the level of a finished game's deal that has none yet."""

    @classmethod
    def from_environment(cls) -> Settings:
        database = os.environ.get(ENV_DATABASE)
        secure = os.environ.get(ENV_SECURE) == "1"
        return cls(database_url=database, cookie_secure=secure) if database else cls(cookie_secure=secure)
