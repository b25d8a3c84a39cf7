"""axe-core (the npm package, tests/a11y) in Chromium on every page and panel (every registered
game's read from the registry), in all five languages: no serious or critical violation. And what
axe cannot see, checked by hand: the live regions, the keys, the focus marks, the touch targets,
the language menu."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from paciencia.games import REGISTRY
from paciencia.games.examples import example
from paciencia.web.service import odds
from tests.browser.conftest import ONLINE, PHONE, moves, open_table, place, some_locales
from tests.tables import (
    CRESCENT_WON_IN_ONE,
    FINISH,
    FULL_PILE,
    MOVES,
    NO_USEFUL,
    QUIET_BUT_WINNABLE,
    WINNING_MOVE,
    klondike_table,
)

# Two long columns (12 and 6 + 12 cards): the cards must shrink for the ranks to stay readable.
_ALTERNATE = ["Kh", "Qs", "Jh", "Tc", "9d", "8c", "7d", "6c", "5d", "4c", "3d", "2c"]
_ALTERNATE_2 = ["Kd", "Qc", "Jd", "Ts", "9h", "8s", "7h", "6s", "5h", "4s", "3h", "2s"]
LONG_COLUMNS = klondike_table(
    {
        "1": _ALTERNATE,
        "2": ["[Qd]", "[2d]", "[Td]", "[8h]", "[9s]", "6d"],
        "7": ["[Ks]", "[9c]", "[3c]", "[7c]", "[3s]", "[Js]", *_ALTERNATE_2],
    },
    rest_in_stock=True,
)
AXE = Path(__file__).parents[1] / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
SELECTED = re.compile(r"\bselected\b")


@pytest.fixture
def context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    # axe is injected as a script: the site's Content-Security-Policy allows only its own.
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, bypass_csp=True)
    yield ctx
    ctx.close()


def serious(page: Page) -> list[str]:
    """axe's serious and critical violations on the page as it is now (open dialogs included)."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: scripts/test installs it with npm")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[list[Any]] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => [v.id, v.impact, v.nodes.slice(0, 3).map((n) => n.target.join(" "))])"""
    )
    return [f"{v[0]} ({v[1]}): {v[2]}" for v in found]


def _crescent(page: Page, lang: str) -> None:
    open_table(page, "crescent", {"table": FULL_PILE}, lang)
    place(page, "2").click()  # something picked up: the destinations are marked


def _crescent_won(page: Page, lang: str) -> None:
    open_table(page, "crescent", {"table": CRESCENT_WON_IN_ONE}, lang)
    place(page, WINNING_MOVE.split("-")[0]).click()  # its one destination: the game is won
    expect(page.locator("#end-panel")).to_be_visible()


def _review(page: Page, lang: str) -> None:
    game = open_table(page, "crescent", {"table": CRESCENT_WON_IN_ONE}, lang)
    place(page, WINNING_MOVE.split("-")[0]).click()
    expect(page.locator("#end-panel")).to_be_visible()
    page.goto(f"/{lang}/crescent/{game['id']}/review")


def _chance(page: Page, lang: str) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang)
    page.locator("#chance-on").check()
    place(page, "S").click()  # a draw: the chance after it
    expect(moves(page)).to_have_text("1")
    expect(page.locator("#chance")).to_be_visible(timeout=30_000)


def _klondike(page: Page, lang: str) -> None:
    open_table(page, "klondike", {"table": MOVES}, lang)
    place(page, "4").focus()
    page.keyboard.press("ArrowUp")  # the run picker
    expect(page.locator("#picker")).to_be_visible()


def _klondike_notice(page: Page, lang: str) -> None:
    open_table(page, "klondike", {"table": NO_USEFUL}, lang)
    page.locator("#hint").click()
    expect(page.locator("#notice")).to_be_visible()


def _confirm(page: Page, lang: str) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang)
    page.keyboard.press("Space")
    expect(moves(page)).to_have_text("1")
    page.keyboard.press("n")
    expect(page.locator("#confirm")).to_be_visible()


def _look(page: Page, lang: str) -> None:
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"}, lang)
    page.locator("#look-open").click()
    expect(page.locator("#look")).to_be_visible()


def _page(path: str) -> Callable[[Page, str], None]:
    def go(page: Page, lang: str) -> None:
        page.goto(f"/{lang}{path}")
        if page.locator("details.langs").count():
            if page.locator("details.menu > summary").is_visible():
                page.locator("details.menu > summary").click()  # a phone's menu, then its languages
            page.locator("details.langs summary").click()  # the language menu open

    return go


