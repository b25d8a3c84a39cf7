"""Offline play's figures: the offline bundle's size, the time from going offline to a playable
table, and the first render online with and without the service worker.

Run: .venv/bin/python bench/offline.py [--runs N] [--reloads N] [--busy N] [--root DIR]
    [--offline-only | --render-only | --bundle-only]
A real server (``paciencia serve``, SQLite) on loopback and headless Chromium. ``--root``: the
site of another checkout (a tree before a change: ``git archive <commit> | tar -x -C DIR``, its
``offline/node_modules`` linked), so that before and after run with this one script. ``--busy N``:
N processes spinning meanwhile (the figures "loaded"). The machine's load average is printed
beside each run (a shared machine's figures mean little without it); a quiet run is the same
command on a machine doing nothing else.

- Bundle: every file the page keeps for the engine (``engine.js``'s ``prepare``: the manifest,
  Pyodide's files, the engine's bundle, the page language's catalog, a new game's table of each
  game), raw and as sent: to a browser (brotli: the site makes it in the background once, so
  this waits for it) and to a client that takes gzip alone. The bound is issue 38's 6.5 MB
  (``tests/web/test_offline.py`` fails past it).
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
import os
import statistics
import time
import urllib.request
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import web_site
from playwright.sync_api import expect, sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, open_table, served

BOUND = 6_500_000
"""Issue 38's bound on the bundle as sent (tests/web/test_offline.py's ``BUNDLE_BOUND``)."""


def fetched(url: str, coding: str) -> tuple[int, int, str]:
    """A file's bytes raw and as sent to a client taking ``coding`` alone, and how it was sent."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": coding})
    with urllib.request.urlopen(req, timeout=120) as res:
        body = res.read()
        sent = res.headers.get("content-encoding") or "identity"
    raw = gzip.decompress(body) if sent == "gzip" else brotli.decompress(body) if sent == "br" else body
    return len(raw), len(body), sent


def as_sent_br(url: str, wait: float = 900) -> tuple[int, int, str]:
    """As sent to a browser: brotli, waiting while the server makes it (the first time after
    Pyodide is installed: a minute or so), or as it is where compressing gains nothing."""
    deadline = time.monotonic() + wait
    while True:
        found = fetched(url, "br, gzip")
        if found[2] != "gzip" or time.monotonic() > deadline:
            return found
        time.sleep(2)


def bundle(url: str) -> list[tuple[str, int, int, int]]:
    """Each file the page keeps for offline play: raw, sent in brotli, sent in gzip."""
    with urllib.request.urlopen(url + "/offline/manifest.json", timeout=10) as res:
        urls = json.load(res)
    if not urls["available"]:
        raise SystemExit("pyodide is not installed: scripts/bootstrap installs it (npm)")
    tables = [f"{urls['tables']}pt-PT/{game}" for game in urls.get("games", [])]  # a new game's table, each game
    files = ["/offline/manifest.json", *urls["pyodide_files"], urls["engine"], urls["words"] + "pt-PT.mo", *tables]
    # A site that makes brotli names its cut runtime ``<version>-<hash>``; an older one sends gzip.
    makes_br = "-" in urls["pyodide"].rstrip("/").rsplit("/", 1)[-1]
    found = []
    for f in files:
        raw, br, _ = as_sent_br(url + f) if makes_br else fetched(url + f, "br, gzip")
        found.append((f, raw, br, fetched(url + f, "gzip")[1]))
    return found


def bundle_report(files: list[tuple[str, int, int, int]]) -> None:
    raw, br, gz = sum(f[1] for f in files), sum(f[2] for f in files), sum(f[3] for f in files)
    verdict = "under" if max(br, gz) <= BOUND else "OVER"
    print(
        f"offline bundle as sent: {br / 1e6:.2f} MB to a browser (brotli), {gz / 1e6:.2f} MB to a gzip-only "
        f"client; {raw / 1e6:.2f} MB raw; {verdict} the bound of {BOUND / 1e6:.1f} MB"
    )
    print(f"  {'file':<56} {'raw KB':>8} {'br KB':>8} {'gzip KB':>8}")
    for name, r, b, g in files:
        print(f"  {name[-56:]:<56} {r / 1e3:>8.1f} {b / 1e3:>8.1f} {g / 1e3:>8.1f}")


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


