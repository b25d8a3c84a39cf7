"""Issue 37's layout matrix in figures: views looked at and problems found, and each game's cards
at 390x844 (a tall phone): their width, the share of the screen's width and height the board
fills, and the shortest strip of a covered card.

Run: .venv/bin/python bench/layout_matrix.py [--langs en,pt-BR] [--looks default] [--list]
The site in a thread on a loopback port (tests/browser/conftest.py's LiveServer, a new SQLite
file), headless Chromium, the scenes and the probe of tests/browser/matrix.py: every registered
game × 7 states × the languages × 5 sizes × the looks (default: all, 1,050 views), and issue 43's
pages (the daily challenges, a ranking, the devices page with a code: 150 views more). The card
figures are the fresh table's, in English, in the default look (the card width is a top card's).
``--list`` prints every problem found.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.i18n import LOCALES
from tests.browser.conftest import ONLINE, LiveServer
from tests.browser.matrix import LOOKS, SIZES, View, Walker, all_scenes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--langs", default=",".join(LOCALES))
    parser.add_argument("--looks", default=",".join(LOOKS))
    parser.add_argument("--list", action="store_true", help="print every problem")
    args = parser.parse_args()
    langs = args.langs.split(",")
    looks = args.looks.split(",")
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "games.sqlite3")
        server.start()
        try:
            views = run(server.url, langs, looks)
        finally:
            server.stop()
    bad = [v for v in views if v.bad]
    problems = sum(len(v.bad) for v in bad)
    print(f"views: {len(views)}, with a problem: {len(bad)}, problems: {problems}")
    by = Counter(f"{v.game} {v.state}" for v in bad)
    for key, n in sorted(by.items()):
        print(f"  {key}: {n} views")
    sizes = Counter(v.size for v in bad)
    print("  by size: " + ", ".join(f"{s} {sizes[s]}" for s in SIZES))
    print("at 390x844, fresh, en, default look:")
    print(f"  {'game':10} {'card px':>8} {'width %':>8} {'height %':>9} {'strip px':>9}")
    for v in views:
        if v.size == "390x844" and v.state == "fresh" and v.lang == langs[0] and v.look == looks[0]:
            strip = f"{v.strip:.0f}" if v.strip is not None else "-"
            print(f"  {v.game:10} {v.cw:8.1f} {100 * v.wide:8.0f} {100 * v.high:9.0f} {strip:>9}")
    if args.list:
        for v in bad:
            print(f"{v.name}: {'; '.join(v.bad)}")


def run(url: str, langs: list[str], looks: list[str]) -> list[View]:
    views: list[View] = []
    with sync_playwright() as p:
        started = time.monotonic()
        scenes = all_scenes(p, url)
        print(f"scenes made in {time.monotonic() - started:.1f} s")
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        started = time.monotonic()
        for look in looks:
            walker = Walker(browser.new_context(**ONLINE, base_url=url, bypass_csp=True), url, look)  # as the test
            for states in scenes.values():
                for lang in langs:
                    for scene in states.values():
                        views.extend(walker.probe(scene, lang, SIZES))
            walker.ctx.close()
        print(f"walked in {time.monotonic() - started:.1f} s")
        browser.close()
    return views


if __name__ == "__main__":
    main()
