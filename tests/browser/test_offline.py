"""Offline play in real Chromium: one online visit, then the context offline (Playwright's
``set_offline``: every request fails as without a network). The table opens on the game in
progress from the service worker's cache, and the engine under Pyodide plays on."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, TimeoutError, expect

from paciencia.engine.protocol import State
from paciencia.games import new_state, state_from_text
from paciencia.games.examples import example
from paciencia.offline.engine import starting_state
from tests.browser.conftest import LiveServer, moves, open_table, place

BOOT = 180_000
"""Pyodide's first start on a loaded machine (a few seconds on a quiet one)."""


@pytest.fixture
def context(browser: Browser, live_server: LiveServer) -> Any:
    ctx = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    LOG.clear()
    ctx.on("page", lambda page: watch(page))
    yield ctx
    ctx.close()


LOG: list[str] = []
"""What the pages and their workers printed, and their errors: said when a wait times out."""


def watch(page: Page) -> None:
    page.on("console", lambda m: LOG.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: LOG.append(f"pageerror: {e}"))
    page.on("worker", lambda w: w.on("close", lambda _: LOG.append(f"worker closed: {w.url}")))


def diagnosis(page: Page) -> str:
    """Where offline play stood: the page's marks, message and measures, and the log above."""
    try:
        seen = page.evaluate(
            """() => ({
              marks: {...document.documentElement.dataset},
              message: (document.querySelector('#message') || {}).textContent,
              measures: performance.getEntriesByType('measure').map((m) => `${m.name} ${Math.round(m.duration)}`),
            })"""
        )
    except Exception as e:  # the page itself gone
        seen = repr(e)
    return f"page: {seen}\nlog: {LOG[-30:]}"


def ready_offline(page: Page) -> None:
    """Waits until the page has its offline engine's files (offline/engine.js says so)."""
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=BOOT)


def reload_offline(context: BrowserContext, page: Page) -> None:
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready]")


def back_online(context: BrowserContext, page: Page) -> None:
    """The network back: the page sends its offline lines (offline/engine.js says when)."""
    context.set_offline(False)
    page.wait_for_selector('html[data-offline-sent="true"]', state="attached", timeout=60_000)


def server_record(page: Page, game_id: str) -> dict[str, Any]:
    res = page.request.get(f"/api/games/{game_id}/record")
    assert res.ok, res.text()
    found: dict[str, Any] = res.json()
    return found


def shown_id(page: Page) -> str:
    found = page.locator("#game").get_attribute("data-game")
    assert found is not None
    return found


def figure(state: State[Any]) -> str:
    return str(state.observe().figures.moves)


def click_move(page: Page, token: str, after: str, timeout: float) -> None:
    """Plays a move as a player does: a tap on the moving card, then (when it has more than one
    destination, so that the tap only picked it up) a tap on the destination. ``after``: the
    moves counter once it is played."""
    src, dst = token.split("-")
    place(page, src).locator(".card").last.click()
    picked = page.locator(f'.place[data-place="{src}"].selected')
    played = moves(page).filter(has_text=re.compile(f"^{after}$"))
    try:
        picked.or_(played).first.wait_for(timeout=timeout)
    except TimeoutError as e:
        raise AssertionError(f"move {token} not taken\n{diagnosis(page)}") from e
    if picked.count():
        place(page, dst).click()


def play(page: Page, state: State[Any], tokens: list[str], timeout: float = 10_000) -> None:
    """Plays ``tokens`` on the page with clicks and keys (draws alternately with the key and
    the stock, undo with the key and the button), checking the moves counter after each
    against the engine's own ``state``."""
    for i, token in enumerate(tokens):
        if token == "D":
            if i % 2:
                page.keyboard.press(" ")
            else:
                place(page, "S").click()
        elif token == "U":
            if i % 2:
                page.keyboard.press("u")
            else:
                page.locator("#undo").click()
        elif token == "R":
            page.locator("#redeal").click()
        if token == "U":
            state.undo()
        else:
            state.apply(state.resolve(state.game.parse_move(token)))
        if token not in ("D", "U", "R"):
            click_move(page, token, figure(state), timeout)
        expect(moves(page)).to_have_text(figure(state), timeout=timeout)


