"""Issue 43 in Chromium: two browsers linked by a code share one record. One makes a code on the
devices page (its words and its QR code, drawn on the server), the other types it there; each
then opens and plays the other's game, and a device removed by one is a new player at once."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from paciencia.play.words import ui_words
from tests.browser.conftest import PHONE, moves, open_table, place


def history(page: Page) -> set[str]:
    res = page.request.get("/api/stats")
    assert res.ok, res.text()
    return {h["id"] for h in res.json()["history"]}


def test_two_browsers_linked_by_a_code_share_one_record(browser: Browser, base_url: str) -> None:
    one = browser.new_context(base_url=base_url)
    two = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True)
    try:
        a, b = one.new_page(), two.new_page()
        mine = open_table(a, "crescent", {"code": "CR1-N-AAAAAAB"})
        place(a, "2").click()
        expect(moves(a)).to_have_text("1")
        theirs = b.request.post("/api/games", data={"game": "klondike", "code": "KL1-3-AAAAAAB"}).json()
        assert b.request.post(f"/api/games/{theirs['id']}/moves", data={"move": "D", "version": 0}).ok
        assert history(a) == {mine["id"]} and history(b) == {theirs["id"]}

        pt = ui_words("pt-PT")
        a.goto("/pt-PT/devices")
        a.get_by_role("button", name=pt["link_start"]).click()
        code = a.locator(".link-code")
        expect(code).to_be_visible()
        words = code.inner_text().split()
        assert len(words) == 4
        qr = a.locator("img.link-qr")
        expect(qr).to_be_visible()
        assert qr.evaluate("img => img.complete && img.naturalWidth > 0")  # the server's SVG, drawn

        en = ui_words("en")
        b.goto("/en/devices")
        b.locator("#join-code").fill(" ".join(words).upper())
        b.get_by_role("button", name=en["join_button"], exact=True).click()
        expect(b.locator("p.notice")).to_contain_text("1 game came along")
        assert history(a) == history(b) == {mine["id"], theirs["id"]}  # one record, nothing lost

        b.goto(f"/en/crescent/{mine['id']}")  # the other browser's game, played on here
        b.wait_for_selector("html[data-ready]")
        expect(moves(b)).to_have_text("1")
        a.goto(f"/en/klondike/{theirs['id']}")
        a.wait_for_selector("html[data-ready]")
        expect(moves(a)).to_have_text("1")

        a.goto("/en/devices")
        expect(a.locator(".device-list li")).to_have_count(2)
        a.locator(".device-list li", has_not_text=en["device_this"]).get_by_role("button").click()
        expect(a.locator(".device-list li")).to_have_count(1)
        assert history(b) == set()  # a new player now; the games stay the player's
        assert history(a) == {mine["id"], theirs["id"]}
    finally:
        one.close()
        two.close()
