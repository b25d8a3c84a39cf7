"""Keys per move for a keyboard win of each game on the site (issue 37: at most 4 keys a move).

Run: .venv/bin/python bench/keys_per_move.py [--strategy arrows|jumps|both] [--game NAME ...]
A real server on loopback, headless Chromium. Every game of the site's registry
(``paciencia.games.REGISTRY``: a new game joins by itself) that has an Examples game is played to
won along that game's line (``must_example(name)``), opened on its table by its code or its table
text, every move by keys, the automatic moves off, each key press counted and each move waited
for (no fixed sleeps) on the page's view and its moves counter (a redeal is no move there).

The player reaches the board once, by Tab from the page's top (counted apart: ``tab in``); then
each move is played with the fewest keys the table offers from where the focus is, as its layout
(``static/layout.js``) and ``js/input.js`` make them work:

* walking: ←/→ (and ↑/↓ where the arrows move spatially) to a place, the shortest way, read from
  the page's own arrows (``a11y.js``' ``neighbour`` or the board order, wrapping); Enter taps it.
  A tap on a card with one way to go plays it; else it is picked up, and a tap on a place puts it
  down there (on a foundation: the one that takes it, so the nearest foundation may do).
* the run picker, where the arrows walk in board order: on the source, ↑ n − 1 times and Enter
  take a run of n.
* the layout's jump keys (FreeCell 1–8 and a–d, Spider 1–9 and 0): the place's key taps it there.
  What a jump key picks up is loose (put down by another jump key, the longest run that goes
  there goes); F sends what is picked up to its foundation.
* Space taps the place that has a tap of its own (the stock: a draw, a row dealt); a game's button
  (Crescent's redeal) by its token's letter; a pair (Pyramid) is a tap on each card.

``arrows`` plays by walking and the picker alone (what a table without jump keys offers);
``jumps``, in a game that has jump keys, plays each move the cheaper way, jump keys or walking.
Prints, per game and way, the keys, the moves and the keys a move; where a game costs more than
4 keys a move (with ``--where``, every game), where its keys go (walking, the picker, taps) and
its costliest moves.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright
from web_site import CHROMIUM_ARGS, chromium_path, machine, open_table, served

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.games import REGISTRY
from paciencia.games.examples import example

BAR = 4.0
"""Issue 37's bar: a won game costs at most this many keys a move."""

# The table's arrows and jump keys, read from the page: its own modules, so the walk is the one
# the player has (``neighbour`` where the arrows move spatially, the board order otherwise).
BOARD_JS = """async () => {
  const href = (m) => document.querySelector(`link[href$="/js/${m}.js"]`).href;
  const { inOrder, neighbour } = await import(href("a11y"));
  const { state } = await import(href("state"));
  const layout = state.layout;
  const ids = state.view.places.map((p) => p.id);
  const order = layout.arrows === "order";
  const edges = {};
  for (const b of document.querySelectorAll("#board .place")) {
    const out = {};
    if (order) {
      out.ArrowRight = inOrder(ids, b, 1).dataset.place;
      out.ArrowLeft = inOrder(ids, b, -1).dataset.place;
    } else {
      for (const k of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) {
        const n = neighbour(b, k);
        if (n) out[k] = n.dataset.place;
      }
    }
    edges[b.dataset.place] = out;
  }
  // No place focused: the first arrow goes to the board order's first place, or the tab stop.
  const stop = document.querySelector('#board .place[tabindex="0"]');
  edges[""] = { ArrowRight: (order ? inOrder(ids, null, 1) : stop).dataset.place };
  let keys = {};
  if (layout.jumps === true) {
    for (const id of ids) if (id.length === 1) keys[id.toLowerCase()] = id;
  } else if (layout.jumps) keys = { ...layout.jumps };
  const roles = Object.fromEntries(state.view.places.map((p) => [p.id, p.role]));
  const view = state.view;
  return { edges, keys, roles, order, jumps: Boolean(layout.jumps), byHand: layout.foundations !== "auto", view };
}"""


@dataclass
class Board:
    """One position's ways around the table: the arrows' edges, the jump keys, the places' roles."""

    edges: dict[str, dict[str, str]]
    keys: dict[str, str]
    roles: dict[str, str]
    order: bool
    jumps: bool
    by_hand: bool
    view: dict[str, Any]

    @classmethod
    def read(cls, page: Page) -> Board:
        """The table as the page has it now (its view: the one its keys act on)."""
        b = page.evaluate(BOARD_JS)
        return cls(b["edges"], b["keys"], b["roles"], b["order"], b["jumps"], b["byHand"], b["view"])

    def walk(self, here: str, targets: set[str]) -> tuple[list[str], str]:
        """The fewest arrows from ``here`` ("" for no place focused) to one of ``targets``, and which."""
        before: dict[str, tuple[str, str]] = {here: ("", "")}
        queue = deque([here])
        while queue:
            at = queue.popleft()
            if at in targets:
                path, to = [], at
                while to != here:
                    to, key = before[to]
                    path.append(key)
                return path[::-1], at
            for key, to in self.edges.get(at, {}).items():
                if to not in before:
                    before[to] = (at, key)
                    queue.append(to)
        raise AssertionError(f"no arrows from {here!r} to {targets}")

    def key_of(self, place: str) -> str | None:
        return next((k for k, p in self.keys.items() if p == place), None)

    def dests(self, src: str, n: int) -> list[str]:
        found: list[str] = self.view["dests"].get(f"{src}x{n}" if n > 1 else src, [])
        return found

    def foundation(self, place: str) -> bool:
        return self.roles.get(place) == "foundation"


