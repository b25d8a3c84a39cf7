"""A chosen level on every table with levels, in real Chromium against the real site: "Winnable,
hard" deals a deal of that level and says so from the start; an unchosen deal's level is said
only on the results panel of a closed game (on Klondike's)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from paciencia.analysis import levels
from paciencia.games import REGISTRY
from tests.browser.conftest import open_table, place
from tests.browser.test_crescent_page import open_game

LEVELLED = [(g, v) for g, e in REGISTRY.items() for v in e.game.variants if levels.pool(g, v, "hard")]
"""Every variant with measured levels (Klondike's two among them)."""


@pytest.mark.parametrize(("name", "variant"), LEVELLED)
def test_winnable_hard_deals_a_hard_deal_and_says_so(page: Page, name: str, variant: str) -> None:
    open_table(page, name, {"code": str(REGISTRY[name].game(variant).code(1))})
    badge = page.locator("#level-badge")
    expect(badge).to_be_hidden()
    page.get_by_label("Level").select_option(label="Winnable, hard")
    page.locator("#new-game").click()
    expect(badge).to_be_visible()
    expect(badge).to_have_text("Level: hard")
    expect(page.locator("#winnable-badge")).to_be_visible()
    game = page.locator("#game").get_attribute("data-game")
    view = page.request.get(f"/api/games/{game}").json()
    assert view["level"] == "hard" and view["variant"] == variant


def test_a_levelled_deal_not_chosen_says_its_level_once_left(page: Page) -> None:
    code = levels.pool("klondike", "3", "easy")[0]
    open_game(page, code=code)
    expect(page.locator("#level-badge")).to_be_hidden()
    place(page, "S").click()  # a draw: the game counts
    expect(page.locator("#moves")).to_have_text(re.compile(r"^[1-9]"))
    game = page.locator("#game").get_attribute("data-game")
    assert page.request.get(f"/api/games/{game}").json()["level"] is None
    page.locator("#new-game").click()  # leaves it, once confirmed
    page.locator("#confirm-yes").click()
    expect(page.locator("#game")).not_to_have_attribute("data-game", game or "")
    page.goto(page.url.rsplit("/", 1)[0] + f"/{game}")
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#end-level")).to_have_text("Level: easy")
    expect(page.locator("#level-badge")).to_have_text("Level: easy")