def test_a_table_opens_offline_on_the_game_in_progress(context: BrowserContext) -> None:
    page = context.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.keyboard.press(" ")  # a draw: the game is being played, and offline play comes in
    expect(moves(page)).to_have_text("1")
    waste = place(page, "W").locator(".card").last.get_attribute("data-card")
    page.wait_for_selector("html[data-offline-shell]", state="attached", timeout=60_000)
    reload_offline(context, page)
    expect(moves(page)).to_have_text("1")
    expect(place(page, "W").locator(".card").last).to_have_attribute("data-card", str(waste))
    page.goto("/en/klondike")  # the game's own address, as an installed site opens it
    page.wait_for_selector("html[data-ready]")
    expect(moves(page)).to_have_text("1")


def test_a_key_pressed_before_offline_play_is_wired_waits_for_it(context: BrowserContext) -> None:
    """A slow phone: the page opened offline is idle only seconds after it shows the table, and
    offline play is wired then. A draw pressed at once is played offline, not refused as if the
    server had not answered."""
    page = context.new_page()
    text = new_state("KL1-1-AAAABCD").to_text()  # pasted: its cards are the player's, it plays offline
    open_table(page, "klondike", {"table": text})
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("1")
    ready_offline(page)
    context.add_init_script("self.requestIdleCallback = (go) => setTimeout(go, 4000);")
    reload_offline(context, page)
    assert page.evaluate("() => !document.documentElement.dataset.offlineReady")
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("2", timeout=BOOT)
    expect(page.locator("#message")).not_to_have_text(re.compile("server|answer"))


SAID = """
self.__said = [];
new MutationObserver(() => {
  const m = document.getElementById("message");
  const text = m ? m.textContent : "";
  if (text && self.__said[self.__said.length - 1] !== text) self.__said.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""Every text the table's message line shows, in turn (``self.__said``): a word shown for a moment
is seen however fast it goes."""


def test_taps_made_as_an_offline_reload_opens_are_played_in_order(context: BrowserContext) -> None:
    """The table shown offline, before offline play is ready: every tap and key is kept, played
    once it is, in order, and the table says meanwhile how far offline play is. The first tap
    comes as soon as the table is drawn (tenths of a second after the reload), not once the page
    says it is ready."""
    from paciencia.i18n import Words
    from paciencia.play.words import say

    page = context.new_page()
    text = new_state("KL1-1-AAAABCD").to_text()  # pasted: its cards are the player's, it plays offline
    game = open_table(page, "klondike", {"table": text}, lang="it")
    state = starting_state("text", text)
    play(page, state, ["D"])
    ready_offline(page)
    context.add_init_script(SAID)
    context.set_offline(True)
    page.reload(wait_until="commit")  # the new page's first bytes: its table not drawn yet
    place(page, "S").click()  # as soon as the stock is on the screen: offline play still getting ready
    page.keyboard.press(" ")
    place(page, "S").click()
    page.keyboard.press("u")
    page.keyboard.press(" ")
    line = ["D", "D", "D", "D", "U", "D"]
    for token in line[1:]:
        if token == "U":
            state.undo()
        else:
            state.apply(state.resolve(state.game.parse_move(token)))
    expect(moves(page)).to_have_text(figure(state), timeout=BOOT)
    ready = say(Words("it"), "offline_getting_ready", step=1, steps=3).split("(")[0]
    said: list[str] = page.evaluate("self.__said")
    assert any(s.startswith(ready) for s in said), said
    flag = page.locator("#offline-flag")  # offline, and how many moves wait to go back
    expect(flag).to_have_text(say(Words("it"), "offline_waiting", count=len(line) - 1))
    back_online(context, page)
    assert server_record(page, game["id"])["tokens"] == line  # each one, in the order made
    expect(page.locator("#message")).to_have_text(say(Words("it"), "offline_saved"))
    expect(flag).to_be_hidden()


def test_a_winnable_crescent_deal_is_won_offline(context: BrowserContext) -> None:
    won = example("crescent")  # the Examples page's won game
    assert won is not None and won.start_kind == "table"
    page = context.new_page()
    game = open_table(page, "crescent", {"table": won.start})
    state = state_from_text(won.start)
    tokens = list(won.moves)
    play(page, state, tokens[:1])  # online: the game is being played
    ready_offline(page)
    reload_offline(context, page)
    play(page, state, tokens[1:2], timeout=BOOT)  # the first offline move waits for Pyodide
    play(page, state, tokens[2:])
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text(re.compile("won|Won"))
    back_online(context, page)
    record = server_record(page, game["id"])
    assert record["tokens"] == tokens and record["closed"]