Run = tuple[float, float, list[dict[str, float]]]
"""One run: the load average (1 min) as it began and ended, and each offline reload's figures."""


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})" if values else "-"


def playable_report(playable: list[Run], reloads: int) -> None:
    """Each run (with the machine's load), then each step's median (range) per reload."""
    print(
        f"offline reload -> table shown -> first move answered ({len(playable)} runs x {reloads} reloads in a row; "
        "ms from the reloaded page's navigation; wall: from the reload asked to the moved card seen)"
    )
    heads = "".join(f"{f'reload {n + 1}: table/move/wall':<30}" for n in range(reloads))
    print(f"  {'run':<4} {'load 1 min':<12}{heads}")
    for k, (start, end, rows) in enumerate(playable, 1):
        cells = "".join(f"{'/'.join(f'{r.get(x, 0):.0f}' for x in ('table', 'move', 'wall')):<30}" for r in rows)
        print(f"  {k:<4} {f'{start:.1f}-{end:.1f}':<12}{cells}")
    print(f"  {'step, median (range)':<22}" + "".join(f"{f'reload {n + 1}':<22}" for n in range(reloads)))
    for name in ("table", "move", "wall", "navigation", *STEP_NAMES[2:]):
        each = [[rows[n][name] for *_, rows in playable if rows[n].get(name) is not None] for n in range(reloads)]
        shown = [cell(values) for values in each]
        if any(c != "-" for c in shown):
            print(f"  {name:<22}" + "".join(f"{c:<22}" for c in shown))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--render-only", action="store_true", help="the first render alone")
    parser.add_argument("--same-tab", action="store_true", help="the second visit in the same tab")
    parser.add_argument("--reloads", type=int, default=3, help="offline reloads in a row, each run")
    parser.add_argument("--busy", type=int, default=0, help="processes spinning meanwhile (loaded)")
    parser.add_argument("--root", type=Path, default=None, help="the site of another checkout")
    parser.add_argument("--offline-only", action="store_true", help="the offline reloads and the bundle alone")
    parser.add_argument("--bundle-only", action="store_true", help="the bundle's size alone")
    args = parser.parse_args()
    runs = args.runs
    if args.root is not None:
        web_site.ROOT = args.root.resolve()
    warm = "offlineWarm" in (web_site.ROOT / "paciencia/web/static/js/offline/engine.js").read_text()
    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in spinners:
        p.start()
    print(machine(), f"({args.busy} spinning)" if args.busy else "")
    print(f"site: {web_site.ROOT}{' (its memory snapshot made first)' if warm else ''}")
    try:
        with served() as url, sync_playwright() as pw:
            bundle_report(bundle(url))
            if args.bundle_only:
                return 0
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            playable: list[Run] = []
            for _ in range(0 if args.render_only else runs):
                start = os.getloadavg()[0]
                rows = to_playable(browser, url, args.reloads, warm)
                playable.append((start, os.getloadavg()[0], rows))
            if playable:
                playable_report(playable, args.reloads)
            if args.offline_only:
                browser.close()
                return 0
            tab = not args.same_tab
            first_render(browser, url, "block", tab)  # warms the browser and the server up: not counted
            before: list[dict[str, Any]] = []
            after: list[dict[str, Any]] = []
            for _ in range(runs):  # in turn, so that the machine's load falls on both alike
                before.append(first_render(browser, url, "block", tab))
                after.append(first_render(browser, url, "allow", tab))
            browser.close()
    finally:
        for p in spinners:
            p.terminate()
    b, a = medians(before), medians(after)
    print(f"first render, second visit ({runs} runs, median): {b['render']:.0f} ms without the service worker,")
    print(f"  {a['render']:.0f} ms with it ({(a['render'] - b['render']) / b['render'] * 100:+.0f} %)")
    print(f"  without, medians (ms): {said(b)}")
    print(f"  with, medians (ms): {said(a)}")
    print("  (bench/offline_worker_compare.py: many interleaved pairs, the ratio with its interval)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
