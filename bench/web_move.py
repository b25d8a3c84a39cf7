"""A move from click to drawn, in headless Chromium (budget 50 ms).

Run: .venv/bin/python bench/web_move.py [--moves N]
A real server on loopback with a real SQLite file. Each sample is a mouse click on a pile
whose card has one destination (or on Undo, to come back): the page marks ``move-start`` when
the click arrives and ``move-drawn`` once the answer has been drawn (after the animation
frame that draws it), and the bench reads the ``move`` measure between the two.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, move_and_undo, open_table, percentile, served

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.tables import HEARTS

BUDGET_MS = 50.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=40)
    n = parser.parse_args().moves
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        open_table(page, "crescent", {"table": HEARTS})
        times = move_and_undo(page, page.locator('.place[data-place="2"]'), n)
        browser.close()
    print(machine())
    print(f"samples: {len(times)} (moves and undos, each a POST stored in SQLite, then drawn)")
    print(
        f"click to drawn: median {statistics.median(times):.1f} ms, p90 {percentile(times, 90):.1f} ms, "
        f"max {max(times):.1f} ms (budget {BUDGET_MS:.0f} ms)"
    )
    return 0 if percentile(times, 90) <= BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
