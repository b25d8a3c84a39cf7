"""Issue 43's record on every device: a one-time code (four words of the page's language and a
QR code) makes another browser the same player, nothing lost on either side; single use, ten
minutes, a few tries per code from anyone and a few per address; the devices listed and each
removable. On SQLite and PostgreSQL, in one process (``TestClient``) and across two real server
processes on loopback."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say, ui_words
from paciencia.web.db.tables import link_codes
from paciencia.web.service.admission import ACCOUNT_BURST, CODE_TRIES, JOINS_BURST, PER_ADDRESS
from paciencia.web.service.codewords import LANGUAGES, WORDS
from paciencia.web.service.devices import CODE_WORDS, ODDS, fold, qr_svg
from tests.postgres import free_port
from tests.web.test_servers import wait_until_up

Game = dict[str, Any]


def browser(app: FastAPI) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1")


@pytest.fixture
def third(app: FastAPI) -> Iterator[TestClient]:
    with browser(app) as c:
        yield c


def new_game(client: TestClient, **body: Any) -> Game:
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    game: Game = res.json()
    return game


def moved(client: TestClient, game: Game) -> Game:
    token = next(f"{s}-{d[0]}" for s, d in game["dests"].items() if d) if any(game["dests"].values()) else "D"
    res = client.post(f"/api/games/{game['id']}/moves", json={"move": token, "version": game["version"]})
    assert res.status_code == 200, res.text
    view: Game = res.json()
    return view


def link(client: TestClient, lang: str = "en") -> dict[str, Any]:
    res = client.post(f"/api/devices/link?lang={lang}")
    assert res.status_code == 200, res.text
    found: dict[str, Any] = res.json()
    return found


def history(client: TestClient) -> set[str]:
    return {h["id"] for h in client.get("/api/stats").json()["history"]}


def test_two_browsers_linked_by_a_code_share_one_record(client: TestClient, other: TestClient) -> None:
    mine = moved(client, new_game(client, game="klondike", variant="3"))
    theirs = moved(other, new_game(other, game="freecell"))
    other.post("/api/daily/ranking/me", json={"shown": True})  # the joining browser's handle: kept (A has none)
    assert history(client) == {mine["id"]} and history(other) == {theirs["id"]}
    before = client.cookies["paciencia_player"]
    code = link(client, "pt-PT")
    assert client.cookies["paciencia_player"] != before  # this browser is now one of the player's devices
    assert code["seconds"] == 600 and abs(code["expires"] - time.time() - 600) < 30
    assert len(code["code"].split()) == CODE_WORDS
    column = LANGUAGES["pt-PT"]
    assert all(word in {row[column] for row in WORDS} for word in code["code"].split())
    assert code["url"].endswith("/pt-PT/devices?code=" + "-".join(fold(code["code"])))
    assert code["qr"].startswith("<svg") and code["qr"] == qr_svg(code["url"])
    # Typed without accents, in capitals, with hyphens: the same code.
    joined = other.post("/api/devices/join?lang=it", json={"code": "-".join(fold(code["code"])).upper()})
    assert joined.status_code == 200, joined.text
    assert joined.json()["games"] == 1 and joined.json()["message"] == say(Words("it"), "join_done", count=1)
    both = {mine["id"], theirs["id"]}
    assert history(client) == both and history(other) == both  # nothing lost on either side
    for c in (client, other):  # each plays the other's game on
        assert c.get(f"/api/games/{mine['id']}").status_code == 200
        assert c.get(f"/api/games/{theirs['id']}").status_code == 200
    moved(client, client.get(f"/api/games/{theirs['id']}").json())
    assert other.get(f"/api/games/{theirs['id']}").json()["version"] == theirs["version"] + 1
    listed = client.get("/api/devices").json()
    assert len(listed["devices"]) == 2 and [d["this"] for d in listed["devices"]] == [True, False]
    assert [d["this"] for d in other.get("/api/devices").json()["devices"]] == [False, True]
    assert client.get("/api/daily/ranking?week=" + time.strftime("%G-W%V")).json()["me"]["shown"] is True
    # The player's cookie without a device, as it was before the link, is no one's any more.
    with TestClient(client.app, base_url="http://127.0.0.1") as stale:
        found = stale.get(f"/api/games/{mine['id']}", headers={"cookie": f"paciencia_player={before}"})
        assert found.status_code == 404 and "paciencia_player=" in found.headers["set-cookie"]  # a new player's


def test_a_code_works_once_and_for_ten_minutes(
    app: FastAPI, client: TestClient, other: TestClient, third: TestClient
) -> None:
    new_game(client, game="klondike")
    code = link(client)["code"]
    assert other.post("/api/devices/join", json={"code": code}).status_code == 200
    again = third.post("/api/devices/join?lang=es", json={"code": code})
    assert again.status_code == 404 and again.json()["error"] == "link_unknown"
    assert again.json()["message"] == ui_words("es")["link_unknown"]
    late = link(client)["code"]
    with app.state.store.engine.begin() as conn:
        conn.execute(update(link_codes).values(expires=time.time() - 1))
    assert third.post("/api/devices/join", json={"code": late}).status_code == 404
    first = link(client)["code"]
    second = link(client)["code"]  # a new code drops the one before
    assert third.post("/api/devices/join", json={"code": first}).status_code == 404
    own = client.post("/api/devices/join", json={"code": second})
    assert own.status_code == 409 and own.json()["error"] == "link_self"
    assert third.post("/api/devices/join", json={"code": second}).status_code == 200


def test_a_code_takes_a_few_tries_from_anyone_then_burns(app: FastAPI, client: TestClient) -> None:
    new_game(client, game="klondike")
    words = link(client)["code"].split()
    wrong = [words[0], *reversed(words[1:])] if words[1:] != words[:0:-1] else [words[0], "x", "y", "z"]
    guessers = [browser(app) for _ in range(CODE_TRIES + 1)]
    try:
        for g in guessers[:CODE_TRIES]:  # each a player of its own: the code's own tries run out
            g.__enter__()
            assert g.post("/api/devices/join", json={"code": " ".join(wrong)}).status_code == 404
        last = guessers[-1].__enter__()
        right = last.post("/api/devices/join", json={"code": " ".join(words)})
        assert right.status_code == 404 and right.json()["error"] == "link_unknown"  # burnt
    finally:
        for g in guessers:
            g.__exit__(None, None, None)


def test_an_address_takes_a_few_tries_a_minute(app: FastAPI) -> None:
    """Each try a new player (no cookie kept): the address's bucket refuses past its burst."""
    allowed = int(JOINS_BURST * PER_ADDRESS)
    answers = []
    for _ in range(allowed + 1):
        with browser(app) as guesser:
            answers.append(guesser.post("/api/devices/join?lang=pt-BR", json={"code": "lobo lobo lobo lobo"}))
    assert [a.status_code for a in answers] == [404] * allowed + [429]
    assert answers[-1].json()["message"] == ui_words("pt-BR")["too_many_joins"] and answers[-1].headers["retry-after"]


