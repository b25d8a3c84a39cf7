"""The games that take cards away, in Chromium through the one board (issue 42): each one's
Examples game finished by touch on a phone, by mouse and by keys alone (a card then its partner,
a King or a TriPeaks card at one tap or Enter, the stock by its tap or Space), Pyramid's and
TriPeaks' in every language; a pair dragged onto its partner, a pair refused in the rules' words,
the hint lighting both cards of a pair."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from paciencia.games.examples import must_example
from paciencia.i18n import Words
from tests.browser.conftest import ONLINE, PHONE, center, moves, open_table, place, some_locales, wait_past_double_tap

PYRAMID = must_example("pyramid")
TRIPEAKS = must_example("tripeaks")
EXAMPLES = {"pyramid": PYRAMID, "tripeaks": TRIPEAKS}
BY_TAPS = 10
"""The last moves of a line, played on the table (the others through the API)."""


def to_the_end(page: Page, game: dict[str, Any], line: tuple[str, ...], lang: str) -> None:
    """Plays all of ``line`` but its last moves through the API, then opens the table."""
    version = game["version"]
    for token in line[:-BY_TAPS]:
        res = page.request.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": version})
        assert res.ok, res.text()
        version = res.json()["version"]
    page.goto(f"/{lang}/{game['game']}/{game['id']}")
    page.wait_for_selector("html[data-ready]")


def play_by_taps(page: Page, token: str, done: int, how: str = "mouse") -> None:
    """``D`` by a tap on the stock; ``A+B`` by a tap on A, then on B; a King (or a TriPeaks
    card) by its one tap. ``how``: by ``mouse`` clicks, ``touch`` taps, or ``keys`` (the place
    focused, Enter; the stock by Space)."""
    wait_past_double_tap(page)
    if how == "keys":
        if token == "D":
            page.locator("#board .place").first.focus()
            page.keyboard.press(" ")
        for name in () if token == "D" else token.split("+"):
            place(page, name).focus()
            page.keyboard.press("Enter")
        expect(moves(page)).to_have_text(str(done))
        return
    first, *partner = token.split("+")
    for k, name in enumerate(["S"] if token == "D" else [first, *partner]):
        if k:
            expect(place(page, first)).to_have_class(re.compile(r"\bselected\b"))
        target = place(page, name) if name == "S" else place(page, name).locator(".card")
        target.tap() if how == "touch" else target.click()
    expect(moves(page)).to_have_text(str(done))


def finish(page: Page, name: str, lang: str, how: str) -> None:
    """The Examples game of ``name`` on the table, its last moves played by ``how``, to won."""
    example = EXAMPLES[name]
    game = open_table(page, name, {"code": example.start}, lang)
    to_the_end(page, game, example.moves, lang)
    line = example.moves
    for k, token in enumerate(line[-BY_TAPS:]):
        play_by_taps(page, token, len(line) - BY_TAPS + k + 1, how)
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text(Words(lang).status("won"))


@pytest.mark.parametrize("lang", some_locales(0))
def test_tripeaks_is_won_by_taps_in_every_language(page: Page, lang: str) -> None:
    finish(page, "tripeaks", lang, "mouse")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_is_won_by_touch_on_a_phone(browser: Browser, base_url: str, name: str) -> None:
    ctx = browser.new_context(**ONLINE, base_url=base_url, viewport=PHONE, has_touch=True)
    try:
        finish(ctx.new_page(), name, "pt-BR", "touch")
    finally:
        ctx.close()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_is_won_by_keys_alone(page: Page, name: str) -> None:
    finish(page, name, "it", "keys")


@pytest.mark.parametrize("lang", some_locales(1))
def test_pyramid_is_won_by_taps_in_every_language(page: Page, lang: str) -> None:
    finish(page, "pyramid", lang, "mouse")


def test_a_king_goes_at_one_tap_and_a_pair_by_drag(page: Page) -> None:
    open_table(page, "pyramid", {"code": PYRAMID.start})
    assert PYRAMID.moves[:2] == ("28", "23+24")
    place(page, "28").locator(".card").click()  # a King: one tap
    expect(moves(page)).to_have_text("1")
    src, dst = place(page, "24").locator(".card"), place(page, "23").locator(".card")
    x0, y0 = center(src)
    x1, y1 = center(dst)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()
    expect(moves(page)).to_have_text("2")
    expect(place(page, "23")).to_have_class(re.compile(r"\bempty\b"))
    expect(place(page, "24")).to_have_class(re.compile(r"\bempty\b"))


def test_a_pair_by_the_keys_and_a_refusal_in_the_rules_words(page: Page) -> None:
    open_table(page, "pyramid", {"code": PYRAMID.start}, "es")
    place(page, "28").focus()
    page.keyboard.press("Enter")  # the King
    expect(moves(page)).to_have_text("1")
    place(page, "22").focus()
    page.keyboard.press("Enter")
    place(page, "23").focus()
    page.keyboard.press("Enter")  # not its partner
    view = page.request.get(f"/api/games/{page.locator('#game').get_attribute('data-game')}?lang=es").json()
    cards = {p["id"]: p["card"] for p in view["places"]}
    total = sum(c % 13 + 1 for c in (cards["22"], cards["23"]))
    assert total != 13
    expect(page.locator("#message")).to_contain_text(f"{total}")
    expect(moves(page)).to_have_text("1")
    place(page, "24").focus()
    page.keyboard.press("Enter")
    place(page, "23").focus()
    page.keyboard.press("Enter")  # its partner
    expect(moves(page)).to_have_text("2")


def test_the_hint_lights_both_cards_of_a_pair(page: Page) -> None:
    open_table(page, "pyramid", {"code": PYRAMID.start})
    place(page, "28").locator(".card").click()
    expect(moves(page)).to_have_text("1")
    page.locator("#hint").click()
    expect(page.locator("#board .card.hinting")).to_have_count(2)
    expect(moves(page)).to_have_text("2")