@dataclass
class Plan:
    """Keys to press, and the place that has the focus after them."""

    keys: list[str] = field(default_factory=list)
    here: str = ""

    def then(self, keys: list[str], here: str | None = None) -> Plan:
        return Plan(self.keys + keys, self.here if here is None else here)


def walk_tap(board: Board, plan: Plan, targets: set[str]) -> Plan:
    path, end = board.walk(plan.here, targets)
    return plan.then([*path, "Enter"], end)


def tap(board: Board, plan: Plan, place: str, jumps: bool) -> Plan:
    """A tap on ``place``: its jump key, or walked to and Enter, whichever costs fewer keys."""
    walked = walk_tap(board, plan, {place})
    key = board.key_of(place) if jumps else None
    return plan.then([key], place) if key and len(plan.keys) + 1 <= len(walked.keys) else walked


def parse(token: str) -> tuple[str, int, str]:
    src, dst = token.split("-")
    src, _, count = src.partition("x")
    return src, int(count or 1), dst


def move_plans(board: Board, here: str, token: str, jumps: bool) -> Iterator[Plan]:
    """Every way the keys play a move ``src[xN]-dst`` (a card, or a run of N, onto ``dst``)."""
    src, n, token_dst = parse(token)
    one = board.dests(src, 1)
    ways = board.dests(src, n)
    dst = token_dst if token_dst in board.roles else next(d for d in ways if d.startswith(token_dst))
    start = Plan([], here)
    ks = board.key_of(src) if jumps else None
    if n == 1 and one == [dst]:  # a tap plays it at once
        yield walk_tap(board, start, {src})
        if ks:
            yield start.then([ks], src)
        return
    # Put down on any foundation (or sent by F), the cards picked up go to the first that takes them.
    found_it = board.foundation(dst) and board.by_hand and next(filter(board.foundation, ways), None) == dst
    drops = {dst} | ({p for p in board.roles if board.foundation(p)} if found_it else set())
    picks: list[tuple[Plan, bool]] = []  # the cards picked up (exactly n, or loose)
    if n == 1:
        picks.append((walk_tap(board, start, {src}), False))
    elif board.order:  # the run picker (where the arrows move spatially, ↑/↓ walk instead)
        path, _ = board.walk(here, {src})
        picks.append((start.then([*path, *["ArrowUp"] * (n - 1), "Enter"], src), False))
    if ks and len(one) != 1:
        picks.append((start.then([ks], src), True))
    if ks and len(one) != 1 and board.view["runs"].get(src, 1) > 1:
        picks.append((start.then([ks, *(["ArrowUp"] * (n - 1) if n > 1 else ["ArrowDown"]), "Enter"], src), False))
    longest = max((k for k in range(1, board.view["runs"].get(src, 1) + 1) if dst in board.dests(src, k)), default=0)
    kd = board.key_of(dst) if jumps else None
    for pick, loose in picks:
        if not loose or n == 1:  # walked to and Enter: the cards picked up
            yield walk_tap(board, pick, drops)
        if kd and (not loose or longest == n):
            yield pick.then([kd], dst)
        if jumps and board.jumps and found_it and (not loose or n == 1):
            yield pick.then(["f"])  # F: to the foundation that takes it


def plans(board: Board, here: str, token: str, jumps: bool) -> Iterator[Plan]:
    """Every way the keys play ``token`` from the focus ``here``."""
    actions = board.view["actions"]
    action = next((a for a in actions if a["token"] == token), None)
    if action is not None:
        first = next((a for a in actions if a["place"]), None)
        if action is first:
            yield Plan([" "], here)  # Space taps the place that has a tap of its own
        elif action["place"]:
            yield tap(board, Plan([], here), action["place"], jumps)
        else:
            yield Plan([token.lower()], here)  # a game's button, by its token's letter
    elif "+" in token:  # a pair: a tap on each card, the nearer first
        a, b = token.split("+")
        for first_card, second in ((a, b), (b, a)):
            yield tap(board, tap(board, Plan([], here), first_card, jumps), second, jumps)
    elif token in board.roles:  # a card that goes at one tap
        yield tap(board, Plan([], here), token, jumps)
    else:
        yield from move_plans(board, here, token, jumps)


def kind(key: str, order: bool, jumps: dict[str, str]) -> str:
    """What a key does: walks, chooses a run (↑/↓ where the arrows walk in board order), taps."""
    if key in ("ArrowLeft", "ArrowRight") or (key in ("ArrowUp", "ArrowDown") and not order):
        return "walking"
    if key in ("ArrowUp", "ArrowDown"):
        return "the run picker"
    return {"Enter": "Enter", " ": "Space"}.get(key, "jump keys" if key in jumps else f"{key.upper()} key")


