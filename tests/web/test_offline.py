"""Offline play, the server's part: the service worker and its shell, the engine's bundle (which
plays without the site's stack or the C loops), the records, and the lines sent back online."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest
from fastapi.testclient import TestClient

from paciencia.games import new_state
from paciencia.i18n import LOCALES, Words
from paciencia.offline.engine import OFFLINE_PREFIX, Offline
from paciencia.play.held import MAX_TOKENS
from paciencia.play.views import LEFT
from paciencia.play.words import say
from paciencia.web import Settings, create_app
from paciencia.web.db.store import new_id
from paciencia.web.http import offline_files
from paciencia.web.routes import offline


def shell(client: TestClient) -> dict[str, Any]:
    res = client.get("/sw.js")
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("text/javascript")
    head = res.text.split("\n", 1)[0]
    assert head.startswith("const SHELL = ") and head.endswith(";")
    found: dict[str, Any] = json.loads(head[len("const SHELL = ") : -1])
    return found


def test_the_service_worker_keeps_every_asset_the_site_serves(client: TestClient) -> None:
    assets = shell(client)["assets"]
    assert any(a.endswith("/js/board.js") for a in assets)
    assert any("/games/klondike/" in a for a in assets)  # the games' own files too
    assert any(a.endswith(".svg") for a in assets)  # the card art
    for url in assets:
        assert client.get(url).status_code == 200, url
    page = client.get("/en/klondike", follow_redirects=True).text
    for href in (part.split('"', 1)[0] for part in page.split('="/static/')[1:]):
        assert "/static/" + href in assets, href  # whatever a table links to is kept


def test_the_engine_files_are_served_by_the_site(client: TestClient) -> None:
    urls = client.get("/offline/manifest.json").json()
    assert urls["available"], "npm's pyodide is not installed (scripts/test installs it)"
    for url in [*urls["pyodide_files"], urls["engine"], *(f"{urls['words']}{loc}.mo" for loc in LOCALES)]:
        res = client.get(url)
        assert res.status_code == 200, url
        assert "immutable" in res.headers["cache-control"]
    other = urls["pyodide_files"][0].replace(offline_files.runtime_version() or "", "0.0.0")
    assert client.get(other).status_code == 404
    assert client.get(f"{urls['words']}xx.mo").status_code == 404


@pytest.fixture
def lite(tmp_path: Path) -> Iterator[TestClient]:
    """The site on SQLite alone: what is asked of it here has nothing of the store."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'games.sqlite3'}"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


BUNDLE_BOUND = 6_500_000
"""Issue 38: the bytes a device fetches for offline play, as sent, no more than before it."""


def test_the_offline_bundle_as_sent_stays_under_its_bound(lite: TestClient) -> None:
    """Everything the page keeps for offline play (``engine.js``'s ``prepare``: the manifest,
    Pyodide's files, the bundle, the page language's catalog, a new game's table of each game),
    as sent to a browser that takes gzip alone (brotli, when made, is smaller still)."""
    urls = lite.get("/offline/manifest.json").json()
    assert urls["available"], "npm's pyodide is not installed (scripts/test installs it)"
    words = max(LOCALES, key=lambda loc: len(offline.catalog_mo(loc)))
    tables = [f"{urls['tables']}{words}/{game}" for game in urls["games"]]
    files = ["/offline/manifest.json", *urls["pyodide_files"], urls["engine"], f"{urls['words']}{words}.mo", *tables]
    sizes = {}
    for url in files:
        with lite.stream("GET", url, headers={"accept-encoding": "gzip"}) as res:
            assert res.status_code == 200, url
            sizes[url] = sum(len(chunk) for chunk in res.iter_raw())
    assert sum(sizes.values()) <= BUNDLE_BOUND, sizes


def test_a_file_is_sent_as_each_client_takes_it_and_its_kept_brotli_checked() -> None:
    body = " ".join(str(n * n) for n in range(20_000)).encode()  # a body of this test's own
    packed = offline_files.Packed(body)
    assert packed.answer(set()) == (body, None)
    made = packed.make_br()
    assert brotli.decompress(made) == body and len(made) < len(packed.gzip) < len(body)
    assert packed.answer({"gzip"}) == (packed.gzip, "gzip")
    assert packed.answer({"br", "gzip"}) == (made, "br")
    assert offline_files.Packed(body).br == made  # kept on disk: not made again
    kept = packed._path()
    assert kept is not None
    try:
        kept.write_bytes(made[:-9])  # spoilt: not sent, made again
        assert offline_files.Packed(body).br is None
    finally:
        kept.unlink()
    tiny = offline_files.Packed(b"{}")
    assert tiny.answer({"br", "gzip"}) == (b"{}", None)  # nothing gained: sent as it is


