"""Issue 37's layout matrix, shared by its test (tests/browser/test_layout_matrix.py) and its
figures (bench/layout_matrix.py): every registered game's table in each state a player meets, in
every language, at every size, in the default look and in high contrast, looked at by one probe.

The scenes are worked out from each game itself (``paciencia.games.REGISTRY``), so a new game
joins the matrix by itself:

* fresh: its example's first position (``paciencia/games/<name>/examples.json``);
* selected: the first position of that line where a card may move, the card picked up (Enter);
* picker: the first position of that line with a run of two cards or more, the run picker
  opened on it (↑), where the game moves runs;
* level: a deal of the "expert" level, and that level chosen for the next game, where the game
  has levels;
* notice: a position one move from blocked, where the hint can only say that the game is lost
  (a game without a solver, whose hint is its own plain analysis: the end of a walk where every
  move goes back to a position met on the way, where the hint says that no move helps);
* blocked: the same position, that move played (the results panel);
* won: an expert deal won along the solver's line where the game has levels (the panel then
  says the level too), else the example won.

A blocked position comes from a seeded random walk (each move to a position not seen before)
from the game's deals; a game whose blocked positions no walk reaches names one in ``BLOCKED``.

Beside the tables, issue 43's pages (``PAGES``): the daily challenges, a ranking with the player's
own entry (a game of the day's deal left, a handle shown) and the devices page with a link code
just made (its QR code too), each at its address under a player made for it.

Each scene is a game of its own, under a player of its own (a newer game of the same game would
leave the older one), made once through the API; a page opens it by taking that player's cookie.
One page per game, language and look walks the scenes, and for each the sizes by resizing the
viewport, touch (``pointer: coarse``) turned on for the phones and off for the mouse's sizes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from playwright.sync_api import (
    APIRequestContext,
    BrowserContext,
    CDPSession,
    Page,
    Playwright,
    StorageState,
    StorageStateCookie,
    expect,
)

from paciencia.analysis import levels
from paciencia.engine.protocol import State, Status
from paciencia.games import REGISTRY, new_state
from paciencia.games.examples import must_example
from paciencia.web.settings import Settings
from tests.tables import KLONDIKE_BLOCKED_IN_ONE

STATES = ("fresh", "selected", "level", "notice", "picker", "won", "blocked")
# name: (width, height, touch). 427x267 is 1280x800 at 300 %.
SIZES: dict[str, tuple[int, int, bool]] = {
    "360x640": (360, 640, True),
    "390x844": (390, 844, True),
    "844x390": (844, 390, True),
    "1280x800": (1280, 800, False),
    "427x267": (427, 267, False),
}
LOOKS = ("default", "high contrast")
"""High contrast: the site's own high-contrast look and the system's forced colours at once."""

BLOCKED: dict[str, tuple[str, str]] = {
    # Klondike blocks only with its stock and waste used up: no random walk gets there.
    "klondike": (KLONDIKE_BLOCKED_IN_ONE, "1-Fc"),
}
"""A position one move from blocked, and that move, for a game no walk blocks."""

PLAYER_COOKIE = Settings().cookie_name
_SELECTED = re.compile(r"\bselected\b")


@dataclass
class Scene:
    game: str
    state: str
    body: dict[str, Any]
    """POST /api/games's body."""
    moves: tuple[str, ...] = ()
    """Played through the API once the game is made."""
    place: str = ""
    """The place the scene acts on (selected, picker)."""
    game_id: str = ""
    cookie: StorageStateCookie | None = None
    path: str = ""
    """A page of its own (``PAGES``), opened at ``/{lang}{path}``: no table."""


def _table(state: State[Any]) -> dict[str, Any]:
    return {"table": state.to_text()}


def _walk(state: State[Any], rng: random.Random, limit: int = 2000) -> tuple[list[str], str]:
    """Tokens from ``state`` along a seeded random walk, each move to a position not seen before,
    and where it ended: ``blocked``, ``won``, ``dead end`` (every move goes back to a position met
    on the way) or ``long`` (``limit`` moves)."""
    seen = {state.key()}
    line: list[str] = []
    for _ in range(limit):
        if state.status != Status.PLAYING:
            return line, state.status.value
        fresh = []
        for move in state.legal_moves():
            after = state.copy()
            after.push(move)
            if after.key() not in seen:
                fresh.append((move, after))
        if not fresh:
            return line, "dead end"
        move, state = rng.choice(fresh)
        seen.add(state.key())
        line.append(str(move))
    return line, "long"