def test_a_removed_device_plays_as_the_player_no_more(client: TestClient, other: TestClient) -> None:
    game = moved(other, new_game(other, game="crescent"))
    assert other.post("/api/devices/join", json={"code": link(client)["code"]}).status_code == 200
    theirs = next(d for d in other.get("/api/devices").json()["devices"] if d["this"])
    assert client.delete("/api/devices/nope").status_code == 404
    gone = client.delete(f"/api/devices/{theirs['id']}")
    assert gone.status_code == 200 and gone.json() == {"removed": theirs["id"], "this": False}
    assert other.get(f"/api/games/{game['id']}").status_code == 404  # a new player now
    assert other.get("/api/devices").json() == {"devices": [], "this": None}
    assert client.get(f"/api/games/{game['id']}").status_code == 200  # the game stays the player's
    assert [d["this"] for d in client.get("/api/devices").json()["devices"]] == [True]
    ours = client.get("/api/devices").json()["this"]
    assert other.delete(f"/api/devices/{ours}").status_code == 404  # not theirs to remove


def test_the_code_words_are_distinct_in_every_language() -> None:
    for column in set(LANGUAGES.values()):
        folded = [fold(row[column]) for row in WORDS]
        assert all(len(f) == 1 for f in folded), column  # one word each, letters only once folded
        assert len({f[0] for f in folded}) == len(WORDS), column
    assert (CODE_TRIES, len(WORDS) ** 3) == ODDS and ODDS[1] / ODDS[0] > 5_000_000