def test_the_standard_library_is_cut_to_what_the_engine_and_pyodide_import() -> None:
    if offline_files.runtime_version() is None:
        pytest.skip("npm's pyodide is not installed (scripts/test installs it)")
    names = set(zipfile.ZipFile(__import__("io").BytesIO(offline_files.stdlib_zip())).namelist())
    # The bundle's own imports, one named late (``from . import``), a codec named by zipfile.
    for kept in ("gettext.py", "json/decoder.py", "secrets.py", "re/_compiler.py", "encodings/cp437.py"):
        assert kept in names, kept
    assert "pyodide/webloop.py" in names and "_pyodide/_base.py" in names  # Pyodide's start
    for gone in ("unittest/", "_pyrepl/", "pdb.py", "multiprocessing/", "encodings/cp1252.py", "tkinter/"):
        assert not any(n.startswith(gone) for n in names), gone


def test_the_cut_standard_library_runs_the_engine_under_pyodide(lite: TestClient, tmp_path: Path) -> None:
    """Pyodide (in node) from the files as the site sends them, the standard library cut: it
    starts, the bundle's engine plays every game a little (``warm``), and a memory snapshot made
    then starts it again (as the page's worker does)."""
    node = shutil.which("node")
    urls = lite.get("/offline/manifest.json").json()
    if node is None or not urls["available"]:
        pytest.skip("node and npm's pyodide run offline play's engine (scripts/test installs them)")
    for url in [*urls["pyodide_files"], urls["engine"]]:
        (tmp_path / url.rsplit("/", 1)[1]).write_bytes(lite.get(url).content)
    script = tmp_path / "run.mjs"
    script.write_text(NODE_RUN.replace("DIR", str(tmp_path)))
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["status"] == 201 and found["restored"] == 201


NODE_RUN = """
import { loadPyodide } from "DIR/pyodide.mjs";
import { readFileSync } from "fs";
const engine = () => new Uint8Array(readFileSync("DIR/engine.zip"));
const opts = { indexURL: "DIR/" };
const game = '{"game": "klondike"}';
const engineOf = (py) => py.pyimport("paciencia.offline.browser");
const ask = (py) => JSON.parse(engineOf(py).request("POST", "/api/games", game, "en")).status;
let py = await loadPyodide({ ...opts, _makeSnapshot: true });
py.unpackArchive(engine(), "zip", { extractDir: "/offline" });
py.runPython("import sys; sys.path.insert(0, '/offline'); import paciencia.offline.browser as b; b.warm()");
const status = ask(py);
const memory = py.makeMemorySnapshot();
py = await loadPyodide({ ...opts, _loadSnapshot: memory });
py.unpackArchive(engine(), "zip", { extractDir: "/offline" });
console.log(JSON.stringify({ status, restored: ask(py) }));
"""


def test_the_bundle_plays_without_the_site_stack_or_the_c_loops(tmp_path: Path) -> None:
    """The bundle, unpacked alone, run by a Python that sees the standard library and nothing
    else (``-I -S``: no site-packages, so no pydantic, Babel, SQLAlchemy, FastAPI)."""
    with zipfile.ZipFile(__import__("io").BytesIO(offline.engine_zip())) as z:
        assert not [n for n in z.namelist() if not n.endswith(".py")]  # no C extension
        z.extractall(tmp_path)
    (tmp_path / "pt-PT.mo").write_bytes(offline.catalog_mo("pt-PT"))
    script = f"""
import json, sys
sys.path.insert(0, {str(tmp_path)!r})
from paciencia.offline import browser
browser.add_catalog("pt-PT", open({str(tmp_path / "pt-PT.mo")!r}, "rb").read())
ask = lambda path, body: json.loads(browser.request("POST", path, json.dumps(body), "pt-PT"))
out = []
for code in ("CR1-N-AAAAAAB", "KL1-3-AAAAAAB", "FC1-4-AAAAAAB"):
    game = ask("/api/games?lang=pt-PT", {{"code": code}})["body"]["id"]
    out.append(ask(f"/api/games/{{game}}/auto", {{"version": 0}}))
    out.append(ask(f"/api/games/{{game}}/moves", {{"move": "U", "version": 0}}))
site = ("sqlalchemy", "fastapi", "babel", "starlette", "jinja2")
out.append(sorted(m for m in sys.modules if m.split(".")[0] in site))
print(json.dumps(out))
"""
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert answers[-1] == []
    undo = answers[1]
    assert undo["status"] == 422 and undo["body"]["message"] == Words("pt-PT").reason("nothing_to_undo")


