"""Statistics after games won, lost and left for a new one, played through the browser; the
CSV export parsed back; the reset."""

from __future__ import annotations

import csv
import io

from playwright.sync_api import Page, expect

from tests.browser.conftest import moves, open_table, place
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
    page.wait_for_url(lambda url: left["id"] not in url)

    page.goto("/en/stats")
    pasted = figures(page, "Crescent — standard — pasted positions")
    assert pasted["Played"] == "2" and pasted["Games won"] == "1" and pasted["Win rate"] == "50%"
    assert pasted["Current streak"] == "0" and pasted["Best streak"] == "1" and pasted["Fewest moves"] == "1"
    random = figures(page, "Crescent — standard — random deals")
    assert random["Played"] == "1" and random["Games won"] == "0" and random["Best time"] == "—"
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
