"""A returning visit's first render with the service worker against without it (issue 38: within
10 %), measured so that the machine's noise is told apart from the worker's cost.

Run: .venv/bin/python bench/offline_worker_compare.py [--pairs N] [--same-tab] [--fresh] [--no-settle]

Two contexts of one browser, one server: one whose service workers are blocked (the site as before
offline play) and one where the worker is installed; in each, a first visit plays a move (with
the worker: offline play kept and its memory snapshot made, as a returning visit finds it another
day). Then each pair is a returning visit in each, one after the other: the worker stopped first
(DevTools' ``ServiceWorker.stopAllWorkers``: a visit on another day starts it anew), the site
opened in a new tab (an installed app, a bookmark; ``--same-tab``: a reload), its
``first-render`` mark the figure. The pair's order alternates, so a drift in the machine's load
falls on both alike. ``--fresh``: each visit in a new context with its own first visit (slower,
so fewer pairs; the first visit's work then runs closer to the measure).

Printed: each pair, each kind's median, the median of the pairs' ratios (with / without) with
its 95 % interval (distribution-free: the order statistics a binomial puts around the median),
the ratio of the medians with a bootstrap 95 % interval, the share of pairs over x1.10, the load
average as the pairs ran, and where each kind's time went (``bench/offline.py``'s ``TIMING``).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
from typing import Any

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, served

from offline import TIMING, medians, played_online, said

BUDGET = 1.10


def first_visit(browser: Any, url: str, workers: str, settle: bool) -> tuple[Any, str]:
    """A context where a move was played (with the worker: offline play kept and, with
    ``settle``, its memory snapshot made); the context and the table's address."""
    context, page = played_online(browser, url, workers)
    if workers == "allow":
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
        if settle:  # a returning visit comes later, not in the same minute
            page.wait_for_selector("html[data-offline-warm]", state="attached", timeout=300_000)
    address: str = page.url
    page.close()
    return context, address


def returning(context: Any, address: str, tab: bool) -> dict[str, Any]:
    """The site opened again in ``context``, its service worker stopped first: the moments."""
    page = context.pages[0] if not tab and context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    cdp.detach()
    if tab or page.url == "about:blank":
        page.goto(address)
    else:
        page.reload()
    page.wait_for_selector("html[data-ready]")
    marks: dict[str, Any] = page.evaluate(TIMING)
    if tab:
        page.close()
    return marks


def second_visit(browser: Any, url: str, workers: str, tab: bool, settle: bool) -> dict[str, Any]:
    """``--fresh``: a first visit in a new context, then the returning visit's moments."""
    context, address = first_visit(browser, url, workers, settle)
    try:
        return returning(context, address, tab)
    finally:
        context.close()


def median_interval(values: list[float], level: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median: the order statistics whose ranks a binomial
    (n, 1/2) puts around it with at least ``level`` coverage."""
    xs = sorted(values)
    n = len(xs)
    cdf = [sum(math.comb(n, i) for i in range(k + 1)) / 2**n for k in range(n + 1)]
    j = max((k for k in range(n // 2 + 1) if cdf[k] <= (1 - level) / 2), default=-1)
    if j < 0:
        return xs[0], xs[-1]
    return xs[j], xs[n - 1 - j]


def bootstrap_ratio(a: list[float], b: list[float], rounds: int = 10_000) -> tuple[float, float]:
    """A percentile bootstrap 95 % interval for median(a) / median(b), the pairs resampled whole."""
    rng = random.Random(38)
    pairs = list(zip(a, b, strict=True))
    found = []
    for _ in range(rounds):
        draw = [pairs[rng.randrange(len(pairs))] for _ in pairs]
        found.append(statistics.median(x for x, _ in draw) / statistics.median(y for _, y in draw))
    found.sort()
    return found[int(0.025 * rounds)], found[int(0.975 * rounds) - 1]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--same-tab", action="store_true", help="the second visit a reload in the same tab")
    parser.add_argument("--no-settle", action="store_true", help="not waiting for the memory snapshot")
    parser.add_argument("--fresh", action="store_true", help="each visit in a new context, after its own first visit")
    args = parser.parse_args()
    tab, settle = not args.same_tab, not args.no_settle
    without: list[dict[str, Any]] = []
    with_worker: list[dict[str, Any]] = []
    loads: list[float] = []
    print(machine())
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        kept = {kind: first_visit(browser, url, kind, settle) for kind in ("block", "allow")}
        for context, address in kept.values():  # warms the browser and the server up
            returning(context, address, tab)

        def visit(kind: str) -> dict[str, Any]:
            if args.fresh:
                return second_visit(browser, url, kind, tab, settle)
            return returning(*kept[kind], tab)

        for n in range(args.pairs):
            loads.append(os.getloadavg()[0])
            order = ("block", "allow") if n % 2 == 0 else ("allow", "block")
            found = {kind: visit(kind) for kind in order}
            without.append(found["block"])
            with_worker.append(found["allow"])
            a, b = found["allow"]["render"], found["block"]["render"]
            print(f"  pair {n + 1:>2} (load {loads[-1]:.1f}): without {b:.0f} ms, with {a:.0f} ms, x{a / b:.2f}")
        browser.close()
    b = [r["render"] for r in without]
    a = [r["render"] for r in with_worker]
    ratios = [x / y for x, y in zip(a, b, strict=True)]
    low, high = median_interval(ratios)
    r_low, r_high = bootstrap_ratio(a, b)
    kind = "a new tab" if tab else "the same tab (a reload)"
    how = "each after its own first visit" if args.fresh else "the worker stopped before each"
    print(f"first render of a returning visit, {kind}, {args.pairs} interleaved pairs ({how}", end="")
    print(f"; {'after' if settle else 'not waiting for'} the memory snapshot)")
    print(f"  load average (1 min) {min(loads):.1f}-{max(loads):.1f}, median {statistics.median(loads):.1f}")
    print(f"  without the worker: median {statistics.median(b):.0f} ms; with it: {statistics.median(a):.0f} ms")
    print(f"  median of the pairs' ratios: x{statistics.median(ratios):.3f} (95 % interval x{low:.3f}-x{high:.3f})")
    print(
        f"  ratio of the medians: x{statistics.median(a) / statistics.median(b):.3f} "
        f"(bootstrap 95 % interval x{r_low:.3f}-x{r_high:.3f})"
    )
    over = sum(r > BUDGET for r in ratios)
    verdict = "within" if high <= BUDGET else "over" if low > BUDGET else "not shown either way at"
    print(f"  pairs over x{BUDGET:.2f}: {over} of {len(ratios)}; the budget: {verdict} x{BUDGET:.2f}")
    keys = ("worker", "response", "html", "dom", "first_asset", "assets", "each", "via_worker")
    for name, runs in (("without", without), ("with", with_worker)):
        print(f"  {name}, medians (ms): {said({k: medians(runs)[k] for k in keys})}; assets from {runs[0]['source']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