def _picked(game: str, table: str, pid: str) -> Callable[[Page, str], None]:
    def go(page: Page, lang: str) -> None:
        open_table(page, game, {"table": table}, lang)
        place(page, pid).focus()
        page.keyboard.press("Enter")  # several places take it, so it is picked up
        expect(place(page, pid)).to_have_class(SELECTED)

    return go


def _games() -> dict[str, Callable[[Page, str], None]]:
    """Every registered game's pages (read from the registry): its rules, its odds where it has
    figures, its Examples page halfway, and its table with a card picked up (the first position
    of its example where a card has two places to go or more: they are marked)."""
    out: dict[str, Callable[[Page, str], None]] = {}
    for name in REGISTRY:
        out[f"{name} rules"] = _page(f"/{name}/rules")
        if name in odds.games():
            out[f"{name} odds"] = _page(f"/{name}/odds")
        found = example(name)
        if found is None:
            continue
        out[f"{name} examples"] = _page(f"/{name}/examples?step={len(found.moves) // 2}")
        for state in found.states():
            obs = state.observe()
            roles = {p.place: p.role for p in obs.places}
            movable = [k for k, to in obs.dests.items() if "x" not in k and len(to) > 1 and roles[k] != "foundation"]
            if movable:
                out[f"{name} table, a card picked up"] = _picked(name, state.to_text(), movable[0])
                break
    return out


def _devices(page: Page, lang: str) -> None:
    """The devices page with a code just made (its words and its QR code)."""
    page.goto(f"/{lang}/devices")
    page.locator("form[action$='/devices/link'] button").click()
    page.wait_for_selector(".link-code")


SCENES: dict[str, Callable[[Page, str], None]] = {
    "home": _page("/"),
    **_games(),
    "not found": _page("/crescent/no-such-game"),
    "crescent table, cards picked up": _crescent,
    "crescent won panel": _crescent_won,
    "klondike run picker": _klondike,
    "klondike notice": _klondike_notice,
    "new game confirmation": _confirm,
    "look dialog": _look,
    "review page": _review,
    "chance of winning shown": _chance,
    "statistics (after the games above)": _page("/stats"),
    "today's deals": _page("/daily"),
    "a daily ranking": _page("/daily/ranking?game=klondike&variant=3"),
    "the week's ranking": _page("/daily/ranking?week=2026-W01"),
    "devices": _devices,
}


@pytest.mark.parametrize("lang", some_locales(0, count=1))
def test_axe_finds_nothing_serious_on_any_page_or_panel(context: BrowserContext, lang: str) -> None:
    page = context.new_page()
    page.set_default_timeout(10_000)
    report = {}
    for name, scene in SCENES.items():
        scene(page, lang)
        if found := serious(page):
            report[name] = found
    assert not report, report


# -- what axe cannot see ---------------------------------------------------------------------


def test_the_clock_and_counters_are_in_no_live_region(page: Page) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    live = page.evaluate(
        """() => ["clock", "moves", "passes"].map((id) => {
            const el = document.getElementById(id);
            const live = "[aria-live], output, [role=status], [role=log], [role=timer]";
            return [id, el.tagName, Boolean(el.closest(live))];
        })"""
    )
    assert all(not inside for _, _, inside in live), live
    assert all(tag != "OUTPUT" for _, tag, _ in live), live


def test_switching_language_after_a_new_game_keeps_the_new_game(page: Page) -> None:
    first = open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    page.locator("#new-game").click()
    page.wait_for_url(lambda url: first["id"] not in url)
    new_id = page.url.rsplit("/", 1)[1]
    page.locator("details.menu > summary").click()  # a phone: the languages are in the menu
    page.locator("details.langs summary").click()
    page.locator('.langs a[hreflang="it"]').click()
    page.wait_for_url(f"**/it/crescent/{new_id}")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # and the title follows the new deal, not the old one
    assert first["code"] not in page.title()


def test_a_draw_one_game_is_titled_draw_one(page: Page) -> None:
    open_table(page, "klondike", {"code": "KL1-1-AAAAAAB"})
    assert "Draw one" in page.title() and "Draw three" not in page.title()
    page.locator("#new-3").click()
    expect(page).to_have_title(re.compile("Draw three"))


def test_n_inside_a_dialog_deals_nothing(page: Page) -> None:
    game = open_table(page, "klondike", {"table": NO_USEFUL})
    page.locator("#hint").click()
    expect(page.locator("#notice")).to_be_visible()
    page.keyboard.press("n")
    page.wait_for_timeout(400)
    assert game["id"] in page.url
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#confirm")).to_be_hidden()


def test_space_presses_a_focused_button_and_does_not_draw(page: Page) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.locator("#look-open").focus()
    page.keyboard.press("Space")
    expect(page.locator("#look")).to_be_visible()
    expect(moves(page)).to_have_text("0")  # the stock was not drawn from


