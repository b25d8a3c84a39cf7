"""A game's assets come from its own package, found through the registry: a game registered
here, from a package written into a temporary folder (its static files and rules page beside
its module), has its layout module and stylesheet served and named by its table page, and its
rules page rendered in the shared frame, with no file of the site's own edited."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paciencia.games import entry, registered
from paciencia.games.table import Table
from paciencia.web import Settings, create_app

LAYOUT = 'export default { spread: { column: "cascade" }, arrows: "order" };\n'
STYLE = ".page-mirror .board { gap: 3px; }\n"
RULES = """{% extends "rules/_game_layout.html" %}
{% block rules %}<h1>How to play Mirror</h1><p>Klondike, seen in a mirror.</p>{% endblock %}
"""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    package = tmp_path / "mirror_game"
    (package / "static").mkdir(parents=True)
    (package / "templates").mkdir()
    (package / "__init__.py").write_text(
        "from paciencia.games.klondike import KlondikeGame\n\n\n"
        "class MirrorGame(KlondikeGame):\n"
        '    name = "mirror"\n'
        '    prefix = "MI"\n'
    )
    (package / "static" / "layout.js").write_text(LAYOUT)
    (package / "static" / "table.css").write_text(STYLE)
    (package / "templates" / "rules.en.html").write_text(RULES)
    sys.path.insert(0, str(tmp_path))
    try:
        game = importlib.import_module("mirror_game").MirrorGame
        words = entry("klondike").table.words
        with (
            registered(game, Table(layout="layout.js", stylesheet="table.css", words=words)),
            TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'games.db'}"))) as c,
        ):
            yield c
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("mirror_game", None)


def test_the_table_page_names_and_the_site_serves_the_games_own_files(client: TestClient) -> None:
    game = client.post("/api/games", json={"game": "mirror"}).json()
    page = client.get(f"/en/mirror/{game['id']}").text
    layout = re.search(r'data-layout="(/static/[^"]+/games/mirror/layout\.js)"', page)
    style = re.search(r'<link rel="stylesheet" href="(/static/[^"]+/games/mirror/table\.css)">', page)
    assert layout and style, page[:2000]
    assert f'<link rel="modulepreload" href="{layout[1]}">' in page
    served = client.get(layout[1])
    assert served.status_code == 200 and served.text == LAYOUT
    assert served.headers["content-type"].startswith("text/javascript")
    assert client.get(style[1]).text == STYLE


def test_the_rules_page_comes_from_the_games_templates_in_the_shared_frame(client: TestClient) -> None:
    res = client.get("/en/mirror/rules")
    assert res.status_code == 200
    assert "<h1>How to play Mirror</h1>" in res.text
    assert 'href="/en/mirror"' in res.text  # the frame's way back to the table
    assert client.get("/es/mirror/rules").status_code == 404  # no Spanish page in its package


def test_a_file_the_package_does_not_hold_is_not_found(client: TestClient) -> None:
    version = client.app.state.asset_version  # type: ignore[attr-defined]
    assert client.get(f"/static/{version}/games/mirror/layout.js").status_code == 200
    assert client.get(f"/static/{version}/games/mirror/missing.js").status_code == 404
    assert client.get(f"/static/{version}/games/nosuch/layout.js").status_code == 404
