"""The chance of winning (a setting on the table) and the review on the results panel, in real
Chromium against the real site."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

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
    said = re.compile(r"^Chance of winning: ≈ \d+% \(\d+ layouts? of the unseen cards\)$")
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
    panel.get_by_role("button", name="See the review").click()
    expect(page.locator("#end-review-text")).to_have_text(
        "This deal could be won. After move 2 (1-2) no line won any more."
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
    expect(page.locator("#step-2")).to_have_class("losing")
    expect(page.locator(f"#step-{game['version']} .verdict")).to_have_text("Could no longer be won")
    expect(page.locator("#step-2 .percent")).to_have_text("≈ 0%")
