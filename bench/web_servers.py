"""Several servers, floods and crashes: the site as more than one process on one database.

Run: .venv/bin/python bench/web_servers.py scale [--servers 4] [--players 200] [--moves 100]
     .venv/bin/python bench/web_servers.py flood [--flood 30] [--players 10] [--seconds 20]
     .venv/bin/python bench/web_servers.py kill [--servers 3] [--players 30] [--rounds 3]

Everything on loopback, bounded in requests and time. ``scale`` and ``kill`` start their own
PostgreSQL server (a fresh cluster in a temporary folder, as the tests do) and several
``paciencia serve`` processes on it; ``flood`` starts one server on an SQLite file.

- scale: each player deals a Crescent game and plays its moves, each move through the next
  server in turn (so every server keeps meeting games another one moved on). Prints errors
  (must be 0) and the move latency, server-side (Server-Timing) and player-side, p50/p99.
- flood: ordinary players play moves and ask a hint every few moves; first alone, then beside
  one client holding ``--flood`` connections that ask Crescent hints as fast as they are
  answered (or refused). Prints the ordinary players' move p99 and hint p50 in both runs, their
  ratio (target <= 2), how the flood's hints were answered, and the server's memory (RSS).
- kill: players play through several servers; every few seconds one server is killed with
  SIGKILL and started again. Every move a server acknowledged (200) is checked against the
  stored game at the end: acknowledged moves lost must be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from web_load import Browser, crescent_move
from web_site import ROOT, free_port, machine, percentile

sys.path.insert(0, str(ROOT))
from tests.postgres import PostgresServer, start_postgres

HOST = "127.0.0.1"
FLOOD_CODES = {"crescent": "CR1-N-AAAAAAB", "klondike": "KL1-3-AAAAAAB"}


def start_server(
    port: int, database: str, *extra: str, tree: Path = ROOT, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """``paciencia serve`` (with ``extra`` options; from the source tree ``tree``), in a session of
    its own: its process group is the server with its workers, for a kill that reaches them all.
    ``log``: a file its output is added to (a 500's traceback), else it is dropped."""
    cmd = [sys.executable, "-m", "paciencia", "serve", "--port", str(port), "--database", database, *extra]
    out = subprocess.DEVNULL if log is None else log.open("ab")
    try:
        return subprocess.Popen(cmd, cwd=tree, stdout=out, stderr=out, start_new_session=True)
    finally:
        if log is not None:
            out.close()  # type: ignore[union-attr]


def wait_up(port: int, proc: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/en/", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the server on port {port} did not start") from None
            time.sleep(0.1)


@contextmanager
def servers(count: int, database: str) -> Iterator[tuple[list[int], list[subprocess.Popen[bytes]]]]:
    ports = [free_port() for _ in range(count)]
    procs = [start_server(p, database) for p in ports]
    try:
        for port, proc in zip(ports, procs, strict=True):
            wait_up(port, proc)
        yield ports, procs
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


@contextmanager
def postgres() -> Iterator[tuple[PostgresServer, str]]:
    server = start_postgres()
    try:
        yield server, server.create_database()
    finally:
        server.stop()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Player:
    """One browser (one cookie) with a keep-alive connection to each server, opened on first use
    and again after a server went away."""

    def __init__(self, ports: list[int], local: str | None = None) -> None:
        self.ports = ports
        self.local = local
        self.cookie = ""
        self.browsers: dict[int, Browser] = {}

    async def open(self) -> None:
        """The player's cookie, as a browser gets it with its first page (a game started without
        one counts against the address's rate limit)."""
        await self.call(0, "GET", "/api/games/-")

    async def close(self) -> None:
        for b in self.browsers.values():
            with suppress(OSError):
                await b.close()
        self.browsers.clear()

    async def call(self, n: int, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        port = self.ports[n % len(self.ports)]
        for attempt in (1, 2):
            browser = self.browsers.get(port)
            reused = browser is not None
            if browser is None:
                browser = Browser(HOST, port, self.local)
                await browser.open()
                self.browsers[port] = browser
            browser.cookie = self.cookie
            try:
                status, data = await browser.call(method, path, body)
            except (OSError, asyncio.IncompleteReadError, IndexError):
                self.browsers.pop(port, None)
                if reused and attempt == 1:
                    continue  # the server closed a connection left idle (keep-alive timeout): once more
                raise
            self.cookie = browser.cookie
            return status, data, browser.server_ms
        raise AssertionError("unreachable")


# -- scale -------------------------------------------------------------------------------------


async def scale_player(
    ports: list[int],
    seed: int,
    moves: int,
    seen: list[float],
    server: list[float],
    errors: list[str],
    think: tuple[float, float],
    spread: bool,
    local: str | None = None,
) -> None:
    rng = random.Random(seed)
    player = Player(ports, local)
    await player.open()
    try:
        _, game, _ = await player.call(seed, "POST", "/api/games", {"game": "crescent"})
        await asyncio.sleep(rng.uniform(0, 0.5))
        for n in range(moves):
            token = crescent_move(game, rng)
            if token is None:
                _, game, _ = await player.call(seed + n if spread else seed, "POST", "/api/games", {"game": "crescent"})
                continue
            t0 = time.perf_counter()
            body = {"move": token, "version": game["version"]}
            at = seed + n if spread else seed  # the next server in turn, or always the player's own
            status, answer, server_ms = await player.call(at, "POST", f"/api/games/{game['id']}/moves", body)
            seen.append((time.perf_counter() - t0) * 1000)
            server.append(server_ms)
            if status != 200 or answer.get("version") != game["version"] + 1:
                errors.append(f"{token}: {status} {str(answer)[:200]}")
                _, game, _ = await player.call(at, "GET", f"/api/games/{game['id']}")
            else:
                game = answer
            await asyncio.sleep(rng.uniform(*think))
    finally:
        await player.close()


def scale(ns: argparse.Namespace) -> int:
    with postgres() as (_pg, url), servers(ns.servers, url) as (ports, _procs):
        seen: list[float] = []
        server: list[float] = []
        errors: list[str] = []
        started = time.monotonic()

        async def go() -> None:
            low, high = (float(x) / 1000 for x in ns.think_ms.split(":"))
            spread = ns.spread == "move"
            await asyncio.gather(
                *(
                    scale_player(ports, i, ns.moves, seen, server, errors, (low, high), spread)
                    for i in range(ns.players)
                )
            )

        asyncio.run(go())
        elapsed = time.monotonic() - started
    print(machine())
    print(
        f"{ns.servers} server processes on one PostgreSQL, {ns.players} players x {ns.moves} moves, "
        f"think time {ns.think_ms} ms, "
        + ("each move through the next server" if ns.spread == "move" else "each player on one server")
        + f", {elapsed:.1f} s"
    )
    print(f"moves answered: {len(seen)} ({len(seen) / elapsed:.0f}/s), errors: {len(errors)}")
    for e in errors[:5]:
        print("  error:", e)
    print(f"server time per move: p50 {statistics.median(server):.2f} ms, p99 {percentile(server, 99):.2f} ms")
    print(f"player-side move latency: p50 {statistics.median(seen):.2f} ms, p99 {percentile(seen, 99):.2f} ms")
    return 0 if not errors else 1


# -- flood -------------------------------------------------------------------------------------


async def ordinary(
    port: int,
    seed: int,
    deadline: float,
    moves: list[float],
    hints: list[float],
    refused: list[int],
    local: str | None = None,
) -> None:
    rng = random.Random(seed)
    player = Player([port], local)
    await player.open()
    try:
        _, game, _ = await player.call(0, "POST", "/api/games", {"game": "crescent"})
        n = 0
        while time.monotonic() < deadline:
            n += 1
            if n % 5 == 0 and game["status"] == "playing":
                t0 = time.perf_counter()
                status, _hint, _ = await player.call(
                    0, "POST", f"/api/games/{game['id']}/hint", {"version": game["version"]}
                )
                if status == 200:
                    hints.append((time.perf_counter() - t0) * 1000)
                else:
                    refused.append(status)
            token = crescent_move(game, rng)
            if token is None:
                _, game, _ = await player.call(0, "POST", "/api/games", {"game": "crescent"})
                continue
            t0 = time.perf_counter()
            body = {"move": token, "version": game["version"]}
            status, answer, _ = await player.call(0, "POST", f"/api/games/{game['id']}/moves", body)
            moves.append((time.perf_counter() - t0) * 1000)
            game = answer if status == 200 else (await player.call(0, "GET", f"/api/games/{game['id']}"))[1]
            await asyncio.sleep(rng.uniform(0.2, 0.6))
    finally:
        await player.close()


async def flooder(port: int, connections: int, deadline: float, answers: dict[int, int], code: str) -> None:
    """One client (one cookie, one game) asking hints on ``connections`` connections at once."""
    first = Player([port])
    await first.open()
    _, game, _ = await first.call(0, "POST", "/api/games", {"code": code})
    cookie = first.cookie

    async def one() -> None:
        browser = Browser(HOST, port)
        browser.cookie = cookie
        await browser.open()
        try:
            while time.monotonic() < deadline:
                status, _ = await browser.call("POST", f"/api/games/{game['id']}/hint", {"version": 0})
                answers[status] = answers.get(status, 0) + 1
                if status == 429:
                    await asyncio.sleep(0.005)  # an impatient client: it retries at once
        finally:
            await browser.close()

    try:
        await asyncio.gather(*(one() for _ in range(connections)))
    finally:
        await first.close()


def flood_run(
    port: int, players: int, seconds: float, flood: int, code: str = ""
) -> tuple[list[float], list[float], list[int], dict[int, int]]:
    moves: list[float] = []
    hints: list[float] = []
    refused: list[int] = []
    answers: dict[int, int] = {}
    deadline = time.monotonic() + seconds

    async def go() -> None:
        tasks = [ordinary(port, i, deadline, moves, hints, refused) for i in range(players)]
        if flood:
            tasks.append(flooder(port, flood, deadline, answers, code))
        await asyncio.gather(*tasks)

    asyncio.run(go())
    return moves, hints, refused, answers


def flood(ns: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp, servers(1, f"sqlite:///{tmp}/f.db") as (ports, procs):
        pid = procs[0].pid
        os.nice(5)
        rss_start = rss_mb(pid)
        calm = flood_run(ports[0], ns.players, ns.seconds, 0)
        rss_calm = rss_mb(pid)
        flooded = flood_run(ports[0], ns.players, ns.seconds, ns.flood, FLOOD_CODES[ns.flood_game])
        rss_flood = rss_mb(pid)
        time.sleep(2)
        rss_after = rss_mb(pid)
    print(machine())
    print(f"one server, SQLite file; {ns.players} ordinary players (a hint every 5 moves), {ns.seconds:.0f} s per run")
    rows = []
    for name, (moves, hints, refused, _answers) in (
        ("alone", calm),
        (f"beside a {ns.flood}-connection hint flood", flooded),
    ):
        p99 = percentile(moves, 99)
        p50 = statistics.median(hints) if hints else float("nan")
        rows.append((p99, p50))
        print(
            f"{name}: moves {len(moves)}, move p99 {p99:.1f} ms; hints {len(hints)}, hint p50 {p50:.0f} ms"
            f" (refused: {len(refused)} {sorted(set(refused))})"
        )
    print(f"flood's hint answers by status: {dict(sorted(flooded[3].items()))}")
    move_ratio = rows[1][0] / rows[0][0]
    hint_ratio = rows[1][1] / rows[0][1]
    print(f"ratio flood/alone: move p99 {move_ratio:.2f}, hint p50 {hint_ratio:.2f} (target <= 2)")
    print(
        f"server memory (RSS): at start {rss_start:.0f} MB, after the calm run {rss_calm:.0f} MB, "
        f"at the flood's end {rss_flood:.0f} MB, 2 s after {rss_after:.0f} MB"
    )
    return 0 if move_ratio <= 2 and hint_ratio <= 2 else 1


# -- kill -9 -----------------------------------------------------------------------------------


async def kill_player(ports: list[int], seed: int, deadline: float, acked: dict[str, int], errors: list[str]) -> None:
    rng = random.Random(seed)
    player = Player(ports)
    await player.open()
    game: dict[str, Any] | None = None
    n = seed
    while time.monotonic() < deadline:
        n += 1
        try:
            if game is None:
                _, game, _ = await player.call(n, "POST", "/api/games", {"game": "crescent"})
                assert game is not None
                acked[game["id"]] = 0
            token = crescent_move(game, rng)
            if token is None:
                game = None
                continue
            body = {"move": token, "version": game["version"]}
            status, answer, _ = await player.call(n, "POST", f"/api/games/{game['id']}/moves", body)
            if status == 200:
                acked[game["id"]] = max(acked[game["id"]], answer["version"])
                game = answer
            elif status == 409:
                game = answer["game"]  # the move went through before its server died, or another did
            else:
                errors.append(str(status))
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
            # The server died under this request (the move may or may not be stored): ask another.
            await asyncio.sleep(0.1)
            if game is not None:
                try:
                    _, fresh, _ = await player.call(n + 1, "GET", f"/api/games/{game['id']}")
                    if isinstance(fresh, dict) and "version" in fresh:
                        game = fresh
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                    pass
        await asyncio.sleep(rng.uniform(0.01, 0.05))
    await player.close()


def kill(ns: argparse.Namespace) -> int:
    with postgres() as (_pg, url), servers(ns.servers, url) as (ports, procs):
        acked: dict[str, int] = {}
        errors: list[str] = []
        kills = 0
        deadline = time.monotonic() + ns.rounds * ns.every + 2

        async def killer() -> None:
            nonlocal kills
            rng = random.Random(7)
            for _ in range(ns.rounds):
                await asyncio.sleep(ns.every)
                i = rng.randrange(len(procs))
                procs[i].send_signal(signal.SIGKILL)
                procs[i].wait()
                kills += 1
                procs[i] = start_server(ports[i], url)
                await asyncio.to_thread(wait_up, ports[i], procs[i])

        async def go() -> None:
            await asyncio.gather(
                killer(), *(kill_player(ports, i * 1000, deadline, acked, errors) for i in range(ns.players))
            )

        asyncio.run(go())
        from sqlalchemy import create_engine, text

        from paciencia.web.db.migrate import database_url

        engine = create_engine(database_url(url))
        with engine.connect() as conn:
            stored: dict[str, int] = {row[0]: row[1] for row in conn.execute(text("SELECT id, version FROM games"))}
        engine.dispose()
    lost_games = [g for g, version in acked.items() if stored.get(g, -1) < version]
    lost = sum(acked[g] - max(0, stored.get(g, 0)) for g in lost_games)
    moves = sum(acked.values())
    print(machine())
    print(
        f"{ns.servers} servers on one PostgreSQL, {ns.players} players, {kills} kill -9 rounds "
        f"(one server every {ns.every:.0f} s, started again)"
    )
    print(f"acknowledged moves: {moves} in {len(acked)} games; acknowledged moves lost: {lost}")
    print(f"other answers during the kills: {len(errors)} ({sorted(set(errors))})")
    return 0 if lost == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("scale")
    s.add_argument("--servers", type=int, default=4)
    s.add_argument("--players", type=int, default=200)
    s.add_argument("--moves", type=int, default=100)
    s.add_argument("--think-ms", default="200:800", help="a player's pause between moves, MIN:MAX in ms")
    s.add_argument(
        "--spread",
        choices=["player", "move"],
        default="player",
        help="player: each player on one server (a sticky proxy); move: each move through the next server",
    )
    f = sub.add_parser("flood")
    f.add_argument("--flood", type=int, default=30)
    f.add_argument("--players", type=int, default=10)
    f.add_argument("--seconds", type=float, default=20.0)
    f.add_argument("--flood-game", choices=sorted(FLOOD_CODES), default="crescent")
    k = sub.add_parser("kill")
    k.add_argument("--servers", type=int, default=3)
    k.add_argument("--players", type=int, default=30)
    k.add_argument("--rounds", type=int, default=3)
    k.add_argument("--every", type=float, default=5.0)
    ns = parser.parse_args()
    return {"scale": scale, "flood": flood, "kill": kill}[ns.what](ns)


if __name__ == "__main__":
    raise SystemExit(main())
