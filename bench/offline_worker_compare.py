"""First render on a second visit: no service worker, an older version of it, and this one, in
turn within one server and one browser (so that the machine's load falls on all three alike).

Run: .venv/bin/python bench/offline_worker_compare.py [--runs N] [--new-tab] [--before REV]
``--before``: the git revision whose ``paciencia/web/sw.js`` is the older worker (by default
the one before the static routes, 042051b). The server reads ``sw.js`` at each request, so the
file is swapped between runs (and put back at the end); each run is a new context, as in
``bench/offline.py`` (whose ``first_render`` this uses). The page's own scripts are this tree's.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, ROOT, chromium_path, machine, served

from offline import first_render, medians, said

WORKER = ROOT / "paciencia" / "web" / "sw.js"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--new-tab", action="store_true", help="the second visit in a new tab")
    parser.add_argument("--before", default="042051b")
    args = parser.parse_args()
    old = subprocess.run(
        ["git", "show", f"{args.before}:paciencia/web/sw.js"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    results: dict[str, list[dict[str, Any]]] = {"no worker": [], "before": [], "now": []}
    with tempfile.TemporaryDirectory() as tmp:
        now = Path(tmp) / "sw.now.js"
        before = Path(tmp) / "sw.before.js"
        shutil.copy(WORKER, now)
        before.write_text(old)
        try:
            with served() as url, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                first_render(browser, url, "block", args.new_tab)  # warms up: not counted
                for _ in range(args.runs):
                    results["no worker"].append(first_render(browser, url, "block", args.new_tab))
                    for name, source in (("before", before), ("now", now)):
                        shutil.copy(source, WORKER)
                        results[name].append(first_render(browser, url, "allow", args.new_tab))
                browser.close()
        finally:
            shutil.copy(now, WORKER)
    print(machine())
    print(f"first render, second visit ({'a new tab' if args.new_tab else 'the same tab'}, {args.runs} runs, medians)")
    base = statistics.median(r["render"] for r in results["no worker"])
    for name, runs in results.items():
        m = medians(runs)
        shown = {k: m[k] for k in ("response", "html", "dom", "first_asset", "each")}
        print(f"  {name}: {m['render']:.0f} ms ({(m['render'] - base) / base * 100:+.0f} %); {said(shown)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
