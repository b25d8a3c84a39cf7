"""A PostgreSQL crash mid-play (``pg_ctl stop -m immediate``), then a restart, under a real
``paciencia serve``: requests meanwhile are answered 503 with Retry-After and words saying the
outcome is unknown; every acknowledged move is stored once; a move answered 503 is stored once or
not at all, and retried with the same version it is refused as stale when it was stored; the
outage is logged in a line or two, not a traceback per request."""

from __future__ import annotations

import json
import random
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import psycopg
import pytest

from paciencia.games import new_state
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say
from tests.postgres import PostgresServer, free_port, start_postgres
from tests.web.test_servers import Player, serve_process

CODE = "KL1-3-AAAAAAB"
PLAYERS = 4


@pytest.fixture
def crashable() -> Iterator[PostgresServer]:
    """A cluster of this test's own (it is crashed), with commits written before they are
    acknowledged: what it acknowledged survives an immediate stop."""
    server = start_postgres(durable=True)
    try:
        yield server
    finally:
        with suppress(subprocess.CalledProcessError):  # already stopped when the test failed mid-crash
            server.stop()


@contextmanager
def serve(url: str, log: Path) -> Iterator[int]:
    port = free_port()
    with serve_process(port, url, log):
        yield port


class Mover(threading.Thread):
    """One player moving one game as fast as it is answered; a 503 is retried with the same
    move and version until it is answered otherwise."""

    def __init__(self, port: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.player = Player()
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.applied: list[str] = []  # the game's record as this player knows it
        self.acknowledged = 0
        self.unknown = 0  # moves answered 503 at least once
        self.stored_before_retry = 0  # ... whose retry was refused as stale: stored by the first try
        self.refusals: list[tuple[int, object]] = []
        self.errors: list[str] = []
        status, game = self.player.ask(port, "POST", "/api/games", {"code": CODE})
        assert status == 201, game
        self.game_id = game["id"]
        self.state = new_state(CODE)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.one_move()
        except Exception as e:  # the test reads it
            self.errors.append(repr(e))

    def one_move(self) -> None:
        token = str(self.rng.choice([m for m in self.state.legal_moves() if str(m) != "U"]))
        version = len(self.applied)
        path = f"/api/games/{self.game_id}/moves"
        was_unknown = False
        while True:
            try:
                status, body = self.player.ask(self.port, "POST", path, {"move": token, "version": version})
            except OSError as e:  # the server itself must stay up: no answer is a failure
                self.errors.append(f"no answer: {e!r}")
                return
            if status != 503:
                break
            if not was_unknown:
                self.unknown += 1
                was_unknown = True
                self.refusals.append((status, body))
            time.sleep(0.05)  # sooner than Retry-After: the retries are the point here
        if status == 200:
            assert body["version"] == version + 1, body
            if not was_unknown:
                self.acknowledged += 1
        elif status == 409 and was_unknown:
            # The first try was stored: the game stands one move on, and that move is ours.
            assert body["error"] == "stale" and body["game"]["version"] == version + 1, body
            self.stored_before_retry += 1
        else:
            raise AssertionError(f"move {version} ({token}) answered {status}: {body}")
        self.applied.append(token)
        self.state.play(token)


def ask_in(port: int, locale: str, mover: Mover) -> tuple[int, str, object]:
    """A move on the mover's game asked in ``locale``: status, Retry-After, body."""
    data = json.dumps({"move": "D", "version": 0}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games/{mover.game_id}/moves", data=data)
    req.add_header("content-type", "application/json")
    req.add_header("accept-language", locale)
    req.add_header("cookie", mover.player.cookie)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, res.headers.get("retry-after", ""), json.loads(res.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("retry-after", ""), json.loads(e.read())


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_a_database_crash_loses_no_acknowledged_move_and_plays_none_twice(
    crashable: PostgresServer, tmp_path: Path
) -> None:
    url = crashable.create_database()
    log = tmp_path / "server.log"
    with serve(url, log) as port:
        movers = [Mover(port, seed) for seed in range(PLAYERS)]
        for m in movers:
            m.start()
        try:
            wait_for(lambda: all(m.acknowledged >= 5 for m in movers), 120, "moves before the crash")
            crashable.crash()
            wait_for(lambda: all(m.unknown >= 1 for m in movers), 60, "every player to meet the outage")
            for locale in LOCALES:  # the refusal in the request's language, with Retry-After
                status, retry, body = ask_in(port, locale, movers[0])
                assert status == 503 and retry.isdigit() and int(retry) > 0, (status, retry, body)
                assert body == {"error": "database_down", "message": say(Words(locale), "database_down")}
            crashable.start()
            before = [m.acknowledged for m in movers]
            wait_for(
                lambda: all(m.acknowledged >= b + 5 for m, b in zip(movers, before, strict=True)),
                120,
                "moves after the restart",
            )
            wait_for(lambda: "database back" in log.read_text(), 60, "the line saying the outage ended")
        finally:
            for m in movers:
                m.stop.set()
            for m in movers:
                m.join(60)
        for m in movers:
            assert not m.errors, m.errors
        # A crash rarely falls between a commit and its answer, so that case is also made
        # plainly: a move stored whose answer never reached the client, sent again.
        m = movers[0]
        token = str(m.state.legal_moves()[0])
        move = {"move": token, "version": len(m.applied)}
        assert m.player.ask(port, "POST", f"/api/games/{m.game_id}/moves", move)[0] == 200  # answer "lost"
        status, body = m.player.ask(port, "POST", f"/api/games/{m.game_id}/moves", move)
        assert status == 409 and body["error"] == "stale" and body["game"]["version"] == len(m.applied) + 1
        m.applied.append(token)
        assert all(body["error"] == "database_down" for m in movers for _, body in m.refusals)  # type: ignore[index]
        # What PostgreSQL holds is exactly each player's record: acknowledged moves all there,
        # a move answered 503 once (stored by its first try or by its retry), none twice.
        schema = url.rsplit("%3D", 1)[1]
        with psycopg.connect(crashable.admin) as conn:
            conn.execute(f"SET search_path TO {schema}")
            for m in movers:
                (version,) = conn.execute("SELECT version FROM games WHERE id = %s", (m.game_id,)).fetchone() or (-1,)
                rows = conn.execute("SELECT n, token FROM moves WHERE game_id = %s ORDER BY n", (m.game_id,))
                tokens = [token for _, token in rows.fetchall()]
                assert version == len(m.applied)
                assert tokens == [str(m.state.game.parse_move(t)) for t in m.applied]
        assert sum(m.unknown for m in movers) >= PLAYERS
    lines = log.read_text().splitlines()
    assert not [line for line in lines if "Traceback" in line], "\n".join(lines[:40])
    outage = [line for line in lines if "database" in line and not line.startswith("paciencia: opening")]
    assert len(outage) == 2, "\n".join(lines[:40])  # when it began, when it ended
