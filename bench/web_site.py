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

from paciencia.web import chromium
from paciencia.web.chromium import CHROMIUM_ARGS as CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
# Hearts only: pile 2's 4♥ has one destination (pile 1), so a click on pile 2 plays a move.
HEARTS = """# crescent CR1-N-AAAAAAA moves=0 redeals=3
As: As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks
Ah: Ah 2h
Ad: Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd
Ac: Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc
Ks: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As
Kh: Kh Qh
Kd: Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ad
Kc: Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c Ac
1: 5h 3h
2: 6h 4h
3: Ah 2h 3h 4h 5h 6h 7h 7h 8h 8h 9h 9h Th
4: Th Jh Jh Qh Kh
""" + "".join(f"{i}:\n" for i in range(5, 17))


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
def served() -> Iterator[str]:
    """``paciencia serve`` on 127.0.0.1 and a new SQLite file; yields its base URL."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", f"sqlite:///{tmp}/b.db"]
        proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
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