def klondike_line(code: str, count: int, seed: int) -> list[str]:
    """``count`` tokens a player could play on ``code``: draws, undos and single-card moves
    (from the waste or a column's end), chosen by a seeded random walk."""
    import random

    rng = random.Random(seed)
    state = new_state(code)
    line: list[str] = []
    single = re.compile(r"^(W|\d)-(\d|F[shdc])$")
    while len(line) < count:
        options = [str(m) for m in state.legal_moves() if single.match(str(m)) or str(m) == "D"]
        moves_up = [t for t in options if t != "D"]
        token = rng.choice(moves_up) if moves_up and rng.random() < 0.7 else "D"
        if line and rng.random() < 0.1 and line[-1] != "U":
            token = "U"
        if token == "U":
            state.undo()
        else:
            state.apply(state.resolve(state.game.parse_move(token)))
        line.append(token)
    return line


def test_thirty_klondike_moves_offline(context: BrowserContext) -> None:
    code = "KL1-1-AAAABCD"
    line = klondike_line(code, 31, 26)
    page = context.new_page()
    # Pasted, its cards are the player's own: a dealt game with hidden cards is played online
    # (its record, which names the deal, stays on the server: tests/web/test_offline.py).
    text = new_state(code).to_text()
    game = open_table(page, "klondike", {"table": text})
    state = starting_state("text", text)
    play(page, state, line[:1])
    ready_offline(page)
    reload_offline(context, page)
    play(page, state, line[1:2], timeout=BOOT)
    play(page, state, line[2:])
    assert len(line[1:]) == 30
    back_online(context, page)
    assert server_record(page, game["id"])["tokens"] == line  # every move, as it was played
    assert shown_id(page) == game["id"]


def test_a_game_moved_in_another_tab_meanwhile_keeps_both_lines(browser: Browser, context: BrowserContext) -> None:
    code = "KL1-3-AAAAAAB"
    page = context.new_page()
    text = new_state(code).to_text()
    game = open_table(page, "klondike", {"table": text})
    state = starting_state("text", text)
    play(page, state, ["D"])
    ready_offline(page)
    other = browser.new_context(base_url=context.pages[0].url.split("/en/")[0], storage_state=context.storage_state())
    try:
        reload_offline(context, page)
        play(page, state, ["D", "D"], timeout=BOOT)
        res = other.request.post(f"/api/games/{game['id']}/moves", data={"move": "D", "version": 1})
        assert res.ok, res.text()  # the other tab, online, moves the game on
        back_online(context, page)
    finally:
        other.close()
    expect(page.locator("#message")).to_have_text(
        "This game moved on elsewhere while you played offline: your offline moves are kept as a game of their own."
    )
    assert server_record(page, game["id"])["tokens"] == ["D", "D"]  # the other tab's line
    kept = shown_id(page)
    assert kept != game["id"] and page.url.endswith(f"/en/klondike/{kept}")
    assert server_record(page, kept)["tokens"] == ["D", "D", "D"]  # this page's, from the same start
    expect(moves(page)).to_have_text("3")


def test_what_needs_the_server_says_so_offline_in_the_pages_language(context: BrowserContext) -> None:
    from paciencia.i18n import Words
    from paciencia.play.words import say

    words = Words("pt-PT")
    page = context.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang="pt-PT")
    page.keyboard.press(" ")
    ready_offline(page)
    reload_offline(context, page)
    page.locator("#hint").click()  # the first request offline waits for Pyodide
    expect(page.locator("#message")).to_have_text(say(words, "offline_needs_server"), timeout=BOOT)
    page.locator("#chance-on").check()
    expect(page.locator("#chance")).to_have_text(say(words, "offline_needs_server"))
    page.locator("#winnable-only").check()
    page.locator("#new-1").click()
    page.locator("#confirm-yes").click()  # a game in progress: asked first
    expect(page.locator("#message")).to_have_text(say(words, "offline_winnable"))
    expect(moves(page)).to_have_text("1")  # the game in progress stays
    page.goto("/pt-PT/daily")  # never visited: the server's page
    expect(page.locator("#offline-words")).to_have_text(say(words, "offline_needs_server"))
    page.locator("#offline-page a").click()
    page.wait_for_selector("html[data-ready]")
    expect(moves(page)).to_have_text("1")


def seen(page: Page) -> list[str]:
    """Every place's cards as the table draws them (a face-down card as ``?``)."""
    found: list[str] = page.evaluate(
        """[...document.querySelectorAll('#game .place')].map((p) => p.dataset.place + ':' +
        [...p.querySelectorAll('.card')].map((c) => c.dataset.card || '?').join(','))"""
    )
    return found


