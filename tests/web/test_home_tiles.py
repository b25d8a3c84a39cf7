"""The home page as a player meets it: each registered game a tile with a small drawing of its
table (made from the game: a new game gets one by itself), its variants, "continue" for a game
in progress and today's deal with how this browser stands on it; the deal code and table text
forms folded away."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from paciencia.engine.protocol import Role
from paciencia.games import REGISTRY, registered
from paciencia.games.table import Table
from paciencia.i18n import LOCALES
from paciencia.play.words import ui_words
from tests.browser.test_toy_game import StairsGame


@pytest.fixture(params=["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/games.sqlite3"


def tile(html: str, game: str) -> str:
    found = re.search(rf'<section class="game-tile" id="{game}-card".*?</section>', html, re.S)
    assert found is not None, game
    return found.group(0)


def drawn(tile_html: str) -> tuple[int, int, int]:
    """The drawing's face-up cards, backs and empty places."""
    svg = re.search(r'<svg class="tile-table".*?</svg>', tile_html, re.S)
    assert svg is not None
    text = svg.group(0)
    assert 'aria-hidden="true"' in text
    return text.count('class="f"'), text.count('class="b"'), text.count('class="e"')


@pytest.mark.parametrize("lang", LOCALES)
def test_each_game_is_a_tile_with_a_drawing_of_its_table(client: TestClient, lang: str) -> None:
    html = client.get(f"/{lang}/").text
    for game, found in REGISTRY.items():
        t = tile(html, game)
        faces, backs, empty = drawn(t)
        obs = found.game(next(iter(found.game.variants))).new_state(1).observe()
        assert faces == sum(len(p.cards) for p in obs.places), game  # every card a player sees
        assert empty == sum(p.count == 0 for p in obs.places), game
        # Every face-down card of a column is a back, and a stock one pile of them.
        stocks = [p for p in obs.places if p.role == Role.STOCK]
        columns = sum(p.face_down for p in obs.places if p.role != Role.STOCK)
        assert backs >= columns + sum(1 for p in stocks if p.count), game
        assert backs <= columns + 2 * len(obs.places), game  # beyond them, an edge and a back a place at most
        assert f'<h2 id="{game}-name">' in t


def test_a_new_game_gets_its_tile_and_drawing_by_itself(client: TestClient) -> None:
    with registered(StairsGame, Table(board_label="columns")):
        html = client.get("/en/").text
        faces, _, _ = drawn(tile(html, "stairs"))
        assert faces > 0 and 'href="/en/stairs"' in tile(html, "stairs")


@pytest.mark.parametrize("lang", LOCALES)
def test_the_code_and_table_forms_are_folded_away(client: TestClient, lang: str) -> None:
    html = client.get(f"/{lang}/").text
    ui = ui_words(lang)
    for game, found in REGISTRY.items():
        t = tile(html, game)
        if not found.table.tools:
            continue
        folded = re.search(r'<details class="advanced">\s*<summary>([^<]+)</summary>(.*?)</details>', t, re.S)
        assert folded is not None, game
        assert folded.group(1).strip() == ui["more_ways"]
        assert 'name="code"' in folded.group(2) and 'name="table"' in folded.group(2)
        outside = t.replace(folded.group(0), "")
        assert 'name="code"' not in outside and 'name="table"' not in outside


def test_continue_shows_for_a_game_in_progress(client: TestClient) -> None:
    ui = ui_words("en")
    assert ui["continue_game"] not in tile(client.get("/en/").text, "klondike")
    game = client.post("/api/games", json={"game": "klondike", "code": "KL1-3-AAAAAAB"}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    t = tile(client.get("/en/").text, "klondike")
    assert re.search(rf'<a class="button primary" href="/en/klondike">{ui["continue_game"]}</a>', t)
    assert t.count("primary") == 1  # one main action


def test_todays_deal_is_on_each_tile_with_where_this_browser_stands(client: TestClient) -> None:
    ui = ui_words("en")
    html = client.get("/en/").text
    for game, found in REGISTRY.items():
        t = tile(html, game)
        if "solve" not in found.game.capabilities:
            continue
        form = re.search(r'<form method="post" action="/en/[a-z]+/new" class="tile-daily">(.*?)</form>', t, re.S)
        assert form is not None, game
        assert '<input type="hidden" name="daily" value="1">' in form.group(1)
        said = unescape(form.group(1))
        assert ui["daily_play"] in said and ui["daily_not_played"] in said


def test_a_daily_in_play_says_so_on_its_tile(client: TestClient) -> None:
    ui = ui_words("en")
    game = client.post("/api/games", json={"game": "klondike", "variant": "3", "daily": True}).json()
    client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
    t = tile(client.get("/en/").text, "klondike")
    form = re.search(r'class="tile-daily">(.*?)</form>', t, re.S)
    assert form is not None and ui["result_playing"] in unescape(form.group(1))
