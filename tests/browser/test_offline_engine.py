"""The offline engine and the server agree: the same 200 random games (random deals of every
game and variant, in every language, with legal, refused and malformed moves, undos, automatic
moves and Finish) sent to the server's API and to the engine under Pyodide in Chromium get the
same answers, move by move: the same views, the same refusals, the same words."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES
from paciencia.offline.engine import Offline
from tests.browser.conftest import LiveServer, open_table

GAMES = 200
STEPS = 12
VOLATILE = ("id", "elapsed")
"""What differs by nature: each side names its own games, and reads its own clock."""


def random_games(seed: int, count: int = GAMES) -> list[dict[str, Any]]:
    """Each game: its language, its deal and its steps (``["move", token]``, ``["auto"]``,
    ``["finish"]``), chosen by a seeded walk over the game as the engine plays it."""
    rng = random.Random(seed)
    names = list(REGISTRY)
    out = []
    for i in range(count):
        cls = REGISTRY[names[i % len(names)]].game
        variant = rng.choice(list(cls.variants))
        code = str(DealCode(cls.prefix, cls.version, variant, rng.randrange(DEAL_COUNT)))
        lang = LOCALES[i % len(LOCALES)]
        engine = Offline()
        game = engine.create({"code": code})
        places = [p.place for p in game.state.observe().places]
        steps: list[list[str]] = []
        for _ in range(STEPS):
            roll = rng.random()
            legal = [str(m) for m in game.state.legal_moves()]
            if roll < 0.6 and legal:
                step = ["move", rng.choice(legal)]
            elif roll < 0.7:
                step = ["move", "U"]
            elif roll < 0.8:
                step = ["move", f"{rng.choice(places)}-{rng.choice(places)}"]
            elif roll < 0.85:
                step = ["move", rng.choice(["zz", "1x99-2", "R7", "-"])]
            elif roll < 0.93:
                step = ["auto"]
            else:
                step = ["finish"]
            steps.append(step)
            path = "/moves" if step[0] == "move" else f"/{step[0]}"
            body = {"version": game.version, **({"move": step[1]} if step[0] == "move" else {})}
            engine.request("POST", f"/api/games/{game.id}{path}", body, lang)
        out.append({"lang": lang, "code": code, "steps": steps})
    return out


def _words(lang: str) -> Any:
    from paciencia.i18n import Words

    return Words(lang)


def steady(answer: Any) -> Any:
    """An answer without what differs by nature."""
    if isinstance(answer, dict):
        return {k: steady(v) for k, v in answer.items() if k not in VOLATILE}
    if isinstance(answer, list):
        return [steady(v) for v in answer]
    return answer


def through_server(browser: Browser, url: str, games: list[dict[str, Any]]) -> list[list[Any]]:
    """The same games through the server's API, as a browser of their own (its own cookie)."""
    out = []
    context = browser.new_context(base_url=url)
    client = context.request
    try:
        for g in games:
            lang = g["lang"]
            res = client.post(f"/api/games?lang={lang}", data={"code": g["code"]})
            answers: list[Any] = [[res.status, res.json()]]
            view = res.json()
            version = view["version"]
            for step in g["steps"]:
                path = "moves" if step[0] == "move" else step[0]
                body = {"version": version, **({"move": step[1]} if step[0] == "move" else {})}
                res = client.post(f"/api/games/{view['id']}/{path}?lang={lang}", data=body)
                data = res.json()
                version = data["version"] if res.status == 200 else data.get("game", {}).get("version", version)
                answers.append([res.status, data])
            out.append(answers)
    finally:
        context.close()
    return out


THROUGH_ENGINE = """async ({ games, engineUrl }) => {
  const engine = await import(engineUrl);
  const out = [];
  for (const g of games) {
    const lang = g.lang;
    const first = await engine.ask("POST", `/api/games?lang=${lang}`, { code: g.code }, lang);
    const answers = [[first.status, first.body]];
    let version = first.body.version;
    for (const step of g.steps) {
      const path = step[0] === "move" ? "moves" : step[0];
      const body = step[0] === "move" ? { version, move: step[1] } : { version };
      const got = await engine.ask("POST", `/api/games/${first.body.id}/${path}?lang=${lang}`, body, lang);
      version = got.status === 200 ? got.body.version : got.body.game ? got.body.game.version : version;
      answers.push([got.status, got.body]);
    }
    out.push(answers);
  }
  return out;
}"""


@pytest.mark.parametrize("count", [60, pytest.param(GAMES, marks=pytest.mark.slow)])
def test_the_offline_engine_and_the_server_agree_on_every_move(
    browser: Browser, live_server: LiveServer, count: int
) -> None:
    """60 games in the quick run (every game and language among them), all 200 with ``-m slow``."""
    games = random_games(2026, count)
    context = browser.new_context(base_url=live_server.url)
    try:
        page = context.new_page()
        open_table(page, "klondike", {"code": "KL1-3-AAAAAAB"})
        page.keyboard.press(" ")  # a game being played: offline play comes in
        page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=180_000)
        table = page.locator('script[type="module"]').first.get_attribute("src")
        assert table is not None and table.endswith("/js/table.js")
        engine_url = live_server.url + table.replace("/js/table.js", "/js/offline/engine.js")
        offline: list[Any] = []
        for i in range(0, count, 20):
            offline += page.evaluate(THROUGH_ENGINE, {"games": games[i : i + 20], "engineUrl": engine_url})
    finally:
        context.close()
    online = through_server(browser, live_server.url, games)
    assert len(offline) == len(online) == count
    kinds = {answer[1].get("error", "view") for game in online for answer in game}
    assert {"view", "illegal_move", "malformed_move", "no_auto_move"} <= kinds  # the walk reached them
    for g, server, engine in zip(games, online, offline, strict=True):
        for n, (want, got) in enumerate(zip(server, engine, strict=True)):
            step = g["steps"][n - 1] if n else "new"
            assert steady(got) == steady(want), f"{g['code']} ({g['lang']}) step {n}: {step}"