@pytest.mark.parametrize("lang", LOCALES)
def test_the_devices_page_in_every_language_without_a_script(client: TestClient, other: TestClient, lang: str) -> None:
    ui = ui_words(lang)
    page = client.get(f"/{lang}/devices")
    assert page.status_code == 200
    for key in ("devices_about", "link_start", "join_title", "devices_none"):
        assert ui[key] in html.unescape(page.text), (lang, key)
    made = client.post(f"/{lang}/devices/link")
    assert made.status_code == 200 and 'class="link-qr" src="data:image/svg+xml;base64,' in made.text
    code = html.unescape(made.text.split('class="link-code"', 1)[1].split(">", 1)[1].split("<", 1)[0])
    assert len(code.split()) == CODE_WORDS
    prefilled = other.get(f"/{lang}/devices?code={'-'.join(fold(code))}")
    assert 'value="' + " ".join(fold(code)) + '"' in prefilled.text  # a scanned code fills the form in
    wrong = other.post(f"/{lang}/devices/join", data={"code": "nothing here at all"})
    assert wrong.status_code == 404 and html.escape(ui["link_unknown"]) in wrong.text
    joined = other.post(f"/{lang}/devices/join", data={"code": code})
    assert joined.status_code == 200 and html.escape(say(Words(lang), "join_done", count=0)) in joined.text
    assert ui["device_this"] in joined.text
    device = client.get("/api/devices").json()["devices"][1]["id"]
    removed = client.post(f"/{lang}/devices/{device}/remove", follow_redirects=False)
    assert removed.status_code == 303 and len(client.get("/api/devices").json()["devices"]) == 1


# -- two real server processes on one database ---------------------------------------------------


class Browser:
    """A browser of its own against real servers: the cookie it is given, kept as it changes."""

    def __init__(self) -> None:
        self.cookie = ""

    def ask(self, port: int, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
        req.add_header("content-type", "application/json")
        req.add_header("origin", f"http://127.0.0.1:{port}")
        if self.cookie:
            req.add_header("cookie", self.cookie)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                status, raw, headers = res.status, res.read(), res.headers
        except urllib.error.HTTPError as e:
            status, raw, headers = e.code, e.read(), e.headers
        cookie = headers.get("set-cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return status, json.loads(raw) if raw.startswith(b"{") else raw


@contextmanager
def two_servers(db_url: str) -> Iterator[tuple[int, int]]:
    ports = (free_port(), free_port())
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PACIENCIA_SECRET": "s" * 40}
    procs = []
    try:
        for port in ports:
            command = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", db_url]
            procs.append(
                subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
            )
            wait_until_up(port, procs[-1])  # one at a time: the first makes the schema
        yield ports
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()


def test_linked_browsers_across_two_server_processes(db_url: str) -> None:
    """Linked on one server, joined on the other: each browser plays the other's game on either;
    a device removed on one server stops playing on the other within the gate's memory."""
    with two_servers(db_url) as (one, two):
        a, b = Browser(), Browser()
        status, mine = a.ask(one, "POST", "/api/games", {"game": "klondike", "variant": "3"})
        assert status == 201, mine
        status, theirs = b.ask(two, "POST", "/api/games", {"game": "freecell"})
        assert status == 201, theirs
        for port in (one, two):  # both servers have B's game cached as B's
            assert b.ask(port, "GET", f"/api/games/{theirs['id']}")[0] == 200
        status, code = a.ask(one, "POST", "/api/devices/link")
        assert status == 200, code
        status, joined = b.ask(two, "POST", "/api/devices/join", {"code": code["code"]})
        assert status == 200 and joined["games"] == 1, joined
        for port in (one, two):
            for c in (a, b):
                for game in (mine, theirs):
                    assert c.ask(port, "GET", f"/api/games/{game['id']}")[0] == 200, (port, game["id"])
        status, listed = a.ask(two, "GET", "/api/devices")
        assert status == 200 and len(listed["devices"]) == 2
        theirs_device = next(d["id"] for d in listed["devices"] if not d["this"])
        assert a.ask(one, "DELETE", f"/api/devices/{theirs_device}")[0] == 200
        deadline = time.monotonic() + 60
        while b.ask(two, "GET", f"/api/games/{mine['id']}")[0] == 200:  # until server two learns it
            assert time.monotonic() < deadline, "a removed device still plays after a minute"
            time.sleep(0.5)
        assert a.ask(two, "GET", f"/api/games/{theirs['id']}")[0] == 200


def test_a_player_s_own_changes_are_refused_in_their_own_words(client: TestClient) -> None:
    """Opting in and out of the rankings, removing devices: past the burst, 429 with words of its
    own in the page's language (they said reviews and replays)."""
    answers = [
        client.post("/api/daily/ranking/me?lang=it", json={"shown": n % 2 == 0}) for n in range(ACCOUNT_BURST + 1)
    ]
    assert [a.status_code for a in answers] == [200] * ACCOUNT_BURST + [429]
    refused = answers[-1]
    assert refused.json()["error"] == "too_many_changes" and refused.headers["retry-after"]
    assert refused.json()["message"] == ui_words("it")["too_many_changes"] != ui_words("it")["too_many_heavy"]
    assert client.delete("/api/devices/nope?lang=it").json()["error"] == "too_many_changes"
