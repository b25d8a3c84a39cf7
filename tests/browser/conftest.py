"""Real Chromium (Debian's) through Playwright, against a real server on a loopback port and a real SQLite file."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Locator, Page, ViewportSize, expect

from paciencia.i18n import LOCALES
from paciencia.web import Settings, create_app
from tests.chromium import CHROMIUM_ARGS, chromium_path


class LiveServer:
    """The site in a thread, on a loopback port that it keeps across restarts."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.port = 0
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        # Every test's browser is new (no cookie) and all come from one address: more games a
        # minute than a visitor may start (the limit has its own tests).
        app = create_app(Settings(database_url=f"sqlite:///{self.database}", new_games_per_minute=100_000))
        config = uvicorn.Config(app, log_level="warning", lifespan="on")
        server = uvicorn.Server(config)
        self.server = server
        self.thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        self._sock = sock

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=10)
            self._sock.close()
            self.server = None


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("site") / "games.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    return live_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    path = chromium_path()
    if path is None:
        pytest.fail("no Chromium: scripts/test installs Debian's before the tests (or set CHROMIUM_PATH)")
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


ONLINE: dict[str, Any] = {"service_workers": "block"}
"""A browser context's arguments for a test that is not about offline play: no service worker.
With one, a page starts offline play once a move is made (it fetches the offline bundle and
starts Pyodide in the background): seconds of both cores a test, half the browser tests' CPU.
The offline tests (test_offline*.py, and a test marked ``browser_context_args(service_workers=
"allow")``) keep it."""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, **ONLINE}


# Generous waits: CI may share the machine with other work. A passing step does not wait them out.
expect.set_options(timeout=10_000)


@pytest.fixture
def page(page: Page) -> Page:
    page.set_default_timeout(10_000)
    return page


# -- what the pages' tests share ---------------------------------------------------------------


def some_locales(turn: int, count: int = 2) -> list[Any]:
    """The languages of a test that walks a whole game or page once per language: English and
    ``count`` others in the quick run, different ones for each ``turn`` (so that the quick run's
    such tests meet every language between them), and all five with ``-m slow``. Every language's
    words are checked without a browser as well (tests/i18n, tests/web)."""
    others = [lang for lang in LOCALES if lang != "en"]
    quick = {"en", *(others[(turn + 2 * k) % len(others)] for k in range(count))}
    return [pytest.param(lang, marks=() if lang in quick else pytest.mark.slow) for lang in LOCALES]


PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
AT_LEAST_3 = re.compile(r"^([3-9]|\d\d+)$")
"""A moves counter once Finish has played a few steps (the tests of Finish, in any game)."""


def open_table(page: Page, game: str, body: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Starts a game for this browser through the API (sharing the page's cookies) and opens it
    on ``game``'s table path (the page sends a game of the other kind to its own)."""
    res = page.request.post("/api/games", data=body)
    assert res.ok, res.text()
    found: dict[str, Any] = res.json()
    page.goto(f"/{lang}/{game}/{found['id']}")
    page.wait_for_selector("html[data-ready]")
    return found


def place(page: Page, pid: str) -> Locator:
    return page.locator(f'.place[data-place="{pid}"]')


def moves(page: Page) -> Locator:
    return page.locator("#moves")


INPUT_JS = Path(__file__).parents[2] / "paciencia/web/static/js/input.js"
DOUBLE_MS = int(re.search(r"const DOUBLE_MS = (\d+);", INPUT_JS.read_text())[1])  # type: ignore[index]


def wait_past_double_tap(page: Page) -> None:
    """Waits, on the page's own clock, until a tap already shown can no longer be the first half
    of a double tap: the next is a tap of its own however slowly a loaded machine runs the test."""
    page.wait_for_function("t => performance.now() > t", arg=page.evaluate("performance.now()") + DOUBLE_MS + 50)


def center(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
