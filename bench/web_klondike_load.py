"""The server under 50 concurrent Klondike players (budget: a move answered in 10 ms at p99).

Run: .venv/bin/python bench/web_klondike_load.py [--players 50] [--seconds 20] [--think-ms 200:800]
As ``web_load.py`` (same client, same rules of the game for the bench), with Klondike games:
each player deals a random draw-three game and plays moves chosen from the destinations the
server sends (a draw when it likes, an undo now and then, a new deal when the game ends).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time

from web_load import MAX_REQUESTS, Browser
from web_site import machine, percentile, served

BUDGET_MS = 10.0
NEW = {"game": "klondike"}


async def player(
    host: str, port: int, seed: int, deadline: float, think: tuple[float, float],
    seen: list[float], server: list[float], errors: list[str],
) -> None:
    rng = random.Random(seed)
    browser = Browser(host, port)
    await browser.open()
    try:
        _, game = await browser.call("POST", "/api/games", NEW)
        await asyncio.sleep(rng.uniform(0, think[1]))
        while time.monotonic() < deadline and len(seen) < MAX_REQUESTS:
            sources = list(game["dests"])
            if game["status"] != "playing" or game["moves"] > 300:
                _, game = await browser.call("POST", "/api/games", NEW)
                continue
            if game["can_undo"] and rng.random() < 0.05:
                token = "U"
            elif sources and (rng.random() < 0.6 or not game["can_draw"]):
                src = rng.choice(sources)
                token = f"{src}-{rng.choice(game['dests'][src])}"
            else:
                token = "D"
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


async def run(url: str, players: int, seconds: float, think: tuple[float, float]) -> tuple[list[float], ...]:
    host, port = url.removeprefix("http://").split(":")
    assert host == "127.0.0.1", "loopback only"
    seen: list[float] = []
    server: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(player(host, int(port), i, deadline, think, seen, server, errors) for i in range(players)))
    return seen, server, errors  # type: ignore[return-value]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", default="200:800")
    ns = parser.parse_args()
    low, high = (float(x) / 1000 for x in ns.think_ms.split(":"))
    with served() as url:
        os.nice(10)
        started = time.monotonic()
        seen, server, errors = asyncio.run(run(url, ns.players, ns.seconds, (low, high)))
        elapsed = time.monotonic() - started
    p99 = percentile(seen, 99)
    print(machine())
    print(f"Klondike players: {ns.players}, think time {ns.think_ms} ms, {elapsed:.1f} s, loopback, SQLite file")
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
