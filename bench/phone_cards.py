"""Issue 37, point 2: how big each game's cards are on a phone, and how much of the screen its
table fills. For every registered game's fresh table (its example's first position, in English,
the default look) at 360x640, 390x844, 844x390 and 1280x800: a top card's width in px, that
width against the screen's width over the places of the board's widest row (Google's and Microsoft's Klondike
draw a card nearly a seventh of a portrait phone's width), the share of the screen's width and
height the board fills, the shortest strip of a covered face-up card, and the problems the
layout matrix's probe finds there (tests/browser/matrix.py).

Run: .venv/bin/python bench/phone_cards.py [--sizes 390x844,360x640] [--state fresh]
The site in a thread on a loopback port (a new SQLite file), headless Chromium. ``--state``
takes any of the matrix's states (fresh alone is quick: the others solve and walk deals).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.games import REGISTRY
from tests.browser.conftest import LiveServer
from tests.browser.matrix import SIZES, Walker, fresh_scene, make, notice_scene, scenes_of

PHONES = ("360x640", "390x844", "844x390", "1280x800")
HEAD = (
    f"  {'game':10} {'size':9} {'card px':>8} {'x across':>9} {'width %':>8} {'height %':>9} {'strip px':>9}  problems"
)
"""x across: the card's width times the places across the board's widest row, over the screen's width."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(PHONES))
    parser.add_argument("--state", default="fresh")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    sizes = {s: SIZES[s] for s in args.sizes.split(",")}
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "games.sqlite3")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                walker = Walker(browser.new_context(base_url=server.url, bypass_csp=True), server.url, "default")
                print(f"{args.state}, {args.lang}, default look")
                print(HEAD)
                for game in REGISTRY:
                    if args.state == "fresh":
                        scene = fresh_scene(game)
                    elif args.state == "notice":
                        scene = notice_scene(p, server.url, game)
                    else:
                        scene = scenes_of(game)[args.state]
                    if not scene.game_id:
                        scene = make(p, server.url, scene)
                    for v in walker.probe(scene, args.lang, sizes):
                        cols = walker.page.evaluate(COLUMNS)  # the page is still at v's size
                        w = sizes[v.size][0]
                        strip = f"{v.strip:.0f}" if v.strip is not None else "-"
                        share = v.cw * cols / w
                        print(
                            f"  {game:10} {v.size:9} {v.cw:8.1f} {share:9.2f} {100 * v.wide:8.0f} {100 * v.high:9.0f}"
                            f" {strip:>9}  {len(v.bad) or ''}"
                        )
                        for problem in v.bad:
                            print(f"      {problem}")
                walker.ctx.close()
                browser.close()
        finally:
            server.stop()


COLUMNS = """() => {
  const rows = new Map();
  for (const s of document.querySelectorAll("#board .slot")) {
    const r = s.getBoundingClientRect();
    if (!r.width) continue;
    const top = Math.round(r.top);
    rows.set(top, (rows.get(top) || 0) + 1);
  }
  return Math.max(...rows.values());
}"""
"""How many places the board's widest row has, as laid out now."""


if __name__ == "__main__":
    main()