def test_the_browser_engine_keeps_the_stores_limits() -> None:
    assert MAX_TOKENS and LEFT  # one definition each, in play/, for both sides
    assert not new_id().startswith(OFFLINE_PREFIX)  # an offline game's id is never a stored one


def test_what_needs_the_server_says_so_in_every_language() -> None:
    engine = Offline()
    for lang in LOCALES:
        words = Words(lang)
        status, body = engine.request("POST", f"/api/games?lang={lang}", {"code": "KL1-3-AAAAAAB"}, lang)
        game = body["id"]
        for path in ("hint", "chance", "review"):
            status, body = engine.request("POST", f"/api/games/{game}/{path}", {"version": 0}, lang)
            assert (status, body["error"], body["message"]) == (503, "offline", say(words, "offline_needs_server"))
        for ask in ({"winnable_only": True}, {"daily": True}):
            status, body = engine.request("POST", f"/api/games?lang={lang}", {"game": "klondike", **ask}, lang)
            assert (status, body["message"]) == (503, say(words, "offline_winnable"))


def record(client: TestClient, game: str) -> dict[str, Any]:
    res = client.get(f"/api/games/{game}/record")
    assert res.status_code == 200, res.text
    found: dict[str, Any] = res.json()
    return found


def new(client: TestClient, code: str = "KL1-3-AAAAAAB") -> str:
    """A game of ``code``'s cards as a pasted table (the player's own cards: its record may go
    to the browser while it is played, where a dealt game's with hidden cards may not)."""
    res = client.post("/api/games", json={"table": new_state(code).to_text()})
    assert res.status_code == 201, res.text
    game: str = res.json()["id"]
    return game


def test_a_record_is_its_players_alone(client: TestClient, other: TestClient) -> None:
    game = new(client)
    client.post(f"/api/games/{game}/moves", json={"move": "D", "version": 0})
    found = record(client, game)
    assert (found["start_kind"], found["start"], found["tokens"]) == (
        "text",
        new_state("KL1-3-AAAAAAB").to_text(),
        ["D"],
    )
    other.get("/en/")  # a player of its own
    assert other.get(f"/api/games/{game}/record").status_code == 404
    assert TestClient(client.app).get(f"/api/games/{game}/record").status_code == 404  # no cookie


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_dealt_games_record_stays_on_the_server_while_cards_are_hidden(client: TestClient, lang: str) -> None:
    """The record names the deal: not while the player has hidden cards ahead (Klondike dealt),
    given where nothing is hidden (FreeCell) and once the game is closed (left for another)."""
    hidden = client.post("/api/games", json={"code": "KL1-3-AAAAAAB"}).json()["id"]
    client.post(f"/api/games/{hidden}/moves", json={"move": "D", "version": 0})
    res = client.get(f"/api/games/{hidden}/record?lang={lang}")
    assert res.status_code == 409 and res.json()["error"] == "record_hidden", res.text
    assert res.json()["message"] == say(Words(lang), "record_hidden")
    assert "KL1-3-AAAAAAB" not in res.text
    seen = client.post("/api/games", json={"code": "FC1-4-AAAAAAB"}).json()["id"]
    assert record(client, seen)["start"] == "FC1-4-AAAAAAB"
    client.post("/api/games", json={"code": "KL1-3-AAAAAAC"})  # a new Klondike game: the first is left
    assert record(client, hidden)["closed"]


def test_an_offline_line_is_played_on_its_game_once(client: TestClient) -> None:
    game = new(client)
    client.post(f"/api/games/{game}/moves", json={"move": "D", "version": 0})
    line = {"id": game, "base": 1, "tokens": ["D", "D", "U", "D"], "line": "abcdef0123"}
    first = client.post("/api/offline", json=line)
    assert first.status_code == 200, first.text
    assert first.json()["kept_apart"] is False and first.json()["game"]["version"] == 4
    again = client.post("/api/offline", json=line)  # the answer was lost: sent again
    assert again.json()["game"]["id"] == game and again.json()["game"]["version"] == 4
    assert record(client, game)["tokens"] == ["D", "D", "U", "D"]
    stats = client.get("/api/stats").json()
    assert len(stats["history"]) == 1


