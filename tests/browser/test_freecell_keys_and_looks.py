"""FreeCell finished (issue 37) in Chromium: the jump keys (1-8, a-d, F), a selection said in one
short phrase, Finish by keys told to stop with Esc, the won panel's focus on its way on, the free
cells apart from the foundations, and cards that stay wide enough at 300 % zoom."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, moves, open_table, place
from tests.games.test_freecell import freecell_table

GAME_ONE = {"code": "FC1-4-AAAAAAB"}  # cascade 1: J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠


def test_jump_keys_pick_up_and_put_down_and_say_the_card_and_its_place(page: Page) -> None:
    open_table(page, "freecell", GAME_ONE)
    page.locator("#board .place").first.focus()
    page.keyboard.press("1")
    expect(page.locator("#announce")).to_have_text("6 of spades from cascade 1 selected.")
    expect(place(page, "1")).to_be_focused()
    page.keyboard.press("a")
    expect(moves(page)).to_have_text("1")
    expect(place(page, "a")).to_have_accessible_name("free cell a: 6 of spades")
    expect(page.locator("#announce")).to_have_text("6 of spades to free cell a. Cascade 1 now shows 6 of diamonds.")


def test_a_run_is_said_as_its_first_card_and_how_many_go_with_it(page: Page) -> None:
    table = freecell_table(
        {"Fs": "Q", "Fh": "J", "Fd": "Q", "Fc": "Q", "1": ["Ks", "Qh"], "2": ["Kc", "Kh"], "3": ["Kd"]}
    )
    open_table(page, "freecell", {"table": table})
    page.locator("#board .place").first.focus()
    place(page, "1").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#picker")).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_have_text(
        re.compile(r"King of spades and 1 card on it from cascade 1 selected\.$")
    )


def test_finish_by_keys_says_esc_and_the_won_panel_focuses_new_game(page: Page) -> None:
    table = freecell_table(
        {"Fs": "Q", "Fh": "Q", "Fd": "Q", "Fc": "J", "1": ["Kc", "Qc"], "2": ["Ks"], "3": ["Kh"], "4": ["Kd"]}
    )
    open_table(page, "freecell", {"table": table})
    page.locator("#board .place").first.focus()
    page.keyboard.press("f")
    expect(page.locator("#message")).to_contain_text("Press Esc to play on by hand.")
    expect(page.locator("#message")).not_to_contain_text("Tap")
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-new")).to_be_focused()


def test_a_number_in_the_code_box_deals_microsofts_game_and_shows_it(page: Page) -> None:
    open_table(page, "freecell", GAME_ONE)
    expect(page.locator("#deal-number")).to_have_text("#1")
    page.locator("#code-input").fill("#11982")
    page.locator("#code-form button[type=submit]").click()
    expect(page.locator("#code")).to_have_text("FC1-4-AAAARSW")
    expect(page.locator("#deal-number")).to_have_text("#11982")
    page.locator("#code-input").fill("nope")
    page.locator("#code-form button[type=submit]").click()
    expect(page.locator("#form-error")).to_contain_text("FC1-4-AAAAAAB")
    expect(page.locator("#form-error")).not_to_contain_text("CR1")


def test_the_free_cells_and_the_foundations_stand_apart(page: Page) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, "freecell", GAME_ONE)
    d = place(page, "d").bounding_box()
    fs = place(page, "Fs").bounding_box()
    c = place(page, "c").bounding_box()
    assert d and fs and c
    assert fs["x"] - (d["x"] + d["width"]) >= 2 * (d["x"] - (c["x"] + c["width"]))  # twice the cells' gap
    expect(page.get_by_role("group", name="Free cells")).to_be_visible()
    expect(page.get_by_role("group", name="Foundations")).to_be_visible()
    suit = page.evaluate("getComputedStyle(document.querySelector('[data-place=\"Fh\"] .slot'), '::after').content")
    assert "♥" in suit
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_cards_stay_readable_at_300_and_400_percent_zoom(page: Page) -> None:
    for width, height in ((427, 267), (320, 200)):
        page.set_viewport_size({"width": width, "height": height})
        open_table(page, "freecell", GAME_ONE)
        box = place(page, "1").locator(".card").last.bounding_box()
        assert box and box["width"] >= 32, (width, box)
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_the_rules_schema_shows_every_card_of_each_cascade(page: Page) -> None:
    page.goto("/en/freecell/rules")
    schema = page.locator(".schema-freecell").first
    expect(schema.locator(".place.cascade").first.locator(".card")).to_have_count(7)
    assert re.search(r"cascade 1: ", schema.locator(".schema-board").get_attribute("aria-label") or "")
