"""The keyboard help is no clutter on a touch phone (pointer: coarse) yet one tap away, and still
the board's description for a screen reader; on a desktop it shows as before. And axe, every
impact counted (landmark-unique among them), finds nothing on the home, odds, daily and
Examples pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from paciencia.play.words import ui_words
from tests.browser.conftest import DESKTOP, ONLINE, PHONE, open_table

AXE = Path(__file__).parents[1] / "a11y" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_keys_help_is_folded_on_a_touch_phone_and_one_tap_away(phone: Page, lang: str) -> None:
    ui = ui_words(lang)
    open_table(phone, "klondike", {"code": "KL1-3-AAAAAAB"}, lang)
    keys = phone.locator("#keys")
    expect(keys).to_be_hidden()
    said = (keys.text_content() or "").strip()
    assert said  # still the board's description for a screen reader
    expect(phone.locator("#board")).to_have_accessible_description(said)
    link = phone.get_by_role("link", name=ui["keys_title"])
    link.tap()
    expect(keys).to_be_visible()

    phone.goto(f"/{lang}/klondike/examples")
    expect(phone.locator("#ex-keys")).to_be_hidden()
    phone.get_by_role("link", name=ui["keys_title"]).tap()
    expect(phone.locator("#ex-keys")).to_be_visible()


def test_the_keys_help_shows_on_a_desktop(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=DESKTOP)
    page = ctx.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    expect(page.locator("#keys")).to_be_visible()
    expect(page.get_by_role("link", name=ui_words("en")["keys_title"])).to_be_hidden()
    ctx.close()


@pytest.fixture
def axe_context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, bypass_csp=True)
    yield ctx
    ctx.close()


def findings(page: Page) -> list[Any]:
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: scripts/test installs it with npm")
    page.add_script_tag(path=str(AXE))
    found: list[Any] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map((v) => [v.id, v.impact, v.nodes.slice(0, 3).map((n) => n.target.join(" "))])"""
    )
    return found


@pytest.mark.parametrize("lang", ["en", "pt-BR", "it"])
def test_axe_finds_nothing_at_all_on_the_home_odds_daily_and_examples_pages(
    axe_context: BrowserContext, lang: str
) -> None:
    page = axe_context.new_page()
    report = {}
    for path in ("/", "/crescent/odds", "/klondike/odds", "/freecell/odds", "/daily", "/klondike/examples"):
        page.goto(f"/{lang}{path}")
        for details in page.locator("main details").all():
            details.evaluate("d => d.open = true")  # what is folded is checked too
        if found := findings(page):
            report[path] = found
    assert not report, report
