"""Issue 22's check: the site's frame fits every screen, in every language and look.

Both tables, both games' end panels, the review, statistics, rules and Examples pages, in all
five languages, at five sizes (a small phone, a tall phone, the tall phone turned, a desktop and
that desktop at 200 % zoom), in the default look and in high contrast: nothing wider than the
screen, every control of the header, of the button bar and of an open panel on the screen, not
wrapped, not cut, and the one hit at its centre; axe finds nothing serious or critical.

One browser for all of it: a context per look and kind of pointer, one page each, the games
made once per context (a finished game reopens on its end panel), and the sizes walked by
resizing a loaded page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.browser.conftest import ONLINE, open_table, place, some_locales
from tests.browser.test_accessibility import serious
from tests.tables import (
    BLOCKING_MOVE,
    CRESCENT_BLOCKED_IN_ONE,
    FULL_PILE,
    HEARTS,
    KLONDIKE_BLOCKED_IN_ONE,
    MOVES,
    QUIET_BUT_WINNABLE,
)

TOUCH: dict[str, ViewportSize] = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}
# 640×400 is 1280×800 at 200 % zoom: the same CSS pixels a zoomed desktop lays out.
MOUSE: dict[str, ViewportSize] = {
    "1280x800": {"width": 1280, "height": 800},
    "640x400": {"width": 640, "height": 400},
}
AXE_AT = "390x844"  # axe's findings do not hang on the size: it runs once per page and look
# test_accessibility runs axe on these in the default look; here they need it in high contrast only.
AXED_ELSEWHERE = {"stats", "crescent/rules", "klondike/rules", "crescent examples", "klondike examples"}
LOOKS = {"default": "", "high contrast": "contrast:1"}

# What must fit: the header's controls, the table's button bar, and an open dialog's ways out
# (a modal covers the rest). Each is scrolled to (a panel may scroll) and then must lie on the
# screen, be the element hit at its centre, show its label on one line and not cut it.
PROBE = """([w, h]) => {
  const bad = [];
  const doc = document.documentElement;
  if (innerWidth !== w) bad.push(`the layout is ${innerWidth} px wide on a ${w} px screen`);
  if (doc.scrollWidth > w) bad.push(`the page is ${doc.scrollWidth} px wide on a ${w} px screen`);
  const dialog = document.querySelector("dialog[open]");
  const sel = dialog ? "dialog[open] button, dialog[open] a"
    : ".bar a, .bar button, .bar summary, .side .buttons button, .side .buttons a";
  const lines = (el) => {
    const tops = new Set();
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const box = n.parentElement.getBoundingClientRect();
      if (!n.textContent.trim() || box.width <= 1 || box.height <= 1) continue;  // visually hidden words
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const rect of r.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top + rect.height / 2));
    }
    return [...tops].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > 3).length;
  };
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    el.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = el.getBoundingClientRect();
    const name = `${el.id || el.textContent.trim()}`;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) {
      bad.push(`${name} off the screen at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const by = hit ? hit.id || hit.className || hit.tagName : "nothing";
    if (!hit || !el.contains(hit)) bad.push(`${name} covered by ${by}`);
    if (lines(el) > 1) bad.push(`${name} wraps`);
    if (el.scrollWidth > el.clientWidth + 1) bad.push(`${name} cuts its label`);
  }
  scrollTo(0, 0);
  return bad;
}"""


FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


class Walk:
    """One context (a look, a kind of pointer) with one page and its own games."""

    def __init__(self, browser: Browser, base_url: str, look: str, touch: bool) -> None:
        self.ctx: BrowserContext = browser.new_context(**ONLINE, base_url=base_url, has_touch=touch, bypass_csp=True)
        if LOOKS[look]:
            self.ctx.add_cookies([{"name": "paciencia_look", "value": LOOKS[look], "url": base_url}])
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(15_000)
        self.games = {
            "crescent table": ("crescent", self._new({"table": FULL_PILE})),
            "klondike table": ("klondike", self._new({"table": MOVES})),
            "crescent end panel": ("crescent", self._ended({"table": CRESCENT_BLOCKED_IN_ONE}, BLOCKING_MOVE)),
            "klondike end panel": ("klondike", self._ended({"table": KLONDIKE_BLOCKED_IN_ONE}, "1-Fc")),
        }

    def _new(self, body: dict[str, Any]) -> str:
        res = self.page.request.post("/api/games", data=body)
        assert res.ok, res.text()
        return str(res.json()["id"])

    def _ended(self, body: dict[str, Any], move: str) -> str:
        game = self._new(body)
        res = self.page.request.post(f"/api/games/{game}/moves", data={"move": move, "version": 0})
        assert res.ok and res.json()["status"] != "playing", res.text()
        return game

    def scenes(self, lang: str) -> Iterator[str]:
        """Opens each page of the walk in turn in `lang`, yielding its name once it is drawn."""
        page = self.page
        for name, (game, game_id) in self.games.items():
            page.goto(f"/{lang}/{game}/{game_id}")
            page.wait_for_selector("html[data-ready]")
            if "end panel" in name:
                expect(page.locator("#end-panel")).to_be_visible()
                # One way to the review: the link once the game is closed, else the button that asks.
                expect(page.locator("#end-review-link, #end-review-show").filter(visible=True)).to_have_count(1)
            yield name
        page.goto(f"/{lang}/crescent/{self.games['crescent end panel'][1]}/review")
        yield "review page"
        for path in ("stats", "crescent/rules", "klondike/rules"):
            page.goto(f"/{lang}/{path}")
            yield path
        for game in ("crescent", "klondike"):
            page.goto(f"/{lang}/{game}/examples?step=12")
            page.wait_for_selector("html[data-ready]")
            yield f"{game} examples"


@pytest.fixture(scope="module")
def walks(browser: Browser, base_url: str) -> Iterator[dict[tuple[str, bool], Walk]]:
    made = {(look, touch): Walk(browser, base_url, look, touch) for look in LOOKS for touch in (True, False)}
    yield made
    for w in made.values():
        w.ctx.close()


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("lang", some_locales(3, count=1))
def test_every_page_fits_every_screen(walks: dict[tuple[str, bool], Walk], lang: str, look: str) -> None:
    report: dict[str, list[str]] = {}
    for touch, sizes in ((True, TOUCH), (False, MOUSE)):
        walk = walks[look, touch]
        for scene in walk.scenes(lang):
            for size, viewport in sizes.items():
                walk.page.set_viewport_size(viewport)
                walk.page.evaluate(FRAMES)
                if found := walk.page.evaluate(PROBE, [viewport["width"], viewport["height"]]):
                    report[f"{scene} at {size}"] = found
                axed = size == AXE_AT and (look != "default" or scene not in AXED_ELSEWHERE)
                if axed and (found := serious(walk.page)):
                    report[f"{scene}: axe"] = found
    assert not report, "\n".join(f"{k}: {v}" for k, v in report.items())


# -- what the matrix does not see --------------------------------------------------------------


# A desktop zoomed far: 1280x800 and 1280x1024 at 400 %, 1024x768 at 200 % (CSS pixels).
ZOOMED: dict[str, ViewportSize] = {
    "320x200": {"width": 320, "height": 200},
    "320x256": {"width": 320, "height": 256},
    "512x384": {"width": 512, "height": 384},
}
SMALLEST_RANK = """() => Math.min(...[...document.querySelectorAll("#board .card .rk")]
    .map((el) => parseFloat(getComputedStyle(el).fontSize)))"""


@pytest.mark.parametrize("look", list(LOOKS))
def test_a_desktop_zoomed_to_400_percent_keeps_the_cards_readable(browser: Browser, base_url: str, look: str) -> None:
    """Issue 22: at 400 % the side panel took the width and the ranks were 1.8-2.4 px. A narrow
    window keeps a phone's one column (the page scrolls): every rank at least 10 px, and the
    header and the buttons fit as on every screen."""
    ctx = browser.new_context(**ONLINE, base_url=base_url, bypass_csp=True)
    if LOOKS[look]:
        ctx.add_cookies([{"name": "paciencia_look", "value": LOOKS[look], "url": base_url}])
    page = ctx.new_page()
    report: dict[str, Any] = {}
    for game, body in (("crescent", {"table": FULL_PILE}), ("klondike", {"table": MOVES})):
        open_table(page, game, body)
        for size, viewport in ZOOMED.items():
            page.set_viewport_size(viewport)
            page.evaluate(FRAMES)
            if (smallest := page.evaluate(SMALLEST_RANK)) < 10:
                report[f"{game} at {size}: smallest rank"] = smallest
            if found := page.evaluate(PROBE, [viewport["width"], viewport["height"]]):
                report[f"{game} at {size}"] = found
    assert not report, "\n".join(f"{k}: {v}" for k, v in report.items())
    ctx.close()


def test_forced_colours_still_draw_the_selection_and_the_destinations(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=MOUSE["1280x800"], forced_colors="active")
    page = ctx.new_page()
    open_table(page, "crescent", {"table": HEARTS})
    place(page, "1").click()  # 3♥ picked up: the ascending hearts and pile 2 take it
    expect(place(page, "1")).to_have_class(re.compile(r"\bselected\b"))
    marks = page.evaluate(
        """() => {
            const ring = (el) => {
                const s = getComputedStyle(el);
                return s.outlineStyle === "none" ? "none" : `${s.outlineStyle} ${parseFloat(s.outlineWidth) >= 2}`;
            };
            return {
                selected: ring(document.querySelector(".place.selected .card.sel")),
                destination: ring(document.querySelector(".place.dest .slot")),
                other: ring(document.querySelector(".place:not(.selected):not(.dest) .card")),
            };
        }"""
    )
    # Drawn (an outline at least 2 px wide: forced colours keep no shadow), and unlike each other.
    assert marks["selected"].endswith("true") and marks["destination"].endswith("true"), marks
    assert len(set(marks.values())) == 3, marks
    ctx.close()


def _hints_asked(page: Page) -> list[str]:
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url) if r.method == "POST" and r.url.split("?")[0].endswith("/hint") else None,
    )
    return asked


def test_letters_typed_on_a_link_or_button_play_nothing(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=MOUSE["1280x800"])
    page = ctx.new_page()
    game = open_table(page, "crescent", {"table": QUIET_BUT_WINNABLE})
    asked = _hints_asked(page)
    for control in ("#rules-link", "#look-open", "#new-N", "#code-input"):
        page.locator(control).focus()
        page.keyboard.press("h")
        page.keyboard.press("n")
    page.locator("details.langs summary").click()
    page.locator('.langs a[hreflang="it"]').focus()
    page.keyboard.press("n")
    page.keyboard.press("h")
    # Then the board's own h: its hint is the only one asked for, and no new game was dealt.
    place(page, "1").focus()
    with page.expect_request(lambda r: r.method == "POST" and "/hint" in r.url):
        page.keyboard.press("h")
    expect(page.locator("#moves")).to_have_text("1")  # the hint's move, played
    assert len(asked) == 1, asked
    assert game["id"] in page.url
    expect(page.locator("#confirm")).to_be_hidden()
    ctx.close()


def test_the_one_letter_keys_can_be_turned_off(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=MOUSE["1280x800"])
    page = ctx.new_page()
    open_table(page, "crescent", {"table": QUIET_BUT_WINNABLE})
    page.locator("#look-open").click()
    page.locator('#look input[name="keys"]').uncheck()
    page.locator("#look-close").click()
    page.reload()
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("html")).to_have_attribute("data-nokeys", "1")  # kept by the server
    asked = _hints_asked(page)
    place(page, "1").focus()
    page.keyboard.press("h")
    page.keyboard.press("ArrowDown")  # the arrows still walk the board
    expect(place(page, "2")).to_be_focused()
    with page.expect_request(lambda r: r.method == "POST" and "/hint" in r.url):
        page.locator("#hint").click()  # the button still works
    assert len(asked) == 1, asked
    ctx.close()
