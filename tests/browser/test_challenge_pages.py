"""Issue 43's pages on small screens, in every language: the daily challenges (streak, the week's
challenge, the month's calendar, badges), a ranking with entries, and the devices page with a
code and its QR code just made; no page scrolls sideways and every link and button is at least
24 px tall."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from paciencia.i18n import LOCALES

SCREENS: list[ViewportSize] = [{"width": 360, "height": 640}, {"width": 844, "height": 390}]


def fits(page: Page) -> list[str]:
    """What is wrong with the page as laid out: sideways scroll, targets under 24 px tall."""
    wrong = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.evaluate("innerWidth"):
        wrong.append(f"the page is {width} px wide")
    small = page.evaluate(
        """() => [...document.querySelectorAll('main a, main button, main label.button')]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 24)
            .map(e => e.textContent.trim().slice(0, 30))"""
    )
    wrong += [f"small target: {t}" for t in small]
    return wrong


@pytest.mark.parametrize("lang", LOCALES)
def test_the_new_pages_fit_small_screens(browser: Browser, base_url: str, lang: str) -> None:
    for viewport in SCREENS:
        context = browser.new_context(base_url=base_url, viewport=viewport, has_touch=True)
        try:
            page = context.new_page()
            game = page.request.post("/api/games", data={"game": "freecell", "variant": "4", "daily": True}).json()
            for _ in range(3):  # a few moves, then left: an entry on today's ranking
                view = page.request.get(f"/api/games/{game['id']}").json()
                src, dests = next((s, d) for s, d in view["dests"].items() if d)
                page.request.post(
                    f"/api/games/{game['id']}/moves", data={"move": f"{src}-{dests[0]}", "version": view["version"]}
                )
            page.request.post("/api/games", data={"game": "freecell", "variant": "4"})
            report = {}
            for path in ("/daily", "/daily/ranking?game=freecell&variant=4", "/devices"):
                page.goto(f"/{lang}{path}")
                if path == "/devices":
                    page.locator("form[action$='/devices/link'] button").click()
                    page.wait_for_selector(".link-code")
                if found := fits(page):
                    report[path] = found
            assert not report, (lang, viewport, report)
        finally:
            context.close()
