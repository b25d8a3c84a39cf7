"""Crescent solver figures: winnable / unwinnable / unknown shares per variant.

Run: .venv/bin/python bench/crescent_solver.py [--deals N] [--timeout S] [--seed K] [--jobs J]
     [--variants NFDB]
Deals are drawn from a seeded RNG (the same numbers for every variant); each share comes with a
95% Wilson interval; times are wall-clock seconds per deal; "settled" = winnable or unwinnable
within the timeout. The issue's target: >= 95% settled within 10 s in every variant.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from paciencia.games import new_state
from paciencia.games.crescent import CrescentState
from paciencia.solver.crescent import solve_crescent

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(job: tuple[str, float]) -> tuple[str, str, float, int]:
    code, timeout = job
    state = new_state(code)
    assert isinstance(state, CrescentState)
    r = solve_crescent(state, timeout)
    return code, r.verdict.value, r.seconds, r.nodes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variants", default="NFDB")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    numbers = ["".join(rng.choice(LETTERS) for _ in range(7)) for _ in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        for v in args.variants:
            jobs = [(f"CR1-{v}-{n}", args.timeout) for n in numbers]
            rows = list(pool.map(run, jobs))
            if args.verbose:
                for code, verdict, secs, nodes in rows:
                    print(f"  {code} {verdict:10} {secs:6.2f}s {nodes} nodes", flush=True)
            n = len(rows)
            parts = []
            for verdict in ("winnable", "unwinnable", "unknown"):
                k = sum(1 for r in rows if r[1] == verdict)
                lo, hi = wilson(k, n)
                parts.append(f"{verdict} {k}/{n} = {k / n:.0%} [{lo:.0%}, {hi:.0%}]")
            times = sorted(r[2] for r in rows)
            settled = [r for r in rows if r[1] != "unknown"]
            in10 = sum(1 for r in settled if r[2] <= 10.0)
            p95 = times[min(n - 1, math.ceil(0.95 * n) - 1)]
            lo, hi = wilson(in10, n)
            print(
                f"CR1-{v}: {'; '.join(parts)}; time median {statistics.median(times):.2f}s p95 {p95:.2f}s; "
                f"settled within 10 s {in10}/{n} = {in10 / n:.0%} [{lo:.0%}, {hi:.0%}]",
                flush=True,
            )


if __name__ == "__main__":
    main()
