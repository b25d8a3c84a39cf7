"""The chance of winning (a setting on the table) and the review on the results panel, in real
Chromium against the real site."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Page, ViewportSize, expect

from paciencia.games import new_state
from tests.browser.test_crescent_page import open_game
from tests.web.test_honest import REVIEWED


def play(page: Page, game: dict[str, Any], token: str) -> dict[str, Any]:
    res = page.request.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": game["version"]})
    assert res.ok, res.text()
    found: dict[str, Any] = res.json()
    return found


def test_the_chance_shows_after_each_move_and_the_results_panel_reviews_the_game(page: Page) -> None:
    game = open_game(page, table=REVIEWED)
    chance = page.locator("#chance")
    expect(chance).to_be_hidden()
    page.get_by_label("Show my chance of winning").check()
    said = re.compile(r"^Could be won in ≈ \d+% of the layouts the hidden cards may have \(\d+ layouts? tried\)")
    expect(chance).to_have_text(said)
    game = play(page, game, "1-Ah")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    expect(page.get_by_label("Show my chance of winning")).to_be_checked()  # remembered
    expect(chance).to_have_text(said)
    game = play(page, game, "1-2")  # the move that loses it
    while game["status"] == "playing":
        src, dsts = next(iter(game["dests"].items()))
        game = play(page, game, f"{src}-{dsts[0]}")
    page.reload()
    panel = page.locator("#end-panel")
    expect(panel).to_be_visible()
    expect(chance).to_be_hidden()
    # Blocked, it may still be undone: the review (every card) is shown only when asked, and closes it.
    expect(page.locator("#end-review-text")).to_have_text(re.compile("^The review shows every card"))
    expect(page.locator("#undo")).to_be_enabled()
    expect(panel.get_by_role("link", name="Review the game")).to_be_hidden()  # one way to the review: asked
    panel.get_by_role("button", name="See the review").click()
    # The move that lost it, and one that would have kept it winnable instead.
    expect(page.locator("#end-review-text")).to_have_text(
        re.compile(r"^This deal could be won\. After move 2 \(1-2\) no line won any more\. Playing \S+ there instead")
    )
    expect(page.locator("#undo")).to_be_disabled()
    expect(panel.get_by_role("link", name="Review the game")).to_have_attribute(
        "href", f"/en/crescent/{game['id']}/review"
    )
    old = page.url
    panel.get_by_role("button", name="Replay from just before it").click()
    expect(page).not_to_have_url(old)
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#moves")).to_have_text("1")


def test_the_review_page_fills_in_each_position(page: Page) -> None:
    game = open_game(page, table=REVIEWED)
    for token in ("1-Ah", "1-2"):
        game = play(page, game, token)
    while game["status"] == "playing":
        src, dsts = next(iter(game["dests"].items()))
        game = play(page, game, f"{src}-{dsts[0]}")
    page.goto(f"/en/crescent/{game['id']}/review")
    expect(page.locator("#step-1 .verdict")).to_have_text("Could still be won")
    expect(page.locator("#step-2")).to_have_class("losing")  # once the review is ready (asked until then)
    expect(page.locator("#review-summary")).to_contain_text("instead would have kept it winnable")
    expect(page.locator("#review-replay")).to_be_visible()
    expect(page.locator(f"#step-{game['version']} .verdict")).to_have_text("Could no longer be won")
    expect(page.locator("#step-2 .percent")).to_have_text("≈ 0%")


# When each row's chance cell was first filled (from the first parse on), in window.__filled.
WATCH_ROWS = """
window.__filled = {};
new MutationObserver(() => {
  for (const cell of document.querySelectorAll('#review tbody .percent')) {
    const row = cell.closest('tr').dataset.index;
    if (!(row in window.__filled) && cell.textContent.trim() !== '…') window.__filled[row] = performance.now();
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_the_review_page_of_a_long_game_fills_every_row_those_on_screen_first(page: Page) -> None:
    """Issue 22: a 160-move game's review filled 8 rows in 3 s and then no more (one request a
    row ran into the hints' rate). Now every row fills (a generous bound: the machine may be
    loaded), and once the end of the table is on screen its rows come before the middle's."""
    rng = random.Random(7)
    state = new_state("KL1-3-AAAAAAB")
    game: dict[str, Any] = page.request.post("/api/games", data={"code": "KL1-3-AAAAAAB"}).json()
    for _ in range(160):
        token = str(rng.choice(state.legal_moves()))
        state.play(token)
        game = play(page, game, token)
    assert page.request.post("/api/games", data={"game": "klondike"}).ok  # the game is left: reviewable
    page.add_init_script(WATCH_ROWS)
    page.goto(f"/en/klondike/{game['id']}/review")
    expect(page.locator("#step-0 .percent")).not_to_have_text("…")
    page.locator("#step-160").scroll_into_view_if_needed()
    page.wait_for_function("() => Object.keys(window.__filled).length === 161", timeout=90_000)
    filled = page.evaluate("window.__filled")
    assert filled["160"] < filled["120"], filled
    expect(page.locator("#review tbody")).not_to_have_attribute("aria-busy", "true")
    percent = page.locator("#review tbody .percent")
    assert all(re.fullmatch(r"≈ \d+%|—", t) for t in percent.all_inner_texts())


def test_a_hint_says_why_and_the_chance_with_it_on_the_message_line(page: Page) -> None:
    """pt-BR, on a phone and on a desktop: after the hint's move, the message line says why
    and the chance of winning with it (the words are the API's, ``hint_why_*``)."""
    sizes: list[ViewportSize] = [{"width": 360, "height": 640}, {"width": 1280, "height": 800}]
    for size in sizes:
        page.set_viewport_size(size)
        game = open_game(page, table=REVIEWED, lang="pt-BR")
        page.locator("#hint").click()
        message = page.locator("#message")
        expect(message).to_contain_text(re.compile(r"Chance de ganhar"))
        expect(page.locator("#moves")).to_have_text("1")
        text = message.inner_text()
        assert text.split(" Chance")[0] in WHY_PT_BR, text
        box = message.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (size, box)
        del game


def test_a_hint_that_spares_the_redeal_says_so_in_italian_on_a_phone(page: Page) -> None:
    """The only moves but the redeal are a pair of piles: the hint plays one and says it keeps the
    redeal, on the message line and inside the screen."""
    from tests.games.test_why import SPARES_DEAL, SPARES_MOVES

    page.set_viewport_size({"width": 360, "height": 640})
    game = open_game(page, code=SPARES_DEAL)
    for token in SPARES_MOVES:
        game = play(page, game, token)
    page.goto(f"/it/crescent/{game['id']}")
    page.wait_for_selector("html[data-ready]")
    page.locator("#hint").click()
    message = page.locator("#message")
    expect(message).to_contain_text("Conserva la ridistribuzione per dopo.")
    expect(page.locator("#moves")).to_have_text("7")
    box = message.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 361, box


WHY_PT_BR = {
    "Leva uma carta para uma fundação.",
    "Revela uma carta escondida.",
    "Redistribui as pilhas: outras cartas ficam por cima.",
    "Esvazia uma pilha.",
    "Põe cartas em ordem e abre outras jogadas.",
    "Guarda sua redistribuição para depois.",
}
