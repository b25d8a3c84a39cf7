"""What the table says of a game's own counts, for any game: Finish, stopped, says how many cards went
up (FreeCell's said 0: the count followed a counter only Klondike keeps); an action's button shows
how many of it remain."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import AT_LEAST_3, moves, open_table
from tests.games.test_freecell import position
from tests.tables import up


def test_freecell_finish_stopped_counts_the_cards_that_went_up(page: Page) -> None:
    cascades = [up("s", "KQJT9"), up("h", "KQJT98"), up("d", "KQJ"), up("c", "KQJT"), ["9d", "9c", "8c"], ["Td"]]
    places: dict[str, list[str] | str] = {str(i + 1): c for i, c in enumerate(cascades)}
    places.update({"Fs": "8", "Fh": "7", "Fd": "8", "Fc": "7"})
    open_table(page, "freecell", {"table": position(places).to_text()})
    button = page.locator("#hint")
    expect(button).to_have_text("Finish")
    button.click()
    expect(button).to_have_text("Stop")
    expect(moves(page)).to_have_text(AT_LEAST_3)
    button.click()
    expect(button).to_have_text("Finish")
    message = page.locator("#message")
    expect(message).to_have_text(re.compile(r"^Finish stopped\. \d+ cards went up to the foundations\.$"))
    stopped = int(re.findall(r"\d+", message.inner_text())[0])
    expect(moves(page)).to_have_text(str(stopped))
    assert 3 <= stopped < 22


def test_an_actions_count_is_the_actions_own(page: Page) -> None:
    """The redeal button's icon shows the redeals left, from the action itself (its ``left``)."""
    game = open_table(page, "crescent", {"code": "CR1-N-AAAAAAB"})
    assert [a["left"] for a in game["actions"]] == [3]
    icon = page.locator("#redeal .ico")
    expect(icon).to_have_attribute("data-left", "3")
    page.locator("#redeal").click()
    expect(page.locator("#redeal")).to_have_text("Redeal (2 left)")
    expect(icon).to_have_attribute("data-left", "2")
