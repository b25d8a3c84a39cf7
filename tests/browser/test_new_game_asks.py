"""New game (the button, a variant's button, the N key) asks before it throws away a game in
progress: a small dialog in the page's language, its "Keep playing" focused, Esc or that button
keeps the game and gives the focus back; no question when the game has no move yet or is over."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from paciencia.play.words import ui_words
from tests.browser.conftest import moves, open_table, place
from tests.tables import CRESCENT_WON_IN_ONE, WINNING_MOVE


def one_move(page: Page) -> None:
    """A first move on a Klondike table (a draw from the stock)."""
    place(page, "S").click()
    expect(moves(page)).to_have_text("1")


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_new_game_button_asks_while_a_game_is_in_progress(page: Page, lang: str) -> None:
    ui = ui_words(lang)
    game = open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang)
    one_move(page)
    button = page.locator("#new-game")
    button.click()
    dialog = page.get_by_role("dialog", name=ui["confirm_new_title"])
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(ui["confirm_new_text"])
    expect(page.locator("#confirm-no")).to_be_focused()  # the safe answer first
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()  # back where the player was
    assert game["id"] in page.url
    expect(moves(page)).to_have_text("1")

    button.click()
    page.get_by_role("button", name=ui["keep_playing"]).click()
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    assert game["id"] in page.url

    button.click()
    page.get_by_role("button", name=ui["confirm_new"]).click()
    page.wait_for_url(lambda url: game["id"] not in url)
    expect(moves(page)).to_have_text("0")
    expect(dialog).to_be_hidden()


def test_a_variants_button_asks_too_and_deals_that_variant(page: Page) -> None:
    game = open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    one_move(page)
    page.locator("#new-1").click()
    expect(page.locator("#confirm")).to_be_visible()
    page.locator("#confirm-yes").click()
    page.wait_for_url(lambda url: game["id"] not in url)
    expect(page.locator('#game [data-variant="1"]')).to_have_attribute("aria-current", "true")
    expect(moves(page)).to_have_text("0")


def test_no_question_without_a_move_or_once_the_game_is_over(page: Page) -> None:
    game = open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.locator("#new-game").click()  # no move yet: nothing to lose
    page.wait_for_url(lambda url: game["id"] not in url)
    expect(page.locator("#confirm")).to_be_hidden()

    won = open_table(page, "crescent", {"table": CRESCENT_WON_IN_ONE})
    src, dst = WINNING_MOVE.split("-")
    place(page, src).click()
    if "selected" in (place(page, src).get_attribute("class") or ""):
        place(page, dst).click()
    expect(page.locator("#end-panel")).to_be_visible()
    page.locator("#end-close").click()
    page.locator("#new-game").click()  # won: nothing to lose
    page.wait_for_url(lambda url: won["id"] not in url)
    expect(page.locator("#confirm")).to_be_hidden()
