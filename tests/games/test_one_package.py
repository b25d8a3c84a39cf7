"""A game is one package: the layers every game shares name none of them, in code or comments.

The names are the registered games' own (and the ``<prefix>_`` their word keys once took), so a
game added later is held to this too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paciencia.games import GAMES

PACKAGE = Path(__file__).resolve().parents[2] / "paciencia"
GENERIC = ("engine", "i18n", "web")
PENDING = {
    "web/static/css/crescent.css",
    "web/static/css/examples.css",
    "web/static/css/freecell.css",
    "web/static/css/klondike.css",
    "web/static/css/pages.css",
    "web/static/js/examples.js",
    "web/static/js/input.js",
    "web/static/js/layouts/freecell.js",
    "web/static/js/layouts/klondike.js",
    "web/static/js/look.js",
    "web/templates/rules/_game_layout.html",
    "web/templates/rules/_layout.html",
    *(
        f"web/templates/rules/{g}.{loc}.html"
        for g in ("crescent", "freecell", "klondike")
        for loc in ("en", "es", "it", "pt-BR", "pt-PT")
    ),
}
"""The game's assets (stylesheets, layout modules, rules pages) that move into the game packages
in the same change as this test (issue 23): the lead empties this set once they have."""


def _names() -> re.Pattern[str]:
    words = {e.name for e in GAMES.values()} | {e.game.prefix.lower() + "_" for e in GAMES.values()}
    return re.compile("|".join(sorted(map(re.escape, words))), re.IGNORECASE)


def _texts() -> list[tuple[str, str]]:
    found = []
    for folder in GENERIC:
        for path in sorted((PACKAGE / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # an image
            found.append((path.relative_to(PACKAGE).as_posix(), text))
    return found


def test_the_shared_layers_name_no_game() -> None:
    names = _names()
    found = [
        f"{name}:{n}: {line.strip()}"
        for name, text in _texts()
        if name not in PENDING
        for n, line in enumerate(text.splitlines(), 1)
        if names.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("name", sorted(PENDING))
def test_each_pending_file_still_names_a_game(name: str) -> None:
    """A file on the list that no longer names a game (or moved) comes off it."""
    path = PACKAGE / name
    assert path.exists() and _names().search(path.read_text(encoding="utf-8")), f"{name}: take it off PENDING"


def test_the_words_of_the_games_are_in_their_packages() -> None:
    """Each registered game's words (and catalogs) come from its own package."""
    for entry in GAMES.values():
        words = entry.table.words
        package = Path(__import__(entry.game.__module__, fromlist=["_"]).__file__ or "").parent
        assert words.catalog == package / "locales", entry.name
        assert words.reasons and words.places and words.ui, entry.name
