"""Who is a player, and how much one may ask: player ids signed by the server (made-up cookies are
no players, nor is an id without its signature), and limits shared by every server
process on one database (``--workers N`` or several servers give no more than one)."""

from __future__ import annotations

import secrets
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from paciencia.web import Settings, create_app
from paciencia.web.db.migrate import database_url
from paciencia.web.db.tables import running
from paciencia.web.http.players import ENV_SECRET, SECRET_FILE, BadSecret, site_secret
from paciencia.web.service.games import HINT_BURST
from paciencia.web.service.hints import HintPool
from tests.web.test_servers import Player, servers

CODE = "CR1-N-AAAAAAB"
COOKIE = "paciencia_player"
GAMES_PER_MINUTE = 30  # the documented rate (docs/operations.md: what the site refuses)
HINTS_PER_MINUTE = 60


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own (where the secret is kept), also for servers it starts."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(ENV_SECRET, raising=False)
    return tmp_path / "data" / "paciencia"


def forged_cookies(count: int) -> Iterator[str]:
    """Made-up cookies of every form: a plain id, an id with a made-up signature, a signature
    of the right length, junk."""
    for n in range(count):
        player = secrets.token_urlsafe(16)
        yield [player, f"{player}.{secrets.token_urlsafe(32)}", f"{player}.", f"x{player}.{player}"][n % 4]


def post_game(client: TestClient, cookie: str | None = None) -> Any:
    client.cookies.clear()
    headers = {"cookie": f"{COOKIE}={cookie}"} if cookie is not None else {}
    return client.post("/api/games", json={"code": CODE}, headers=headers)


# -- player ids ------------------------------------------------------------------------------


def test_forged_cookies_get_no_more_games_than_the_documented_rate(app: FastAPI) -> None:
    with TestClient(app, base_url="http://127.0.0.1") as client:
        forged = list(forged_cookies(400))
        started = time.monotonic()
        answers = [post_game(client, cookie) for cookie in forged]
        elapsed = time.monotonic() - started
    made = [r for r in answers if r.status_code == 201]
    assert len(made) <= GAMES_PER_MINUTE + GAMES_PER_MINUTE * elapsed / 60 + 1, (len(made), elapsed)
    assert {r.json()["error"] for r in answers if r.status_code != 201} == {"too_many_games"}
    for cookie, answer in zip(forged, answers, strict=True):  # each game made is a new id's
        if answer.status_code == 201:
            assert answer.cookies[COOKIE].partition(".")[0] != cookie.partition(".")[0]
        else:  # refused at once, and no id taken from the cookie
            assert COOKIE not in answer.cookies or answer.cookies[COOKIE].partition(".")[0] != cookie.partition(".")[0]


def test_a_cookie_is_its_player_only_with_the_servers_signature(app: FastAPI) -> None:
    with TestClient(app, base_url="http://127.0.0.1") as client:
        game = post_game(client).json()
        cookie = client.cookies[COOKIE]
        player, _, signature = cookie.partition(".")
        assert len(signature) == 43
        client.cookies.clear()
        mine = client.get(f"/api/games/{game['id']}", headers={"cookie": f"{COOKIE}={cookie}"})
        assert mine.status_code == 200 and "set-cookie" not in mine.headers
        other = "B" if signature[-1] == "A" else "A"
        for forged in (f"{player}.{signature[:-1]}{other}", f"{player}.{signature}x", f"{player}x.{signature}", "."):
            for junk in ("", "é"):
                client.cookies.clear()
                header = f"{COOKIE}={forged}{junk}".encode("latin-1")
                res = client.get(f"/api/games/{game['id']}", headers={"cookie": header})  # type: ignore[arg-type]
                assert res.status_code == 404, forged
                assert res.cookies[COOKIE].partition(".")[0] not in (player, forged.partition(".")[0])


def test_a_bare_player_id_is_no_player(app: FastAPI) -> None:
    # The part before the dot is no cookie, whoever owns games under it: unsigned, it would let
    # anyone who saw an id (a shared link's log, a screenshot of the cookie) take the games.
    with TestClient(app, base_url="http://127.0.0.1") as client:
        game = post_game(client).json()
        player = client.cookies[COOKIE].partition(".")[0]
        for bare in (player, f"{player}."):
            client.cookies.clear()
            res = client.get(f"/api/games/{game['id']}", headers={"cookie": f"{COOKIE}={bare}"})
            assert res.status_code == 404, bare
            assert res.cookies[COOKIE].partition(".")[0] != player  # a new player, not re-signed
            client.cookies.clear()
            stats = client.get("/api/stats", headers={"cookie": f"{COOKIE}={bare}"}).json()
            assert stats["history"] == []


