"""The Examples pages in Chromium: the won game steps forward, back, to a step and plays, by
click and by key; the board and the description follow; the seeds' three positions show."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from paciencia.games.crescent.example import SEED_DESCRIPTIONS
from paciencia.games.examples import must_example
from tests.browser.conftest import DESKTOP, PHONE, place

CRESCENT = must_example("crescent")


def _open(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("html[data-ready]")


def test_steps_forward_back_and_jump_by_click(page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    _open(page, "/it/crescent/examples?step=8")
    page.locator("#ex-forward").click()
    expect(page.locator("#example")).to_have_attribute("data-step", "9")
    expect(page.locator("#ex-description")).to_have_text(SEED_DESCRIPTIONS["before_ten"])
    expect(place(page, "10").locator(".card")).to_have_attribute("data-card", "0")  # A♠ on pile 10
    page.locator("#ex-forward").click()
    expect(page.locator("#ex-token")).to_have_text("10-14")
    expect(page.locator("#ex-words")).to_contain_text("Asso di picche sulla pila 14")
    expect(place(page, "14").locator(".card")).to_have_attribute("data-card", "0")
    expect(place(page, "14").locator(".tag i")).to_have_text("7")
    page.locator("#ex-back").click()
    expect(page.locator("#example")).to_have_attribute("data-step", "9")
    expect(place(page, "14").locator(".tag i")).to_have_text("6")
    # a jump to the redeal and just after it
    redeal = CRESCENT.mark("after_redeal")
    page.locator("#ex-jump-input").fill(str(redeal - 1))
    page.locator("#ex-jump button").click()
    expect(page.locator("#ex-description")).to_have_text(SEED_DESCRIPTIONS["first_phase"])
    page.locator("#ex-forward").click()
    expect(page.locator("#ex-token")).to_have_text("R")
    expect(page.locator("#ex-description")).to_have_text(SEED_DESCRIPTIONS["after_redeal"])
    assert page.url.endswith(f"?step={redeal}")


def test_steps_by_keyboard_and_plays_to_the_end(page: Page) -> None:
    page.set_viewport_size(PHONE)
    _open(page, "/en/crescent/examples")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#example")).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#example")).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    last = str(len(CRESCENT.moves))
    expect(page.locator("#example")).to_have_attribute("data-step", last)
    expect(page.locator("#ex-words")).to_contain_text("won")
    for f in ("As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"):
        expect(place(page, f).locator(".tag i")).to_have_text("13")
    page.keyboard.press("Home")
    expect(page.locator("#example")).to_have_attribute("data-step", "0")
    page.keyboard.press("Space")  # play
    expect(page.locator("#ex-play")).to_have_text("Pause")
    page.wait_for_function("() => Number(document.getElementById('example').dataset.step) >= 2")
    page.keyboard.press("Space")  # pause
    expect(page.locator("#ex-play")).to_have_text("Autoplay")
    held = page.locator("#example").get_attribute("data-step")
    page.wait_for_timeout(900)
    expect(page.locator("#example")).to_have_attribute("data-step", held or "")


def test_the_play_button_plays_and_pauses(page: Page) -> None:
    _open(page, "/es/klondike/examples")
    page.locator("#ex-play").click()
    page.wait_for_function("() => Number(document.getElementById('example').dataset.step) >= 1")
    page.locator("#ex-play").click()
    expect(page.locator("#ex-play")).to_have_text("Reproducir")


def test_klondike_columns_cascade_and_the_game_is_won(page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    _open(page, "/en/klondike/examples?step=0")
    expect(place(page, "7").locator(".card")).to_have_count(7)  # six backs and its face-up card
    expect(place(page, "7").locator(".card.back")).to_have_count(6)
    page.locator("#ex-last").click()
    expect(page.locator("#ex-words")).to_contain_text("won")
    for f in ("Fs", "Fh", "Fd", "Fc"):
        expect(place(page, f)).to_contain_text("K")


def test_without_scripts_the_step_links_still_work(browser_context_args: dict[str, object], browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    page.goto("/it/crescent/examples?step=9")
    expect(page.locator("#ex-description")).to_have_text(SEED_DESCRIPTIONS["before_ten"])
    page.locator("#ex-forward").click()
    page.wait_for_url("**step=10")
    expect(page.locator("#ex-token")).to_have_text("10-14")
    context.close()


def test_the_rules_and_the_table_link_to_the_examples(page: Page) -> None:
    _open(page, "/pt-PT/crescent/examples")
    page.goto("/pt-PT/crescent/rules")
    links = page.locator('a[href*="/pt-PT/crescent/examples"]')
    assert links.count() >= 3
    page.locator('a[href$="examples?step=10"]').first.click()
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#ex-token")).to_have_text("10-14")
    res = page.request.post("/api/games", data={"code": "CR1-N-AAAAAAB"})
    page.goto(f"/pt-PT/crescent/{res.json()['id']}")
    page.locator("#examples-link").click()
    page.wait_for_url(re.compile(r"/pt-PT/crescent/examples$"))
