"""The server under 50 concurrent players (budget: a move answered in 10 ms at the 99th percentile).

Run: .venv/bin/python bench/web_load.py [--game crescent|klondike] [--players 50] [--seconds 20]
     [--think-ms 200:800]
Starts ``paciencia serve`` on 127.0.0.1 with a new SQLite file (loopback only; bounded in time
and in requests) and plays real games through the JSON API. Each player is a browser of its own
(its cookie, its keep-alive connection): it deals a random game, then plays legal moves chosen
from the destinations the server sends (an undo now and then; in Crescent a redeal when stuck,
in Klondike a draw when it likes; a new deal when the game ends), pausing a think time between
moves. Every answer is checked.

It prints the latency of the move requests as the players saw them (request written to answer
read) and the server's own time per move (its Server-Timing header). The players are a light
HTTP/1.1 client on asyncio, run at a lower CPU priority than the server so that, on a small
machine, the load generator takes as little as it can from what it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
from typing import Any

from web_site import machine, percentile, served

BUDGET_MS = 10.0
MAX_REQUESTS = 200_000


class Browser:
    """One player's keep-alive HTTP/1.1 connection with its cookie."""

    def __init__(self, host: str, port: int, local: str | None = None) -> None:
        self.host = host
        self.port = port
        self.local = local
        """The loopback address to connect from (127.x.y.z: a player with an address of its own)."""
        self.cookie = ""
        self.server_ms = 0.0

    async def open(self) -> None:
        local = None if self.local is None else (self.local, 0)
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, local_addr=local)

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Length: {len(data)}\r\n"
        if data:
            head += "Content-Type: application/json\r\n"
        if self.cookie:
            head += f"Cookie: {self.cookie}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            key, _, value = line.decode("latin-1").partition(":")
            key = key.lower()
            if key == "content-length":
                length = int(value)
            elif key == "set-cookie":
                self.cookie = value.strip().split(";")[0]
            elif key == "server-timing":
                self.server_ms = float(value.split("dur=")[1])
        return status, json.loads(await self.reader.readexactly(length))


def crescent_move(game: dict[str, Any], rng: random.Random) -> str | None:
    """A move for the position, or None for a new deal."""
    sources = list(game["dests"])
    if game["status"] != "playing" or not (sources or game["can_redeal"]):
        return None
    if game["can_undo"] and rng.random() < 0.05:
        return "U"
    if sources:
        src = rng.choice(sources)
        return f"{src}-{rng.choice(game['dests'][src])}"
    return "R"


def klondike_move(game: dict[str, Any], rng: random.Random) -> str | None:
    sources = list(game["dests"])
    if game["status"] != "playing" or game["moves"] > 300:
        return None
    if game["can_undo"] and rng.random() < 0.05:
        return "U"
    if sources and (rng.random() < 0.6 or not game["can_draw"]):
        src = rng.choice(sources)
        return f"{src}-{rng.choice(game['dests'][src])}"
    return "D"


PLAY = {"crescent": crescent_move, "klondike": klondike_move}


async def player(
    name: str,
    host: str,
    port: int,
    seed: int,
    deadline: float,
    think: tuple[float, float],
    seen: list[float],
    server: list[float],
    errors: list[str],
) -> None:
    rng = random.Random(seed)
    browser = Browser(host, port)
    await browser.open()
    try:
        choose, new = PLAY[name], {"game": name}
        await browser.call("GET", "/api/games/-")  # a 404 that brings the player's cookie, as a page would
        _, game = await browser.call("POST", "/api/games", new)
        await asyncio.sleep(rng.uniform(0, think[1]))  # players do not all start at once
        while time.monotonic() < deadline and len(seen) < MAX_REQUESTS:
            token = choose(game, rng)
            if token is None:
                _, game = await browser.call("POST", "/api/games", new)
                continue
            t0 = time.perf_counter()
            status, body = await browser.call(
                "POST", f"/api/games/{game['id']}/moves", {"move": token, "version": game["version"]}
            )
            seen.append((time.perf_counter() - t0) * 1000)
            server.append(browser.server_ms)
            if status != 200 or body.get("version") != game["version"] + 1:
                errors.append(f"{token}: {status} {str(body)[:200]}")
                _, game = await browser.call("GET", f"/api/games/{game['id']}")
            else:
                game = body
            await asyncio.sleep(rng.uniform(*think))
    finally:
        await browser.close()


async def run(
    name: str, url: str, players: int, seconds: float, think: tuple[float, float]
) -> tuple[list[float], list[float], list[str]]:
    host, port = url.removeprefix("http://").split(":")
    assert host == "127.0.0.1", "loopback only"
    seen: list[float] = []
    server: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(player(name, host, int(port), i, deadline, think, seen, server, errors) for i in range(players))
    )
    return seen, server, errors


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(PLAY), default="crescent")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", default="200:800", help="a player's pause between moves, MIN:MAX in ms")
    ns = parser.parse_args()
    low, high = (float(x) / 1000 for x in ns.think_ms.split(":"))
    with served() as url:
        os.nice(10)  # the server (started before this) keeps the higher priority
        started = time.monotonic()
        seen, server, errors = asyncio.run(run(ns.game, url, ns.players, ns.seconds, (low, high)))
        elapsed = time.monotonic() - started
    p99 = percentile(seen, 99)
    print(machine())
    print(f"{ns.game} players: {ns.players}, think time {ns.think_ms} ms, {elapsed:.1f} s, loopback, SQLite file")
    print(f"moves answered: {len(seen)} ({len(seen) / elapsed:.0f}/s), refused or wrong: {len(errors)}")
    for e in errors[:5]:
        print("  refused:", e)
    print(
        f"server time per move: median {statistics.median(server):.2f} ms, "
        f"p99 {percentile(server, 99):.2f} ms, max {max(server):.2f} ms"
    )
    print(
        f"move latency seen by the players: median {statistics.median(seen):.2f} ms, "
        f"p90 {percentile(seen, 90):.2f} ms, p99 {p99:.2f} ms, max {max(seen):.2f} ms (budget p99 {BUDGET_MS:.0f} ms)"
    )
    return 0 if p99 <= BUDGET_MS and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
