"""What the two solver benches share: their options, and a survey per variant with its figures
printed; each bench then prints its own targets."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from paciencia.solver import survey


def surveys(game: str, prefix: str, variants: str, deals: int) -> Iterator[tuple[str, survey.Summary, float]]:
    """Parses the bench's options (``--variants`` defaults to ``variants``, ``--deals`` to
    ``deals``), runs ``paciencia survey`` for each variant into the results folder (so that an
    interrupted run resumes), prints its figures, and yields (variant, summary, timeout)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=deals)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--variants", default=variants)
    ap.add_argument("--results", type=Path, help="folder for the JSON-lines results (default: a temporary one)")
    args = ap.parse_args()
    folder = args.results or Path(tempfile.mkdtemp(prefix=f"{game}-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    for v in args.variants:
        path = folder / f"{game}-{v}-{args.seed}.jsonl"
        summary = survey.run(game, v, args.deals, args.timeout, args.jobs, path, args.seed, sys.stderr)
        print(f"{prefix}-{v} ({path}):")
        for line in summary.lines(args.timeout):
            print("  " + line)
        yield v, summary, args.timeout
