"""Issue 37's point 7, what the layout matrix cannot see: in forced colours (Windows' high
contrast) the faces stay opaque under a selection, the face-down cards and the stock keep a
pattern, and the destination dot is round on an empty foundation too; at 400 % zoom the hinted
move is shown where the player can see it."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, open_table, place
from tests.tables import klondike_table

DEAL = "KL1-3-AAAAAAB"  # column 6 ends with the A♥, column 7 with the A♦

SELECT = """async ([id, n]) => {
    const href = document.querySelector('link[rel="modulepreload"][href$="/js/actions.js"]').href;
    (await import(href)).select({id, n});
}"""
"""Picks up cards through the page's own module (a tap would play a card with one destination)."""


def pick(page: Page, pid: str, n: int = 1) -> None:
    page.evaluate(SELECT, [pid, n])
    expect(place(page, pid)).to_have_class(re.compile(r"\bselected\b"))


DOT = """(id) => {
    const slot = document.querySelector(`#board [data-place="${id}"] .slot`);
    for (const p of ["::before", "::after"]) {
        const s = getComputedStyle(slot, p);
        if (s.content !== "none" && s.borderRadius === "50%") return [parseFloat(s.width), parseFloat(s.height)];
    }
    return null;
}"""


def test_forced_colours_keep_faces_backs_and_round_dots(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(base_url=base_url, viewport=DESKTOP, forced_colors="active")
    page = ctx.new_page()
    open_table(page, "klondike", {"code": DEAL})
    place(page, "S").click()  # three cards drawn: the waste's fan, each over the one before
    expect(place(page, "W").locator(".card")).to_have_count(3)
    pick(page, "W")
    # The picked-up card's face is opaque (it was transparent: the card under it showed through).
    face = page.evaluate("getComputedStyle(document.querySelector('.card.sel')).backgroundColor")
    assert face.startswith("rgb(") or face.endswith(", 1)"), face
    # Every back is drawn with a pattern, the stock's too (they were blank).
    backs = page.evaluate(
        "() => [...document.querySelectorAll('#board .card.back')].map((el) => getComputedStyle(el).backgroundImage)"
    )
    assert len(backs) > 10 and all(b.startswith("repeating-linear-gradient") for b in backs), backs
    # The ace of hearts picked up: the dot on its empty foundation is round (it was an ellipse).
    pick(page, "6")
    expect(place(page, "Fh")).to_have_class(re.compile(r"\bdest\b"))
    size = page.evaluate(DOT, "Fh")
    assert size is not None and size[0] >= 10 and abs(size[0] - size[1]) < 0.5, size
    ctx.close()


# Column 7's 4♥ goes up on the 3♥, under six face-down cards: a sure move (the black threes and
# the 3♦ are up: nothing can need the 4♥), hinted before the stock is looked through.
UP_FROM_BELOW = klondike_table(
    {"Fh": "3", "Fs": "K", "Fd": "3", "Fc": "3", "7": ["[Kc]", "[Qc]", "[Jc]", "[Tc]", "[9c]", "[8c]", "4h"]},
    rest_in_stock=True,
)


def test_a_hint_at_400_percent_zoom_is_shown_on_the_screen(browser: Browser, base_url: str) -> None:
    """1280x800 at 400 %: the page scrolls. Asked from the foot of the page (the board above the
    screen), the hint brings its move into view before showing it."""
    ctx = browser.new_context(base_url=base_url, viewport={"width": 320, "height": 200})
    page = ctx.new_page()
    open_table(page, "klondike", {"table": UP_FROM_BELOW})
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    # What is on the screen when the hint starts to show its move (the board takes data-hint).
    page.evaluate(
        """() => { const board = document.getElementById("board"); window.seen = new Promise((done) =>
            new MutationObserver((_, watch) => {
                if (!board.dataset.hint) return;
                watch.disconnect();
                const shown = [board.querySelector('.card.hinting'), board.querySelector('[data-place="Fh"] .slot')];
                done(shown.map((el) => {
                    if (!el) return null; // another hint: fail, not hang
                    const r = el.getBoundingClientRect();
                    return r.top >= -1 && r.bottom <= innerHeight + 1;
                }));
            }).observe(board, {attributes: true, attributeFilter: ["data-hint"]})); }"""
    )
    page.locator("#hint").click()
    seen = page.evaluate("window.seen")
    assert seen == [True, True], seen
    ctx.close()
