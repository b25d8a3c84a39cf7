"""What the two solver benches share: their options, and a survey per variant with its figures
printed; each bench then prints its own targets."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from paciencia.analysis import survey


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


def solve_rounds(codes: list[str], timeout: float, long: float, all_long: bool = False) -> None:
    """Solves each deal with ``timeout`` seconds, printing verdict, seconds and positions per deal
    and how many settled; then, when ``long`` > 0, those still unknown (every one with
    ``all_long``) again with ``long`` seconds. Every winning line is replayed on the engine
    (``survey.solve_one`` does)."""
    first = _solve_all(codes, timeout)
    if long > 0:
        again = codes if all_long else [c for c in codes if first[c]["verdict"] == "unknown"]
        if again:
            _solve_all(again, long)


def _solve_all(codes: list[str], timeout: float) -> dict[str, dict[str, object]]:
    print(f"-- {len(codes)} deals, {timeout:g} s each", flush=True)
    out = {}
    for code in codes:
        row = survey.solve_one(code, timeout)
        out[code] = row
        print(
            f"  {code}  {row['verdict']:10s} {float(str(row['seconds'])):7.2f} s  {row['nodes']:>10} nodes", flush=True
        )
    settled = [float(str(r["seconds"])) for r in out.values() if r["verdict"] != "unknown"]
    median = statistics.median(settled) if settled else float("nan")
    print(f"  settled within {timeout:g} s: {len(settled)}/{len(codes)} (median of those {median:.2f} s)", flush=True)
    return out
