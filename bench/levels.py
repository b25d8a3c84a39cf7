"""The difficulty levels' figures: per level, its share of the deals measured and the honest
player's win rate on them, from ``scripts/make-levels measure`` results and the thresholds in
``paciencia/analysis/levels.json`` (``scripts/make-levels write``).

Two win rates per level: the level's own games (seeds 1…4, on the levels' budget: the figure
the level is cut from, so monotone by construction) and the site's own hints (seed 0, on the
site's hint budget), a game apart from those the level rests on: the check that the levels
mean what they say. The levels must be monotone (easy > medium > hard > expert) on both.

Run: .venv/bin/python bench/levels.py bench/data/levels-klondike-3-2026.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from paciencia.analysis import levels
from paciencia.analysis.survey import wilson


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("results", type=Path)
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.results.read_text().splitlines() if line.strip()]
    first = rows[0]
    cuts = levels.cuts(first["game"], first["variant"])
    if cuts is None:
        raise SystemExit(f"no thresholds for {first['game']} {first['variant']} in {levels.DATA}")
    nodes = first["solve_nodes"]
    by: dict[str | None, list[dict[str, object]]] = {}
    for r in rows:
        m = levels.Measure.of(r)
        by.setdefault(levels.level_of(m, cuts, nodes, int(first.get("figure", 1))), []).append(r)
    n = len(rows)
    print(
        f"{first['game']} {first['variant']}: {n} deals (sample seed {first['seed']}); level from "
        f"figure {first.get('figure', 1)} (levels.difficulty), {first['seeds']} honest games each on "
        f"({first['completions']} completions x {first['play_nodes']} positions) "
        f"and the solver's positions to a win (budget {nodes:,}); cuts {', '.join(f'{c:.3f}' for c in cuts)}"
    )
    print(f"  {'level':<11} {'deals':>5} {'share':>6}  {'its games won':>22}  {'site hints won (seed 0)':>30}")
    rates = []
    spans: list[tuple[str, int, float, float]] = []
    for level in (*levels.LEVELS, levels.NOT_WINNABLE, None):
        found = by.get(level, [])
        if not found:
            continue
        games = sum(int(str(r["seeds"])) for r in found)
        own = sum(int(str(r["wins"])) for r in found)
        site = sum(1 for r in found if r["site_won"])
        lo, hi = wilson(site, len(found))
        own_text = f"{own}/{games} = {100 * own / games:.1f}%" if games else "-"
        site_text = f"{site}/{len(found)} = {100 * site / len(found):.1f}% ({100 * lo:.0f}-{100 * hi:.0f}%)"
        name = level or "unsettled"
        print(f"  {name:<11} {len(found):>5} {100 * len(found) / n:>5.1f}%  {own_text:>22}  {site_text:>30}")
        if level in levels.LEVELS:
            rates.append((own / games if games else 0.0, site / len(found)))
            spans.append((level, len(found), lo, hi))
    own_ok = all(a[0] > b[0] for a, b in itertools.pairwise(rates))
    site_ok = all(a[1] > b[1] for a, b in itertools.pairwise(rates))
    print(f"  monotone (easy > medium > hard > expert): own games {own_ok}, site hints {site_ok}")
    # Issue 40's bar: each level's interval (the site's hints) clear of its neighbours', on >= 100 deals a level.
    apart = [f"{a[0]}/{b[0]} {'apart' if a[2] > b[3] else 'overlap'}" for a, b in itertools.pairwise(spans)]
    fewest = min((s[1] for s in spans), default=0)
    print(f"  neighbours' intervals: {', '.join(apart)}; fewest deals in a level {fewest} (the bar: 100)")


if __name__ == "__main__":
    main()
