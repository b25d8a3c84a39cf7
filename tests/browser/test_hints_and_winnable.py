"""Crescent's Hint (button and key H, the lost notice) and the "winnable deals only" setting on
both tables, in real Chromium against the real site."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import place
from tests.browser.test_crescent_page import open_game
from tests.tables import LOST

SELECTED = re.compile(r"\bselected\b")


def test_crescent_hint_shows_the_move_then_plays_it(page: Page) -> None:
    open_game(page)
    page.locator("#hint").click()
    expect(page.locator("#board[data-hint]")).to_have_count(1)  # the card is on its way
    expect(page.locator(".card.hint-moving")).to_have_count(1)
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#board[data-hint]")).to_have_count(0)
    hint = page.locator("#board").get_attribute("data-last-hint")
    assert hint is not None and re.fullmatch(r"\d+-(\d+|[AK][shdc])", hint)
    src, dst = hint.split("-")
    expect(page.locator("#announce")).to_contain_text("hearts")
    expect(place(page, src)).not_to_have_class(SELECTED)  # the selection went with the move
    expect(place(page, dst)).not_to_have_class(re.compile(r"\bempty\b"))


def test_key_h_plays_a_hint(page: Page) -> None:
    open_game(page, code="CR1-N-DSJRVFD")  # a deal the solver wins at once: every hint is a move
    page.locator("body").press("h")
    expect(page.locator("#moves")).to_have_text("1")
    page.locator("body").press("H")
    expect(page.locator("#moves")).to_have_text("2")


def test_a_lost_position_says_so_and_offers_undo_and_new_game(page: Page) -> None:
    open_game(page, table=LOST)
    place(page, "1").click()  # A♥ onto 2♥: its only place
    expect(page.locator("#moves")).to_have_text("1")
    page.locator("#hint").click()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(page.locator("#notice-title")).to_have_text("This position can no longer be won")
    expect(page.locator("#notice-text")).to_contain_text("no sequence of moves wins from here")
    # The least drastic way out has the focus (issue 22: it was New game): undo, else close.
    expect(notice.get_by_role("button", name="Undo the last move")).to_be_focused()
    notice.get_by_role("button", name="Undo the last move").click()
    expect(notice).to_be_hidden()
    expect(page.locator("#moves")).to_have_text("0")
    page.locator("body").press("h")
    expect(notice).to_be_visible()
    expect(notice.get_by_role("button", name="Undo the last move")).to_be_hidden()  # nothing to undo
    expect(notice.get_by_role("button", name="Close")).to_be_focused()
    old = page.url
    notice.get_by_role("button", name="New game").click()
    expect(notice).to_be_hidden()
    expect(page).not_to_have_url(old)
    expect(page.locator("#moves")).to_have_text("0")


def test_winnable_only_on_crescent_deals_a_proved_deal_and_is_remembered(page: Page, context: BrowserContext) -> None:
    open_game(page, code="CR1-F-AAAAAAB")
    badge = page.locator("#winnable-badge")
    expect(badge).to_be_hidden()
    page.get_by_label("Winnable deals only").check()
    page.locator("#new-game").click()
    expect(badge).to_be_visible()
    expect(badge).to_have_text("✓ Winnable deal")
    expect(page.locator("#code")).to_have_text(re.compile(r"^CR1-F-"))  # the same variant
    assert {"name": "paciencia_winnable", "value": "1"}.items() <= next(
        c for c in context.cookies() if c["name"] == "paciencia_winnable"
    ).items()
    page.reload()
    page.wait_for_selector("html[data-ready]")
    expect(page.get_by_label("Winnable deals only")).to_be_checked()
    expect(badge).to_be_visible()
    page.get_by_label("Winnable deals only").uncheck()
    proved = page.locator("#code").text_content()
    page.locator("#new-game").click()
    expect(page.locator("#code")).not_to_have_text(proved or "")
    expect(badge).to_be_hidden()


def test_winnable_only_on_klondike_draw_one(page: Page) -> None:
    open_game(page, code="KL1-3-AAAAAAB")  # on the Crescent path: the page sends the browser to Klondike's
    page.get_by_label("Winnable deals only").check()
    page.locator("#new-1").click()
    expect(page.locator("#game")).to_have_attribute("data-draw", "1")
    badge = page.locator("#winnable-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("title", "The solver has proved that this deal can be won.")
