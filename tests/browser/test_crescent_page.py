"""The Crescent page in real Chromium: input, refusals, counters, panels, saving, accessibility."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from tests.browser.conftest import DESKTOP, PHONE, LiveServer, center, moves, open_table, place
from tests.tables import CRESCENT_BLOCKED_IN_ONE as BLOCKED_IN_ONE
from tests.tables import CRESCENT_WON_IN_ONE as WON_IN_ONE
from tests.tables import FULL_PILE, HEARTS, MOVES

SELECTED = re.compile(r"\bselected\b")

LANDSCAPE: ViewportSize = {"width": 844, "height": 390}


def open_game(page: Page, lang: str = "en", **body: Any) -> dict[str, Any]:
    return open_table(page, "crescent", body or {"table": HEARTS}, lang)


def drag(page: Page, src: Locator, x: float, y: float) -> None:
    sx, sy = center(src)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy + 10, steps=2)
    page.mouse.move(x, y, steps=6)
    page.mouse.up()


# -- input ---------------------------------------------------------------------------------------


def test_tap_moves_a_card_with_a_single_destination(page: Page) -> None:
    open_game(page)
    place(page, "2").click()  # 4♥ fits only on pile 1's 3♥
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")
    expect(place(page, "2")).to_have_accessible_name("pile 2: 1 card, 6 of hearts on top")
    expect(page.locator("#announce")).to_have_text("4 of hearts to pile 1. Pile 2 now shows 6 of hearts.")


def test_select_then_tap_the_destination(page: Page) -> None:
    open_game(page)
    place(page, "1").click()  # 3♥ fits the ascending hearts and pile 2: it is picked up
    expect(place(page, "1")).to_have_class(SELECTED)
    expect(place(page, "2")).to_have_class(re.compile(r"\bdest\b"))
    expect(place(page, "Ah")).to_have_class(re.compile(r"\bdest\b"))
    expect(moves(page)).to_have_text("0")
    place(page, "2").click()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "2")).to_have_accessible_name("pile 2: 3 cards, 3 of hearts on top")
    expect(place(page, "1")).not_to_have_class(SELECTED)


def test_double_tap_sends_the_card_to_its_foundation(page: Page) -> None:
    open_game(page)
    place(page, "1").dblclick()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Ah")).to_have_accessible_name("ascending foundation of hearts: 3 of hearts on top, 3 cards")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 1 card, 5 of hearts on top")


def test_mouse_drag_onto_a_pile(page: Page) -> None:
    open_game(page)
    drag(page, place(page, "2"), *center(place(page, "1")))
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")


def test_drop_anywhere_on_the_foundation_area(page: Page) -> None:
    open_game(page)
    area = page.locator("#found-area").bounding_box()
    assert area is not None
    # The far corner of the area, away from every foundation: the card finds the ascending hearts.
    drag(page, place(page, "1"), area["x"] + area["width"] - 6, area["y"] + area["height"] - 6)
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Ah")).to_have_accessible_name("ascending foundation of hearts: 3 of hearts on top, 3 cards")


def test_a_drop_nowhere_returns_the_card(page: Page) -> None:
    open_game(page)
    drag(page, place(page, "2"), 5, 5)
    expect(place(page, "2").locator(".card")).not_to_have_class(re.compile("dragging"))
    expect(moves(page)).to_have_text("0")


def test_touch_tap_on_a_phone(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_game(page)
    card = place(page, "2").locator(".card").bounding_box()
    assert card is not None and card["width"] >= 40  # readable and big enough to tap
    place(page, "2").tap()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")
    # Every place is on screen, inside the phone's width.
    for button in page.locator(".place").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    context.close()


def test_keyboard_only_play(page: Page) -> None:
    open_game(page)
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('place')"):
            break
    expect(place(page, "1")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(place(page, "2")).to_be_focused()
    page.keyboard.press("Enter")  # 4♥ has one destination: it goes
    expect(moves(page)).to_have_text("1")
    page.keyboard.press("Space")  # pile 2's 6♥ now: nowhere to go, picked up
    expect(place(page, "2")).to_have_class(SELECTED)
    page.keyboard.press("Escape")
    expect(place(page, "2")).not_to_have_class(SELECTED)
    page.keyboard.press("u")
    expect(moves(page)).to_have_text("0")
    page.keyboard.press("r")
    expect(page.locator("#redeal")).to_have_text("Redeal (2 left)")


# -- refusals, in the seeds' words ------------------------------------------------------------------


def test_refusal_in_portuguese(page: Page) -> None:
    open_game(page, "pt-PT", table=FULL_PILE)
    place(page, "2").click()  # 5♥: no destination, so it is picked up
    place(page, "1").click()  # onto 4♥, but pile 1 holds 13 cards
    expect(page.locator("#message")).to_have_text("Esta pilha está cheia; escolha outro destino")
    expect(page.locator("#announce")).to_have_text("Esta pilha está cheia; escolha outro destino")
    expect(moves(page)).to_have_text("0")


def test_refusal_in_spanish_after_a_drag(page: Page) -> None:
    open_game(page, "es", table=FULL_PILE)
    drag(page, place(page, "2"), *center(place(page, "3")))
    expect(page.locator("#message")).to_have_text("No se puede colocar en una pila vacía")
    expect(place(page, "2").locator(".card")).not_to_have_class(re.compile("dragging"))
    expect(place(page, "2")).to_have_accessible_name(re.compile(r"^pila 2: 4 cartas"))


def test_refusal_in_italian(page: Page) -> None:
    open_game(page, "it", table=FULL_PILE)
    place(page, "4").click()
    place(page, "2").click()  # K♥ onto 5♥
    expect(page.locator("#message")).to_have_text("Deve essere di valore superiore o inferiore")


def test_with_interactive_rules_off_the_card_just_returns(page: Page) -> None:
    open_game(page, "it", table=FULL_PILE)
    page.locator("#interactive").uncheck()
    place(page, "4").click()
    place(page, "2").click()
    page.wait_for_timeout(300)
    expect(page.locator("#message")).to_be_hidden()
    expect(moves(page)).to_have_text("0")


# -- buttons, counters, panels ---------------------------------------------------------------------


def test_redeal_counts_down_to_the_seed_text(page: Page) -> None:
    open_game(page, "pt-PT", code="CR1-N-AAAAAAB")
    redeal = page.locator("#redeal")
    expect(redeal).to_have_text("Redistribuir (restam 3)")
    redeal.click()
    expect(redeal).to_have_text("Redistribuir (restam 2)")
    redeal.click()
    expect(redeal).to_have_text("Redistribuir (resta 1)")
    redeal.click()
    expect(redeal).to_have_text("Sem redistribuições")
    expect(redeal).to_be_disabled()
    expect(page.locator("#announce")).to_contain_text("Sem redistribuições")


def test_undo_and_its_counter(page: Page) -> None:
    open_game(page)
    undo = page.locator("#undo")
    expect(undo).to_be_disabled()
    place(page, "2").click()
    expect(moves(page)).to_have_text("1")
    expect(undo).to_be_enabled()
    undo.click()
    expect(moves(page)).to_have_text("0")
    expect(undo).to_be_disabled()
    expect(place(page, "2")).to_have_accessible_name("pile 2: 2 cards, 4 of hearts on top")


def test_won_panel(page: Page) -> None:
    game = open_game(page, table=WON_IN_ONE)
    place(page, "1").click()
    panel = page.locator("#end-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-moves")).to_have_text("1")
    expect(page.locator("#end-code")).to_be_hidden()  # a pasted position names no deal code
    expect(page.locator("#end-undo")).to_be_hidden()
    page.locator("#end-again").click()  # the same deal again: pile 1 holds its Ace again
    expect(panel).to_be_hidden()
    expect(place(page, "1")).to_have_accessible_name("pile 1: 1 card, ace of spades on top")
    expect(page).not_to_have_url(re.compile(game["id"]))


def test_blocked_panel_offers_undo(page: Page) -> None:
    open_game(page, "es", table=BLOCKED_IN_ONE)
    place(page, "1").click()
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("No quedan jugadas: la partida está bloqueada")
    expect(page.locator("#end-again")).to_be_hidden()
    page.locator("#end-undo").click()
    expect(page.locator("#end-panel")).to_be_hidden()
    expect(moves(page)).to_have_text("0")


def test_new_game_and_play_a_code(page: Page) -> None:
    open_game(page)
    page.locator("#code-input").fill("cr1-n-aaaaaab")
    page.locator("#code-form button").click()
    expect(page.locator("#code")).to_have_text("CR1-N-AAAAAAB")
    page.locator("#code-input").fill("nonsense")
    page.locator("#code-form button").click()
    expect(page.locator("#form-error")).to_contain_text("That is not a deal code")
    page.locator("#new-game").click()
    expect(page.locator("#code")).not_to_have_text("CR1-N-AAAAAAB")


# -- never lose a game ------------------------------------------------------------------------------


def test_reload_resumes_the_game(page: Page) -> None:
    open_game(page)
    place(page, "2").click()
    expect(moves(page)).to_have_text("1")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")
    page.locator("#undo").click()  # the undo history came back too
    expect(moves(page)).to_have_text("0")


def test_server_restart_resumes_the_game(browser: Browser, tmp_path: Any) -> None:
    server = LiveServer(tmp_path / "restart.sqlite3")
    server.start()
    context = browser.new_context(base_url=server.url)
    try:
        page = context.new_page()
        open_game(page)
        place(page, "2").click()
        expect(moves(page)).to_have_text("1")
        url = page.url
        server.stop()
        server.start()  # same port, same file
        page.goto(url)
        page.wait_for_selector("html[data-ready]")
        expect(moves(page)).to_have_text("1")
        expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")
    finally:
        context.close()
        server.stop()


def test_resize_and_rotation_keep_the_game(page: Page) -> None:
    page.set_viewport_size(PHONE)
    open_game(page)
    place(page, "2").click()
    expect(moves(page)).to_have_text("1")  # a tap while a move is on its way is not taken
    place(page, "1").click()  # 4♥ now on pile 1, which is picked up (two places take it)
    expect(place(page, "1")).to_have_class(SELECTED)
    before = [b.locator(".name").text_content() for b in page.locator(".place").all()]
    for size in (LANDSCAPE, DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        expect(moves(page)).to_have_text("1")
        expect(place(page, "1")).to_have_class(SELECTED)
    assert [b.locator(".name").text_content() for b in page.locator(".place").all()] == before


def test_two_tabs_stay_consistent(context: BrowserContext) -> None:
    first = context.new_page()
    game = open_game(first)
    second = context.new_page()
    second.goto(f"/en/crescent/{game['id']}")
    second.wait_for_selector("html[data-ready]")
    place(first, "2").click()
    expect(moves(first)).to_have_text("1")
    expect(moves(second)).to_have_text("1")  # told by the first tab, it fetched the game


# -- accessibility, languages, assets ---------------------------------------------------------------


def test_places_are_named_by_the_board_description(page: Page) -> None:
    open_game(page)
    expect(page.get_by_role("button", name="pile 1: 2 cards, 3 of hearts on top")).to_be_visible()
    expect(page.get_by_role("button", name="pile 5: empty")).to_be_visible()
    expect(
        page.get_by_role("button", name="descending foundation of hearts: queen of hearts on top, 2 cards")
    ).to_be_visible()
    assert page.locator(".place").count() == 24
    open_game(page, "it")
    expect(page.get_by_role("button", name="pila 4: 5 carte, re di cuori in cima")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "it")


def test_card_faces_use_the_language_letters(page: Page) -> None:
    open_game(page, "pt-PT", code="CR1-N-AAAAAAB")
    kings = page.locator(".place.desc .rk").all_text_contents()
    assert kings == ["R", "R", "R", "R"]
    colours = page.locator(".place.desc .card").evaluate_all("els => els.map(e => getComputedStyle(e).color)")
    assert colours[1] == colours[2] != colours[0] == colours[3]  # hearts and diamonds red, the others not


def test_language_menu_rules_link_and_accept_language(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="es-ES")
    page = context.new_page()
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/es/$"))
    page.locator("#crescent-card button.primary").click()  # the first variant's button
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator("#rules-link").click()
    expect(page.locator("h1")).to_have_text("Cómo se juega a Crescent")
    page.locator("details.langs summary").click()
    page.locator('details.langs a[hreflang="it"]').click()
    expect(page.locator("h1")).to_have_text("Come si gioca a Crescent")
    context.close()


def test_every_asset_comes_from_the_site_and_no_inline_script_runs(page: Page, base_url: str) -> None:
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_game(page)
    assert requests and all(u.startswith(base_url) for u in requests)
    assert errors == []
    csp = page.request.get(page.url).headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp


def test_a_stale_move_is_refused_and_the_tab_refreshes(page: Page) -> None:
    game = open_game(page)
    # Another tab (one this page cannot hear) moves the game on: 4♥ onto pile 1.
    res = page.request.post(f"/api/games/{game['id']}/moves", data={"move": "2-1", "version": 0})
    assert res.ok
    place(page, "1").click()  # still shows 3♥ with two places: picked up
    place(page, "2").click()  # 3♥ onto 4♥, made on version 0: refused as stale
    expect(page.locator("#message")).to_contain_text("moved on in another tab")
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")


def test_moves_do_not_animate_with_reduced_motion(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, reduced_motion="reduce")
    page = context.new_page()
    open_game(page)
    place(page, "2").click()
    expect(moves(page)).to_have_text("1")
    assert page.locator(".card.moving, .card.returning").count() == 0
    context.close()


def test_touch_drag_on_a_phone(browser: Browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_game(page)
    cdp = context.new_cdp_session(page)
    (sx, sy), (tx, ty) = center(place(page, "2")), center(place(page, "1"))

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", sx, sy)
    for k in range(1, 9):  # a finger sliding from pile 2 to pile 1
        touch("touchMove", sx + (tx - sx) * k / 8, sy + (ty - sy) * k / 8)
    touch("touchEnd", tx, ty)
    expect(moves(page)).to_have_text("1")
    expect(place(page, "1")).to_have_accessible_name("pile 1: 3 cards, 4 of hearts on top")
    context.close()


def test_a_tap_on_the_foundation_area_sends_the_picked_up_card(page: Page) -> None:
    open_game(page)
    place(page, "1").click()  # 3♥: picked up (it fits pile 2 and the ascending hearts)
    area = page.locator("#found-area").bounding_box()
    assert area is not None
    page.mouse.click(area["x"] + 8, area["y"] + 8)
    expect(moves(page)).to_have_text("1")
    expect(place(page, "Ah")).to_have_accessible_name("ascending foundation of hearts: 3 of hearts on top, 3 cards")


GAP_IN_AREA = """() => {
    const [a, b] = [...document.querySelectorAll("#found-area .place")].map((el) => el.getBoundingClientRect());
    return [(a.right + b.left) / 2, (a.top + a.bottom) / 2];
}"""


def test_a_card_dropped_on_the_foundation_area_hears_its_own_suits_reason(page: Page) -> None:
    """Issue 22: a heart that no foundation takes, dropped between two foundations, was refused
    with the spades foundation's reason ("must be the same suit"). Now with its own suit's, in
    both games (Crescent's ascending hearts, Klondike's hearts)."""
    for game, table, src, own in (("crescent", HEARTS, "2", "Ah"), ("klondike", MOVES, "2", "Fh")):
        found = open_table(page, game, {"table": table})
        said = page.request.post(f"/api/games/{found['id']}/moves", data={"move": f"{src}-{own}", "version": 0})
        assert said.status == 422
        x, y = page.evaluate(GAP_IN_AREA)
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", [x, y]) == "found-area"
        drag(page, place(page, src), x, y)
        expect(page.locator("#message")).to_have_text(said.json()["message"])
        expect(moves(page)).to_have_text("0")


UNDER = """(id) => {
    const s = getComputedStyle(document.querySelector(`.place[data-place="${id}"] .slot`), "::before");
    return s.content === "none" ? "none" : s.backgroundImage === "none" ? "face" : "back";
}"""


def test_a_dragged_card_shows_a_face_under_it_where_the_pile_is_face_up(page: Page) -> None:
    """Issue 22: dragging a card in face-up Crescent showed a card back under it. The pile's
    depth is drawn as a face there, as a back in the face-down deal (and the stock's)."""
    for code, under in (("CR1-N-AAAAAAB", "face"), ("CR1-D-AAAAAAB", "back")):
        open_game(page, code=code)
        pile = place(page, "1")
        x, y = center(pile)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 40, y + 60, steps=4)  # dragged away: what lies under it shows whole
        expect(pile.locator(".card.dragging")).to_have_count(1)
        assert page.evaluate(UNDER, "1") == under, code
        page.mouse.up()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    assert page.evaluate(UNDER, "S") == "back"