def test_a_line_whose_game_moved_on_is_kept_as_its_own_game_once(client: TestClient) -> None:
    game = new(client)
    client.post(f"/api/games/{game}/moves", json={"move": "D", "version": 0})  # another tab
    line = {"id": game, "base": 0, "tokens": ["D", "D"], "line": "fedcba9876"}
    res = client.post("/api/offline?lang=es", json=line)
    assert res.status_code == 200
    kept = res.json()
    assert kept["kept_apart"] and kept["message"] == say(Words("es"), "offline_kept_apart")
    assert kept["game"]["id"] != game and kept["game"]["version"] == 2
    assert record(client, kept["game"]["id"])["tokens"] == ["D", "D"]
    assert client.post("/api/offline?lang=es", json=line).json()["game"]["id"] == kept["game"]["id"]
    assert record(client, game)["tokens"] == ["D"]  # the other line stays as it was
    assert len(client.get("/api/stats").json()["history"]) == 2


def test_a_game_started_offline_is_stored_with_its_line(client: TestClient) -> None:
    client.get("/en/")
    line = {"start_kind": "code", "start": "CR1-N-AAAAAAB", "tokens": ["R"], "line": "0011223344556677"}
    res = client.post("/api/offline", json=line)
    assert res.status_code == 200
    view = res.json()["game"]
    assert view["version"] == 1 and view["code"] == "CR1-N-AAAAAAB" and res.json()["message"] == ""


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"tokens": ["D", "1-2"]}, "illegal_move"),
        ({"tokens": ["D", "zz"]}, "malformed_move"),
        ({"line": "no spaces allowed"}, "bad_request"),
        ({"tokens": ["x" * 13]}, "bad_request"),
    ],
)
def test_a_bad_line_is_refused_and_changes_nothing(client: TestClient, change: dict[str, Any], error: str) -> None:
    game = new(client)
    line = {"id": game, "base": 0, "tokens": ["D"], "line": "0123456789", **change}
    res = client.post("/api/offline?lang=it", json=line)
    assert res.status_code == 422 and res.json()["error"] == error
    assert record(client, game)["tokens"] == []
    assert len(client.get("/api/stats").json()["history"]) == 0


def test_an_offline_game_keeps_the_browsers_clock_within_bounds(client: TestClient) -> None:
    """Replayed just now, a game won offline would have taken no time (the fastest win ever):
    its clock is the browser's, bounded by when the game was made and by now."""
    import time

    from paciencia.games import new_state

    state = new_state("KL1-3-AAAAAAB")
    line = ["D"] * 3
    now = time.time()
    body = {"start": "KL1-3-AAAAAAB", "tokens": line, "line": "clock-0123", "started": now - 600}
    client.get("/en/")  # a player (a line is a player's)
    view = client.post("/api/offline", json=body).json()["game"]
    assert 590 <= view["elapsed"] <= 700 and view["running"]
    assert state.status.value == view["status"]
    game = new(client)
    late = {"id": game, "base": 0, "tokens": line, "line": "clock-4567", "started": now - 10**7}
    view = client.post("/api/offline", json=late).json()["game"]
    assert view["elapsed"] < 60  # not before the game was made


# -- a dealt game with hidden cards: its stand-in ---------------------------------------------------


def board(view: dict[str, Any]) -> list[Any]:
    """What the player sees of a view's table."""
    return [(p["id"], p["count"], p["down"], p["cards"]) for p in view["places"]]


