"""The daily ranking's answer with many players: its size and the time to work it out.

Run: .venv/bin/python bench/daily_ranking.py [--players 1000] [--asks 20]

Stores ``--players`` won daily games of one deal (each a player's first, its clock spread over
minutes) on a new SQLite file, then asks the ranking as the player in the middle ``--asks`` times
(the service's call, as ``GET /api/daily/ranking`` makes it) and prints the entries answered,
the answer's bytes as JSON and the median time of an ask.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import update

from paciencia.games import new_state
from paciencia.i18n import Words
from paciencia.solver import solve
from paciencia.web.db.accounts import Accounts
from paciencia.web.db.store import Store
from paciencia.web.db.tables import games
from paciencia.web.service import daily, ranking

GAME, VARIANT, CODE = "klondike", "1", "KL1-1-AAAAAAC"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--asks", type=int, default=20)
    args = parser.parse_args()
    line = list(solve(new_state(CODE), nodes=200_000).line)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        accounts = Accounts(store.engine)
        day = daily.today()
        store.choose_daily(day, GAME, VARIANT, CODE)
        made = time.perf_counter()
        for n in range(args.players):
            state = new_state(CODE)
            state.play_all(line)
            saved = store.create(f"{n:022d}", "code", CODE, state, "daily", line)
            with store.engine.begin() as conn:
                ended = time.time()
                conn.execute(update(games).where(games.c.id == saved.id).values(started=ended - 100 - n, ended=ended))
        made = time.perf_counter() - made
        asker = f"{args.players // 2:022d}"
        since, until = daily.day_start(day), daily.day_end(day)
        times, body = [], {}
        for _ in range(args.asks):
            t = time.perf_counter()
            body = ranking.ranking(store, accounts, asker, Words("en"), CODE, since, until)
            times.append(time.perf_counter() - t)
        store.close()
    size = len(json.dumps(body, separators=(",", ":")))
    print(f"{args.players} players stored in {made:.1f} s")
    print(f"answer: {len(body['entries'])} entries, {size} bytes; median ask {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
