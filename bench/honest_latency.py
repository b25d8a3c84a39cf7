"""The honest hint and the chance of winning as the page asks for them (budget: 300 ms at the
95th percentile each), on real positions.

Run: .venv/bin/python bench/honest_latency.py [--positions 200] [--seed 1] [--games klondike:3,crescent:N,crescent:D]
     [--tree DIR]
``--tree``: the server runs from another source tree (a changed policy's, its C loops built or
copied beside it), so a change is measured through the API before it is made.
For each game, random deals are started on ``paciencia serve`` (loopback, SQLite) from their
codes and played through the API by following the hints, to their end; at each position either
``POST /api/games/{id}/hint`` or ``GET /api/games/{id}/chance`` asks first, in turn (the first
works the answer out, the second finds it kept), and that first one is timed from the request to
the answer: the knowledge replayed from the record, the completions drawn and settled, HTTP.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from web_site import ROOT, machine, percentile, served

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.games import GAMES

BUDGET_MS = 300.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="klondike:3,crescent:N,crescent:D")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the source tree the server runs from")
    ns = parser.parse_args()
    worst = 0.0
    with served(ns.tree.resolve()) as url:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

        took = [0.0]  # the last call's answered attempt, in ms

        def call(path: str, body: dict[str, Any] | None = None) -> Any:
            """Past the player's hint rate (60 a minute) the answer is 429: waited out, untimed."""
            data = None if body is None else json.dumps(body).encode()
            while True:
                req = urllib.request.Request(url + path, data=data, headers={"content-type": "application/json"})
                t0 = time.perf_counter()
                try:
                    with opener.open(req, timeout=60) as res:
                        found = json.loads(res.read())
                except urllib.error.HTTPError as e:
                    if e.code != 429:
                        raise
                    time.sleep(float(e.headers.get("Retry-After") or 1))
                    continue
                took[0] = (time.perf_counter() - t0) * 1000
                return found

        print(machine())
        print(f"server: paciencia serve from {ns.tree.resolve()}")
        for spec in ns.games.split(","):
            name, variant = spec.split(":")
            prefix = GAMES[name].prefix
            rng = random.Random(ns.seed)
            hints: list[float] = []
            chances: list[float] = []
            kinds: dict[str, int] = {}
            deals = 0
            while len(hints) + len(chances) < ns.positions:
                code = str(DealCode(prefix, 1, variant, rng.randrange(DEAL_COUNT)))
                game = call("/api/games", {"code": code})
                deals += 1
                while game["status"] == "playing" and len(hints) + len(chances) < ns.positions:
                    gid, version = game["id"], game["version"]
                    hint_first = (len(hints) + len(chances)) % 2 == 0
                    if hint_first:
                        hint = call(f"/api/games/{gid}/hint", {"version": version})
                        hints.append(took[0])
                    else:
                        call(f"/api/games/{gid}/chance?version={version}")
                        chances.append(took[0])
                        hint = call(f"/api/games/{gid}/hint", {"version": version})
                    kinds[hint["kind"]] = kinds.get(hint["kind"], 0) + 1
                    if hint["kind"] != "move":
                        break
                    game = call(f"/api/games/{gid}/moves", {"move": hint["move"], "version": version})
            load = os.getloadavg()[0]
            n = len(hints) + len(chances)
            print(f"{name} {variant}: {n} positions of {deals} deals (seed {ns.seed}), answers {kinds}")
            for label, times in (("hint", hints), ("chance", chances)):
                p95 = percentile(times, 95)
                worst = max(worst, p95)
                print(
                    f"  {label}: p50 {statistics.median(times):.0f} ms, p95 {p95:.0f} ms, max {max(times):.0f} ms "
                    f"over {len(times)} (budget p95 {BUDGET_MS:.0f} ms; load average {load:.1f})",
                    flush=True,
                )
    return 0 if worst <= BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
