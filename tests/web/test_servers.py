"""Several real server processes (``paciencia serve``) on one database, started together on a
new one: each answers with the game as stored, whichever server moved it last."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from paciencia.games import new_state
from tests.postgres import free_port

CODE = "CR1-N-AAAAAAB"


class Player:
    """A browser of its own: one cookie, sent to whichever server it asks."""

    def __init__(self) -> None:
        self.cookie = ""
        self.set_cookie = ""

    def ask(self, port: int, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
        req.add_header("content-type", "application/json")
        if self.cookie:
            req.add_header("cookie", self.cookie)
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                status, raw, headers = res.status, res.read(), res.headers
        except urllib.error.HTTPError as e:
            status, raw, headers = e.code, e.read(), e.headers
        cookie = headers.get("set-cookie")
        if cookie and not self.cookie:
            self.cookie, self.set_cookie = cookie.split(";", 1)[0], cookie
        return status, json.loads(raw) if raw.startswith(b"{") else raw


@contextmanager
def serve_process(port: int, database: str, log: Path, **env: str) -> Iterator[subprocess.Popen[str]]:
    """``paciencia serve`` on ``port`` as a process of its own, its stderr in ``log``, until
    stopped (terminated, then killed if it lingers)."""
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", database],
            stdout=subprocess.DEVNULL,
            stderr=err,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
        )
        try:
            wait_until_up(port, proc)
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def wait_until_up(port: int, proc: subprocess.Popen[str], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server on {port} exited {proc.returncode}: {proc.communicate()[1]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise AssertionError(f"server on {port} did not start")


@contextmanager
def servers(db_url: str, count: int, *extra: str) -> Iterator[list[int]]:
    """``count`` servers on one database, all started at once."""
    ports = [free_port() for _ in range(count)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "paciencia", "serve", "--port", str(p), "--database", db_url, *extra],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for p in ports
    ]
    try:
        for port, proc in zip(ports, procs, strict=True):
            wait_until_up(port, proc)
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


@pytest.mark.parametrize("count", [2, 4])
def test_servers_started_together_share_one_database(db_url: str, count: int) -> None:
    with servers(db_url, count) as ports:
        player = Player()
        status, game = player.ask(ports[0], "POST", "/api/games", {"code": CODE})
        assert status == 201, game
        path = f"/api/games/{game['id']}"
        state = new_state(CODE)
        for port in ports:  # every server has the game cached at version 0
            assert player.ask(port, "GET", path)[1]["version"] == 0
        for n in range(8):
            mover = ports[n % count]
            move = next(str(m) for m in state.legal_moves() if str(m) != "R")
            status, view = player.ask(mover, "POST", path + "/moves", {"move": move, "version": n})
            assert status == 200 and view["version"] == n + 1, view
            state.play(move)
            for port in ports:  # a GET anywhere answers the stored version, not a cached one
                status, seen = player.ask(port, "GET", path)
                assert status == 200 and seen["version"] == n + 1
            other = ports[(n + 1) % count]
            status, hint = player.ask(other, "POST", path + "/hint", {"version": n + 1})
            assert status == 200 and hint["kind"] in ("move", "no_useful", "lost"), hint
        stale = player.ask(ports[-1], "POST", path + "/moves", {"move": "R", "version": 0})
        assert stale[0] == 409 and stale[1]["game"]["version"] == 8


def test_one_server_with_worker_processes(db_url: str) -> None:
    with servers(db_url, 1, "--workers", "2", "--secure") as (port,):
        player = Player()
        assert player.ask(port, "POST", "/api/games", {"code": CODE})[0] == 201
        assert player.cookie.startswith("paciencia_player=") and "; Secure" in player.set_cookie
        # A game each (a player's new game leaves their last one): the moves reach either worker.
        players = [Player() for _ in range(6)]
        games = [p.ask(port, "POST", "/api/games", {"code": CODE})[1] for p in players]
        for one, game in zip(players, games, strict=True):
            move = next(str(m) for m in new_state(CODE).legal_moves() if str(m) != "R")
            status, view = one.ask(port, "POST", f"/api/games/{game['id']}/moves", {"move": move, "version": 0})
            assert status == 200 and view["version"] == 1