def _walk_to_blocked(state: State[Any], rng: random.Random, limit: int = 2000) -> list[str] | None:
    """Tokens from ``state`` to a blocked position, each move to a position not seen before."""
    line, end = _walk(state, rng, limit)
    return line if end == Status.BLOCKED.value else None


def _blocks(state: State[Any], move: Any) -> bool:
    after = state.copy()
    after.push(move)
    return after.status == Status.BLOCKED


def one_from_blocked(game: str) -> Iterator[tuple[str, str]]:
    """Positions (table text) whose every move blocks the game, each with one of its moves."""
    if game in BLOCKED:
        yield BLOCKED[game]
    cls = REGISTRY[game].game
    for seed in range(50):
        for variant in cls.variants:
            start = cls(variant).new_state(seed + 1)
            line = _walk_to_blocked(start.copy(), random.Random(seed))
            if not line:
                continue
            start.play_all(line[:-1])
            # Lost beyond doubt: every move there blocks.
            if all(_blocks(start, move) for move in start.legal_moves()):
                yield start.to_text(), line[-1]


def dead_ends(game: str, longest: int = 400) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Deals (their codes) with a walk from them (at most ``longest`` tokens) that ends where
    every move goes back to a position met on the way."""
    cls = REGISTRY[game].game
    for seed in range(50):
        for variant in cls.variants:
            start = cls(variant).new_state(seed + 1)
            line, end = _walk(start.copy(), random.Random(seed), longest)
            if end == "dead end":
                yield str(start.code), tuple(line)


def levelled_variant(game: str) -> str | None:
    """A variant of the game with levelled deals ("expert" among them), if it has one."""
    return next((v for v in REGISTRY[game].game.variants if levels.pool(game, v, "expert")), None)


def fresh_scene(game: str) -> Scene:
    """The game's fresh table: its example's first position (a deal, nothing played)."""
    example = must_example(game)
    body = {"code": example.start} if example.start_kind == "code" else {"table": example.start}
    return Scene(game, "fresh", body)


def scenes_of(game: str) -> dict[str, Scene]:
    """The game's scenes, by state (a state the game has no way to show is left out)."""
    example = must_example(game)
    start = example.start_state()
    found: dict[str, Scene] = {"fresh": fresh_scene(game)}
    for state in example.states():
        obs = state.observe()
        roles = {p.place: p.role for p in obs.places}
        if "selected" not in found:
            # A card that may go to two places or more: a tap picks it up (one place: the tap plays it).
            movable = [k for k, to in obs.dests.items() if "x" not in k and len(to) > 1 and roles[k] != "foundation"]
            if movable:
                found["selected"] = Scene(game, "selected", _table(state), place=movable[0])
        if "picker" not in found and "runs" in REGISTRY[game].game.capabilities:
            runs = [p for p, n in obs.runs.items() if n > 1]
            if runs:
                found["picker"] = Scene(game, "picker", _table(state), place=runs[0])
    variant = levelled_variant(game)
    if variant is not None:
        found["level"] = Scene(game, "level", {"game": game, "variant": variant, "level": "expert"})
        code = levels.pool(game, variant, "expert")[0]
        deal = new_state(code)
        result = deal.game.solve(deal, 30.0)
        assert result.line, f"{code}: no line found to win it"
        found["won"] = Scene(game, "won", {"code": code}, tuple(result.line))
    else:
        before = start.copy()
        before.play_all(example.moves[:-1])
        found["won"] = Scene(game, "won", _table(before), (example.moves[-1],))
    table, move = next(one_from_blocked(game), ("", ""))
    assert table, f"no walk blocks {game}: give tests/browser/matrix.py's BLOCKED a position of it"
    found["blocked"] = Scene(game, "blocked", {"table": table}, (move,))
    return {s: found[s] for s in STATES if s in found}


NOTICES = ("lost", "no_useful")
"""The hint's answers that the notice shows (any other is a move, which the page plays)."""


