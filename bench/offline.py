"""Offline play's figures: the offline bundle's size, the time from going offline to a playable
table, and the first render online with and without the service worker.

Run: .venv/bin/python bench/offline.py [--runs N] [--reloads N] [--busy N] [--root DIR]
A real server (``paciencia serve``, SQLite) on loopback and headless Chromium. ``--root``: the
site of another checkout (a tree before a change: ``git archive <commit> | tar -x -C DIR``, its
``offline/node_modules`` linked), so that before and after run with this one script. ``--busy N``:
N processes spinning meanwhile (the figures "loaded").

- Bundle: every file the page keeps for the engine (``/offline/manifest.json``: Pyodide's files,
  the engine's bundle, the page language's catalog), raw and as sent (gzip where the site
  compresses it), fetched once each.
- Offline to playable: a dealt Klondike game played online (one draw, the engine's files and the
  game's stand-in kept, and where the tree makes one, the memory snapshot: ``data-offline-warm``),
  the context then offline (Playwright's ``set_offline``) and the page reloaded ``--reloads``
  times: each time a draw pressed as soon as the table is wired, and from the reloaded page's
  own clock (its navigation's start): the table drawn (``first-render``), the first move
  answered (``move-answer``), and each step of the engine's start as the worker measures it
  (``offline:<step>``: Pyodide's module imported, ``loadPyodide`` with the wasm's ``compile``
  inside it, the snapshot read, the bundle unpacked, the engine imported; trees before the
  measures have none).
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
import multiprocessing
import statistics
import time
import urllib.request
from pathlib import Path
from typing import Any

import web_site
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
    tables = [f"{urls['tables']}pt-PT/{game}" for game in urls.get("games", [])]  # a new game's table, each game
    files = [*urls["pyodide_files"], urls["engine"], urls["words"] + "pt-PT.mo", *tables]
    return [(f, *fetched(url + f)) for f in files]


def played_online(browser: Any, url: str, workers: str = "allow") -> tuple[Any, Any]:
    context = browser.new_context(base_url=url, service_workers=workers)
    page = context.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.keyboard.press(" ")
    expect(page.locator("#moves")).to_have_text("1")
    return context, page


STEPS = """() => {
  const at = (name) => { const m = performance.getEntriesByName(name, 'mark')[0]; return m ? m.startTime : null; };
  const found = { table: at('first-render'), move: at('move-answer') };
  for (const m of performance.getEntriesByType('measure'))
    if (m.name.startsWith('offline:')) found[m.name.slice(8)] = m.duration;
  return found;
}"""
"""The reloaded page's moments (ms from its navigation's start) and the engine's steps (ms each)."""

STEP_NAMES = ("table", "move", "boot", "import", "loadPyodide", "compile", "snapshotRead", "bundle", "engine")


def to_playable(browser: Any, url: str, reloads: int, warm: bool) -> list[dict[str, float]]:
    """Each offline reload's figures (``wall``: from the reload asked to the move shown, as the
    test driver sees it; the page's own moments count from its navigation's start)."""
    context, page = played_online(browser, url)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=300_000)
    page.wait_for_selector("html[data-offline-kept$=':1']", state="attached", timeout=60_000)
    if warm:
        page.wait_for_selector("html[data-offline-warm]", state="attached", timeout=300_000)
    context.set_offline(True)
    found = []
    for n in range(reloads):
        started, epoch = time.perf_counter(), time.time() * 1000
        page.reload()
        page.wait_for_selector("html[data-ready]")
        page.keyboard.press(" ")
        expect(page.locator("#moves")).to_have_text(str(n + 2), timeout=300_000)
        wall = (time.perf_counter() - started) * 1000
        page.wait_for_function("() => performance.getEntriesByName('move-answer', 'mark').length")
        # ``navigation``: from the reload asked to the new page's navigation (the old page going).
        navigation = page.evaluate("performance.timeOrigin") - epoch
        found.append({**page.evaluate(STEPS), "wall": wall, "navigation": navigation})
    context.close()
    return found


def spin() -> None:
    while True:
        pass


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


def report(files: list[tuple[str, int, int]], playable: list[list[dict[str, float]]], args: Any, warm: bool) -> None:
    print(machine(), f"({args.busy} spinning)" if args.busy else "")
    print(f"site: {web_site.ROOT}{' (its memory snapshot made first)' if warm else ''}")
    raw, sent = sum(f[1] for f in files), sum(f[2] for f in files)
    print(f"offline bundle: {raw / 1e6:.2f} MB raw, {sent / 1e6:.2f} MB as sent, fetched once and kept:")
    for name, r, s in files:
        print(f"  {name}: {r / 1e3:.0f} KB raw, {s / 1e3:.0f} KB sent")
    for n in range(args.reloads if playable else 0):
        rows = [run[n] for run in playable]
        cells = []
        for name in ("wall", "navigation", *STEP_NAMES):
            values = [r[name] for r in rows if r.get(name) is not None]
            if values:
                cells.append(f"{name} {statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})")
        print(f"offline reload {n + 1} ({len(rows)} runs, ms, median (range)): " + ", ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--render-only", action="store_true", help="the first render alone")
    parser.add_argument("--same-tab", action="store_true", help="the second visit in the same tab")
    parser.add_argument("--reloads", type=int, default=3, help="offline reloads in a row, each run")
    parser.add_argument("--busy", type=int, default=0, help="processes spinning meanwhile (loaded)")
    parser.add_argument("--root", type=Path, default=None, help="the site of another checkout")
    parser.add_argument("--offline-only", action="store_true", help="the offline reloads and the bundle alone")
    args = parser.parse_args()
    runs = args.runs
    if args.root is not None:
        web_site.ROOT = args.root.resolve()
    warm = "offlineWarm" in (web_site.ROOT / "paciencia/web/static/js/offline/engine.js").read_text()
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in spinners:
        p.start()
    with served() as url, sync_playwright() as pw:
        files = bundle(url)
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        playable = [] if args.render_only else [to_playable(browser, url, args.reloads, warm) for _ in range(runs)]
        if args.offline_only:
            browser.close()
            for p in spinners:
                p.terminate()
            report(files, playable, args, warm)
            return 0
        tab = not args.same_tab
        first_render(browser, url, "block", tab)  # warms the browser and the server up: not counted
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        for _ in range(runs):  # in turn, so that the machine's load falls on both alike
            before.append(first_render(browser, url, "block", tab))
            after.append(first_render(browser, url, "allow", tab))
        browser.close()
    for p in spinners:
        p.terminate()
    report(files, playable, args, warm)
    b, a = medians(before), medians(after)
    print(f"first render, second visit ({runs} runs, median): {b['render']:.0f} ms without the service worker,")
    print(f"  {a['render']:.0f} ms with it ({(a['render'] - b['render']) / b['render'] * 100:+.0f} %)")
    print(f"  without, medians (ms): {said(b)}")
    print(f"  with, medians (ms): {said(a)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
