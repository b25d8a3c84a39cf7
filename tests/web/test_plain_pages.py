"""The side pages read as a player's, not a developer's: the odds page answers "how often can
it be won" first, in plain words, its command lines and intervals folded under it, and its
regions each named apart; the Examples page folds its screen-reader text; the daily page is one
section per game, each deal of it a row that says where this browser stands on it."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES
from paciencia.play.words import ui_words
from paciencia.web.routes.pages import _variant_name
from paciencia.web.service import odds


@pytest.fixture(params=["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


class Regions(HTMLParser):
    """Every element's text by id, and the ids that name each role=region."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}
        self.open: list[tuple[str, str | None]] = []
        self.regions: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("role") == "region":
            self.regions.append(str(a.get("aria-labelledby") or "").split())
        if tag not in ("br", "input", "img", "meta", "link"):
            self.open.append((tag, a.get("id")))
            if a.get("id"):
                self.texts[str(a["id"])] = ""

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            t, _ = self.open.pop()
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, el in self.open:
            if el:
                self.texts[el] += data


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", odds.games())
def test_the_odds_page_answers_first_and_folds_the_method(client: TestClient, lang: str, game: str) -> None:
    html = client.get(f"/{lang}/{game}/odds").text
    ui = ui_words(lang)
    main = html[html.index("<main") :]
    plain = re.search(r'<section class="plain-answer"[^>]*>(.*?)</section>', main, re.S)
    assert plain is not None
    assert main.index("plain-answer") < main.index('class="command"')  # the answer before the command line
    assert main.index("plain-answer") < main.index("odds-card")
    said = unescape(plain.group(1))
    found = odds.page(game, lang)
    assert found is not None
    assert ui["odds_answer_title"] in unescape(main)
    for s in found["sections"]:
        assert f"<b>{_variant_name(ui, game, s['variant'])}</b> — {s['plain']}" in said
        assert re.search(r"\d", s["plain"])
    assert "interval" not in said.lower() and "interv" not in said.lower()  # no statistics words up front
    # Each command line (and the survey's method with it) is folded away under a plain summary.
    for pre in re.finditer(r'<pre class="command">', main):
        before = main[: pre.start()]
        assert before.rfind("<details") > before.rfind("</details>"), "a command line outside a <details>"


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("game", odds.games())
def test_each_region_of_an_odds_page_has_a_name_of_its_own(client: TestClient, lang: str, game: str) -> None:
    """axe landmark-unique: two regions named "Published figures" (one per variant) are one too many."""
    p = Regions()
    p.feed(client.get(f"/{lang}/{game}/odds").text)
    names = [" ".join(p.texts[i].strip() for i in ids) for ids in p.regions]
    assert len(names) >= 2 and all(names)
    assert len(set(names)) == len(names), names


@pytest.mark.parametrize("lang", LOCALES)
def test_the_examples_page_folds_its_screen_reader_text(client: TestClient, lang: str) -> None:
    for game in REGISTRY:
        res = client.get(f"/{lang}/{game}/examples")
        if res.status_code == 404:
            continue
        folded = re.search(r"<details class=\"ex-more\">\s*<summary>([^<]+)</summary>(.*?)</details>", res.text, re.S)
        assert folded is not None, game
        assert folded.group(1).strip() == ui_words(lang)["ex_description"]
        assert 'id="ex-description"' in folded.group(2)


@pytest.mark.parametrize("lang", LOCALES)
def test_the_daily_page_is_one_section_per_game_with_the_state_of_each_deal(client: TestClient, lang: str) -> None:
    ui = ui_words(lang)
    game = client.post("/api/games", json={"game": "klondike", "variant": "1", "daily": True}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    html = unescape(client.get(f"/{lang}/daily").text)
    sections = re.findall(r'<section class="game-card daily-game"[^>]*>(.*?)</section>', html, re.S)
    solved = [e for e in REGISTRY.values() if "solve" in e.game.capabilities]
    assert len(sections) == len(solved)
    for section, found in zip(sections, solved, strict=True):
        assert re.search(rf"<h2[^>]*>{re.escape(ui[found.table.title])}</h2>", section)
        rows = re.findall(r'<li class="daily-row[^"]*">(.*?)</li>', section, re.S)
        assert len(rows) == len(found.game.variants)
    states = re.findall(r'<span class="daily-state state-([a-z_]+)"', html)
    assert states.count("playing") == 1 and states.count("not_played") == len(states) - 1
    assert ui["daily_not_played"] in html and ui["result_playing"] in html
    assert html.count('class="primary"') + html.count('class="small primary"') <= 1  # not a wall of yellow