def notice_scene(playwright: Playwright, base_url: str, game: str, tries: int = 12) -> Scene:
    """A position on which the server's hint answers with the notice: one move from blocked, where
    the game has a solver (its hint says lost); else the end of a walk where every move goes back
    to a position met on the way (its own plain analysis says that no move helps)."""
    if "solve" in REGISTRY[game].game.capabilities:
        found: Iterator[tuple[dict[str, Any], tuple[str, ...]]] = (
            ({"table": t}, ()) for t, _ in one_from_blocked(game)
        )
    else:
        found = (({"code": code}, line) for code, line in dead_ends(game))
    for body, line in islice(found, tries):
        scene = make(playwright, base_url, Scene(game, "notice", body, line))
        assert scene.cookie is not None
        player: StorageState = {"cookies": [scene.cookie], "origins": []}
        api = playwright.request.new_context(base_url=base_url, storage_state=player)
        try:
            res = api.post(f"/api/games/{scene.game_id}/hint", data={"version": len(line)})
            assert res.ok, res.text()
            if res.json()["kind"] in NOTICES:
                return scene
        finally:
            api.dispose()
    raise AssertionError(f"{game}: no hint gives the notice on {tries} positions")


def make(playwright: Playwright, base_url: str, scene: Scene) -> Scene:
    """Makes the scene's game under a new player of its own, and keeps that player's cookie."""
    api: APIRequestContext = playwright.request.new_context(base_url=base_url)
    try:
        res = api.post("/api/games", data=scene.body)
        assert res.ok, res.text()
        view = res.json()
        for token in scene.moves:
            res = api.post(f"/api/games/{view['id']}/moves", data={"move": token, "version": view["version"]})
            assert res.ok, f"{scene.game} {scene.state} {token}: {res.text()}"
            view = res.json()
        want = {"won": "won", "blocked": "blocked"}.get(scene.state, "playing")
        assert view["status"] == want, f"{scene.game} {scene.state}: {view['status']}"
        scene.game_id = view["id"]
        scene.cookie = next(c for c in api.storage_state()["cookies"] if c["name"] == PLAYER_COOKIE)
    finally:
        api.dispose()
    return scene


def all_scenes(playwright: Playwright, base_url: str) -> dict[str, dict[str, Scene]]:
    """Every registered game's scenes, made on the server, by game and state; and the pages'."""
    made = {}
    for game in REGISTRY:
        scenes = {s: make(playwright, base_url, sc) for s, sc in scenes_of(game).items()}
        scenes["notice"] = notice_scene(playwright, base_url, game)
        made[game] = {s: scenes[s] for s in STATES if s in scenes}
    made[PAGES] = page_scenes(playwright, base_url)
    return made


PAGES = "pages"
"""The pages' scenes' name among the games' (``all_scenes``)."""
DAILY = {"game": "freecell", "variant": "4", "daily": True}
"""The day's deal whose ranking the ranking scene shows (FreeCell's: proved at once)."""


def page_scenes(playwright: Playwright, base_url: str) -> dict[str, Scene]:
    """Issue 43's pages, as a player who played a few moves of the day's deal and left it (its
    ranking shows that game) and shows its handle there: the daily challenges, the ranking, the
    devices page (a new player each time it opens: it makes a code, a few a minute)."""
    api: APIRequestContext = playwright.request.new_context(base_url=base_url)
    try:
        res = api.post("/api/games", data=DAILY)
        assert res.ok, res.text()
        view = res.json()
        for _ in range(3):
            src, dests = next((s, d) for s, d in view["dests"].items() if d)
            res = api.post(
                f"/api/games/{view['id']}/moves", data={"move": f"{src}-{dests[0]}", "version": view["version"]}
            )
            assert res.ok, res.text()
            view = res.json()
        assert api.post("/api/games", data={"game": "freecell", "variant": "4"}).ok  # the daily game left
        assert api.post("/api/daily/ranking/me", data={"shown": True}).ok
        cookie = next(c for c in api.storage_state()["cookies"] if c["name"] == PLAYER_COOKIE)
    finally:
        api.dispose()
    ranking = f"/daily/ranking?game={DAILY['game']}&variant={DAILY['variant']}"
    return {
        "daily": Scene(PAGES, "daily", {}, cookie=cookie, path="/daily"),
        "ranking": Scene(PAGES, "ranking", {}, cookie=cookie, path=ranking),
        "devices": Scene(PAGES, "devices", {}, path="/devices"),
    }


# -- the probe -----------------------------------------------------------------------------------

FRAMES = """() => new Promise((done) => {
  setTimeout(done, 3000);
  requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)));
})"""
"""Three frames drawn (the observers that size the board have run), or three seconds: a page that
is not being drawn draws no frame, and Playwright's evaluate has no timeout (a CI run hung here)."""

