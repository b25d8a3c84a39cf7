"""The Klondike table's budgets in one script: page weight (150 KB), first render (300 ms),
click to drawn (50 ms), in headless Chromium against ``paciencia serve`` on loopback.

Run: .venv/bin/python bench/web_klondike.py [--runs N] [--moves N]
Page weight: the table page and every stylesheet, module and icon it names, as served,
uncompressed. First render: the page's own ``first-render`` mark (the first animation frame
after the table is drawn and wired), each run in a new context (nothing cached), on a phone
viewport. Click to drawn: a click on a column whose card has one destination (7♣ onto 8♥),
then on Undo, alternately; the page marks ``move-start`` at the click and ``move-drawn``
after the frame that draws the answer.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, move_and_undo, open_table, percentile, served

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.tables import MOVES

WEIGHT_BUDGET = 150 * 1024
RENDER_BUDGET_MS = 300.0
MOVE_BUDGET_MS = 50.0
LINKS = re.compile(r'<(?:link|script)[^>]+(?:href|src)="([^"]+)"')
IMPORTS = re.compile(r'(?:import|from)\s*["\']([^"\']+\.js)["\']')


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--moves", type=int, default=40)
    ns = parser.parse_args()
    ok = True
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        # -- page weight
        context = browser.new_context(base_url=url)
        page = context.new_page()
        res = page.request.get("/en/klondike")
        sizes = {res.url: len(res.body())}
        todo = [urljoin(res.url, u) for u in LINKS.findall(res.text())]
        while todo:
            link = todo.pop()
            if link in sizes:
                continue
            got = page.request.get(link)
            assert got.ok, link
            sizes[link] = len(got.body())
            if link.endswith(".js"):
                todo += [urljoin(link, u) for u in IMPORTS.findall(got.text())]
        context.close()
        weight = sum(sizes.values())
        # -- first render
        times: list[float] = []
        for run in range(ns.runs + 1):  # the first run warms up: not counted
            context = browser.new_context(base_url=url, viewport={"width": 390, "height": 844})
            page = context.new_page()
            open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
            first = page.evaluate("performance.getEntriesByName('first-render')[0].startTime")
            context.close()
            if run:
                times.append(first)
        # -- click to drawn
        context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        open_table(page, "klondike", {"table": MOVES})
        moves = move_and_undo(page, page.locator('.place[data-place="5"] .card').last, ns.moves)
        answers: list[float] = page.evaluate(
            "performance.getEntriesByName('move-answer', 'measure').map(m => m.duration)"
        )
        browser.close()
    print(machine())
    for link, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"{size:8,d} B  {link.split('/', 3)[-1]}")
    print(f"page weight: {weight:,d} B = {weight / 1024:.1f} KB uncompressed (budget {WEIGHT_BUDGET // 1024} KB)")
    ok &= weight <= WEIGHT_BUDGET
    print(
        f"first render ({ns.runs} runs, new context each): median {statistics.median(times):.0f} ms, "
        f"p90 {percentile(times, 90):.0f} ms, max {max(times):.0f} ms (budget {RENDER_BUDGET_MS:.0f} ms)"
    )
    ok &= statistics.median(times) <= RENDER_BUDGET_MS
    print(
        f"click to drawn ({len(moves)} moves and undos): median {statistics.median(moves):.1f} ms, "
        f"p90 {percentile(moves, 90):.1f} ms, max {max(moves):.1f} ms (budget {MOVE_BUDGET_MS:.0f} ms)"
    )
    print(f"  of which the answer (request, server, JSON): median {statistics.median(answers):.1f} ms")
    ok &= percentile(moves, 90) <= MOVE_BUDGET_MS
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