def test_forged_players_cannot_flood_hints_past_an_ordinary_player(db_url: str, data_folder: Path) -> None:
    with servers(db_url, 1) as (port,):
        ordinary = Player()
        status, game = ordinary.ask(port, "POST", "/api/games", {"code": CODE})
        assert status == 201
        # 300 made-up players each start a game and ask hints on it as fast as they are answered.
        flood: list[tuple[str, str]] = []
        for forged in forged_cookies(300):
            flooder = Player()
            flooder.cookie = f"{COOKIE}={forged}"
            status, made = flooder.ask(port, "POST", "/api/games", {"code": CODE})
            if status == 201:
                flood.append((flooder.cookie, made["id"]))
        stop = threading.Event()
        answers: list[int] = []

        def flooding(first: int) -> None:
            n = first
            while not stop.is_set():  # each request as the next player (a fresh burst of hints)
                flooder = Player()
                flooder.cookie, game_id = flood[n % len(flood)]
                answers.append(flooder.ask(port, "POST", f"/api/games/{game_id}/hint", {"version": 0})[0])
                n += 7

        threads = [threading.Thread(target=flooding, args=(n,)) for n in range(32)]
        for t in threads:
            t.start()
        try:
            while len(answers) < 50:  # the flood is on
                time.sleep(0.05)
            mine = [ordinary.ask(port, "POST", f"/api/games/{game['id']}/hint", {"version": 0}) for _ in range(16)]
        finally:
            stop.set()
            for t in threads:
                t.join()
    # Its burst is 10: past it the ordinary player is told to wait (its own rate), never "busy".
    assert [s for s, _ in mine[:HINT_BURST]] == [200] * HINT_BURST, mine
    assert all(s == 200 or body["error"] == "too_many_hints" for s, body in mine), mine
    # A made-up player owns no game, not even the one it just started (404); once its address is
    # past its rate of new players' games, it is refused before that is even looked up (429).
    assert set(answers) <= {404, 429} and 404 in answers


# -- the secret --------------------------------------------------------------------------------


def test_the_secret_is_made_once_in_the_data_folder_and_every_process_agrees(data_folder: Path) -> None:
    code = "from paciencia.web.http.players import site_secret; print(site_secret().hex())"
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) for _ in range(8)]
    found = {proc.communicate(timeout=120)[0].strip() for proc in procs}
    assert len(found) == 1 and len(found.pop()) == 64
    path = data_folder / SECRET_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in data_folder.iterdir()] == [SECRET_FILE]  # no half-made file left
    assert site_secret().hex() == path.read_text().strip()


def test_a_secret_from_the_environment_is_used_and_must_be_long(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_SECRET, "s" * 40)
    assert site_secret() == b"s" * 40 and not data_folder.exists()
    monkeypatch.setenv(ENV_SECRET, "short")
    with pytest.raises(BadSecret):
        site_secret()
    monkeypatch.delenv(ENV_SECRET)
    data_folder.parent.write_text("not a folder")  # where the secret cannot be kept: said so
    with pytest.raises(BadSecret, match=ENV_SECRET):
        site_secret()


def test_a_cookie_signed_under_another_secret_is_no_cookie(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_SECRET, "a" * 40)
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as first:
        game = post_game(first).json()
        cookie = first.cookies[COOKIE]
    monkeypatch.setenv(ENV_SECRET, "b" * 40)
    with TestClient(create_app(Settings(database_url=db_url)), base_url="http://127.0.0.1") as second:
        second.cookies.set(COOKIE, cookie)
        assert second.get(f"/api/games/{game['id']}").status_code == 404


# -- limits shared by every process ----------------------------------------------------------


