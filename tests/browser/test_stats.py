"""Statistics after games won, lost and left for a new one, played through the browser; the
CSV export parsed back; the reset."""

from __future__ import annotations

import csv
import io

from playwright.sync_api import Browser, Page, expect

from paciencia.i18n import LOCALES
from tests.browser.conftest import DESKTOP, PHONE, moves, open_table, place
from tests.tables import BLOCKING_MOVE, CRESCENT_BLOCKED_IN_ONE, CRESCENT_WON_IN_ONE, WINNING_MOVE


def play_one(page: Page, token: str) -> None:
    src, dst = token.split("-")
    place(page, src).click()
    for _ in range(500):  # the tap's answer: moved (its one destination), or picked up
        if moves(page).inner_text() == "1":
            return
        if "selected" in (place(page, src).get_attribute("class") or "").split():
            place(page, dst).click()
            break
        page.wait_for_timeout(10)
    expect(moves(page)).to_have_text("1")


def figures(page: Page, group: str) -> dict[str, str]:
    card = page.locator(".stats-card", has=page.get_by_role("heading", name=group))
    terms = card.locator("dt").all_inner_texts()
    return dict(zip(terms, card.locator("dd").all_inner_texts(), strict=True))


def test_won_lost_and_left_games_are_counted_and_exported(page: Page) -> None:
    open_table(page, "crescent", {"table": CRESCENT_WON_IN_ONE})
    play_one(page, WINNING_MOVE)
    expect(page.locator("#end-panel")).to_be_visible()
    open_table(page, "crescent", {"table": CRESCENT_BLOCKED_IN_ONE})
    play_one(page, BLOCKING_MOVE)
    expect(page.locator("#end-panel")).to_be_visible()
    left = open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    place(page, "2").click()  # one move made: it counts
    expect(moves(page)).to_have_text("1")
    page.locator("#new-game").click()  # and is left for a new deal (which, with no move, does not count)
    page.locator("#confirm-yes").click()  # New game asked first
    page.wait_for_url(lambda url: left["id"] not in url)

    page.goto("/en/stats")
    pasted = figures(page, "Crescent — Standard — pasted positions")
    assert pasted["Played"] == "2" and pasted["Games won"] == "1" and pasted["Win rate"] == "50%"
    assert pasted["Current streak"] == "0" and pasted["Best streak"] == "1" and pasted["Fewest moves"] == "1"
    assert pasted["Games lost"] == "1" and pasted["Games left unfinished"] == "0"
    random = figures(page, "Crescent — Standard — random deals")
    assert random["Played"] == "1" and random["Games won"] == "0" and random["Best time"] == "—"
    assert random["Games lost"] == "0" and random["Games left unfinished"] == "1"
    rows = page.locator("table.history tbody tr")
    expect(rows).to_have_count(3)
    assert [r.locator("td").nth(3).inner_text() for r in rows.all()] == ["Left for a new one", "Lost", "Won"]
    expect(page.locator("figcaption")).to_have_text("The last 3 games — won: 1, lost: 1, left for a new one: 1.")

    exported = list(csv.DictReader(io.StringIO(page.request.get("/api/stats.csv").text())))
    assert [r["result"] for r in exported] == ["left", "lost", "won"]
    assert exported[0]["code"] == "CR1-N-AAAAAAB" and exported[0]["moves"] == "1" and exported[0]["kind"] == "random"
    as_json = page.request.get("/api/stats").json()
    assert [h["id"] for h in as_json["history"]] == [r["id"] for r in exported]

    # Replay from the history: the same deal again.
    rows.first.get_by_role("button", name="Replay this deal").click()
    page.wait_for_url("**/en/crescent/**")
    expect(page.locator("#code")).to_have_text("CR1-N-AAAAAAB")

    page.goto("/en/stats")
    page.get_by_role("checkbox").check()
    page.get_by_role("button", name="Reset the statistics").click()
    expect(page.locator(".empty")).to_be_visible()
    expect(page.locator("table.history")).to_have_count(0)
    assert page.request.get("/api/stats").json()["groups"] == []


REPLAY_SEEN = """() => {
    const b = document.querySelector(".history tbody button");
    scrollTo(0, scrollY + b.getBoundingClientRect().top - innerHeight / 2);  // down to it, not along
    const r = b.getBoundingClientRect();
    const box = b.closest(".table-scroll").getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.left >= box.left && r.right <= box.right + 0.5 && b.contains(hit);
}"""
# Points a finger may land on round the reset checkbox: its centre and 21 px each way.
TICKED_FROM = """() => {
    const box = document.querySelector(".reset input[type=checkbox]");
    box.scrollIntoView({block: "center"});
    const r = box.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const ticks = (dx, dy) => {
        const hit = document.elementFromPoint(x + dx, y + dy);
        return Boolean(hit && hit.closest("label") === box.closest("label"));
    };
    return [[0, 0], [-21, -21], [21, -21], [-21, 21], [21, 21]].map(([dx, dy]) => ticks(dx, dy));
}"""


def test_the_replay_button_is_in_sight_and_the_reset_box_takes_a_finger(browser: Browser, base_url: str) -> None:
    """Issue 22: at 1280 px the history cut its Replay column off (in every language); on a phone
    the reset checkbox was 20×20 px (13 px wide once squeezed)."""
    for touch, viewport in ((False, DESKTOP), (True, PHONE)):
        ctx = browser.new_context(base_url=base_url, viewport=viewport, has_touch=touch)
        page = ctx.new_page()
        game = page.request.post("/api/games", data={"table": CRESCENT_BLOCKED_IN_ONE}).json()
        page.request.post(f"/api/games/{game['id']}/moves", data={"move": BLOCKING_MOVE, "version": 0})
        for lang in LOCALES:
            page.goto(f"/{lang}/stats")
            if not touch:
                assert page.evaluate(REPLAY_SEEN), lang
            else:
                assert page.evaluate(TICKED_FROM) == [True] * 5, lang
        ctx.close()
