"""The Klondike page in real Chromium: the stock and its fan, taps, drags, the run picker by touch
and by keyboard, hints, Finish, the panels, the keys, and no face-down card in any answer."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from paciencia.games import new_state
from paciencia.games.klondike.rules import KlondikeState
from tests.browser.conftest import AT_LEAST_3, DESKTOP, PHONE, LiveServer, center, moves, open_table, place
from tests.tables import EMPTY_STOCK, FEW_IN_STOCK, FINISH, MOVES, NO_USEFUL, RECYCLE
from tests.tables import KLONDIKE_BLOCKED_IN_ONE as BLOCKED_IN_ONE
from tests.tables import KLONDIKE_WON_IN_ONE as WON_IN_ONE

SELECTED = re.compile(r"\bselected\b")

DEAL = "KL1-3-AAAAAAB"


def open_game(page: Page, lang: str = "en", **body: Any) -> dict[str, Any]:
    return open_table(page, "klondike", body or {"table": MOVES}, lang)


def top_card(page: Page, pid: str) -> Locator:
    return place(page, pid).locator(".card").last


# -- the stock -------------------------------------------------------------------------------


def test_draw_three_fans_three_cards_and_only_the_top_plays(page: Page) -> None:
    open_game(page, code=DEAL)
    expect(place(page, "S")).to_have_accessible_name("stock: 24 cards")
    place(page, "S").click()
    expect(moves(page)).to_have_text("1")
    waste = place(page, "W")
    expect(waste.locator(".card")).to_have_count(3)
    expect(waste).to_have_accessible_name("waste: 3 cards, jack of hearts, king of diamonds, king of clubs on top")
    expect(place(page, "S")).to_have_accessible_name("stock: 21 cards")
    # The three are side by side, readable: each one further right.
    xs = [c.bounding_box()["x"] for c in waste.locator(".card").all()]  # type: ignore[index]
    assert xs[0] < xs[1] < xs[2]
    expect(page.locator("#announce")).to_have_text("Drawn: jack of hearts, king of diamonds, king of clubs.")


def test_draw_one_turns_one_card(page: Page) -> None:
    open_game(page, code="KL1-1-AAAAAAB")
    expect(page.locator("#game")).to_have_attribute("data-draw", "1")
    place(page, "S").click()
    expect(place(page, "W").locator(".card")).to_have_count(1)
    expect(place(page, "W")).to_have_accessible_name("waste: 1 card, jack of hearts on top")
    page.locator("#new-3").click()
    page.locator("#confirm-yes").click()  # a game with a move made: New game asks first
    expect(page.locator("#game")).to_have_attribute("data-draw", "3")
    expect(moves(page)).to_have_text("0")


def test_the_fan_shrinks_when_fewer_are_drawn(page: Page) -> None:
    open_game(page, table=FEW_IN_STOCK)
    expect(place(page, "W").locator(".card")).to_have_count(3)
    place(page, "S").click()
    expect(place(page, "W").locator(".card")).to_have_count(2)
    expect(place(page, "S")).to_have_accessible_name("stock: empty")
    expect(place(page, "S")).to_have_class(re.compile(r"\brecycle\b"))


def test_a_tap_on_the_empty_stock_recycles_and_the_status_bar_counts_the_pass(page: Page) -> None:
    open_game(page, table=RECYCLE)
    expect(page.locator("#passes")).to_have_text("1")
    place(page, "S").click()
    expect(place(page, "S")).to_have_accessible_name("stock: 5 cards")
    expect(place(page, "W")).to_have_accessible_name("waste: empty")
    expect(page.locator("#passes")).to_have_text("2")
    expect(moves(page)).to_have_text("1")


def test_empty_stock_and_waste_a_short_warning_and_nothing_changes(page: Page) -> None:
    open_game(page, table=EMPTY_STOCK)
    names = "[...document.querySelectorAll('.place')].map(b => b.getAttribute('aria-label'))"
    before = page.evaluate(names)
    place(page, "S").click()
    expect(page.locator("#message")).to_have_text("The stock and the waste are both empty")
    expect(moves(page)).to_have_text("0")
    assert page.evaluate(names) == before


# -- moving cards ----------------------------------------------------------------------------


def test_tap_moves_a_card_with_one_destination_and_the_card_under_turns_up(page: Page) -> None:
    open_game(page)
    top_card(page, "5").click()  # 7♣ fits only on 8♥; the 2♣ under it turns up
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name(
        "column 1: 1 face-down card, then 9 of spades, 8 of hearts, 7 of clubs"
    )
    expect(place(page, "5")).to_have_accessible_name("column 5: 2 of clubs")
    expect(page.locator("#announce")).to_have_text("7 of clubs to column 1. 2 of clubs turned up.")


def test_select_then_tap_the_destination_and_only_a_king_opens_an_empty_column(page: Page) -> None:
    open_game(page)
    top_card(page, "6").click()  # Q♦ fits nowhere: it is picked up
    expect(place(page, "6")).to_have_class(SELECTED)
    place(page, "3").click()
    expect(page.locator("#message")).to_have_text("Only a King can go on an empty column")
    expect(moves(page)).to_have_text("0")
    expect(place(page, "6")).to_have_accessible_name("column 6: queen of diamonds")
    # The K♠ Q♥ J♣ run goes there: tap the King (its run has that one place to go).
    place(page, "4").locator(".card").first.click(position={"x": 8, "y": 6})
    expect(place(page, "3")).to_have_accessible_name("column 3: king of spades, queen of hearts, jack of clubs")
    expect(place(page, "4")).to_have_accessible_name("column 4: empty")


def test_drag_with_the_mouse_and_a_bad_drop_returns_with_a_message(page: Page) -> None:
    open_game(page)
    # A bad drop first: Q♦ onto the empty column.
    sx, sy = center(top_card(page, "6"))
    tx, ty = center(place(page, "3").locator(".slot"))
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy + 10, steps=2)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    expect(page.locator("#message")).to_have_text("Only a King can go on an empty column")
    expect(place(page, "6")).to_have_accessible_name("column 6: queen of diamonds")
    # Then a good one: 10♥ onto J♣.
    sx, sy = center(top_card(page, "2"))
    tx, ty = center(top_card(page, "4"))
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy + 10, steps=2)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "4")).to_have_accessible_name(
        "column 4: king of spades, queen of hearts, jack of clubs, 10 of hearts"
    )


def test_drag_by_touch(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    open_game(page)
    cdp = context.new_cdp_session(page)
    sx, sy = center(top_card(page, "2"))  # 10♥ onto J♣, before a long press could open the picker
    tx, ty = center(top_card(page, "4"))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]})
    for k in range(1, 7):
        x, y = sx + (tx - sx) * k / 6, sy + (ty - sy) * k / 6
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(place(page, "4")).to_have_accessible_name(
        "column 4: king of spades, queen of hearts, jack of clubs, 10 of hearts"
    )
    expect(page.locator("#picker")).to_be_hidden()
    context.close()


def test_a_foundation_card_comes_back_to_a_column(page: Page) -> None:
    open_game(page)
    place(page, "Fh").click()  # 3♥ fits only on 4♣
    expect(place(page, "7")).to_have_accessible_name("column 7: 5 of diamonds, 4 of clubs, 3 of hearts")
    expect(place(page, "Fh")).to_have_accessible_name("foundation of hearts: 2 of hearts on top, 2 cards")


def test_run_picker_by_touch_long_press_slide_up_release_then_tap(browser: Browser, live_server: LiveServer) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    open_game(page)
    cdp = context.new_cdp_session(page)
    x, y = center(top_card(page, "1"))  # the 8♥ under the finger: the picker starts at one card

    def touch(kind: str, px: float, py: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    picker = page.locator("#picker")
    expect(picker).to_be_visible()
    expect(page.locator("#pick-count")).to_have_text("1 card")
    ux, uy = center(page.locator("#pick-up"))
    touch("touchMove", (x + ux) / 2, (y + uy) / 2)
    touch("touchMove", ux, uy)
    expect(picker).to_have_attribute("data-n", "2")
    touch("touchEnd", ux, uy)
    expect(picker).to_be_hidden()
    expect(place(page, "1")).to_have_class(SELECTED)
    expect(moves(page)).to_have_text("0")  # confirming only selects
    page.tap('.place[data-place="2"]')
    expect(place(page, "2")).to_have_accessible_name("column 2: 10 of hearts, 9 of spades, 8 of hearts")
    expect(place(page, "1")).to_have_accessible_name("column 1: king of clubs")  # turned up
    context.close()


def test_run_picker_by_keyboard_and_escape_leaves_the_table_alone(page: Page) -> None:
    open_game(page)
    place(page, "4").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#picker")).to_be_visible()
    expect(page.locator("#picker")).to_have_attribute("data-n", "2")
    page.keyboard.press("Escape")
    expect(page.locator("#picker")).to_be_hidden()
    expect(place(page, "4")).not_to_have_class(SELECTED)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#picker")).to_have_attribute("data-n", "3")
    # The last step is said (with the opening words when they came within the same moment: the
    # order of what is said is test_words_said's).
    expect(page.locator("#announce")).to_have_text(
        re.compile(r"^(Choose where the run starts\. )?King of spades: 3 cards\.$")
    )
    page.keyboard.press("ArrowUp")  # no further: the run is three cards
    expect(page.locator("#picker")).to_have_attribute("data-n", "3")
    page.keyboard.press("Enter")
    expect(place(page, "4")).to_have_class(SELECTED)
    page.keyboard.press("ArrowLeft")
    expect(place(page, "3")).to_be_focused()
    page.keyboard.press("Enter")
    expect(place(page, "3")).to_have_accessible_name("column 3: king of spades, queen of hearts, jack of clubs")


def test_the_picker_preview_card_confirms_on_a_click(page: Page) -> None:
    open_game(page)
    place(page, "1").focus()
    page.keyboard.press("ArrowUp")
    page.locator("#pick-card").click()
    expect(place(page, "1")).to_have_class(SELECTED)
    place(page, "2").click()
    expect(place(page, "2")).to_have_accessible_name("column 2: 10 of hearts, 9 of spades, 8 of hearts")


# -- hint and Finish -------------------------------------------------------------------------


def test_hint_shows_the_move_then_plays_it(page: Page) -> None:
    open_game(page)
    page.locator("#hint").click()
    expect(page.locator("#board[data-hint]")).to_have_count(1)  # the move is being shown
    expect(page.locator("#game .hinting").first).to_be_visible()  # a card, or the stock for a draw
    expect(moves(page)).to_have_text("1")
    expect(page.locator("#board[data-hint]")).to_have_count(0)


def test_finish_starts_and_stops_on_a_second_tap(page: Page) -> None:
    open_game(page, table=FINISH)
    button = page.locator("#hint")
    expect(button).to_have_text("Finish")
    button.click()
    expect(button).to_have_text("Stop")
    expect(moves(page)).to_have_text(AT_LEAST_3)
    button.click()
    expect(button).to_have_text("Finish")
    # Said once Finish's last step is in: how many cards went up, as many as the moves made.
    message = page.locator("#message")
    expect(message).to_have_text(re.compile(r"^Finish stopped\. \d+ cards went up to the foundations\.$"))
    stopped = int(re.findall(r"\d+", message.inner_text())[0])
    expect(moves(page)).to_have_text(str(stopped))
    assert 3 <= stopped < 27


def test_finish_to_the_end_opens_the_results_panel(page: Page) -> None:
    open_game(page, table=FINISH)
    page.keyboard.press("f")
    panel = page.locator("#end-panel")
    expect(panel).to_be_visible(timeout=15_000)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-up")).to_have_text("27")
    expect(page.locator("#end-moves")).to_have_text("27")


# -- the end ---------------------------------------------------------------------------------


def test_no_move_left_is_said_at_once_with_four_ways_out(page: Page) -> None:
    open_game(page, table=BLOCKED_IN_ONE)
    place(page, "1").click()
    panel = page.locator("#end-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("No legal move is left.")
    for name in ("New game", "Replay this deal", "View the final table", "Undo the last move"):
        expect(panel.get_by_role("button", name=name)).to_be_visible()
    panel.get_by_role("button", name="View the final table").click()
    expect(panel).to_be_hidden()
    expect(place(page, "Fc")).to_have_accessible_name("foundation of clubs: ace of clubs on top, 1 card")
    page.keyboard.press("u")
    expect(moves(page)).to_have_text("0")


def test_a_lost_position_hint_opens_a_notice_that_closes(page: Page) -> None:
    open_game(page, table=NO_USEFUL)
    page.locator("#hint").click()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(page.locator("#notice-title")).to_have_text("This position can very probably no longer be won")
    for name in ("Replay this deal", "New game", "Close"):
        expect(notice.get_by_role("button", name=name)).to_be_visible()
    # No move was made: there is nothing to undo, so the notice does not offer it.
    expect(notice.get_by_role("button", name="Undo the last move")).to_be_hidden()
    notice.get_by_role("button", name="Close").click()
    expect(notice).to_be_hidden()
    expect(moves(page)).to_have_text("0")


def test_won_results_panel_of_a_pasted_position_and_replay_deals_the_same_cards(page: Page) -> None:
    game = open_game(page, table=WON_IN_ONE)
    assert game["code"] is None  # the code reveals every card: not while the game is on
    place(page, "1").click()
    place(page, "Fc").click()
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-recycles")).to_have_text("0")
    expect(page.locator("#end-up")).to_have_text("1")
    # A pasted position's header code is not checked against its cards (issue 21): no code row.
    expect(page.locator("#end-panel dt", has_text="Deal code")).to_be_hidden()
    page.locator("#end-again").click()
    expect(page.locator("#end-panel")).to_be_hidden()
    expect(moves(page)).to_have_text("0")
    expect(place(page, "1")).to_have_accessible_name("column 1: king of clubs")
    assert game["id"] not in page.url


def test_replay_deals_the_same_cards(page: Page) -> None:
    game = open_game(page, code=DEAL)
    first = page.locator("#board").get_attribute("aria-label")
    labels = [place(page, str(i)).locator(".name").text_content() for i in range(1, 8)]
    res = page.request.post("/api/games", data={"replay": game["id"]})
    again = res.json()
    assert [p["label"] for p in again["places"][6:]] == labels and first


# -- keys ------------------------------------------------------------------------------------


def test_keys_space_u_h_n_and_arrows(page: Page) -> None:
    game = open_game(page, code=DEAL)
    page.keyboard.press("Space")
    expect(moves(page)).to_have_text("1")
    expect(place(page, "W").locator(".card")).to_have_count(3)
    page.keyboard.press("u")
    expect(moves(page)).to_have_text("0")
    expect(place(page, "W").locator(".card")).to_have_count(0)
    page.keyboard.press("h")
    expect(moves(page)).to_have_text("1")
    place(page, "S").focus()
    page.keyboard.press("ArrowRight")
    expect(place(page, "W")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(place(page, "Fs")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(place(page, "7")).to_be_focused()
    # N with a game in progress asks first; Escape keeps the game, the confirm button deals.
    page.keyboard.press("n")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-no")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm")).to_be_hidden()
    assert game["id"] in page.url
    page.keyboard.press("n")
    page.locator("#confirm-yes").focus()
    page.keyboard.press("Space")  # Space presses the focused button (it does not draw)
    page.wait_for_url(lambda url: game["id"] not in url)
    expect(moves(page)).to_have_text("0")
    expect(place(page, "W").locator(".card")).to_have_count(0)


def test_key_f_starts_and_stops_finish(page: Page) -> None:
    open_game(page, table=FINISH)
    page.keyboard.press("f")
    expect(page.locator("#hint")).to_have_text("Stop")
    expect(moves(page)).to_have_text(AT_LEAST_3)
    page.keyboard.press("f")
    expect(page.locator("#hint")).to_have_text("Finish")


# -- secrecy, layout ---------------------------------------------------------------------------


def _hidden_cards(code: str, tokens: list[str]) -> set[int]:
    state = new_state(code)
    assert isinstance(state, KlondikeState)
    state.play_all(tokens)
    hidden = set(state.stock)
    for col, down in zip(state.cols, state.down, strict=True):
        hidden.update(col[:down])
    return hidden


@pytest.mark.browser_context_args(service_workers="allow")  # offline play asks for the record too
def test_no_face_down_card_reaches_the_browser(page: Page) -> None:
    bodies: list[str] = []
    said = ("/api/", "/klondike/")  # a game's record (offline play's) included: it is refused here
    page.on("response", lambda r: bodies.append(r.text()) if any(s in r.url for s in said) else None)
    open_game(page, code=DEAL)
    place(page, "S").click()
    expect(moves(page)).to_have_text("1")
    page.locator("#hint").click()
    expect(moves(page)).to_have_text("2")
    place(page, "S").click()
    expect(moves(page)).to_have_text("3")
    page.wait_for_timeout(100)
    views: list[dict[str, Any]] = []
    for body in bodies:
        assert DEAL not in body  # the deal code reveals every card: never while the game is on
        found = re.search(r'id="initial-view">(.*?)</script>', body)
        try:
            data = json.loads(found.group(1) if found else body)
        except ValueError:
            continue
        if isinstance(data, dict) and "places" in data:
            views.append(data)
    assert [v["version"] for v in views] == [0, 1, 2, 3]
    tokens = [v["last"] for v in views[1:]]
    for v in views:
        hidden = _hidden_cards(DEAL, tokens[: v["version"]])
        shown = {c for p in v["places"] for c in p["cards"]}
        assert not shown & hidden
        stock = next(p for p in v["places"] if p["id"] == "S")
        assert stock["cards"] == [] and stock["count"] > 0


def test_the_table_fits_a_phone_and_a_desktop(browser: Browser, live_server: LiveServer) -> None:
    landscape: ViewportSize = {"width": 844, "height": 390}
    for viewport in (PHONE, DESKTOP, landscape):
        context = browser.new_context(base_url=live_server.url, viewport=viewport)
        page = context.new_page()
        open_game(page, code=DEAL)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]
        for pid in ("S", "W", "Fs", "Fc", "1", "7"):
            box = place(page, pid).locator(".slot").bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            assert box["y"] + box["height"] <= viewport["height"]
        # Resizing (a rotation) keeps the game: same moves, same table.
        place(page, "S").click()
        expect(moves(page)).to_have_text("1")
        page.set_viewport_size({"width": viewport["height"], "height": viewport["width"]})
        expect(moves(page)).to_have_text("1")
        expect(place(page, "W").locator(".card")).to_have_count(3)
        context.close()


# -- whole games -----------------------------------------------------------------------------

WINNABLE = "KL1-3-AAAAAAE"  # the solver wins it in 147 moves


def winning_line() -> list[str]:
    from paciencia.solver import solve

    result = solve(new_state(WINNABLE), 30)
    assert result.verdict == "winnable"
    return list(result.line)


def split(token: str) -> tuple[str, int, str]:
    src, _, dst = token.partition("-")
    src, _, n = src.partition("x")
    return src, int(n or 1), dst


def picked_up(page: Page, src: str, count: int) -> bool:
    """Waits for the tap on ``src`` to be answered: True when it picked the cards up, False when it moved them."""
    for _ in range(200):
        if moves(page).inner_text() == str(count):
            return False
        if "selected" in (place(page, src).get_attribute("class") or "").split():
            return True
        page.wait_for_timeout(10)
    raise AssertionError(f"the tap on {src} did nothing")


def finish_to_the_end(page: Page, press: str | None) -> None:
    expect(page.locator("#hint")).to_have_text("Finish")
    if press:
        page.keyboard.press(press)
    else:
        page.locator("#hint").tap()
    expect(page.locator("#end-panel")).to_be_visible(timeout=30_000)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-up")).to_have_text("52")
    expect(page.locator("#end-code")).to_have_text(WINNABLE)


def test_a_whole_game_won_by_touch_on_a_phone(browser: Browser, live_server: LiveServer) -> None:
    # Without the slides (reduced motion): each tap below waits for the last slide to end anyway,
    # so here they only cost time (about half of this test's); the other whole games keep them.
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(10_000)
    open_game(page, code=WINNABLE)
    for count, token in enumerate(winning_line(), 1):
        if page.locator("#hint").inner_text() == "Finish":
            break
        src, n, dst = split(token)
        expect(page.locator("#board .moving")).to_have_count(0)  # a sliding card lets taps through
        if token == "D":
            place(page, "S").tap()
        else:
            cards = place(page, src).locator(".card")
            if src in "1234567":
                cards = place(page, src).locator(f'.card[data-i="{cards.count() - n}"]')
            cards.last.tap(position={"x": 6, "y": 4})
            if picked_up(page, src, count):
                place(page, "Fs" if dst == "F" else dst).tap()
        expect(moves(page)).to_have_text(str(count))
    finish_to_the_end(page, None)
    context.close()


def test_a_whole_game_won_by_keyboard_alone(page: Page) -> None:
    order = ["S", "W", "Fs", "Fh", "Fd", "Fc", "1", "2", "3", "4", "5", "6", "7"]
    open_game(page, code=WINNABLE)
    for _ in range(10):  # Tab into the table: the stock comes first
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.place") == "S":
            break
    here = "S"

    def go(target: str) -> None:
        nonlocal here
        steps = (order.index(target) - order.index(here)) % len(order)
        key = "ArrowRight" if steps <= len(order) // 2 else "ArrowLeft"
        for _ in range(steps if key == "ArrowRight" else len(order) - steps):
            page.keyboard.press(key)
        here = target

    for count, token in enumerate(winning_line(), 1):
        if page.locator("#hint").inner_text() == "Finish":
            break
        src, n, dst = split(token)
        if token == "D":
            page.keyboard.press("Space")
        else:
            go(src)
            for _ in range(n - 1):
                page.keyboard.press("ArrowUp")
            page.keyboard.press("Enter")
            if picked_up(page, src, count):
                go("Fs" if dst == "F" else dst)
                page.keyboard.press("Enter")
        expect(moves(page)).to_have_text(str(count))
    finish_to_the_end(page, "f")


# Per covered court card of the columns: how far below its top its figure's frame starts (px),
# beside the strip the next card leaves of it; null where the frame is not drawn.
COURT_FRAMES = """() => [...document.querySelectorAll(".spread-cascade .card[data-card]")]
    .filter((el) => Number(el.dataset.r) >= 10 && el.nextElementSibling)
    .map((el) => {
        const frame = getComputedStyle(el, "::after");
        const strip = el.nextElementSibling.getBoundingClientRect().top - el.getBoundingClientRect().top;
        return [frame.display === "none" ? null : parseFloat(frame.top), strip];
    })"""


def test_a_covered_court_cards_frame_does_not_peek_under_its_index(browser: Browser, base_url: str) -> None:
    """Issue 22: in a column, a covered K, Q or J showed its figure's frame under the index."""
    for viewport in (DESKTOP, PHONE):
        ctx = browser.new_context(base_url=base_url, viewport=viewport)
        page = ctx.new_page()
        game = open_table(page, "klondike", {"table": MOVES})
        assert page.request.post(f"/api/games/{game['id']}/moves", data={"move": "2-4", "version": 0}).ok
        page.reload()
        page.wait_for_selector("html[data-ready]")
        frames = page.evaluate(COURT_FRAMES)
        assert len(frames) >= 3, frames  # K♠ Q♥ J♣ covered in column 4
        assert all(top is None or top >= strip for top, strip in frames), frames
        ctx.close()
