"""A game is one package: the layers every game shares name none of them, in code or comments.

The names are the registered games' own (and the ``<prefix>_`` their word keys once took), so a
game added later is held to this too.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from paciencia.engine.protocol import Role
from paciencia.games import GAMES, REGISTRY
from paciencia.play.words import ui_keys

PACKAGE = Path(__file__).resolve().parents[2] / "paciencia"
GENERIC = ("engine", "i18n", "play", "offline", "analysis", "solver", "web", "cli.py")
"""The layers above the games (``cli.py`` imports a game only when a command names it)."""


def _names() -> re.Pattern[str]:
    """A game's name in any case; a word key's ``<prefix>_`` as such keys are written, in lower
    case at a word's start (so ``copy_code`` and C's ``Py_ssize_t`` are not Pyramid's ``py_``)."""
    names = "|".join(sorted(re.escape(e.name) for e in GAMES.values()))
    prefixes = "|".join(sorted(re.escape(e.game.prefix.lower()) for e in GAMES.values()))
    return re.compile(rf"(?i:{names})|\b(?:{prefixes})_")


def _texts() -> list[tuple[str, str]]:
    found = []
    for folder in GENERIC:
        root = PACKAGE / folder
        for path in [root] if root.is_file() else sorted(root.rglob("*")):
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


SITE_STACK = ("paciencia.web", "fastapi", "starlette", "sqlalchemy", "pydantic", "babel", "uvicorn")


def test_the_play_core_and_the_offline_engine_import_nothing_of_the_site() -> None:
    """``play/`` is pure and ``offline/`` runs it in the browser: neither imports the web layer
    or its stack, at the top of a module or inside a function."""
    found = []
    for folder in ("play", "offline"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                found += [f"{path.name}: {n}" for n in names if n.startswith(SITE_STACK)]
    assert found == []


def _kinds_and_actions() -> set[str]:
    """Every registered game's own place kinds and action names (the shared roles apart)."""
    found: set[str] = set()
    for entry in GAMES.values():
        for variant in entry.game.variants:
            obs = entry.game(variant).new_state(1).observe()
            found |= {p.kind for p in obs.places} | {a.name for a in obs.actions}
    return found - {role.value for role in Role}


def test_the_shared_layers_key_nothing_by_a_games_place_kinds_or_actions() -> None:
    """No layer above the games asks which kind of place or which action it holds: a string of
    the code that is a game's place kind or action name (``column``, ``cell``, ``draw``…) is one
    such question. The game says what its kinds and actions mean (``Game.explains``, its words)."""
    names = _kinds_and_actions()
    found = []
    for folder in GENERIC:
        root = PACKAGE / folder
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_words_of_the_games_are_in_their_packages() -> None:
    """Each registered game's words (and catalogs) come from its own package."""
    for entry in GAMES.values():
        words = entry.table.words
        package = Path(__import__(entry.game.__module__, fromlist=["_"]).__file__ or "").parent
        assert words.catalog == package / "locales", entry.name
        assert words.reasons and words.places and words.ui, entry.name


def test_every_word_key_a_table_names_has_words() -> None:
    """The keys a game's ``Table`` names and its groups' names are UI keys of its words (or the
    site's), so no page or view looks up a key that nothing gives."""
    ui = ui_keys()
    for entry in GAMES.values():
        t = entry.table
        keys = [t.title, t.blurb, t.play, t.rules, t.board_label, t.keys_help]
        keys += [k for k, _field, _id in (*t.counters, *t.end_figures)]
        keys += [k for _v, k, _id in t.variant_buttons] + list(t.variant_titles.values())
        keys += list(t.end_titles.values()) + [k for _id, k, _when in (*t.end_buttons, *t.notice_buttons)]
        for variant in entry.game.variants:
            keys += [g.name for g in entry.game(variant).new_state(1).observe().groups]
        assert [k for k in keys if k and k not in ui] == [], entry.name


def test_a_game_leaves_with_its_package_and_its_registry_line(tmp_path: Path) -> None:
    """The proof the other way round: a copy of the package without one game's folder and its
    one registry line serves the other games, names the missing one nowhere, and refuses its
    deal codes as unknown. Nothing else is edited."""
    for gone in GAMES:
        copy = tmp_path / gone / "paciencia"
        shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.rmtree(copy / "games" / gone)
        registry = copy / "games" / "__init__.py"
        line = re.compile(rf'^register_package\("paciencia\.games\.{gone}"[^\n]*\)\n', re.MULTILINE)
        text = registry.read_text(encoding="utf-8")
        assert len(line.findall(text)) == 1, f"{gone}: not one registry line"
        registry.write_text(line.sub("", text), encoding="utf-8")
        others = [name for name in REGISTRY if name != gone]  # the site's (a game off the site has no pages)
        code = f"{GAMES[gone].game.prefix}1-{next(iter(GAMES[gone].game.variants))}-AAAAAAB"
        paths = ["/en/", "/en/stats", *(f"/pt-BR/{g}" for g in others), *(f"/it/{g}/rules" for g in others)]
        script = f"""
import json, os, re, sys, tempfile
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
from fastapi.testclient import TestClient
from paciencia.games import REGISTRY
from paciencia.web.app import create_app
from paciencia.web.settings import Settings
app = create_app(Settings(database_url="sqlite:///" + tempfile.mkdtemp() + "/t.db"))
out = {{"games": list(REGISTRY), "pages": {{}}}}
with TestClient(app) as c:
    for path in {paths!r}:
        r = c.get(path)
        out["pages"][path] = [r.status_code, bool(re.search(r"\\b{gone}\\b", r.text, re.I))]
    out["gone"] = c.get("/en/{gone}").status_code
    out["code"] = c.post("/api/games", json={{"code": "{code}"}}).status_code
print(json.dumps(out))
"""
        env = {**os.environ, "PYTHONPATH": str(copy.parent)}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout.splitlines()[-1])
        assert found["games"] == others
        assert all(page == [200, False] for page in found["pages"].values()), (gone, found["pages"])
        assert (found["gone"], found["code"]) == (404, 422), gone