def test_keys_with_nothing_to_do_still_answer(page: Page) -> None:
    open_table(page, "crescent", {"table": FULL_PILE})
    page.locator("#interactive").uncheck()
    announce = page.locator("#announce")
    place(page, "1").focus()  # the keys are the board's, not the checkbox's
    page.keyboard.press("u")
    expect(page.locator("#message")).to_have_text("There is nothing to undo")
    page.keyboard.press("Escape")
    expect(announce).to_have_text(re.compile(r"Nothing is selected\.$"))
    place(page, "4").click()
    place(page, "2").click()  # refused, and the interactive rules are off: said, not shown
    expect(announce).to_have_text(re.compile(r"That move is not allowed\.$"))
    expect(page.locator("#message")).to_be_hidden()


def test_a_crescent_move_says_what_its_pile_now_shows(page: Page) -> None:
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    place(page, "2").click()  # K♥, whose one destination is pile 4's Q♥
    expect(moves(page)).to_have_text("1")
    expect(page.locator("#announce")).to_have_text(re.compile(r"Pile 2 now shows [a-z0-9]+ of [a-z]+\.$"))


def test_places_are_not_toggle_buttons_and_the_foundations_come_first(page: Page) -> None:
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    assert page.locator(".place[aria-pressed], .place[aria-label]").count() == 0
    order = page.evaluate("() => [...document.querySelectorAll('#board .place')].map((b) => b.dataset.place)")
    assert order[:8] == ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"]
    place(page, "2").focus()
    expect(place(page, "2")).to_have_accessible_name("pile 2: 6 cards, king of hearts on top")


def test_focus_selection_and_destinations_look_different(page: Page) -> None:
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    page.emulate_media(reduced_motion="reduce")
    place(page, "4").click()  # Q♥ picked up: piles 2 and 6 and a foundation take it
    expect(place(page, "4")).to_have_class(SELECTED)
    place(page, "1").focus()
    page.keyboard.press("ArrowRight")  # a keyboard focus ring somewhere else
    style = page.evaluate(
        """() => {
            const look = (el) => {
                const s = getComputedStyle(el);
                return [s.outlineStyle + s.outlineColor, s.boxShadow];
            };
            const sel = document.querySelector('.place.selected .card.sel');
            const dest = document.querySelector('.place.dest .slot');
            const focus = document.activeElement.querySelector('.slot');
            return {sel: look(sel), dest: look(dest), focus: look(focus)};
        }"""
    )
    marks = {tuple(v) for v in style.values()}
    assert len(marks) == 3, style


