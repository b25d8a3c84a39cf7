"""Klondike solver figures: share of random deals winnable (with a 95% Wilson interval, set
against the published figure), median and 95th-percentile solve time, share settled in time.

Run: .venv/bin/python bench/klondike_solver.py [--draw 3] [--deals 200] [--timeout 10] [--jobs 1]
Targets (the solver's issue): each of draw three and draw one, >= 99% of deals settled within 10 s,
median <= 0.5 s, and over >= 1000 deals the winnable share agreeing with Blake & Gent's figures
(1,000,000 deals, same rules): 81.945% for draw three, 90.48% for draw one. Deals are the deal
numbers ``start``, ``start + 1``, … (the shuffle is the project's own, so any run is repeatable).
``--jobs 2`` uses both cores (times then include some contention); ``--out FILE`` keeps one JSON
line per deal, and ``--resume`` skips the deals already in it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from paciencia.games.klondike import KlondikeGame
from paciencia.solver.klondike import solve_klondike

PUBLISHED = {"3": 0.81945, "1": 0.9048}


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of k in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def solve_one(job: tuple[str, int, float]) -> dict[str, Any]:
    draw, number, timeout = job
    state = KlondikeGame(draw).new_state(number)
    result = solve_klondike(state, timeout)
    return {
        "deal": str(state.code),
        "number": number,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 4),
        "nodes": result.nodes,
        "moves": len(result.line),
    }


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(draw: str, rows: list[dict[str, Any]], timeout: float) -> None:
    n = len(rows)
    won = sum(r["verdict"] == "winnable" for r in rows)
    lost = sum(r["verdict"] == "unwinnable" for r in rows)
    unknown = n - won - lost
    times = [r["seconds"] for r in rows]
    settled_in_time = sum(r["verdict"] != "unknown" and r["seconds"] <= timeout for r in rows)
    lo, hi = wilson(won, n)
    print(f"draw {draw}: {n} deals, timeout {timeout:g} s")
    print(f"  winnable {won}, unwinnable {lost}, unknown {unknown}")
    print(f"  winnable share {won / n:.2%} (95% Wilson {lo:.2%} – {hi:.2%})", end="")
    if unknown:
        top = wilson(won + unknown, n)[1]
        print(f"; counting every unknown as winnable, at most {(won + unknown) / n:.2%} (upper bound {top:.2%})")
    else:
        print()
    published = PUBLISHED[draw]
    inside = lo <= published <= hi
    print(f"  published {published:.3%}: {'inside' if inside else 'outside'} the interval")
    print(
        f"  solve time: median {statistics.median(times):.3f} s, p95 {percentile(times, 0.95):.3f} s, "
        f"max {max(times):.3f} s"
    )
    print(f"  settled within {timeout:g} s: {settled_in_time / n:.2%}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--draw", choices=["3", "1", "both"], default="both")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, help="one JSON line per deal (appended)")
    ap.add_argument("--resume", action="store_true", help="skip the deals already in --out")
    args = ap.parse_args(argv)
    draws = ["3", "1"] if args.draw == "both" else [args.draw]
    for draw in draws:
        done: dict[int, dict[str, Any]] = {}
        out = args.out.with_suffix(f".d{draw}{args.out.suffix}") if args.out and len(draws) > 1 else args.out
        if out and args.resume and out.exists():
            for line in out.read_text().splitlines():
                row = json.loads(line)
                done[row["number"]] = row
        numbers = [i for i in range(args.start, args.start + args.deals) if i not in done]
        jobs = [(draw, i, args.timeout) for i in numbers]
        started = time.perf_counter()
        sink = out.open("a") if out else None
        try:
            with Pool(args.jobs) as pool:
                for k, row in enumerate(pool.imap_unordered(solve_one, jobs), 1):
                    done[row["number"]] = row
                    if sink:
                        sink.write(json.dumps(row) + "\n")
                        sink.flush()
                    if k % 50 == 0:
                        print(f"  … {k}/{len(jobs)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr)
        finally:
            if sink:
                sink.close()
        rows = [done[i] for i in range(args.start, args.start + args.deals)]
        report(draw, rows, args.timeout)


if __name__ == "__main__":
    main()
