"""Crescent solver figures per variant: the survey's shares, intervals and solve times.

Run: .venv/bin/python bench/crescent_solver.py [--deals 100] [--timeout 10] [--jobs 2] [--variants NFDB]
     [--results DIR]
It is ``paciencia survey crescent`` for each variant (the same seeded sample of deal numbers in
every variant, results kept in DIR so an interrupted run resumes), then the issue's target:
>= 95% of deals settled (proved winnable or unwinnable) within 10 s each, in every variant.
With full knowledge of the cards the face-down variants play like the others (only the number of
redeals matters), so D repeats N and B repeats F: their figures differ only by timing noise.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from paciencia.solver import survey


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--variants", default="NFDB")
    ap.add_argument("--results", type=Path, help="folder for the JSON-lines results (default: a temporary one)")
    args = ap.parse_args()
    folder = args.results or Path(tempfile.mkdtemp(prefix="crescent-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    for v in args.variants:
        path = folder / f"crescent-{v}-{args.seed}.jsonl"
        summary = survey.run("crescent", v, args.deals, args.timeout, args.jobs, path, args.seed, sys.stderr)
        print(f"CR1-{v} ({path}):")
        for line in summary.lines(args.timeout):
            print("  " + line)
        verdict = "met" if summary.settled_in >= 0.95 else "NOT met"
        print(f"  target >= 95% settled within {args.timeout:g} s: {verdict}", flush=True)


if __name__ == "__main__":
    main()
