"""What the tables say, heard as a screen reader hears it: every text written into a live region is
recorded in the page, and the tests read the record (issue 22, item 8)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import moves, open_table, place
from tests.tables import FINISH, MOVES
from tests.web.test_honest import REVIEWED

# Each text a live region is given (the site's #announce and the dialogs' .live ones), in order.
RECORD = """() => {
  window.said = [];
  const seen = new WeakSet();
  const watch = (el) => {
    if (seen.has(el)) return;
    seen.add(el);
    new MutationObserver(() => el.textContent && window.said.push(el.textContent)).observe(el, {
      childList: true, characterData: true, subtree: true,
    });
  };
  const live = '[aria-live]:not([aria-live="off"]), output, [role=status], [role=alert]';
  const all = () => document.querySelectorAll(live);
  all().forEach(watch);
  new MutationObserver(() => all().forEach(watch)).observe(document.body, { childList: true, subtree: true });
}"""


def record(page: Page) -> None:
    page.evaluate(RECORD)


def said(page: Page) -> list[str]:
    found: list[str] = page.evaluate("() => window.said")
    return found


def test_finish_says_how_many_cards_went_up_once_not_one_sentence_a_card(page: Page) -> None:
    open_table(page, "klondike", {"table": FINISH})
    record(page)
    page.locator("#hint").click()
    expect(page.locator("#end-panel")).to_be_visible(timeout=30_000)
    expect(page.locator("#end-up")).to_have_text("27")
    summary = "27 cards went up to the foundations. You won!"
    page.wait_for_function("(s) => window.said.includes(s)", arg=summary)
    heard = said(page)
    assert heard[0].startswith("Finishing: the cards go up one by one.")
    assert heard[1:] == [summary], heard  # no card's own words in between


def test_finish_stopped_says_how_many_went_up(page: Page) -> None:
    open_table(page, "klondike", {"table": FINISH})
    button = page.locator("#hint")
    button.click()
    expect(moves(page)).to_have_text(re.compile(r"^[1-9]"))
    button.click()
    message = page.locator("#message")
    expect(message).to_have_text(re.compile(r"^Finish stopped\. \d+ cards? went up to the foundations\.$"))
    count = re.findall(r"\d+", message.inner_text())[0]
    expect(moves(page)).to_have_text(count)  # each step of Finish is one card up, one move


def test_the_chance_is_said_when_asked_and_never_after_a_move(page: Page) -> None:
    open_table(page, "crescent", {"table": REVIEWED})
    record(page)
    chance = page.locator("#chance")
    # Not a live region (the move's words come first, alone).
    assert (
        chance.evaluate(
            "(el) => el.closest('[aria-live]:not([aria-live=\"off\"]), output, [role=status], [role=alert]')"
        )
        is None
    )
    page.get_by_label("Show my chance of winning").check()
    expect(chance).to_have_text(re.compile(r"^Could be won in "))
    page.wait_for_function("() => window.said.some((s) => s.startsWith('Could be won in '))")  # asked: said
    before = len(said(page))
    place(page, "1").click()  # 10♥ onto the ascending foundation of hearts: its one place
    expect(moves(page)).to_have_text("1")
    expect(page.locator("#announce")).to_have_text(
        "10 of hearts to the ascending foundation of hearts. Pile 1 now shows ace of hearts."
    )
    expect(chance).not_to_have_class(re.compile("working"))  # the new position's chance is in
    expect(chance).to_have_text(re.compile(r"^Could be won in "))
    # Words said after the chance came, to be sure anything said with it is in the record.
    place(page, "2").focus()
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.said.includes('Nothing is selected.')")
    after = said(page)[before:]
    assert [s for s in after if "Could be won" in s] == [], after


def test_the_picker_says_its_opening_words_apart_from_its_steps(page: Page) -> None:
    open_table(page, "klondike", {"table": MOVES})
    record(page)
    place(page, "4").focus()
    page.keyboard.press("ArrowUp")
    expect(page.locator("#picker")).to_have_attribute("data-n", "2")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#picker")).to_have_attribute("data-n", "3")
    page.wait_for_function("() => window.said.some((s) => s.endsWith('King of spades: 3 cards.'))")
    heard = said(page)
    assert heard[0].startswith("Choose where the run starts. "), heard
    step = re.compile(r"^(Choose where the run starts\. )?(Queen of hearts: 2 cards|King of spades: 3 cards)\.$")
    assert all(step.match(s) for s in heard), heard


def test_the_selection_word_agrees_with_the_place_in_spanish(page: Page) -> None:
    open_table(page, "klondike", {"table": MOVES}, lang="es")
    place(page, "6").locator(".card").last.click()  # Q♦ fits nowhere: picked up
    expect(place(page, "6")).to_have_accessible_name("columna 6: reina de diamantes — seleccionada")
    page.keyboard.press("Escape")
    place(page, "Fs").click()  # the 8♠ fits on no column: picked up
    expect(place(page, "Fs")).to_have_accessible_name(re.compile(r"^cimiento de picas: .* — seleccionado$"))
