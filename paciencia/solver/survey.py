"""Surveys: solve many random deals in parallel and report the share winnable.

Results go to a JSON-lines file, one line per finished deal, written as each deal finishes, so
a survey stopped at any point (Ctrl-C included) resumes where it was without losing a deal.
The deals are a fixed pseudo-random sample (SplitMix64 from ``seed``), so the same survey
parameters always draw the same deals.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from paciencia.engine.dealcode import DEAL_COUNT, SplitMix64
from paciencia.games import REGISTRY, new_state
from paciencia.solver import Verdict, solve


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (0..1)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def deal_codes(game: str, variant: str, count: int, seed: int) -> list[str]:
    found = REGISTRY.get(game)
    if found is None:
        raise ValueError(f"unknown game {game!r} (expected {' or '.join(REGISTRY)})")
    probe = found.game(variant.upper())  # refuses an unknown variant
    rng = SplitMix64(seed)
    return [str(probe.code(rng.below(DEAL_COUNT))) for _ in range(count)]


def solve_one(code: str, timeout: float) -> dict[str, object]:
    result = solve(new_state(code), timeout)
    return {
        "code": code,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 4),
        "nodes": result.nodes,
        "line": " ".join(result.line),
    }


@dataclass
class Summary:
    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    low: float
    high: float
    median: float
    p95: float
    settled_in: float

    def lines(self, timeout: float) -> list[str]:
        share = self.winnable / self.deals if self.deals else 0.0
        return [
            f"deals: {self.deals}  winnable: {self.winnable}  unwinnable: {self.unwinnable}  unknown: {self.unknown}",
            f"winnable: {100 * share:.2f}%  95% interval (Wilson; unknowns lost/won): "
            f"{100 * self.low:.2f}% .. {100 * self.high:.2f}%",
            f"solve time: median {self.median:.3f} s, 95th percentile {self.p95:.3f} s; "
            f"settled within {timeout:g} s: {100 * self.settled_in:.1f}%",
        ]


def summarise(rows: list[dict[str, object]], timeout: float) -> Summary:
    n = len(rows)
    won = sum(1 for r in rows if r["verdict"] == Verdict.WINNABLE)
    lost = sum(1 for r in rows if r["verdict"] == Verdict.UNWINNABLE)
    unknown = n - won - lost
    low, _ = wilson(won, n)
    _, high = wilson(won + unknown, n)
    times = sorted(float(str(r["seconds"])) for r in rows) or [0.0]
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) >= 2 else times[0]
    settled = sum(1 for r in rows if r["verdict"] != Verdict.UNKNOWN and float(str(r["seconds"])) <= timeout)
    return Summary(n, won, lost, unknown, low, high, statistics.median(times), p95, settled / n if n else 0.0)


def read_results(path: Path) -> dict[str, dict[str, object]]:
    done: dict[str, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["code"]] = row
    return done


def _bar(done: int, total: int, won: int, unknown: int, out: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  winnable {won}  unknown {unknown} ")
    out.flush()


def run(
    game: str,
    variant: str,
    deals: int,
    timeout: float,
    jobs: int,
    results: Path,
    seed: int = 2026,
    progress: TextIO = sys.stderr,
) -> Summary:
    codes = deal_codes(game, variant, deals, seed)
    done = read_results(results)
    todo = [c for c in codes if c not in done]
    rows = [done[c] for c in codes if c in done]
    won = sum(1 for r in rows if r["verdict"] == Verdict.WINNABLE)
    unknown = sum(1 for r in rows if r["verdict"] == Verdict.UNKNOWN)
    _bar(len(rows), len(codes), won, unknown, progress)
    with results.open("a", encoding="utf-8") as out, ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        pending: set[Future[dict[str, object]]] = set()
        queue: Iterator[str] = iter(todo)
        try:
            for code in queue:
                pending.add(pool.submit(solve_one, code, timeout))
                if len(pending) >= 2 * max(1, jobs):
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    row = f.result()
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    rows.append(row)
                    won += row["verdict"] == Verdict.WINNABLE
                    unknown += row["verdict"] == Verdict.UNKNOWN
                    _bar(len(rows), len(codes), won, unknown, progress)
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(solve_one, nxt, timeout))
        except KeyboardInterrupt:
            for f in pending:
                f.cancel()
            progress.write("\nstopped; finished deals are kept in " + str(results) + "\n")
            raise
    progress.write("\n")
    return summarise(rows, timeout)
