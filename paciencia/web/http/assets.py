"""A registered game's own files, found through the registry: the ``static/`` folder of its
package, served under ``/static/<version>/games/<name>/`` beside the site's own files, and its
``templates/`` folder, whose templates the pages load as ``<name>/<file>``.

What a game's static folder may hold, by the names its ``Table`` gives them: its table's
stylesheet (``Table.stylesheet``), its layout module (``Table.layout``: a JavaScript module whose
default export is the layout's data, ``js/table.js`` boots the board with it) and ``schema.css``
(how its rules pages' schemas are laid out). Its templates: ``rules.<locale>.html``, the rules
pages, in the shared frame ``rules/_game_layout.html``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, PrefixLoader

from paciencia.games import REGISTRY

STATIC_DIR = Path(__file__).parents[1] / "static"
GAMES_URL = "games"
"""Where the games' folders are served, under the site's static root: ``games/<name>/<file>``."""


def static_folders() -> dict[str, Path]:
    """Every folder of static files by the path it is served at (under ``/static/<version>``):
    the site's own at the root, then each registered game's that has one."""
    folders = {"": STATIC_DIR}
    for name, entry in REGISTRY.items():
        if (folder := entry.folder / "static").is_dir():
            folders[f"/{GAMES_URL}/{name}"] = folder
    return folders


@cache
def _has(folder: Path, file: str) -> bool:
    return (folder / file).is_file()


def table_scripts(game: str) -> list[Path]:
    """The scripts of ``game``'s table: the site's modules, the game's own and the service worker."""
    sources = [*(STATIC_DIR / "js").rglob("*.js"), STATIC_DIR.parent / "sw.js"]
    if (entry := REGISTRY.get(game)) is not None and (folder := entry.folder / "static").is_dir():
        sources += folder.rglob("*.js")
    return sources


@cache
def script_names(game: str) -> frozenset[str]:
    """Every name written in the scripts of ``game``'s table: a UI word no script names is never
    said by one, so the table need not carry it (its words are a third of a first visit's page).
    A script that builds a key from parts (``"state_selected_" + kind``) names the part: the page
    keeps its family."""
    text = "\n".join(p.read_text() for p in table_scripts(game))
    return frozenset(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def game_file(game: str, file: str | None) -> str:
    """The path under the static root of a file of ``game``'s static folder, or "" when the
    game is not registered, names no file, or has no such file."""
    entry = REGISTRY.get(game)
    if entry is None or not file or not _has(entry.folder / "static", file):
        return ""
    return f"{GAMES_URL}/{game}/{file}"


def has_template(game: str, name: str) -> bool:
    """Whether ``game`` is registered and its templates folder holds ``name``."""
    entry = REGISTRY.get(game)
    return entry is not None and _has(entry.folder / "templates", name)


class _GameTemplates(Mapping[str, BaseLoader]):
    """Each registered game's templates folder, by the game's name, read from the registry at
    every look-up (a game registered after the pages were set up is found too)."""

    def __getitem__(self, name: str) -> BaseLoader:
        return _loader(REGISTRY[name].folder / "templates")

    def __iter__(self) -> Iterator[str]:
        return iter(list(REGISTRY))

    def __len__(self) -> int:
        return len(REGISTRY)


@cache
def _loader(folder: Path) -> BaseLoader:
    return FileSystemLoader(folder)


def template_loader(site: Path) -> BaseLoader:
    """The site's templates (``site``), then each game's as ``<name>/<file>``."""
    return ChoiceLoader([FileSystemLoader(site), PrefixLoader(_GameTemplates())])