def test_a_dealt_game_with_hidden_cards_goes_on_offline_from_a_stand_in(context: BrowserContext) -> None:
    """The record of a dealt Klondike game names the deal and stays on the server; offline, the
    game goes on from its stand-in (the same table, the unseen cards shuffled from what the player
    knows), and back online that line is a game of its own, the original left at its version."""
    from paciencia.i18n import Words
    from paciencia.play.words import say

    code = "KL1-3-AAAAAAB"
    words = Words("pt-BR")
    bodies: list[str] = []
    page = context.new_page()
    page.on("response", lambda r: bodies.append(r.text()) if "/api/" in r.url or "/klondike/" in r.url else None)
    game = open_table(page, "klondike", {"code": code}, lang="pt-BR")
    for key, after in ((" ", "1"), (" ", "2"), ("u", "1")):  # version 3: two draws and an undo
        page.keyboard.press(key)
        expect(moves(page)).to_have_text(after)
    ready_offline(page)
    page.wait_for_selector(f'html[data-offline-kept="{game["id"]}:3"]', state="attached", timeout=60_000)
    online = seen(page)
    assert len(online) == 13 and "?" in "".join(online)  # stock, waste, 4 foundations, 7 columns
    reload_offline(context, page)
    assert seen(page) == online
    ready_offline(page)
    page.keyboard.press(" ")  # a draw offline: the stand-in is taken (Pyodide's first start)
    expect(moves(page)).to_have_text("2", timeout=BOOT)
    expect(page.locator("#message")).to_have_text(say(words, "offline_standin"))
    standin = page.locator("html").get_attribute("data-offline-standin")
    assert standin and page.url.endswith(f"/pt-BR/klondike/{standin}") and shown_id(page) == standin
    page.keyboard.press("u")
    expect(moves(page)).to_have_text("1")
    assert seen(page) == online  # the very table the player left online
    page.keyboard.press("u")  # and further back: the stand-in undoes as the game did
    expect(moves(page)).to_have_text("0")
    for after in ("1", "2"):
        page.keyboard.press(" ")
        expect(moves(page)).to_have_text(after)
    back_online(context, page)
    expect(page.locator("#message")).to_have_text(say(words, "offline_standin_kept"))
    assert not [b for b in bodies if code in b]  # the deal was never named, offline or not
    kept = shown_id(page)
    assert kept not in (game["id"], standin) and page.url.endswith(f"/pt-BR/klondike/{kept}")
    assert server_record(page, kept)["tokens"] == ["D", "D", "U", "U", "D", "D"]  # the stand-in's "D", then offline
    original = page.request.get(f"/api/games/{game['id']}").json()
    assert original["version"] == 3 and original["status"] == "left"
    history = page.request.get("/api/stats").json()["history"]
    assert sorted(h["id"] for h in history) == sorted([game["id"], kept])  # each game once


def test_a_new_game_offline_is_dealt_on_the_device_and_stored_back_online(context: BrowserContext) -> None:
    page = context.new_page()
    game = open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("1")
    ready_offline(page)
    reload_offline(context, page)
    ready_offline(page)
    page.keyboard.press("n")
    page.locator("#confirm-yes").click()
    page.wait_for_function("document.querySelector('#game').dataset.game.startsWith('offline-')", timeout=BOOT)
    expect(moves(page)).to_have_text("0")
    expect(page.locator("#code-row")).to_be_hidden()  # its cards are hidden: its code too, as online
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("1")
    back_online(context, page)
    fresh = shown_id(page)
    assert not fresh.startswith("offline-") and fresh != game["id"]
    view = page.request.get(f"/api/games/{fresh}").json()
    assert view["version"] == 1 and view["code"] is None and view["variant"] == "3"
    assert page.request.get(f"/api/games/{fresh}/record").status == 409  # a real deal: its record stays here
    history = page.request.get("/api/stats").json()["history"]
    assert sorted(h["id"] for h in history) == sorted([game["id"], fresh])


def test_a_game_whose_stand_in_was_not_kept_says_so_offline(context: BrowserContext) -> None:
    """The stand-in is asked once the player pauses; where the connection went first (here its
    request fails), nothing is there to play that game from offline, and the table says so."""
    from paciencia.i18n import Words
    from paciencia.play.words import say

    page = context.new_page()
    page.route("**/standin", lambda route: route.abort())
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang="es")
    with page.expect_event("requestfailed", lambda r: r.url.endswith("/standin"), timeout=BOOT):
        page.keyboard.press(" ")
        expect(moves(page)).to_have_text("1")
        ready_offline(page)
    reload_offline(context, page)
    ready_offline(page)  # offline play wired (a key pressed before it is told the server did not answer)
    page.keyboard.press(" ")
    # Words only offline play says come from the engine (Pyodide's first start).
    expect(page.locator("#message")).to_have_text(say(Words("es"), "offline_not_kept"), timeout=BOOT)
    expect(moves(page)).to_have_text("1")