@dataclass
class Result:
    game: str
    way: str
    tab_in: int
    moves: int
    order: bool = False
    jumps: dict[str, str] = field(default_factory=dict)
    keys: int = 0
    per_move: list[tuple[str, list[str]]] = field(default_factory=list)

    def where(self) -> str:
        """Where the keys go, and the costliest moves."""
        spent = Counter(kind(key, self.order, self.jumps) for _, keys in self.per_move for key in keys)
        shares = ", ".join(f"{what} {count} ({count / self.moves:.2f} a move)" for what, count in spent.most_common())
        by_cost = Counter(len(keys) for _, keys in self.per_move)
        spread = ", ".join(f"{by_cost[k]}×{k}" for k in sorted(by_cost))
        costly = sorted(range(len(self.per_move)), key=lambda i: -len(self.per_move[i][1]))[:6]
        tops = ", ".join(f"#{i + 1} {self.per_move[i][0]} {len(self.per_move[i][1])}" for i in costly)
        return f"keys: {shares}\n    moves (count×keys): {spread}\n    costliest (move token keys): {tops}"


def focused(page: Page) -> str:
    found: str = page.evaluate("document.activeElement && document.activeElement.dataset.place || ''")
    return found


def tab_in(page: Page) -> int:
    """Tab from the page's top until a place of the board has the focus: how many presses."""
    for count in range(1, 80):
        page.keyboard.press("Tab")
        if focused(page):
            return count
    raise AssertionError("Tab never reached the board")


# The page's state, at hand for the waits: its view's version moves on with every token played
# (a redeal too, which the moves counter does not count).
STATE_JS = """async () => {
  window.benchState = (await import(document.querySelector('link[href$="/js/state.js"]').href)).state;
}"""


def press(page: Page, keys: list[str], order: bool) -> None:
    """Presses ``keys``; after a run chosen with the picker, waits for it to be picked up (the
    picker opens as its module loads, and ←/→ do not wait behind it as the other keys do)."""
    picking = False
    for key in keys:
        page.keyboard.press(key)
        picking = picking or (order and key in ("ArrowUp", "ArrowDown"))
        if picking and key == "Enter":
            page.wait_for_function("() => window.benchState.selected && !window.benchState.picker")
            picking = False


def play(page: Page, game: str, way: str) -> Result:
    found = example(game)
    assert found is not None
    open_table(page, game, {found.start_kind: found.start})
    assert page.evaluate("localStorage.getItem('paciencia.auto') !== '1'"), "the automatic moves are on"
    page.evaluate(STATE_JS)
    counted = [state.figures().moves for state in found.states()][1:]  # the counter after each token
    result = Result(game, way, tab_in(page), len(found.moves))
    for k, token in enumerate(found.moves):
        board = Board.read(page)
        result.order, result.jumps = board.order, board.keys
        best = min(plans(board, focused(page), token, way == "jumps"), key=lambda p: len(p.keys))
        press(page, best.keys, board.order)
        result.keys += len(best.keys)
        result.per_move.append((token, best.keys))
        try:
            page.wait_for_function(f"() => window.benchState.view.version > {board.view['version']}")
            expect(page.locator("#moves")).to_have_text(str(counted[k]))
        except Exception:
            said = page.locator("#announce").text_content()
            raise AssertionError(f"{game} move {k + 1} {token} not played by {best.keys}: {said}") from None
    expect(page.locator("#end-panel")).to_be_visible()
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=["arrows", "jumps", "both"], default="both")
    parser.add_argument("--game", action="append", choices=sorted(REGISTRY), help="one game (default: every one)")
    parser.add_argument("--where", action="store_true", help="where the keys go for every game (not only over 4)")
    args = parser.parse_args()
    games = [g for g in REGISTRY if example(g) is not None and (not args.game or g in args.game)]
    results: list[Result] = []
    with served() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for game in games:
            for way in ["arrows", "jumps"] if args.strategy == "both" else [args.strategy]:
                if way == "jumps" and results and results[-1].game == game and not results[-1].jumps:
                    continue  # no jump keys: the arrows' figure is the game's
                context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
                results.append(play(context.new_page(), game, way))
                context.close()
        browser.close()
    print(machine())
    print("Each game's Examples game won along its line by keys alone, automatic moves off (1280×800);")
    print("tab in: Tab presses from the page's top to the board, once, not in the keys below.")
    print(f"{'game':10} {'way':7} {'tab in':>6} {'keys':>6} {'moves':>6} {'keys a move':>12}")
    for r in results:
        flag = "" if r.keys / r.moves <= BAR else f"  over {BAR:g}"
        print(f"{r.game:10} {r.way:7} {r.tab_in:6} {r.keys:6} {r.moves:6} {r.keys / r.moves:12.2f}{flag}")
    for r in results:
        if args.where or r.keys / r.moves > BAR:
            print(f"{r.game} {r.way}: {r.where()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
