"""Moves already made (solver.py) on the hard Klondike deals: the sound search alone (no dives,
no schedule), run to its end or to ``--nodes`` positions, skipping the moves already made
(shortcuts 15) and not (7), printing per deal the status, positions searched and seconds of each, and their ratio.
Positions are the machine-independent figure; seconds depend on the load (CPU seconds, user and
system, much less than wall seconds on a shared machine).

Run: nice -n 10 .venv/bin/python bench/klondike_order.py [--nodes 200000000] [--codes CODE ...]
"""

from __future__ import annotations

import argparse
import math
import time

from klondike_hard import HARD

from paciencia.games import new_state
from paciencia.games.klondike import _search as _klondike
from paciencia.games.klondike.rules import KlondikeState
from paciencia.games.klondike.solver import SOUND, _c_position

STATUS = {0: "won", 1: "lost", 2: "budget", 3: "time", 4: "full"}
PLAIN, ORDERED = SOUND & ~8, SOUND | 8  # without and with "Moves already made"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=200_000_000, help="positions per search at most")
    ap.add_argument("--codes", nargs="*", default=HARD)
    ap.add_argument("--only", choices=["plain", "made"], help="run one of the two searches")
    args = ap.parse_args()
    runs = [("plain", PLAIN), ("made", ORDERED)]
    if args.only:
        runs = [r for r in runs if r[0] == args.only]
    for code in args.codes:
        state = new_state(code)
        assert isinstance(state, KlondikeState)
        pos = _c_position(state)
        cells = []
        counts = []
        for name, flags in runs:
            t, cpu = time.perf_counter(), time.process_time()
            status, _, n = _klondike.search(*pos, 0, args.nodes, math.inf, 0.0, 0, flags)
            wall, cpu = time.perf_counter() - t, time.process_time() - cpu
            rate = n / cpu / 1e6
            seconds = f"{wall:7.1f} s wall {cpu:6.1f} s CPU {rate:5.2f} M/CPU s"
            cells.append(f"{name} {STATUS[status]:6s} {n:>11,} nodes {seconds}")
            counts.append(n)
        ratio = f"  ratio {counts[0] / counts[1]:.2f}" if len(counts) == 2 else ""
        print(f"{code}  " + "  |  ".join(cells) + ratio, flush=True)


if __name__ == "__main__":
    main()
