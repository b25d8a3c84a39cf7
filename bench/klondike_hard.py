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

from _surveys import solve_rounds

DRAW_THREE = ["GGMFQNO", "PPYDJGA", "CNBDUZZ", "RWVKYHN", "OLATWCC", "LWDAZTK", "JNLOJUZ", "EVBVKIQ", "FTDCPOQ"]
DRAW_ONE = ["GGMFQNO", "PPYDJGA", "CNBDUZZ", "RWVKYHN", "OLATWCC", "RMCIPXG", "EVBVKIQ", "VHPNQFV"]
HARD = [f"KL1-3-{n}" for n in [*DRAW_THREE, "BACXPEI"]] + [f"KL1-1-{n}" for n in DRAW_ONE]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--long", type=float, default=60.0, help="second round's timeout (0: none)")
    ap.add_argument("--codes", nargs="*", default=HARD)
    args = ap.parse_args()
    solve_rounds(args.codes, args.timeout, args.long)


if __name__ == "__main__":
    main()
