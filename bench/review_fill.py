"""How fast the review page fills its rows (issue 22: "after 3 s only 8 of 160 rows were filled").

Run: .venv/bin/python bench/review_fill.py [--moves 160] [--runs 1]
A real server (``paciencia serve``, SQLite) on loopback and headless Chromium at 390x844. For
each game (a Klondike and a Crescent deal), a seeded random record of ``--moves`` legal moves
(an undo where none is left) is played through the API, the game is left for a new one (so
that it may be reviewed), and its review page is opened in a new context. The page records,
from the navigation's start, when each row's chance cell is filled (a MutationObserver set up
before the page's own script); the script prints when the page's HTML had come (the review is
worked out before it), when the first row was filled, how many were after 3 s and after 10 s,
and when the last one was (or how many by 60 s).
"""

from __future__ import annotations

import argparse
import random
from contextlib import suppress
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_site import CHROMIUM_ARGS, chromium_path, machine, served

from paciencia.games import new_state

GAMES = {"klondike": "KL1-3-AAAAAAB", "crescent": "CR1-N-AAAAAAB"}
WAIT_S = 60.0

# Every row's chance cell ("…" until filled) is watched from the first parse; the time each
# was first filled is kept in window.__filled.
WATCH = """
window.__filled = {};
new MutationObserver(() => {
  for (const cell of document.querySelectorAll('#review tbody .percent')) {
    const row = cell.closest('tr').id;
    if (!(row in window.__filled) && cell.textContent.trim() !== '…') window.__filled[row] = performance.now();
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def record(code: str, moves: int, seed: int = 7) -> list[str]:
    """A seeded random game: legal moves, and an undo where none is left (so that it lasts)."""
    rng = random.Random(seed)
    state = new_state(code)
    tokens: list[str] = []
    while len(tokens) < moves:
        legal = state.legal_moves()
        if not legal and not state.can_undo:
            break
        token = str(rng.choice(legal)) if legal else "U"
        state.play(token)
        tokens.append(token)
    return tokens


def played(context: BrowserContext, code: str, tokens: list[str]) -> dict[str, Any]:
    """The game, played through the API, then left for a new one (it may be reviewed then)."""
    game: dict[str, Any] = context.request.post("/api/games", data={"code": code}).json()
    for token in tokens:
        res = context.request.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": game["version"]})
        assert res.ok, res.text()
        game = res.json()
    if game["status"] == "playing":
        assert context.request.post("/api/games", data={"game": game["game"]}).ok
    return game


def fill_times(context: BrowserContext, game: dict[str, Any]) -> tuple[int, float, list[float]]:
    """The page's rows, when its HTML had come (ms), and when each row was filled (ms)."""
    page = context.new_page()
    page.add_init_script(WATCH)
    page.goto(f"/en/{game['game']}/{game['id']}/review")
    rows = page.locator("#review tbody tr").count()
    with suppress(PlaywrightTimeout):  # printed as not all filled
        page.wait_for_function("(n) => Object.keys(window.__filled).length >= n", arg=rows, timeout=WAIT_S * 1000)
    times: list[float] = page.evaluate("Object.values(window.__filled)")
    html: float = page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd")
    page.close()
    return rows, html, sorted(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=160)
    parser.add_argument("--runs", type=int, default=1)
    ns = parser.parse_args()
    print(machine())
    head = ("game", "rows", "page", "first row", "after 3 s", "after 10 s", "all filled")
    print("{:<10} {:>5} {:>7} {:>10} {:>10} {:>11} {:>12}".format(*head))
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, code in GAMES.items():
            tokens = record(code, ns.moves)
            for _ in range(ns.runs):
                context = browser.new_context(base_url=url, viewport={"width": 390, "height": 844})
                game = played(context, code, tokens)
                rows, html, times = fill_times(context, game)
                context.close()
                at3 = sum(1 for t in times if t <= 3000)
                at10 = sum(1 for t in times if t <= 10000)
                done = f"{times[-1] / 1000:.1f} s" if len(times) == rows else f"{len(times)} by {WAIT_S:.0f} s"
                first = f"{times[0] / 1000:.1f} s" if times else "never"
                page = f"{html / 1000:.1f} s"
                print(f"{name:<10} {rows:>5} {page:>7} {first:>10} {at3:>10} {at10:>11} {done:>12}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
