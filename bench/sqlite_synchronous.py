"""What ``PRAGMA synchronous=FULL`` costs a move on SQLite, against NORMAL.

Run: .venv/bin/python bench/sqlite_synchronous.py [--moves 400] [--rounds 5]
Two sites in one process, each on its own SQLite file in the data folder's file system (the
same disk the default database lives on), the store's own pragmas then ``synchronous`` set to
NORMAL on one and FULL on the other. Each plays a Crescent deal through the whole API stack
(middleware, service, store: one transaction a move), a move then its undo, the two sites
taking turns move by move, so that both meet the same load on the machine. Prints each
one's move p50 and p95 (ms, in process: no HTTP parsing) and FULL's ratio to NORMAL.

With WAL, NORMAL fsyncs only at checkpoints: a commit survives the process being killed
(kill -9), not the machine losing power. FULL fsyncs the WAL at each commit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fastapi.testclient import TestClient

from paciencia.games import new_state
from paciencia.web import Settings, create_app

CODE = "CR1-N-AAAAAAB"
LEVEL = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Site:
    def __init__(self, folder: Path, level: str) -> None:
        app = create_app(Settings(database_url=f"sqlite:///{folder / level}.sqlite3"))
        engine = app.state.store.engine

        def synchronous(dbapi_connection: Any, _record: Any) -> None:
            cur = dbapi_connection.cursor()
            cur.execute(f"PRAGMA synchronous={level}")
            cur.close()

        # After the store's own pragmas, on every connection made from now on.
        event.listen(engine, "connect", synchronous)
        engine.dispose()
        with engine.connect() as conn:
            self.level = LEVEL[conn.exec_driver_sql("PRAGMA synchronous").scalar()]
        assert self.level == level, (self.level, level)
        self.client = TestClient(app, base_url="http://127.0.0.1")
        self.client.__enter__()
        made = self.client.post("/api/games", json={"code": CODE})
        assert made.status_code == 201, made.text
        self.game = made.json()
        self.move = next(str(m) for m in new_state(CODE).legal_moves() if str(m) != "R")
        self.times: list[float] = []

    def step(self) -> None:
        token = "U" if self.game["can_undo"] else self.move
        started = time.perf_counter()
        res = self.client.post(
            f"/api/games/{self.game['id']}/moves", json={"move": token, "version": self.game["version"]}
        )
        self.times.append((time.perf_counter() - started) * 1000)
        assert res.status_code == 200, res.text
        self.game = res.json()

    def close(self) -> None:
        self.client.__exit__(None, None, None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=400, help="moves a site a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each on fresh files")
    ns = parser.parse_args()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    base.mkdir(parents=True, exist_ok=True)
    times: dict[str, list[float]] = {"NORMAL": [], "FULL": []}
    for round_ in range(ns.rounds):
        with tempfile.TemporaryDirectory(dir=base, prefix="paciencia-bench-") as tmp:
            sites = [Site(Path(tmp), "NORMAL"), Site(Path(tmp), "FULL")]
            if round_ % 2:
                sites.reverse()  # neither always goes first
            for _ in range(ns.moves):
                for site in sites:
                    site.step()
            for site in sites:
                times[site.level] += site.times[10:]  # the first few warm the caches
                site.close()
    one, five, _ = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {one:.2f} (1 min) {five:.2f} (5 min)")
    print(f"{ns.rounds} rounds of {ns.moves} moves a site (a move then its undo), interleaved")
    for level, values in times.items():
        print(
            f"{level:6}: move p50 {statistics.median(values):.2f} ms, p95 {percentile(values, 95):.2f} ms"
            f" ({len(values)} moves)"
        )
    p50 = statistics.median(times["FULL"]) / statistics.median(times["NORMAL"])
    p95 = percentile(times["FULL"], 95) / percentile(times["NORMAL"], 95)
    print(f"FULL / NORMAL: p50 x{p50:.2f}, p95 x{p95:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
