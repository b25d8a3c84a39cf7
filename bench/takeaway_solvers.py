"""The solvers of the games that take cards away (Pyramid, TriPeaks): every deal of a random
sample solved in one process, with every card known; the share settled within the timeout, the
share winnable with its 95% Wilson interval, the solve time and the positions searched.

Run: .venv/bin/python bench/takeaway_solvers.py [--deals 1000] [--seed 1] [--timeout 10]
     [--games pyramid:3,tripeaks:1]
Issue 42's target: every deal of 1,000 settled within 10 s, in one process. The deals are the
survey's sample (``paciencia survey <game> --seed 1`` draws the same codes), each solved once
(``paciencia.solver.solve``, the clock's timeout: a deal left unknown counts as not settled).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from paciencia.analysis.survey import deal_codes, wilson
from paciencia.engine.protocol import Status
from paciencia.games import new_state
from paciencia.solver import solve


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--games", default="pyramid:3,tripeaks:1")
    ns = ap.parse_args()
    for spec in ns.games.split(","):
        name, variant = spec.split(":")
        codes = deal_codes(name, variant, ns.deals, ns.seed)
        verdicts: dict[str, int] = {}
        proofs: dict[str, int] = {}
        seconds: list[float] = []
        nodes: list[float] = []
        slowest = ("", 0.0)
        began = time.perf_counter()
        for code in codes:
            t0 = time.perf_counter()
            result = solve(new_state(code), ns.timeout)
            took = time.perf_counter() - t0
            if result.line:  # solve replayed it already; once more, on a fresh deal, to be sure
                check = new_state(code)
                check.play_all(result.line)
                assert check.status is Status.WON, code
            verdicts[result.verdict.value] = verdicts.get(result.verdict.value, 0) + 1
            proof = str(result.notes.get("proof", "")) if result.notes else ""
            if proof:
                proofs[proof] = proofs.get(proof, 0) + 1
            seconds.append(took)
            nodes.append(result.nodes)
            if took > slowest[1]:
                slowest = (code, took)
        n = len(codes)
        won, unknown = verdicts.get("winnable", 0), verdicts.get("unknown", 0)
        low, high = wilson(won, n)
        print(f"{name} {variant}: {n} deals (seed {ns.seed}), timeout {ns.timeout:g} s, one process", flush=True)
        print(f"  settled within {ns.timeout:g} s: {n - unknown}/{n} = {100 * (n - unknown) / n:.1f}%")
        print(
            f"  winnable {won}/{n} = {100 * won / n:.1f}% (95% Wilson interval {100 * low:.1f}%-{100 * high:.1f}%); "
            f"unwinnable {verdicts.get('unwinnable', 0)} ({', '.join(f'{k} {v}' for k, v in sorted(proofs.items()))})"
        )
        median, p95 = 1000 * statistics.median(seconds), 1000 * percentile(seconds, 0.95)
        print(
            f"  solve time: median {median:.1f} ms, p95 {p95:.1f} ms, max {1000 * slowest[1]:.0f} ms ({slowest[0]}); "
            f"all {time.perf_counter() - began:.1f} s"
        )
        print(
            f"  positions searched: median {statistics.median(nodes):,.0f}, p95 {percentile(nodes, 0.95):,.0f}, "
            f"max {max(nodes):,.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
