"""Shared by the web benchmarks: a real server in a subprocess on a loopback port, and Chromium.

Not a benchmark itself. The server is ``paciencia serve`` on a fresh SQLite file, so every
figure includes the real HTTP stack and a real database write per move.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the benchmarks share the tests' Chromium
from tests import chromium
from tests.chromium import CHROMIUM_ARGS as CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent


def chromium_path() -> str:
    found = chromium.chromium_path()
    if not found:
        sys.exit("no chromium: install Debian's (apt-get install chromium) or set CHROMIUM_PATH")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def served(tree: Path | None = None) -> Iterator[str]:
    """``paciencia serve`` on 127.0.0.1 and a new SQLite file, run from ``tree`` (another source
    tree with its C loops built), else from ``ROOT`` as it is when called (this checkout, or the
    tree a bench's ``--root`` put there); yields its base URL."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", f"sqlite:///{tmp}/b.db"]
        proc = subprocess.Popen(cmd, cwd=tree or ROOT, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 90  # a loaded machine starts it slowly
            while True:
                try:
                    with urllib.request.urlopen(url + "/en/", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.05)
            yield url
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def open_table(page: Page, game: str, body: dict[str, Any]) -> dict[str, Any]:
    """A new game from ``body`` (through the API, not timed), opened on ``game``'s table page."""
    found: dict[str, Any] = page.request.post("/api/games", data=body).json()
    page.goto(f"/en/{game}/{found['id']}")
    page.wait_for_selector("html[data-ready]")
    return found


def move_and_undo(page: Page, target: Locator, n: int) -> list[float]:
    """``n`` clicks, in turn on ``target`` (a move: the counter reads 1) and on Undo (back to 0);
    the page's ``move`` measures, click to drawn, in ms."""
    counter = page.locator("#moves")
    for i in range(n):
        if i % 2 == 0:
            target.click()
            expect(counter).to_have_text("1")
        else:
            page.locator("#undo").click()
            expect(counter).to_have_text("0")
        page.wait_for_timeout(60)
    times: list[float] = page.evaluate("performance.getEntriesByName('move', 'measure').map(m => m.duration)")
    return times


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def machine() -> str:
    """The load this machine was under: shared machines make timings noisy."""
    one, five, _ = os.getloadavg()
    return f"machine: {os.cpu_count()} cores, load average {one:.2f} (1 min) {five:.2f} (5 min)"