def test_a_refused_hint_and_a_refused_chance_are_answered_alike_at_once(client: TestClient) -> None:
    game = post_game(client).json()
    player = client.cookies[COOKIE].partition(".")[0]
    hints: HintPool = client.app.state.games.hints  # type: ignore[attr-defined]
    timings: dict[str, float] = {}
    bodies: dict[str, list[Any]] = {}
    hints.players.add(player)  # as while this player's hint is worked out
    try:
        for kind in ("hint", "chance"):
            path = f"/api/games/{game['id']}/{kind}"
            started = time.monotonic()
            answers = [
                client.post(path, json={"version": 0}) if kind == "hint" else client.get(path + "?version=0")
                for _ in range(10)
            ]
            timings[kind] = time.monotonic() - started
            bodies[kind] = [(r.status_code, r.headers["retry-after"], r.json()) for r in answers]
    finally:
        hints.players.discard(player)
    assert bodies["hint"] == bodies["chance"] and bodies["hint"][0][:2] == (429, "1")
    # Neither is held back (a refused hint once waited half a second: 5 s for these ten).
    assert timings["hint"] < timings["chance"] + 2.5, timings


def test_a_players_hint_in_one_process_refuses_its_second_in_another(db_url: str) -> None:
    one, two = create_app(Settings(database_url=db_url)), create_app(Settings(database_url=db_url))
    with TestClient(one, base_url="http://127.0.0.1") as a, TestClient(two, base_url="http://127.0.0.1") as b:
        game = post_game(a).json()
        b.cookies.set(COOKIE, a.cookies[COOKIE])
        player = a.cookies[COOKIE].partition(".")[0]
        first: HintPool = one.state.games.hints
        with first.admitted(player):  # the player's hint, being worked out by the first process
            for client in (a, b):
                res = client.post(f"/api/games/{game['id']}/hint", json={"version": 0})
                assert res.status_code == 429 and res.json()["error"] == "hint_running", res.json()
                res = client.get(f"/api/games/{game['id']}/chance?version=0")
                assert res.status_code == 429 and res.json()["error"] == "hint_running"
        assert b.post(f"/api/games/{game['id']}/hint", json={"version": 0}).status_code == 200


def test_limits_hold_across_server_processes(db_url: str, data_folder: Path) -> None:
    """Two servers with two worker processes each, on one database; each request on a new
    connection (spread over the processes) and to each server in turn."""
    with servers(db_url, 2, "--workers", "2") as ports:
        player = Player()
        status, game = player.ask(ports[0], "POST", "/api/games", {"code": CODE})
        assert status == 201
        other = Player()  # asks its hints last
        status, second = other.ask(ports[1], "POST", "/api/games", {"code": CODE})
        assert status == 201
        assert (data_folder / SECRET_FILE).exists()  # beside the default database, not this one
        # Hints of one cookie: no more than one process's burst and rate.
        path = f"/api/games/{game['id']}/hint"
        started = time.monotonic()
        hints = [player.ask(ports[n % 2], "POST", path, {"version": 0}) for n in range(30)]
        elapsed = time.monotonic() - started
        granted = sum(1 for s, _ in hints if s == 200)
        assert HINT_BURST <= granted <= HINT_BURST + HINTS_PER_MINUTE * elapsed / 60 + 1, (granted, elapsed)
        assert {b["error"] for s, b in hints if s != 200} <= {"too_many_hints"}
        # Games without a cookie from one address: no more than one process's rate.
        started = time.monotonic()
        made = [Player().ask(ports[n % 2], "POST", "/api/games", {"code": CODE})[0] for n in range(60)]
        elapsed = time.monotonic() - started
        assert made.count(201) <= GAMES_PER_MINUTE + GAMES_PER_MINUTE * elapsed / 60 + 1, (made.count(201), elapsed)
        assert set(made) == {201, 429}
        # A hint being worked out anywhere (here: by a process that then died) refuses the
        # player's next one in every process, until its admission expires.
        engine = create_engine(database_url(db_url))
        with engine.begin() as conn:
            conn.execute(
                running.insert().values(
                    player=other.cookie.split("=", 1)[1].partition(".")[0], ticket="dead", expires=time.time() + 600
                )
            )
        path = f"/api/games/{second['id']}/hint"
        for _ in range(4):
            for port in ports:
                status, body = other.ask(port, "POST", path, {"version": 0})
                assert status == 429 and body["error"] == "hint_running", body
        with engine.begin() as conn:
            conn.execute(update(running).where(running.c.ticket == "dead").values(expires=time.time() - 1))
        engine.dispose()
        assert other.ask(ports[0], "POST", path, {"version": 0})[0] == 200
