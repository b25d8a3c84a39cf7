"""Spider in Chromium through the same board: the Examples game played to won by mouse in every
language, by touch on a phone and by keys (a column's run chosen with ↑ and Enter, the jump keys
1-9 and 0 for where it goes), every place named by its part of the board description, a complete
run said as it leaves; a row dealt by Space and refused while a column is empty; the foundations
never a place to put cards by hand; the stock's badge counting the deals left."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Position, expect

from paciencia.games import new_state
from paciencia.games.examples import must_example
from paciencia.i18n import Words
from tests.browser.conftest import PHONE, moves, open_table, place, some_locales

EXAMPLE = must_example("spider")
LINE = EXAMPLE.moves
BY_HAND = 14
"""The last moves of the line, played on the page (the others through the API, to keep it short):
runs of one card and of several, onto cards and into emptied columns, the last five runs leaving."""
KEYS = {str(n): str(n % 10) for n in range(1, 11)}
"""Each column's jump key: 1-9, and 0 for column 10."""


def view_of(page: Page, game: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(f"/api/games/{game['id']}?lang={lang}").json()
    return found


def near_the_end(page: Page, lang: str = "en") -> dict[str, Any]:
    """The example's game on the table, all but its last ``BY_HAND`` moves played."""
    game = open_table(page, "spider", {"code": EXAMPLE.start}, lang)
    version = game["version"]
    for token in LINE[:-BY_HAND]:
        res = page.request.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": version})
        assert res.ok, res.text()
        version = res.json()["version"]
    page.reload()
    page.wait_for_selector("html[data-ready]")
    return game


def tokens() -> Iterator[tuple[int, str, int, str]]:
    """The last moves, each with its number: (number, source, how many cards, destination)."""
    for k, token in enumerate(LINE[-BY_HAND:], len(LINE) - BY_HAND + 1):
        src, dst = token.split("-")
        src, _, n = src.partition("x")
        yield k, src, int(n or 1), dst


def by_pointer(page: Page, game: dict[str, Any], touch: bool) -> None:
    """Each move: a tap (or click) on the strip of its first card, then on where it goes unless
    that was its one place to go."""
    for k, src, n, dst in tokens():
        view = view_of(page, game)
        count = next(p["count"] for p in view["places"] if p["id"] == src)
        # The last move's cards landed (a card sliding into place lets taps through it, and a
        # column that grew may have closed up): the box measured is where the card stays.
        expect(page.locator("#board .card.moving, #board .card.dealing")).to_have_count(0)
        card = place(page, src).locator(f'.card[data-i="{count - n}"]')
        box = card.bounding_box()
        assert box is not None
        at: Position = {
            "x": box["width"] / 2,
            "y": min(8, box["height"] / 2),
        }  # its strip: the cards on it cover the rest
        card.tap(position=at) if touch else card.click(position=at)
        if view["dests"].get(src if n == 1 else f"{src}x{n}") != [dst]:
            target = place(page, dst)
            target.tap() if touch else target.click()
        expect(moves(page)).to_have_text(str(k))


def won(page: Page, lang: str) -> None:
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text(Words(lang).status("won"))


@pytest.mark.parametrize("lang", some_locales(3))
def test_the_example_is_won_by_mouse_in_every_language(page: Page, lang: str) -> None:
    game = near_the_end(page, lang)
    view = view_of(page, game, lang)
    for p in view["places"]:
        expect(place(page, p["id"])).to_have_accessible_name(p["label"])
    by_pointer(page, game, touch=False)
    won(page, lang)
    words = Words(lang)
    run = words._("The run of %(suit)s, King to Ace, goes to foundation %(number)d.", suit=words.suit_name(0), number=8)
    expect(page.locator("#announce, #end-panel .live").filter(has_text=run)).to_have_count(1)


def test_the_example_is_won_by_touch_on_a_phone(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(base_url=base_url, viewport=PHONE, has_touch=True)
    try:
        page = ctx.new_page()
        game = near_the_end(page, "pt-BR")
        by_pointer(page, game, touch=True)
        won(page, "pt-BR")
    finally:
        ctx.close()


def test_the_example_is_won_by_keys(page: Page) -> None:
    """A run of several cards: its column focused, ↑ until the picker holds them, Enter; one card:
    Enter on its column (it goes at once where it has one place to go). Then the jump key of the
    column where they go."""
    game = near_the_end(page, "it")
    for k, src, n, dst in tokens():
        view = view_of(page, game)
        place(page, src).focus()
        for _ in range(n - 1):
            page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")
        if view["dests"].get(src if n == 1 else f"{src}x{n}") != [dst] or n > 1:
            page.keyboard.press(KEYS[dst])
        expect(moves(page)).to_have_text(str(k))
    won(page, "it")
    expect(page.locator("#end-new")).to_be_focused()


def test_jump_keys_take_a_column_and_put_it_down_on_another_and_0_is_column_10(page: Page) -> None:
    # SP1-1-AAAAAAB: column 8 ends with a king, column 10 with a 7, column 9 with a 9 (spades).
    ends = [p.cards[-1] % 13 for p in new_state(EXAMPLE.start).observe().places if p.place in ("8", "9", "10")]
    assert ends == [12, 8, 6]
    open_table(page, "spider", {"code": EXAMPLE.start})
    page.locator("#board .place").first.focus()
    page.keyboard.press("0")
    expect(place(page, "10")).to_be_focused()
    expect(place(page, "10")).to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("Escape")
    page.keyboard.press("9")  # the 9 has two places to go (the two tens): picked up...
    expect(place(page, "9")).to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("3")  # ...and put down on column 3's ten
    expect(moves(page)).to_have_text("1")
    expect(place(page, "3")).to_have_accessible_name(re.compile(r"9 of spades$"))


def test_space_deals_a_row_and_the_stock_counts_the_deals_left(page: Page) -> None:
    game = open_table(page, "spider", {"code": "SP1-4-AAAAAAB"}, "es")
    stock = place(page, "S")
    expect(stock).to_have_attribute("data-left", "5")
    page.locator("#board .place").first.focus()
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("1")
    expect(stock).to_have_attribute("data-left", "4")
    expect(page.locator("#deals")).to_have_text("4")
    expect(page.locator("#announce")).to_contain_text("Una fila repartida:")
    counts = [p["count"] for p in view_of(page, game, "es")["places"] if p["role"] == "tableau"]
    assert counts == [7] * 4 + [6] * 6  # one card more on every column


# Six runs gone, column 1 empty, the last row of the stock still to deal (one suit: the cards
# left are two of each, ten of them in the stock).
EMPTY_COLUMN = "\n".join(
    [
        "# spider SP1-1-AAAAAAB status=playing moves=0",
        "S: " + " ".join(f"[{r}s]" for r in "A23456789T"),
        *(f"F{k}: " + " ".join(f"{r}s" for r in "A23456789TJQK") for k in range(1, 7)),
        "F7:",
        "F8:",
        "1:",
        "2: Ks Qs Js Ts 9s 8s",
        *(
            f"{c}: {cards}"
            for c, cards in zip(range(3, 11), ["7s", "6s", "5s", "4s", "3s", "2s", "As Js", "Qs Ks"], strict=True)
        ),
    ]
)


def test_a_deal_is_refused_while_a_column_is_empty_and_says_why(page: Page) -> None:
    open_table(page, "spider", {"table": EMPTY_COLUMN}, "pt-PT")
    place(page, "S").click()
    expect(page.locator("#message")).to_have_text(Words("pt-PT").reason("unfilled_column"))
    expect(moves(page)).to_have_text("0")


def test_the_foundations_take_no_card_by_hand(page: Page) -> None:
    """A tap on a foundation with cards picked up puts them down; a drag there brings them back;
    no request is made, no refusal said."""
    open_table(page, "spider", {"code": EXAMPLE.start})
    place(page, "9").locator(".card").last.click()  # the 9: two places to go, so picked up
    expect(place(page, "9")).to_have_class(re.compile(r"\bselected\b"))
    place(page, "F3").click()
    expect(place(page, "9")).not_to_have_class(re.compile(r"\bselected\b"))
    card = place(page, "9").locator(".card").last
    card.drag_to(place(page, "F1"))
    expect(moves(page)).to_have_text("0")
    expect(page.locator("#message")).to_be_hidden()