def test_a_tap_leaves_no_focus_ring(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    place(page, "2").tap()
    expect(moves(page)).to_have_text("1")
    # Whatever the tap focused, it shows no keyboard focus ring (which would look like a selection).
    assert not page.evaluate("() => document.activeElement.matches('.place:focus-visible, .place :focus-visible')")
    assert page.locator(".place.selected").count() == 0
    ctx.close()


def test_controls_are_at_least_44_px_on_a_phone(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    for game, body in (("crescent", {"code": "CR1-N-AAAAAAB"}), ("klondike", {"code": "KL1-1-AAAAAAB"})):
        open_table(page, game, body)
        small = page.evaluate(
            """() => [...document.querySelectorAll([
                    '.bar a', '.bar button', '.langs summary', 'main button:not(.place)',
                    'main input:not([type])', 'main summary', 'main label.setting'].join())]
                .filter((el) => el.offsetParent !== null)
                .map((el) => [el.id || el.className || el.textContent.trim(), el.getBoundingClientRect()])
                .filter(([, r]) => r.width < 44 || r.height < 44)
                .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
        )
        assert not small, (game, small)
    ctx.close()


def test_a_zoomed_desktop_keeps_the_side_panel_and_the_keys_help(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport={"width": 640, "height": 400})  # 200 % of 1280×800
    page = ctx.new_page()
    open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.side > *, .side button, .side input')]
            .filter((el) => el.offsetParent !== null)
            .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
            .map((el) => el.id || el.className)"""
    )
    assert not clipped
    keys = page.locator("#keys")
    keys.scroll_into_view_if_needed()
    expect(keys).to_be_visible()
    ctx.close()


def test_the_look_is_kept_in_this_browser(page: Page) -> None:
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.locator("#look-open").click()
    page.locator('#look input[name="felt"][value="blue"]').check()
    page.locator('#look input[name="contrast"]').check()
    page.locator('#look input[name="four"]').check()
    page.locator('#look input[name="left"]').check()
    page.locator("#look-close").click()
    html = page.locator("html")
    expect(html).to_have_attribute("data-felt", "blue")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    for attr, value in (("data-felt", "blue"), ("data-contrast", "1"), ("data-four", "1"), ("data-left", "1")):
        expect(html).to_have_attribute(attr, value)  # drawn by the server from the cookie
    stock, found = (page.locator(sel).bounding_box() for sel in ('.place[data-place="S"]', "#found-area"))
    assert stock is not None and found is not None and stock["x"] > found["x"]  # left-handed: the stock on the right


def test_the_site_is_installable(page: Page) -> None:
    page.goto("/pt-BR/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "/pt-BR/manifest.webmanifest"
    manifest = page.request.get(href).json()
    assert manifest["start_url"] == "/pt-BR/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert page.request.get(icon["src"]).ok


def test_the_winning_move_and_the_result_are_said_in_the_results_panel(page: Page) -> None:
    open_table(page, "crescent", {"table": CRESCENT_WON_IN_ONE})
    place(page, WINNING_MOVE.split("-")[0]).click()
    panel = page.locator("#end-panel")
    expect(panel).to_be_visible()
    # The page behind a modal is inert: the words go to the panel's own live region.
    expect(panel.locator(".live")).to_have_text(re.compile(r"to the descending foundation of spades\. You won!$"))


def test_h_while_finish_is_offered_says_so(page: Page) -> None:
    open_table(page, "klondike", {"table": FINISH})
    expect(page.locator("#hint")).to_have_text("Finish")
    page.keyboard.press("h")
    expect(page.locator("#message")).to_have_text("No hint is needed: every card can go up. Press F or Finish.")
    expect(moves(page)).to_have_text("0")


def test_a_long_column_keeps_its_ranks_readable_on_a_landscape_phone(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport={"width": 844, "height": 390}, has_touch=True)
    page = ctx.new_page()
    open_table(page, "klondike", {"table": LONG_COLUMNS})
    strips = page.evaluate(
        """() => [...document.querySelectorAll('.place.column')].map((b) => {
            const cards = [...b.querySelectorAll('.card:not(.back)')];
            return cards.slice(0, -1).map((c, k) => {
                const next = cards[k + 1].getBoundingClientRect().top, own = c.getBoundingClientRect().top;
                const rank = c.querySelector('.rk').getBoundingClientRect();
                return [next - own, rank.bottom - own];
            });
        }).flat()"""
    )
    assert strips
    # Each covered card shows at least 18 px of itself, and its whole rank (Q keeps its tail).
    assert all(strip >= 17.5 and rank <= strip + 0.5 for strip, rank in strips), strips
    bottom = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('#board .card')].map((c) => c.getBoundingClientRect().bottom))"
    )
    assert bottom <= 390.5  # and nothing runs off the screen
    ctx.close()


def test_the_message_does_not_cover_the_cards_on_a_landscape_phone(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport={"width": 844, "height": 390}, has_touch=True)
    page = ctx.new_page()
    open_table(page, "crescent", {"table": FULL_PILE})
    place(page, "4").tap()
    place(page, "2").tap()  # refused: the message shows
    message = page.locator("#message")
    expect(message).to_be_visible()
    box = message.bounding_box()
    assert box is not None
    cards = page.evaluate(
        "() => [...document.querySelectorAll('#board .card')].map((c) => c.getBoundingClientRect().toJSON())"
    )
    overlap = [
        c
        for c in cards
        if c["left"] < box["x"] + box["width"]
        and c["right"] > box["x"]
        and c["top"] < box["y"] + box["height"]
        and c["bottom"] > box["y"]
    ]
    assert not overlap
    ctx.close()


def test_r_with_no_redeal_left_says_so(page: Page) -> None:
    open_table(page, "crescent", {"table": QUIET_BUT_WINNABLE})  # redeals=0
    expect(page.locator("#redeal")).to_be_disabled()
    page.keyboard.press("r")
    expect(page.locator("#message")).to_have_text("No redeals")
    expect(moves(page)).to_have_text("0")


def _contrast(a: list[float], b: list[float]) -> float:
    def lum(rgb: list[float]) -> float:
        c = [x / 255 for x in rgb[:3]]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_focus_ring_stands_out_on_a_dialog(page: Page) -> None:
    open_table(page, "klondike", {"table": NO_USEFUL})
    page.locator("#hint").click()
    expect(page.locator("#notice")).to_be_visible()
    page.keyboard.press("Shift+Tab")  # from Close (the notice's focus, its last button) to the one before
    colours = page.evaluate(
        """() => {
            const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
            const el = document.activeElement;
            const box = el.closest('dialog');
            return [rgb(getComputedStyle(el).outlineColor), rgb(getComputedStyle(box).backgroundColor)];
        }"""
    )
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    assert _contrast(*colours) >= 3, colours
