"""FreeCell in Chromium through the same board: Microsoft's game #1 played to won in every
language (its last moves by taps on the table), every place named by its part of the board
description, a run moved by tap, and a refusal said in the rules' words."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from paciencia.games.examples import must_example
from paciencia.i18n import Words
from tests.browser.conftest import moves, open_table, place, some_locales

LINE = must_example("freecell").moves
BY_TAPS = 12
"""The last moves of the line, played by taps (the others through the API, to keep it short)."""


def view_of(page: Page, game: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(f"/api/games/{game['id']}?lang={lang}").json()
    return found


def tap(page: Page, pid: str) -> None:
    """A tap on a place's last card (a cascade's whole spread is cards: the last one is its end),
    or on the place itself when it is empty."""
    cards = place(page, pid).locator(".card")
    (cards.last if cards.count() else place(page, pid)).click()


def play_by_taps(page: Page, game: dict[str, Any], token: str, done: int) -> None:
    src, dst = token.split("-")
    view = view_of(page, game)
    tap(page, src)
    if view["dests"].get(src) != [dst]:  # one destination: the tap has played it already
        place(page, dst).click()
    expect(moves(page)).to_have_text(str(done))


@pytest.mark.parametrize("lang", some_locales(2))
def test_game_one_is_played_to_won_in_every_language(page: Page, lang: str) -> None:
    game = open_table(page, "freecell", {"code": "FC1-4-AAAAAAB"}, lang)
    version = game["version"]
    for token in LINE[:-BY_TAPS]:
        res = page.request.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": version})
        assert res.ok, res.text()
        version = res.json()["version"]
    page.reload()
    page.wait_for_selector("html[data-ready]")
    view = view_of(page, game, lang)
    for p in view["places"]:
        expect(place(page, p["id"])).to_have_accessible_name(p["label"])
    for k, token in enumerate(LINE[-BY_TAPS:]):
        play_by_taps(page, game, token, len(LINE) - BY_TAPS + k + 1)
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text(Words(lang).status("won"))


def test_the_deal_is_drawn_and_named_as_the_description_says(page: Page) -> None:
    game = open_table(page, "freecell", {"code": "FC1-2-AAAAAAB"})
    view = view_of(page, game)
    assert game["code"] == "FC1-2-AAAAAAB"  # every card is in sight: the code hides nothing
    assert [p["id"] for p in view["places"]][:2] == ["a", "b"]
    expect(place(page, "1")).to_have_accessible_name(
        "cascade 1: jack of diamonds, king of diamonds, 2 of spades, 4 of clubs, 3 of spades, 6 of diamonds, "
        "6 of spades"
    )
    expect(place(page, "1").locator(".card")).to_have_count(7)
    expect(place(page, "a")).to_have_accessible_name("free cell a: empty")


def test_a_card_to_a_free_cell_and_a_refusal_in_the_rules_words(page: Page) -> None:
    open_table(page, "freecell", {"code": "FC1-4-AAAAAAB"}, "es")
    tap(page, "5")  # 6♣: the free cells take it
    place(page, "a").click()
    expect(moves(page)).to_have_text("1")
    expect(place(page, "a")).to_have_accessible_name("celda libre a: 6 de tréboles")
    tap(page, "1")  # 6♠ onto 10♣ (cascade 8): black on black, refused, and said why
    place(page, "8").click()
    expect(page.locator("#message")).to_contain_text(Words("es").reason("wrong_colour"))
    expect(moves(page)).to_have_text("1")
