"""A first visit to each table, as real Chromium makes it with nothing cached, moves at most
45 KB over the network (headers and bodies, compressed as sent: Chromium's own count).

The deal is random, and which court cards' art a table fetches (J, Q, K: about 1 KB each) is
up to its face-up cards: the budget holds for the worst deal, FreeCell's and Crescent's tables
show nearly always all three."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from paciencia.games import REGISTRY
from tests.browser.conftest import LiveServer

BUDGET = 45 * 1024


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_first_visit_stays_within_the_budget(browser: Browser, live_server: LiveServer, game: str) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    moved: dict[str, int] = {}

    def received(ev: dict[str, Any]) -> None:
        urls[ev["requestId"]] = ev["response"]["url"]

    def finished(ev: dict[str, Any]) -> None:
        moved[ev["requestId"]] = int(ev["encodedDataLength"])

    cdp.on("Network.responseReceived", received)
    cdp.on("Network.loadingFinished", finished)
    page.goto(f"/en/{game}")  # as a new player: a new game of that table
    page.wait_for_selector("html[data-ready]")
    page.wait_for_load_state("networkidle")
    gzipped = page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].encodedBodySize"
        " < performance.getEntriesByType('navigation')[0].decodedBodySize"
    )
    context.close()
    assert gzipped, "the page came uncompressed"
    total = sum(moved.values())
    assert len(moved) >= 10  # the page, its stylesheets, modules and images
    each = ", ".join(f"{urls.get(r, r)} {n}" for r, n in sorted(moved.items(), key=lambda kv: -kv[1]))
    assert total <= BUDGET, f"{total} B: {each}"
