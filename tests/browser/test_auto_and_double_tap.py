"""The automatic moves up (a setting in the Look dialog) and the double tap, on both tables, in
real Chromium with real clicks and touches."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, center, moves, open_table, place, wait_past_double_tap
from tests.tables import HEARTS, MOVES, crescent_table, klondike_table

SELECTED = re.compile(r"\bselected\b")

# Klondike: the A♣ and then the 2♣ go up by the rule; the 9♥ never does.
KLONDIKE_AUTO = klondike_table({"1": ["[Kd]", "Ac"], "2": ["[Qs]", "2c"], "3": ["9h"]}, rest_in_stock=True)
# Crescent, no redeal left, spades overlapped with the descending foundation complete: the 5♠ goes
# up; the 8♠ has one destination (the 9♠), and under it the 6♠ goes up next; the J♠ and the 10♠
# keep the game going.
CRESCENT_AUTO = crescent_table(
    {"Ks": "A", "As": "4"}, [["Ts", "5s"], ["6s", "8s"], ["7s", "9s"], ["Qs", "Ks", "Js"]], redeals=0
)
# Klondike: the 5♥ on column 2 fits the 6♠ on column 1 and its foundation.
KLONDIKE_TWO_WAYS = klondike_table({"Fh": "4", "1": ["6s"], "2": ["[Kc]", "5h"]}, rest_in_stock=True)


def auto_box(page: Page) -> Any:
    return page.locator("#auto-moves")


def set_auto(page: Page, on: bool) -> None:
    page.locator("#look-open").click()
    expect(page.locator("#look")).to_be_visible()
    auto_box(page).set_checked(on)
    page.locator("#look-close").click()
    expect(page.locator("#look")).to_be_hidden()


# -- the automatic moves ---------------------------------------------------------------------------


def test_automatic_moves_are_off_by_default_and_come_when_turned_on(page: Page) -> None:
    open_table(page, "crescent", {"table": CRESCENT_AUTO})
    page.locator("#look-open").click()
    expect(auto_box(page)).not_to_be_checked()
    expect(page.locator("#look")).to_contain_text("Automatic moves: cards that can no longer be needed go up")
    page.locator("#look-close").click()
    place(page, "2").click()  # the 8♠ to the 9♠: a move after which the 6♠ and the 5♠ could go up
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 2 cards, 5 of spades on top")
    expect(place(page, "2")).to_have_accessible_name("pile 2: 1 card, 6 of spades on top")
    set_auto(page, True)  # turned on: they go up at once, one move each
    expect(moves(page)).to_have_text("3")
    expect(place(page, "As")).to_have_accessible_name("ascending foundation of spades: 6 of spades on top, 6 cards")
    expect(page.locator("#announce")).to_contain_text("6 of spades to the ascending foundation of spades.")


def test_crescent_automatic_moves_follow_a_move_and_undo_takes_one_back(page: Page) -> None:
    open_table(page, "crescent", {"table": CRESCENT_AUTO})
    set_auto(page, True)
    expect(moves(page)).to_have_text("1")  # the 5♠
    expect(place(page, "1")).to_have_accessible_name("pile 1: 1 card, 10 of spades on top")
    place(page, "2").click()  # the 8♠ to the 9♠; the 6♠ under it follows the 5♠ up
    expect(moves(page)).to_have_text("3")
    expect(place(page, "2")).to_have_accessible_name("pile 2: empty")
    page.locator("#undo").click()
    expect(moves(page)).to_have_text("2")
    expect(place(page, "2")).to_have_accessible_name("pile 2: 1 card, 6 of spades on top")
    expect(place(page, "As")).to_have_accessible_name("ascending foundation of spades: 5 of spades on top, 5 cards")


def test_klondike_automatic_moves_are_kept_in_this_browser_and_undone_one_at_a_time(page: Page) -> None:
    game = open_table(page, "klondike", {"table": KLONDIKE_AUTO})
    set_auto(page, True)
    expect(place(page, "Fc")).to_have_accessible_name(re.compile(r"^foundation of clubs: 2 of clubs on top"))
    expect(moves(page)).to_have_text("2")
    expect(page.locator("#announce")).to_contain_text("2 of clubs to the foundation of clubs.")
    page.locator("#undo").click()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "2")).to_have_accessible_name(re.compile(r"2 of clubs"))
    # The next move of the player's brings it up again; the 9♥ stays.
    place(page, "S").click()
    expect(moves(page)).to_have_text("3")
    expect(place(page, "Fc")).to_have_accessible_name(re.compile(r"^foundation of clubs: 2 of clubs on top"))
    expect(place(page, "3")).to_have_accessible_name(re.compile(r"9 of hearts"))
    page.reload()
    page.wait_for_selector("html[data-ready]")
    page.locator("#look-open").click()
    expect(auto_box(page)).to_be_checked()
    record = page.request.get(f"/api/games/{game['id']}").json()
    assert record["version"] == 5 and record["moves"] == 3  # four moves and an undo, all stored


def test_turned_off_nothing_goes_up_by_itself(page: Page) -> None:
    open_table(page, "klondike", {"table": KLONDIKE_AUTO})
    set_auto(page, True)
    expect(moves(page)).to_have_text("2")
    page.locator("#undo").click()
    expect(moves(page)).to_have_text("1")  # a press while the last one is on its way is not taken
    page.locator("#undo").click()
    expect(moves(page)).to_have_text("0")
    set_auto(page, False)
    place(page, "S").click()  # a move: with the setting off the Ace stays
    expect(moves(page)).to_have_text("1")
    place(page, "1").click()  # the Ace by hand: it goes (one destination), and the 2♣ stays
    expect(moves(page)).to_have_text("2")
    expect(place(page, "2")).to_have_accessible_name(re.compile(r"2 of clubs"))


# -- the double tap ----------------------------------------------------------------------------------


def test_klondike_double_click_sends_a_card_to_its_foundation(page: Page) -> None:
    open_table(page, "klondike", {"table": KLONDIKE_TWO_WAYS})
    place(page, "2").click()  # two destinations: a tap picks it up
    expect(place(page, "2")).to_have_class(SELECTED)
    wait_past_double_tap(page)
    place(page, "2").click()  # a second tap, later: puts it down
    expect(place(page, "2")).not_to_have_class(SELECTED)
    expect(moves(page)).to_have_text("0")
    wait_past_double_tap(page)
    place(page, "2").locator(".card").last.dblclick()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Fh")).to_have_accessible_name(re.compile(r"^foundation of hearts: 5 of hearts on top"))


def test_klondike_double_click_with_one_destination_plays_it_once(page: Page) -> None:
    open_table(page, "klondike", {"table": MOVES})
    place(page, "5").locator(".card").last.dblclick()  # the 7♣ fits only the 8♥
    expect(moves(page)).to_have_text("1")
    expect(place(page, "5")).to_have_accessible_name(re.compile(r"2 of clubs"))  # turned up, left there
    expect(place(page, "5")).not_to_have_class(SELECTED)


def test_a_double_click_with_nowhere_to_go_is_two_plain_taps(page: Page) -> None:
    # Issue 22: the second quick tap was swallowed, leaving the card picked up.
    open_table(page, "crescent", {"table": HEARTS})
    place(page, "4").dblclick()  # the K♥ fits nowhere: picked up, then put down
    expect(place(page, "4")).not_to_have_class(SELECTED)
    place(page, "4").click()
    expect(place(page, "4")).to_have_class(SELECTED)


def test_crescent_double_click_with_one_destination_plays_it_once(page: Page) -> None:
    open_table(page, "crescent", {"table": HEARTS})
    place(page, "2").dblclick()  # the 4♥ fits pile 1 only; the 6♥ under it is not picked up
    expect(moves(page)).to_have_text("1")
    expect(place(page, "2")).to_have_accessible_name("pile 2: 1 card, 6 of hearts on top")
    expect(place(page, "2")).not_to_have_class(SELECTED)


def touch_tap_twice(page: Page, x: float, y: float) -> None:
    """Two real touches in quick succession (Chromium's input events, as a finger's)."""
    cdp = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    for _ in range(2):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_touch_double_tap_on_both_tables(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_table(page, "klondike", {"table": KLONDIKE_TWO_WAYS})
    place(page, "2").tap()  # one tap picks it up
    expect(place(page, "2")).to_have_class(SELECTED)
    wait_past_double_tap(page)
    place(page, "2").tap()  # later: puts it down
    expect(place(page, "2")).not_to_have_class(SELECTED)
    expect(moves(page)).to_have_text("0")
    wait_past_double_tap(page)
    touch_tap_twice(page, *center(place(page, "2").locator(".card").last))
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Fh")).to_have_accessible_name(re.compile(r"^foundation of hearts: 5 of hearts on top"))
    open_table(page, "crescent", {"table": HEARTS})
    touch_tap_twice(page, *center(place(page, "1")))  # the 3♥: pile 2 or its foundation
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Ah")).to_have_accessible_name("ascending foundation of hearts: 3 of hearts on top, 3 cards")
    touch_tap_twice(page, *center(place(page, "4")))  # the K♥: nowhere; picked up and put down
    expect(place(page, "4")).not_to_have_class(SELECTED)
    context.close()
