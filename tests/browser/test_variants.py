"""Every variant at hand: from the home page in two taps, from each table, remembered; and a
deal code box on every table that takes a code of either game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import open_table, place

# (game, variant, the home page's button in its New game group, what the new table shows of it)
VARIANTS = [
    ("crescent", "N", "Standard", "Redeal (3 left)"),
    ("crescent", "F", "Crescent Four", "Redeal (4 left)"),
    ("crescent", "D", "Face-down deal", "Redeal (3 left)"),
    ("crescent", "B", "Four and face-down", "Redeal (4 left)"),
    ("klondike", "3", "Draw three", "Draw three"),
    ("klondike", "1", "Draw one", "Draw one"),
]


def game_of(page: Page) -> dict[str, object]:
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    found: dict[str, object] = page.request.get(f"/api/games/{game_id}").json()
    return found


@pytest.mark.parametrize(("game", "variant", "button", "shows"), VARIANTS)
def test_each_variant_starts_from_the_home_page(page: Page, game: str, variant: str, button: str, shows: str) -> None:
    page.goto("/en/")
    page.locator(f"#{game}-card").get_by_role("button", name=button).click()
    page.wait_for_url(re.compile(rf"/en/{game}/[\w-]+$"))
    page.wait_for_selector("html[data-ready]")
    assert game_of(page)["variant"] == variant
    if game == "crescent":
        expect(page.locator("#redeal")).to_have_text(shows)
    else:
        expect(page).to_have_title(re.compile(shows))
    expect(page.locator(f'#game [data-variant="{variant}"]')).to_have_attribute("aria-current", "true")


def test_a_variant_chosen_on_the_table_is_remembered(page: Page) -> None:
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    page.locator("#new-F").click()
    expect(page.locator("#redeal")).to_have_text("Redeal (4 left)")
    expect(page.locator("#new-F")).to_have_attribute("aria-current", "true")
    cookie = {c["name"]: c["value"] for c in page.context.cookies()}["paciencia_variant"]
    assert "crescent:F" in cookie.split(".")
    page.goto("/en/")
    chosen = page.locator("#crescent-card").get_by_role("button", name="Crescent Four")
    expect(chosen).to_have_attribute("aria-current", "true")


def test_the_klondike_table_plays_a_crescent_code(page: Page) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.locator("#code-input").fill("CR1-F-AAAAAAC")
    page.locator("#code-form").get_by_role("button").click()
    page.wait_for_url(re.compile(r"/en/crescent/[\w-]+$"))
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#code")).to_have_text("CR1-F-AAAAAAC")
    expect(place(page, "1")).to_be_visible()


def test_with_no_game_in_play_the_remembered_variant_is_dealt(page: Page, base_url: str) -> None:
    page.context.add_cookies([{"name": "paciencia_variant", "value": "klondike:1.crescent:D", "url": base_url}])
    page.goto("/en/crescent")
    page.wait_for_selector("html[data-ready]")
    assert game_of(page)["variant"] == "D"
    page.goto("/en/klondike")
    page.wait_for_selector("html[data-ready]")
    assert game_of(page)["variant"] == "1"