def test_the_installed_start_page_opens_offline_and_deals_a_new_game_of_every_game(context: BrowserContext) -> None:
    """The installed site starts at its manifest's start URL (the home page): offline, it opens
    as kept, and each game's New game (a form the server answers online) is dealt on the device:
    the game never played here too, in the page's language."""
    from paciencia.games import REGISTRY

    page = context.new_page()
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"}, lang="pt-BR")
    page.keyboard.press(" ")
    expect(moves(page)).to_have_text("1")
    ready_offline(page)
    start = page.request.get("/pt-BR/manifest.webmanifest").json()["start_url"]
    page.goto(start)  # online, the service worker passes the form on: the server deals
    page.locator('#freecell-card button[name="variant"][value="2"]').click()
    page.wait_for_url(re.compile(r"/pt-BR/freecell/(?!offline-)[^/]+$"))
    page.wait_for_selector("html[data-ready]")
    context.set_offline(True)
    for game, found in REGISTRY.items():
        page.goto(start)
        if found.table.variant_buttons:
            variant = found.table.variant_buttons[-1][0]  # not the first: the one asked is dealt
            page.locator(f'#{game}-card button[name="variant"][value="{variant}"]').click()
        else:  # one variant: the tile's link to the game's table
            variant = next(iter(found.game.variants))
            page.locator(f'#{game}-card a.button.primary[href="/pt-BR/{game}"]').click()
        page.wait_for_selector("html[data-ready]")
        page.wait_for_function(
            "() => /^offline-(?!new$)/.test(document.querySelector('#game').dataset.game)", timeout=BOOT
        )
        expect(moves(page)).to_have_text("0")
        assert re.search(f"/pt-BR/{game}/offline-[0-9a-f]+$", page.url), page.url
        if found.table.variant_buttons:
            expect(page.locator('#game [data-variant][aria-current="true"]')).to_have_attribute("data-variant", variant)
    page.goto("/pt-BR/crescent/rules")  # never kept: the server's page, said so in its language
    from paciencia.i18n import Words
    from paciencia.play.words import say

    expect(page.locator("#offline-words")).to_have_text(say(Words("pt-BR"), "offline_needs_server"))
    page.goto("/it/klondike")  # a language whose pages this device never kept: said in it all the same
    expect(page.locator("#offline-words")).to_have_text(say(Words("it"), "offline_needs_server"))
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#offline-page a")).to_have_attribute("href", re.compile("^/pt-BR/"))  # back to a kept table


def test_offline_play_starts_from_the_bundles_memory_snapshot(context: BrowserContext) -> None:
    """Online and idle, the page has Pyodide make a memory snapshot of the bundle (its engine
    imported); an offline reload starts from it and plays by the same rules."""
    page = context.new_page()
    text = new_state("KL1-1-AAAABCD").to_text()
    open_table(page, "klondike", {"table": text})
    state = starting_state("text", text)
    play(page, state, ["D"])
    ready_offline(page)
    page.wait_for_selector("html[data-offline-warm]", state="attached", timeout=BOOT)
    reload_offline(context, page)
    play(page, state, ["D", "D", "U"], timeout=BOOT)
    assert page.evaluate("performance.getEntriesByName('offline:snapshotRead').length") == 1
    assert not page.evaluate("performance.getEntriesByName('offline:snapshotMake').length")


def test_fast_play_of_a_deal_with_hidden_cards_asks_for_no_record_the_server_refuses(context: BrowserContext) -> None:
    """Issue 37's point 9: every move of a fast Klondike game asked for the game's record and was
    refused (409 ``record_hidden``, 182 times in a 185-move game). The view now says whether the
    record may be kept; the page asks for a stand-in once the player pauses instead."""
    page = context.new_page()
    refused: list[str] = []
    page.on("response", lambda res: refused.append(res.url) if "/record" in res.url and res.status == 409 else None)
    open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
    for n in range(1, 9):
        place(page, "S").click()
        expect(moves(page)).to_have_text(str(n))
    page.wait_for_selector("html[data-offline-kept]", state="attached", timeout=BOOT)  # the stand-in came
    assert refused == []
