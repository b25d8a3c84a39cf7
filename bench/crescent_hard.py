"""The hard Crescent deals (bench/data/crescent_hard.txt), each solved with 10 s, and those still
unknown again with 60 s: per deal, verdict and seconds, then how many settled within each.

Run: nice -n 10 .venv/bin/python bench/crescent_hard.py [--timeout 10] [--long 60] [--all-long] [CODE ...]
The solver is deterministic but for the clock (its tries come from a fixed seed), so a deal settled
within 10 s settles within 60 s too: by default only the deals unknown at 10 s are solved again
(``--all-long`` solves every one with 60 s; ``--long 0`` skips the second round). Every winning
line is replayed on the engine (survey.solve_one does). Deals given on the command line replace the
file's list.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from _surveys import solve_rounds

DATA = Path(__file__).parent / "data" / "crescent_hard.txt"


def hard_codes() -> list[str]:
    lines = (t.split("#")[0].split() for t in DATA.read_text().splitlines())
    return [words[0] for words in lines if words]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("codes", nargs="*", help="deal codes (default: bench/data/crescent_hard.txt)")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--long", type=float, default=60.0, help="second round's timeout (0: none)")
    ap.add_argument("--all-long", action="store_true", help="solve every deal in the second round")
    args = ap.parse_args()
    solve_rounds(args.codes or hard_codes(), args.timeout, args.long, args.all_long)


if __name__ == "__main__":
    main()