# What is checked, on the page as it is: the layout is the screen's width and nothing is wider;
# every control (a modal dialog's alone while one is open; the run picker's, the header's and the
# button bar's while the picker is open) is, once scrolled to, on the screen and the element hit
# at its centre, at least 24 px each way (a link within a sentence aside), and shows its label
# whole (the header's and the bar's on one line); no text runs out of the box it is drawn in
# (the nearest element with a background, a border or a clip), nor off the screen; every card is
# at least 24 px wide, every covered face-up card of a spread column shows a strip at least 24 px
# tall (one under the run a tap takes there aside: no target of its own), and on a portrait
# phone the board (where the page has one) spans at least 90 % of the width. Returns the
# problems and the board's figures (its card width, the share of the screen it fills).
PROBE = """([w, h, portrait]) => {
  const bad = [];
  const doc = document.documentElement;
  const px = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
  if (innerWidth !== w) bad.push(`the layout is ${innerWidth} px wide on a ${w} px screen`);
  if (doc.scrollWidth > w) bad.push(`the page is ${doc.scrollWidth} px wide on a ${w} px screen`);
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const named = (el) => el.id ? "#" + el.id : el.dataset.place ? `place ${el.dataset.place}`
    : `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 24)}"`;
  const dialog = document.querySelector("dialog[open]");
  const picker = document.querySelector("#picker:not([hidden])");
  const CONTROLS = "a[href], button, summary, select, input:not([type=hidden]), textarea";
  let controls;
  if (dialog) controls = [...dialog.querySelectorAll(CONTROLS)];
  else if (picker) {
    controls = [...document.querySelectorAll(`#picker button, header.bar :is(${CONTROLS}), .side .buttons button`)];
  }
  else controls = [...document.querySelectorAll(CONTROLS)];
  controls = controls.filter((el) => shown(el) && !el.closest("[inert]"));
  // A control drawn by its label alone (a file input kept for screen readers): the label is the target.
  controls = controls.map((el) => el.matches(".sr-only") && el.labels && el.labels.length ? el.labels[0] : el);
  const lines = (el) => {
    const tops = new Set();
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const box = n.parentElement.getBoundingClientRect();
      if (!n.textContent.trim() || box.width <= 1 || box.height <= 1) continue;
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const rect of r.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top + rect.height / 2));
    }
    return [...tops].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > 3).length;
  };
  const inSentence = (el) => el.tagName === "A" && el.parentElement.closest("p")
    && el.parentElement.closest("p").textContent.trim().length > el.textContent.trim().length + 12;
  // A box and its label's (a tick box's target is both) as one rectangle.
  const target = (el) => {
    const rs = [el, ...(el.labels || [])].map((x) => x.getBoundingClientRect()).filter((r) => r.width && r.height);
    const [l, t] = [Math.min(...rs.map((r) => r.left)), Math.min(...rs.map((r) => r.top))];
    const [r, b] = [Math.max(...rs.map((x) => x.right)), Math.max(...rs.map((x) => x.bottom))];
    return {left: l, top: t, width: r - l, height: b - t};
  };
  for (const el of controls) {
    el.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = el.getBoundingClientRect();
    const name = named(el);
    // Wholly on the screen; one taller or wider than the screen, across it that way.
    const offX = r.width <= w ? r.left < -0.5 || r.right > w + 0.5 : r.left > 0.5 || r.right < w - 0.5;
    const offY = r.height <= h ? r.top < -0.5 || r.bottom > h + 0.5 : r.top > 0.5 || r.bottom < h - 0.5;
    if (offX || offY) {
      bad.push(`${name} off the screen at ${px(r)}`);
      continue;
    }
    const cx = (Math.max(r.left, 0) + Math.min(r.right, w)) / 2;
    const cy = (Math.max(r.top, 0) + Math.min(r.bottom, h)) / 2;
    const hit = document.elementFromPoint(cx, cy);
    if (!hit || !(el.contains(hit) || (el.labels && [...el.labels].some((l) => l.contains(hit))))) {
      bad.push(`${name} covered by ${hit ? named(hit) : "nothing"}`);
    }
    const t = target(el);
    if ((t.width < 23.5 || t.height < 23.5) && !inSentence(el)) {
      bad.push(`${name} is ${Math.round(t.width)}x${Math.round(t.height)} px`);
    }
    if (el.closest("header.bar, .side .buttons") && !el.closest(".nav") && lines(el) > 1) bad.push(`${name} wraps`);
    const clips = getComputedStyle(el).overflowX !== "visible";
    if (el.tagName !== "SELECT" && el.scrollWidth > el.clientWidth + 1 && clips) bad.push(`${name} cuts its label`);
  }
  for (const el of [doc, ...document.querySelectorAll("body *")]) if (el.scrollTop || el.scrollLeft) el.scrollTo(0, 0);
  // On a portrait phone the figures under the board (the counters, the badges) sit whole over
  // the fixed button bar when they start over it: none half hidden behind it (a level's badge
  // on a third line was).
  const fixedBar = document.querySelector(".side .buttons");
  if (portrait && fixedBar && getComputedStyle(fixedBar).position === "fixed" && !dialog) {
    const barTop = fixedBar.getBoundingClientRect().top;
    const figures = [...document.querySelectorAll(".side .counters > *")]
      .filter((f) => shown(f) && f.getBoundingClientRect().height);
    if (figures.some((f) => f.getBoundingClientRect().top < barTop)) {
      for (const f of figures) {
        const r = f.getBoundingClientRect();
        if (r.bottom > barTop + 0.5) bad.push(`${named(f)} under the button bar at ${px(r)}`);
      }
    }
  }
  // Text out of its box: each text node's lines against the nearest ancestor drawn as a box.
  const boxed = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") return a;  // a clip, or a scroll box
      if (["BUTTON", "DIALOG", "SELECT", "SUMMARY"].includes(a.tagName)) return a;
      if (s.backgroundImage !== "none" || !/rgba\\(0, 0, 0, 0\\)|transparent/.test(s.backgroundColor)) return a;
      if (parseFloat(s.borderTopWidth) > 0 && parseFloat(s.borderBottomWidth) > 0) return a;
    }
    return null;
  };
  const root = dialog || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const told = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !shown(el) || el.closest(".sr-only, .place .name, template, script, style")) continue;
    const own = el.getBoundingClientRect();
    if (own.width <= 1 || own.height <= 1) continue;
    const box = boxed(el);
    const b = box ? box.getBoundingClientRect() : {left: 0, top: -1e9, right: w, bottom: 1e9};
    const r = document.createRange();
    r.selectNodeContents(n);
    for (const t of r.getClientRects()) {
      if (t.width < 1) continue;
      const scrolls = box && /auto|scroll/.test(getComputedStyle(box).overflowY);
      // Up and down, a glyph may pass a tight line box (line-height 1) by a little.
      const give = Math.max(2, 0.3 * parseFloat(getComputedStyle(el).fontSize));
      const across = t.left < b.left - 1 || t.right > b.right + 1;
      const out = across || (!scrolls && (t.top < b.top - give || t.bottom > b.bottom + give));
      const off = t.left < -0.5 || t.right > w + 0.5;
      if ((out || off) && !told.has(el)) {
        told.add(el);
        const where = off ? "the screen" : box ? named(box) : "its box";
        bad.push(`"${n.textContent.trim().slice(0, 24)}" out of ${where} at ${px(t)}`);
      }
    }
  }
  // The board: its cards, its columns' strips, its share of the screen.
  const cards = [...document.querySelectorAll("#board .card, #picker .card")].filter(shown);
  const narrow = cards.map((c) => c.getBoundingClientRect().width).filter((cw) => cw < 23.5);
  if (narrow.length) bad.push(`${narrow.length} cards under 24 px wide (${Math.round(Math.min(...narrow))} px)`);
  let strips = [];
  for (const slot of document.querySelectorAll("#board .spread-cascade .slot")) {
    const kids = [...slot.children].filter(shown);
    for (let k = 0; k + 1 < kids.length; k++) {
      // A face-down card is no target, nor one under the run a tap takes (render.js marks it).
      if (!kids[k].dataset.card || kids[k].classList.contains("fixed")) continue;
      strips.push(kids[k + 1].getBoundingClientRect().top - kids[k].getBoundingClientRect().top);
    }
  }
  const thin = strips.filter((s) => s < 23.5);
  if (thin.length) bad.push(`${thin.length} covered cards' strips under 24 px (${Math.round(Math.min(...thin))} px)`);
  for (const el of document.querySelectorAll("#board .place")) {
    const r = el.getBoundingClientRect();
    if (shown(el) && (r.width < 23.5 || r.height < 23.5)) {
      bad.push(`place ${el.dataset.place} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  const drawn = [...document.querySelectorAll("#board .slot")].filter(shown).map((el) => el.getBoundingClientRect());
  for (const c of cards) if (c.closest("#board")) drawn.push(c.getBoundingClientRect());
  const left = Math.min(...drawn.map((r) => r.left)), right = Math.max(...drawn.map((r) => r.right));
  const top = Math.min(...drawn.map((r) => r.top)), bottom = Math.max(...drawn.map((r) => r.bottom));
  const wide = (right - left) / w;
  if (portrait && drawn.length && wide < 0.9) bad.push(`the board spans ${Math.round(wide * 100)} % of the width`);
  const top1 = document.querySelector("#board .place:not(.empty) .slot > .card:last-child:not(.back)") || cards[0];
  return {bad, cw: top1 ? top1.getBoundingClientRect().width : 0, wide: drawn.length ? wide : 0,
    high: drawn.length ? (bottom - top) / h : 0,
    strip: strips.length ? Math.min(...strips) : null};
}"""


