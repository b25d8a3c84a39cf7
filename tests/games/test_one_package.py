"""A game is one package: the layers every game shares name none of them, in code or comments.

The names are the registered games' own (and the ``<prefix>_`` their word keys once took), so a
game added later is held to this too.
"""

from __future__ import annotations

import re
from pathlib import Path

from paciencia.games import GAMES

PACKAGE = Path(__file__).resolve().parents[2] / "paciencia"
GENERIC = ("engine", "i18n", "web")


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
        for n, line in enumerate(text.splitlines(), 1)
        if names.search(line)
    ]
    assert found == []


def test_the_words_of_the_games_are_in_their_packages() -> None:
    """Each registered game's words (and catalogs) come from its own package."""
    for entry in GAMES.values():
        words = entry.table.words
        package = Path(__import__(entry.game.__module__, fromlist=["_"]).__file__ or "").parent
        assert words.catalog == package / "locales", entry.name
        assert words.reasons and words.places and words.ui, entry.name
