"""Each level's share of the deals, chosen on a first part of a levels sample and checked on the
rest (``levels.CUTS`` "shares"; issue 40: neighbouring levels' win rates apart).

The deals are ordered by the variant's difficulty figure (``levels.difficulty``: the level games
lost, the solver's effort breaking ties), as the quarters order them. On the sample's first
``--fit`` deals, every way of cutting that order into four runs of at least ``--least`` of the
winnable deals each (in steps of ``--step`` deals) is tried, and the one whose neighbouring
levels' intervals (the site's hints' games won, Wilson 95 %) lie furthest apart (the smallest gap)
is kept, its shares rounded to half a percent. Those shares are then applied to the deals the fit
never saw, and to the whole sample: the figures printed for each are what ``scripts/make-levels
write --cut shares --shares ...`` would give.

Run: .venv/bin/python bench/level_shares.py bench/data/levels-klondike-3-2026-sight.jsonl --fit 500
     (the shares of another run: ``--shares 0.175,0.445,0.22,0.16``, no fit)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from paciencia.analysis import levels
from paciencia.analysis.survey import wilson
from paciencia.engine.verdict import Verdict


def ordered(rows: list[dict[str, Any]]) -> list[tuple[float, bool]]:
    """The winnable deals' (difficulty, won by the site's hints), easiest first."""
    first = rows[0]
    figure = int(first.get("figure", 1))
    out = [
        (levels.difficulty(levels.Measure.of(r), first["solve_nodes"], figure), bool(r["site_won"]))
        for r in rows
        if r["verdict"] == Verdict.WINNABLE.value
    ]
    return sorted(out, key=lambda x: x[0])


def gaps(won: list[int], counts: list[int]) -> list[float]:
    """Between each level and the next: the easier one's lower bound less the harder one's upper."""
    bounds = [wilson(w, n) for w, n in zip(won, counts, strict=True)]
    return [bounds[k][0] - bounds[k + 1][1] for k in range(3)]


def fit(deals: list[tuple[float, bool]], least: float, step: int) -> tuple[float, ...]:
    n = len(deals)
    least_n = max(1, int(least * n + 0.999))
    before = [0]
    for _, won in deals:
        before.append(before[-1] + won)
    best: tuple[float, tuple[int, int, int]] | None = None
    for a in range(least_n, n - 3 * least_n + 1, step):
        for b in range(a + least_n, n - 2 * least_n + 1, step):
            for c in range(b + least_n, n - least_n + 1, step):
                ends = [(0, a), (a, b), (b, c), (c, n)]
                smallest = min(gaps([before[j] - before[i] for i, j in ends], [j - i for i, j in ends]))
                if best is None or smallest > best[0]:
                    best = (smallest, (a, b, c))
    if best is None:
        raise SystemExit(f"{n} winnable deals cannot make four levels of at least {least:.0%} each")
    a, b, c = best[1]
    raw = [a / n, (b - a) / n, (c - b) / n]
    shares = [round(x * 200) / 200 for x in raw]
    return (*shares, round(1 - sum(shares), 3))


def table(label: str, rows: list[dict[str, Any]], shares: tuple[float, ...]) -> None:
    measures = [levels.Measure.of(r) for r in rows]
    first = rows[0]
    figure = int(first.get("figure", 1))
    cuts = levels.thresholds(measures, first["solve_nodes"], figure, "shares", shares)
    found = [levels.level_of(m, cuts, first["solve_nodes"], figure) for m in measures]
    counts = [sum(1 for f in found if f == lv) for lv in levels.LEVELS]
    won = [sum(1 for f, r in zip(found, rows, strict=True) if f == lv and r["site_won"]) for lv in levels.LEVELS]
    print(f"{label}: {len(rows)} deals, {sum(counts)} winnable")
    for lv, n, w in zip(levels.LEVELS, counts, won, strict=True):
        lo, hi = wilson(w, n)
        share = f"{100 * w / max(n, 1):5.1f}% ({100 * lo:.0f}-{100 * hi:.0f}%)"
        print(f"  {lv:8} {n:5} deals  site hints won {w:4}/{n:<4} = {share}")
    said = ["apart" if g > 0 else f"overlap by {-100 * g:.1f} points" for g in gaps(won, counts)]
    pairs = ("easy/medium", "medium/hard", "hard/expert")
    print("  " + ", ".join(f"{p} {s}" for p, s in zip(pairs, said, strict=True)) + f"; fewest deals {min(counts)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", type=Path, help="a levels sample's rows (scripts/make-levels measure)")
    ap.add_argument("--fit", type=int, default=500, help="the first deals of the sample's order to fit on")
    ap.add_argument("--least", type=float, default=0.15, help="each level at least this share in the fit")
    ap.add_argument("--step", type=int, default=3, help="deals between cuts tried")
    ap.add_argument("--shares", help="E,M,H,X: check these shares, no fit")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.rows.read_text().splitlines() if line.strip()]
    rows = sorted({r["code"]: r for r in reversed(rows)}.values(), key=lambda r: int(r["index"]))
    fitted = [r for r in rows if int(r["index"]) < args.fit]
    rest = [r for r in rows if int(r["index"]) >= args.fit]
    if args.shares:
        shares = tuple(float(x) for x in args.shares.split(","))
    else:
        shares = fit(ordered(fitted), args.least, args.step)
        print(f"shares fitted on the first {args.fit} deals: {','.join(f'{s:g}' for s in shares)}")
    table(f"the first {args.fit} (fitted on)", fitted, shares)
    if rest:
        table(f"the {len(rest)} after them (not seen by the fit)", rest, shares)
    table("all", rows, shares)


if __name__ == "__main__":
    main()
