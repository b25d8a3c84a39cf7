"""Issue 37, point 2: a tall phone's table uses the phone's height, not only its width.

Every registered game's fresh table (its example's first position) on a 390x844 phone held
upright: the board's places (what a finger taps: a spread column reaches down its room) fill at
least 85 % of the height between the header and the counters over the button bar; its cards
are nearly as wide as the screen over the places of its widest row (Google's and Microsoft's
Klondike: nearly a seventh of the screen); and its columns spread their cards into the height
they have, each covered face-up card showing at least 0.6 of a card's width, each face-down
card a fifth (at 390x844, 8 columns of Crescent filled 64 % of that height, FreeCell's strips
were 0.54 of a width and Klondike's backs 0.16). ``bench/phone_cards.py`` prints the figures.

And the example's longest column, on a landscape phone and upright, passes the layout matrix's
probe: every card a tap takes on its own keeps its 24 px strip there too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright

from paciencia.engine.protocol import Role
from paciencia.games import REGISTRY
from paciencia.games.examples import must_example
from tests.browser.conftest import ONLINE
from tests.browser.matrix import FRAMES, SIZES, Scene, Walker, fresh_scene, make

TALL = "390x844"

MEASURE = """() => {
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const head = document.querySelector("header.bar").getBoundingClientRect().bottom;
  const foot = document.querySelector(".side .counters").getBoundingClientRect().top;
  const boxes = [...document.querySelectorAll("#board .place")].filter(shown).map((el) => el.getBoundingClientRect());
  const top = Math.min(...boxes.map((r) => r.top)), bottom = Math.max(...boxes.map((r) => r.bottom));
  const rows = new Map();
  for (const r of boxes) rows.set(Math.round(r.top), (rows.get(Math.round(r.top)) || 0) + 1);
  const up = [], down = [];
  for (const slot of document.querySelectorAll("#board .spread-cascade .slot")) {
    const kids = [...slot.children].filter(shown);
    for (let k = 0; k + 1 < kids.length; k++) {
      const step = kids[k + 1].getBoundingClientRect().top - kids[k].getBoundingClientRect().top;
      (kids[k].dataset.card ? up : down).push(step);
    }
  }
  const card = [...document.querySelectorAll("#board .card")].find(shown);
  return {share: (bottom - top) / (foot - head), across: Math.max(...rows.values()),
    cw: card.getBoundingClientRect().width, up, down};
}"""


@pytest.fixture(scope="module")
def walker(browser: Browser, base_url: str) -> Iterator[Walker]:
    made = Walker(browser.new_context(**ONLINE, base_url=base_url, bypass_csp=True), base_url, "default")
    yield made
    made.ctx.close()


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_tall_phone_table_uses_its_height(playwright: Playwright, base_url: str, walker: Walker, game: str) -> None:
    scene = make(playwright, base_url, fresh_scene(game))
    walker.open(scene, "en", {TALL: SIZES[TALL]})
    walker.page.evaluate(FRAMES)
    found = walker.page.evaluate(MEASURE)
    width = SIZES[TALL][0]
    cw = found["cw"]
    assert found["share"] >= 0.85, f"the board fills {found['share']:.0%} of the height it has"
    assert cw * found["across"] >= 0.9 * width, f"{cw:.1f} px cards, {found['across']} across a {width} px screen"
    up, down = min(found["up"], default=cw), min(found["down"], default=cw)
    assert up >= 0.6 * cw, f"a covered card's strip is {up:.1f} px ({cw:.1f} px cards)"
    assert down >= 0.2 * cw, f"a face-down card's step is {down:.1f} px ({cw:.1f} px cards)"


def longest_column(game: str) -> str:
    """The position of the game's example whose tallest tableau place holds the most cards."""
    best, most = "", -1
    for state in must_example(game).states():
        tallest = max(p.count for p in state.observe().places if p.role == Role.TABLEAU)
        if tallest > most:
            best, most = state.to_text(), tallest
    return best


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_long_column_keeps_its_targets_on_every_phone(
    playwright: Playwright, base_url: str, walker: Walker, game: str
) -> None:
    """The example's longest column on a landscape phone (and upright): every card a tap takes on
    its own keeps a 24 px strip, the cards under the run a tap may take packed instead (FreeCell's
    15-card cascade at 844x390: 19 px strips before)."""
    scene = make(playwright, base_url, Scene(game, "long", {"table": longest_column(game)}))
    sizes = {size: SIZES[size] for size in ("844x390", "360x640", "390x844")}
    views = list(walker.probe(scene, "en", sizes))
    assert not any(v.bad for v in views), [f"{v.size}: {v.bad}" for v in views if v.bad]
