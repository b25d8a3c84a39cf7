"""Keys per move for a keyboard win of FreeCell (issue 37: at most about 4).

Run: .venv/bin/python bench/keys_per_move.py [--strategy arrows|jumps|both]
A real server on loopback, headless Chromium. Microsoft's game #1 (FC1-4-AAAAAAB) is played to
won along its example line (``paciencia/games/freecell/examples.json``), every move by keys, the
automatic moves off, and each key press counted:

* ``arrows``: what the table had before its jump keys: ←/→ walk the 16 places in board order
  (wrapping) to the source, ↑ (n − 1 times) and Enter take a run of n (the run picker), else
  Enter picks the card up (or plays it where it has one destination), then ←/→ to the
  destination and Enter.
* ``jumps``: the layout's jump keys: the source's key (1–8, a–d), then the destination's, or F
  for its foundation; a card with one destination goes at the first key. The second key moves
  the longest run that goes there; where the line moves another count (fewer cards into an
  empty cascade), or where the end card alone would go at the first key, the count is chosen
  with the run picker (↑/↓ and Enter) first.

Each move waits for the moves counter (no fixed sleeps). Prints keys, moves and keys per move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, open_table, served

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.games.examples import must_example

CODE = "FC1-4-AAAAAAB"


class Keys:
    """Presses keys on the page and counts them; knows which place has the focus."""

    def __init__(self, page: Page, order: list[str]) -> None:
        self.page = page
        self.order = order
        self.count = 0

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.count += 1

    def focused(self) -> str | None:
        found: str | None = self.page.evaluate("document.activeElement && document.activeElement.dataset.place || null")
        return found

    def walk_to(self, target: str) -> None:
        """←/→, the shorter way round the board order, to ``target``."""
        here = self.focused()
        if here is None:  # the first key: the board's tab stop (Tab into it is not counted)
            self.page.locator('#board .place[tabindex="0"]').focus()
            here = self.focused()
        assert here is not None
        size = len(self.order)
        ahead = (self.order.index(target) - self.order.index(here)) % size
        if ahead <= size - ahead:
            self.press("ArrowRight", ahead)
        else:
            self.press("ArrowLeft", size - ahead)
        expect(self.page.locator(f'#board [data-place="{target}"]')).to_be_focused()


def parse(token: str) -> tuple[str, int, str]:
    src, dst = token.split("-")
    n = 1
    if "x" in src:
        src, count = src.split("x")
        n = int(count)
    return src, n, dst


def take_run_by_picker(keys: Keys, n: int) -> None:
    keys.press("ArrowUp", n - 1)
    expect(keys.page.locator("#picker")).to_be_visible()
    keys.press("Enter")


def arrows_move(keys: Keys, token: str, v: dict[str, Any]) -> None:
    src, n, dst = parse(token)
    keys.walk_to(src)
    if n > 1:
        take_run_by_picker(keys, n)
    else:
        keys.press("Enter")
        if v["dests"].get(src) == [dst]:
            return  # one destination: played at once
    keys.walk_to(dst)
    keys.press("Enter")


def jumps_move(keys: Keys, token: str, v: dict[str, Any]) -> None:
    src, n, dst = parse(token)
    dests = v["dests"]
    one = dests.get(src, [])
    if n == 1 and one == [dst]:
        keys.press(src.lower())  # one destination: played at once
        return
    # A jump key's pick is loose: put down by a jump key, the longest run that goes there goes.
    takes = [k for k in range(1, v["runs"].get(src, 1) + 1) if dst in dests.get(f"{src}x{k}" if k > 1 else src, [])]
    loose = max(takes, default=n)
    if dst.startswith("F") or (loose == n and len(one) != 1):
        keys.press(src.lower())
    else:  # another count than the loose one: chosen with the run picker (↑/↓ from one card), Enter
        if len(one) == 1:
            keys.walk_to(src)  # its key would play the end card alone at once
        else:
            keys.press(src.lower())
        if n > 1:
            take_run_by_picker(keys, n)
        else:
            keys.press("ArrowDown")
            expect(keys.page.locator("#picker")).to_be_visible()
            keys.press("Enter")
    keys.press("f" if dst.startswith("F") else dst.lower())


def play(page: Page, strategy: str) -> tuple[int, int]:
    game = open_table(page, "freecell", {"code": CODE})
    assert page.evaluate("!localStorage.getItem('paciencia.auto') || localStorage.getItem('paciencia.auto') === '0'")
    line = must_example("freecell").moves
    order = [p["id"] for p in page.request.get(f"/api/games/{game['id']}").json()["places"]]
    keys = Keys(page, order)
    move = arrows_move if strategy == "arrows" else jumps_move
    for k, token in enumerate(line):
        v = page.request.get(f"/api/games/{game['id']}").json()
        move(keys, token, v)
        try:
            expect(page.locator("#moves")).to_have_text(str(k + 1))
        except AssertionError:
            said = page.locator("#announce").text_content()
            raise AssertionError(f"move {k + 1} {token} not played by {strategy}: {v['dests']} / {said}") from None
    expect(page.locator("#end-panel")).to_be_visible()
    return keys.count, len(line)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=["arrows", "jumps", "both"], default="both")
    chosen = parser.parse_args().strategy
    strategies = ["arrows", "jumps"] if chosen == "both" else [chosen]
    results = {}
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for strategy in strategies:
            context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
            page = context.new_page()
            results[strategy] = play(page, strategy)
            context.close()
        browser.close()
    print(machine())
    print(f"FreeCell {CODE} won along its example line, by keys alone, automatic moves off:")
    for strategy, (count, moves) in results.items():
        print(f"  {strategy:6}: {count} keys for {moves} moves = {count / moves:.2f} keys a move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
