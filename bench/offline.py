"""Offline play's figures: the offline bundle's size, the time from going offline to a playable
table, and the first render online with and without the service worker.

Run: .venv/bin/python bench/offline.py [--runs N]
A real server (``paciencia serve``, SQLite) on loopback and headless Chromium.

- Bundle: every file the page keeps for the engine (``/offline/manifest.json``: Pyodide's files,
  the engine's bundle, the page language's catalog), raw and as sent (gzip where the site
  compresses it), fetched once each.
- Offline to playable: a Klondike table played online (one draw, the engine's files kept), the
  context then offline (Playwright's ``set_offline``) and the page reloaded: until the table is
  drawn and wired (the service worker's page), then until the first move offline is answered
  (the engine's worker started, Pyodide booted from the cache, the game replayed).
- First render: a table's ``first-render`` mark on a second visit (the HTTP cache warm), in a
  context whose service workers are blocked (as before offline play) and in one where the
  worker is installed and answers the page (network first); each run a new context.
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


def first_render(browser: Any, url: str, workers: str) -> float:
    context, page = played_online(browser, url, workers)
    if workers == "allow":
        page.wait_for_selector("html[data-offline-shell]", state="attached", timeout=60_000)
    page.goto(page.url)
    page.wait_for_selector("html[data-ready]")
    mark: float = page.evaluate("performance.getEntriesByName('first-render')[0].startTime")
    context.close()
    return mark


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with served() as url, sync_playwright() as pw:
        files = bundle(url)
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        playable = [to_playable(browser, url) for _ in range(max(1, runs // 2))]
        first_render(browser, url, "block")  # warms the browser and the server up: not counted
        before = [first_render(browser, url, "block") for _ in range(runs)]
        after = [first_render(browser, url, "allow") for _ in range(runs)]
        browser.close()
    print(machine())
    raw, sent = sum(f[1] for f in files), sum(f[2] for f in files)
    print(f"offline bundle: {raw / 1e6:.2f} MB raw, {sent / 1e6:.2f} MB as sent, fetched once and kept:")
    for name, r, s in files:
        print(f"  {name}: {r / 1e3:.0f} KB raw, {s / 1e3:.0f} KB sent")
    table = statistics.median(p[0] for p in playable)
    move = statistics.median(p[1] for p in playable)
    print(f"offline to playable ({len(playable)} runs, median): table shown {table * 1000:.0f} ms after the reload,")
    print(f"  first move offline answered {move * 1000:.0f} ms after it (Pyodide's start included)")
    b, a = statistics.median(before), statistics.median(after)
    print(f"first render, second visit ({runs} runs, median): {b:.0f} ms without the service worker,")
    print(f"  {a:.0f} ms with it ({(a - b) / b * 100:+.0f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
