"""Offline play's figures: the offline bundle's size, the time from going offline to a playable
table, and the first render online with and without the service worker.

Run: .venv/bin/python bench/offline.py [--runs N]
A real server (``paciencia serve``, SQLite) on loopback and headless Chromium.

- Bundle: every file the page keeps for the engine (``/offline/manifest.json``: Pyodide's files,
  the engine's bundle, the page language's catalog), raw and as sent (gzip where the site
  compresses it), fetched once each.
- Offline to playable: a dealt Klondike game played online (one draw, the engine's files and the
  game's stand-in kept), the context then offline (Playwright's ``set_offline``) and the page
  reloaded: until the table is drawn and wired (the service worker's page), then until the
  first move offline is answered (the engine's worker started, Pyodide booted from the cache,
  the stand-in taken and replayed).
- First render: a table's ``first-render`` mark on a second visit, in a context whose service
  workers are blocked (as before offline play) and in one where the worker is installed (it
  answers the page, network first); each run a new context, the two kinds in turn. The second
  visit is in a new tab by default (a site opened again: the assets from the HTTP cache), in
  the same tab with ``--same-tab`` (a reload: a page no worker controls takes its assets from
  the tab's memory cache, which a controlled page never does). ``--render-only``: this alone.
  With each, the navigation's moments (``TIMING``), so that one sees where the time goes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
import urllib.request
from typing import Any

from playwright.sync_api import expect, sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, open_table, served


def fetched(url: str) -> tuple[int, int]:
    """A file's bytes raw and as sent."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=120) as res:
        body = res.read()
        packed = res.headers.get("content-encoding") == "gzip"
    raw = len(gzip.decompress(body)) if packed else len(body)
    return raw, len(body)


def bundle(url: str) -> list[tuple[str, int, int]]:
    with urllib.request.urlopen(url + "/offline/manifest.json", timeout=10) as res:
        urls = json.load(res)
    if not urls["available"]:
        raise SystemExit("pyodide is not installed: scripts/bootstrap installs it (npm)")
    files = [*urls["pyodide_files"], urls["engine"], urls["words"] + "pt-PT.mo"]
    return [(f, *fetched(url + f)) for f in files]


def played_online(browser: Any, url: str, workers: str = "allow") -> tuple[Any, Any]:
    context = browser.new_context(base_url=url, service_workers=workers)
    page = context.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.keyboard.press(" ")
    expect(page.locator("#moves")).to_have_text("1")
    return context, page


def to_playable(browser: Any, url: str) -> tuple[float, float]:
    context, page = played_online(browser, url)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
    page.wait_for_selector("html[data-offline-kept$=':1']", state="attached", timeout=60_000)
    context.set_offline(True)
    started = time.perf_counter()
    page.reload()
    page.wait_for_selector("html[data-ready]")
    table = time.perf_counter() - started
    page.keyboard.press(" ")
    expect(page.locator("#moves")).to_have_text("2", timeout=300_000)
    move = time.perf_counter() - started
    context.close()
    return table, move


TIMING = """(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const assets = performance.getEntriesByType('resource').filter((r) => r.name.includes('/static/'));
  const end = Math.max(0, ...assets.map((r) => r.responseEnd));
  return {
    render: performance.getEntriesByName('first-render')[0].startTime,
    worker: nav.workerStart, fetch: nav.fetchStart, response: nav.responseStart, html: nav.responseEnd,
    dom: nav.domContentLoadedEventEnd, assets: end, via_worker: assets.filter((r) => r.workerStart > 0).length,
    source: [...new Set(assets.map((r) => r.workerFinalSourceType || '-'))].join('/'),
    each: assets.map((r) => r.responseEnd - r.startTime).sort((a, b) => a - b)[Math.floor(assets.length / 2)],
    first_asset: Math.min(...assets.map((r) => r.startTime)),
  };
})()"""
"""The navigation's moments (ms from its start): the worker started (0 when none answered), the
page's first and last byte, the DOM ready, the first static asset asked and the last one in, a
median asset's time, how many went by the worker and where they came from (the worker's static
routes say ``cache``), and the first render."""


def first_render(browser: Any, url: str, workers: str, tab: bool) -> dict[str, Any]:
    context, page = played_online(browser, url, workers)
    if workers == "allow":
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
    if tab:  # the site opened again in a new tab: its assets from the HTTP cache, not the tab's memory
        address = page.url
        page.close()
        page = context.new_page()
        page.goto(address)
    else:
        page.goto(page.url)
    page.wait_for_selector("html[data-ready]")
    marks: dict[str, Any] = page.evaluate(TIMING)
    context.close()
    return marks


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {k: statistics.median(r[k] for r in runs) if k != "source" else runs[0][k] for k in runs[0]}


def said(m: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v:.0f}" if isinstance(v, float | int) else f"{k} {v}" for k, v in m.items())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--render-only", action="store_true", help="the first render alone")
    parser.add_argument("--same-tab", action="store_true", help="the second visit in the same tab")
    args = parser.parse_args()
    runs = args.runs
    with served() as url, sync_playwright() as pw:
        files = bundle(url)
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        playable = [] if args.render_only else [to_playable(browser, url) for _ in range(max(1, runs // 2))]
        tab = not args.same_tab
        first_render(browser, url, "block", tab)  # warms the browser and the server up: not counted
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        for _ in range(runs):  # in turn, so that the machine's load falls on both alike
            before.append(first_render(browser, url, "block", tab))
            after.append(first_render(browser, url, "allow", tab))
        browser.close()
    print(machine())
    raw, sent = sum(f[1] for f in files), sum(f[2] for f in files)
    print(f"offline bundle: {raw / 1e6:.2f} MB raw, {sent / 1e6:.2f} MB as sent, fetched once and kept:")
    for name, r, s in files:
        print(f"  {name}: {r / 1e3:.0f} KB raw, {s / 1e3:.0f} KB sent")
    if playable:
        table = statistics.median(p[0] for p in playable)
        move = statistics.median(p[1] for p in playable)
        print(f"offline to playable ({len(playable)} runs, median): table shown {table * 1000:.0f} ms after reload,")
        print(f"  first move offline answered {move * 1000:.0f} ms after it (Pyodide's start included)")
    b, a = medians(before), medians(after)
    print(f"first render, second visit ({runs} runs, median): {b['render']:.0f} ms without the service worker,")
    print(f"  {a['render']:.0f} ms with it ({(a['render'] - b['render']) / b['render'] * 100:+.0f} %)")
    print(f"  without, medians (ms): {said(b)}")
    print(f"  with, medians (ms): {said(a)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
