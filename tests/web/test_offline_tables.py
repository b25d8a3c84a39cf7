"""The table pages offline play keeps for a new game of each game (``/offline/<versions>/table/
<lang>/<game>``): the home page's New game, and a game never played here, open offline on one."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from paciencia.games import REGISTRY
from paciencia.i18n import LOCALES


def initial_view(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="initial-view">(.*?)</script>', page, re.S)
    assert found is not None
    view: dict[str, object] = json.loads(found.group(1))
    return view


def test_a_new_games_table_of_every_game_and_language_stores_nothing(client: TestClient) -> None:
    urls = client.get("/offline/manifest.json").json()
    assert urls["games"] == list(REGISTRY)
    for lang in LOCALES:
        for game in REGISTRY:
            res = client.get(f"{urls['tables']}{lang}/{game}")
            assert res.status_code == 200, (lang, game)
            assert f'<html lang="{lang}"' in res.text
            view = initial_view(res.text)
            assert view["id"] == urls["new_game"] and view["game"] == game and view["moves"] == 0
            assert "no-cache" in res.headers["cache-control"]
    assert client.get("/api/stats").json()["history"] == []  # nobody's deal: no game was made


def test_a_new_games_table_is_only_of_this_version_game_and_language(client: TestClient) -> None:
    tables = client.get("/offline/manifest.json").json()["tables"]
    assert client.get(f"{tables}en/nogame").status_code == 404
    assert client.get(f"{tables}xx/klondike").status_code == 404
    assert client.get(f"{tables}pt-pt/klondike").status_code == 404  # only the canonical spelling
    assert client.get(tables.replace("/offline/", "/offline/0-") + "en/klondike").status_code == 404