@pytest.mark.parametrize("code", ["KL1-3-AAAAAAB", "KL1-1-AAAABCD", "CR1-D-AAAAAAB", "CR1-B-AAAAAAC"])
def test_a_dealt_game_with_hidden_cards_gets_a_stand_in_of_the_same_table(client: TestClient, code: str) -> None:
    """Where the record stays on the server, the stand-in shows the same table, undoes as the game
    does (its history is the game's moves, undone ones left out), and names no deal."""
    game = client.post("/api/games", json={"code": code}).json()
    state = new_state(code)
    for n in range(3):
        token = str(state.resolve(state.legal_moves()[0])) if n < 2 else "U"
        state.play(token)
        game = client.post(f"/api/games/{game['id']}/moves", json={"move": token, "version": game["version"]}).json()
        assert "version" in game, game
    assert client.get(f"/api/games/{game['id']}/record").json()["error"] == "record_hidden"
    res = client.get(f"/api/games/{game['id']}/standin")
    assert res.status_code == 200, res.text
    standin = res.json()
    assert code not in res.text and standin["version"] == game["version"] == 3
    assert standin["start_kind"] == "text" and standin["standin"] and len(standin["tokens"]) == 1
    engine = Offline()
    engine.load({**standin, "id": "offline-0123456789abcdef"})
    status, shown = engine.request("GET", "/api/games/offline-0123456789abcdef", None, "en")
    assert status == 200 and board(shown) == board(game) and shown["moves"] == game["moves"]
    assert shown["can_undo"] == game["can_undo"] and shown["code"] is None


def test_a_stand_in_is_the_knowledges_alone(client: TestClient, other: TestClient) -> None:
    """Two deals the player cannot tell apart (two hidden cards swapped) give the same stand-in;
    a game over has none."""
    text = new_state("KL1-3-AAAAAAB").to_text()
    lines = text.splitlines()
    col7 = next(i for i, line in enumerate(lines) if line.startswith("7:"))
    cards = lines[col7].split()
    cards[1], cards[2] = cards[2], cards[1]  # two face-down cards of column 7
    lines[col7] = " ".join(cards)
    got = []
    for who, table in ((client, text), (other, "\n".join(lines))):
        game = who.post("/api/games", json={"table": table}).json()
        who.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0})
        got.append({k: v for k, v in who.get(f"/api/games/{game['id']}/standin").json().items() if k == "start"})
    assert got[0] == got[1]
    first = client.post("/api/games", json={"code": "KL1-3-AAAAAAC"}).json()
    client.post("/api/games", json={"code": "KL1-3-AAAAAAD"})  # the first is left: closed
    res = client.get(f"/api/games/{first['id']}/standin?lang=pt-BR")
    assert res.status_code == 409 and res.json()["message"] == say(Words("pt-BR"), "game_left")


def test_a_stand_ins_line_is_kept_as_its_own_game_and_the_original_stays(client: TestClient) -> None:
    game = client.post("/api/games", json={"code": "KL1-3-AAAAAAB"}).json()
    game = client.post(f"/api/games/{game['id']}/moves", json={"move": "D", "version": 0}).json()
    standin = client.get(f"/api/games/{game['id']}/standin").json()
    line = {
        "start_kind": "text",
        "start": standin["start"],
        "base": 1,
        "tokens": [*standin["tokens"], "D", "D"],
        "line": "standin-0123",
        "standin_for": game["id"],
    }
    res = client.post("/api/offline?lang=it", json=line)
    assert res.status_code == 200, res.text
    kept = res.json()
    assert kept["message"] == say(Words("it"), "offline_standin_kept") and kept["kept_apart"]
    assert kept["game"]["id"] != game["id"] and kept["game"]["moves"] == 3 and kept["game"]["code"] is None
    original = client.get(f"/api/games/{game['id']}").json()
    assert original["version"] == 1 and original["status"] == LEFT  # its moves as they were; left for the new one
    assert client.post("/api/offline?lang=it", json=line).json()["game"]["id"] == kept["game"]["id"]  # once
    history = client.get("/api/stats").json()["history"]
    assert len(history) == 2  # the original (left) and the offline game, once


def test_every_game_and_variant_has_a_stand_in_of_the_table_shown() -> None:
    import random

    from paciencia.engine.dealcode import DEAL_COUNT, DealCode
    from paciencia.games import REGISTRY
    from paciencia.offline.standin import stand_in

    rng = random.Random(26)
    for entry in REGISTRY.values():
        game = entry.game
        for variant in game.variants:
            for _ in range(4):
                code = str(DealCode(game.prefix, game.version, variant, rng.randrange(DEAL_COUNT)))
                state = new_state(code)
                tokens: list[str] = []
                for _ in range(rng.randrange(60)):
                    legal = state.legal_moves()
                    if not legal:
                        break
                    undo = tokens and state.can_undo and rng.random() < 0.15
                    token = "U" if undo else str(state.resolve(rng.choice(legal)))
                    state.play(token)
                    tokens.append(token)
                found = stand_in(new_state(code), tokens)
                assert found is not None, (code, tokens)
                assert code not in found.start