@dataclass
class View:
    """What the probe found in one view."""

    game: str
    state: str
    lang: str
    look: str
    size: str
    bad: list[str]
    cw: float
    wide: float
    high: float
    strip: float | None

    @property
    def name(self) -> str:
        return f"{self.game} {self.state} {self.lang} {self.look} {self.size}"


class Walker:
    """One page, in one look, that opens scenes and probes them at every size."""

    def __init__(self, ctx: BrowserContext, base_url: str, look: str) -> None:
        self.ctx = ctx
        self.base_url = base_url
        self.look = look
        if look == "high contrast":
            ctx.add_cookies([{"name": "paciencia_look", "value": "contrast:1", "url": base_url}])
        self.page: Page = ctx.new_page()
        self.page.set_default_timeout(15_000)
        if look == "high contrast":
            self.page.emulate_media(forced_colors="active")
        self.cdp: CDPSession = ctx.new_cdp_session(self.page)
        self.touch: bool | None = None

    def set_touch(self, on: bool) -> None:
        if on != self.touch:
            self.cdp.send(
                "Emulation.setTouchEmulationEnabled",
                {"enabled": True, "maxTouchPoints": 1} if on else {"enabled": False},
            )
            self.touch = on

    def open(self, scene: Scene, lang: str, sizes: dict[str, tuple[int, int, bool]]) -> None:
        """Opens the scene (on the first size's screen) and brings it to its state."""
        page = self.page
        page.bring_to_front()  # drawn: a page behind another in its window draws no frame
        width, height, touch = next(iter(sizes.values()))
        self.set_touch(touch)
        page.set_viewport_size({"width": width, "height": height})
        if scene.path:
            self.open_page(scene, lang)
            return
        assert scene.cookie is not None
        c = scene.cookie
        self.ctx.add_cookies([{"name": c["name"], "value": c["value"], "domain": c["domain"], "path": c["path"]}])
        page.goto(f"/{lang}/{scene.game}/{scene.game_id}")
        page.wait_for_selector("html[data-ready]")
        here = page.locator(f'#board .place[data-place="{scene.place}"]')
        if scene.state == "selected":
            here.focus()
            page.keyboard.press("Enter")
            expect(here).to_have_class(_SELECTED)
        elif scene.state == "picker":
            here.focus()
            page.keyboard.press("ArrowUp")
            expect(page.locator("#picker")).to_be_visible()
        elif scene.state == "level":
            expect(page.locator("#level-badge")).to_be_visible()
            page.locator("#new-level").select_option("expert")
        elif scene.state == "notice":
            page.locator("#hint").click()
            expect(page.locator("#notice")).to_be_visible()
        elif scene.state in ("won", "blocked"):
            expect(page.locator("#end-panel")).to_be_visible()
            if scene.state == "won" and levelled_variant(scene.game):
                expect(page.locator("#end-level")).to_be_visible()

    def open_page(self, scene: Scene, lang: str) -> None:
        """Opens one of ``PAGES`` as its player (the devices page: a new one, who makes a code)."""
        page = self.page
        self.ctx.clear_cookies(name=PLAYER_COOKIE)
        if scene.cookie is not None:
            c = scene.cookie
            self.ctx.add_cookies([{"name": c["name"], "value": c["value"], "domain": c["domain"], "path": c["path"]}])
        page.goto(f"/{lang}{scene.path}")
        if scene.state == "devices":
            page.locator("form[action$='/devices/link'] button").click()
            expect(page.locator(".link-code")).to_be_visible()
        else:
            expect(page.locator("main h1")).to_be_visible()

    def probe(self, scene: Scene, lang: str, sizes: dict[str, tuple[int, int, bool]]) -> Iterator[View]:
        self.open(scene, lang, sizes)
        for size, (width, height, touch) in sizes.items():
            self.set_touch(touch)
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.evaluate(FRAMES)
            found = self.page.evaluate(PROBE, [width, height, height > width])
            yield View(scene.game, scene.state, lang, self.look, size, **found)
