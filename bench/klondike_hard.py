"""The Klondike deals slowest to settle: each solved with ``--timeout`` seconds (default 10, the
survey's), and those still unknown again with ``--long`` seconds (default 60), printing verdict,
seconds and positions tried per deal.

Run: .venv/bin/python bench/klondike_hard.py [--timeout 10] [--long 60] [--codes CODE ...]

The default codes are every deal of the seeded 1000-deal samples (seed 2026, both draws) that
took more than 3 s or stayed unknown in ``bench/klondike_solver.py`` on 2026-12-01; all of them
are lost deals, which only an exhaustive search can settle.
"""

from __future__ import annotations

import argparse
import statistics

import paciencia.games as games
from paciencia.solver import solve

DRAW_THREE = ["GGMFQNO", "PPYDJGA", "CNBDUZZ", "RWVKYHN", "OLATWCC", "LWDAZTK", "JNLOJUZ", "EVBVKIQ", "FTDCPOQ"]
DRAW_ONE = ["GGMFQNO", "PPYDJGA", "CNBDUZZ", "RWVKYHN", "OLATWCC", "RMCIPXG", "EVBVKIQ", "VHPNQFV"]
HARD = [f"KL1-3-{n}" for n in [*DRAW_THREE, "BACXPEI"]] + [f"KL1-1-{n}" for n in DRAW_ONE]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--long", type=float, default=60.0)
    ap.add_argument("--codes", nargs="*", default=HARD)
    args = ap.parse_args()
    unknown = []
    times = []
    for code in args.codes:
        r = solve(games.new_state(code), args.timeout)
        times.append(r.seconds)
        print(f"{code}  {r.verdict.value:10}  {r.seconds:6.2f} s  {r.nodes:>11,} positions", flush=True)
        if r.verdict.value == "unknown":
            unknown.append(code)
    settled = len(args.codes) - len(unknown)
    print(
        f"settled within {args.timeout:g} s: {settled} of {len(args.codes)}; "
        f"median {statistics.median(times):.2f} s, slowest {max(times):.2f} s"
    )
    for code in unknown:
        r = solve(games.new_state(code), args.long)
        print(f"{code}  {r.verdict.value:10}  {r.seconds:6.2f} s  {r.nodes:>11,} positions (given {args.long:g} s)")


if __name__ == "__main__":
    main()
