"""First render of each table (its game #1 of the first variant) in headless Chromium (budget 300 ms).

Run: .venv/bin/python bench/web_first_render.py [--runs N]
A real server (``paciencia serve``, SQLite) on loopback; each run opens the game's page in a new
browser context (empty cache) and reads the page's own ``first-render`` mark: the first
animation frame after the table is drawn and its script has wired it, measured from the
navigation's start. (The tools under the buttons, whose form controls are slow to lay out,
come in on the task after that frame.)
"""

from __future__ import annotations

import argparse
import statistics

from playwright.sync_api import StorageState, sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, open_table, percentile, served

from paciencia.games import REGISTRY

BUDGET_MS = 300.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    worst = 0.0
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        print(machine())
        print(f"runs: {runs} a table (each a new context: nothing cached)")
        # One player's cookie for every context: the server refuses an address's new players past a
        # rate (six tables of 9 runs met it), and the timed page load carries a cookie either way
        # (open_table's untimed POST sets it). Nothing else is kept: no cache, no local storage.
        player: StorageState = {"cookies": [], "origins": []}
        for name, entry in REGISTRY.items():
            code = f"{entry.game.prefix}{entry.game.version}-{next(iter(entry.game.variants))}-AAAAAAB"
            times: list[float] = []
            fcp: list[float] = []
            for run in range(runs + 1):  # the first run warms the browser and the server up: not counted
                context = browser.new_context(
                    base_url=url, viewport={"width": 390, "height": 844}, storage_state=player
                )
                page = context.new_page()
                open_table(page, name, {"code": code})
                player = {"cookies": context.storage_state()["cookies"], "origins": []}
                first = page.evaluate("performance.getEntriesByName('first-render')[0].startTime")
                paint = page.evaluate(
                    "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"
                )
                context.close()
                if run:
                    times.append(first)
                    fcp.append(paint)
            worst = max(worst, statistics.median(times))
            print(
                f"{name} ({code}): first contentful paint median {statistics.median(fcp):.0f} ms; "
                f"first render (table drawn and wired) median {statistics.median(times):.0f} ms, "
                f"p90 {percentile(times, 90):.0f} ms, max {max(times):.0f} ms (budget {BUDGET_MS:.0f} ms)"
            )
        browser.close()
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
