"""The deals that resist a survey on a node budget: every deal of the results files given that
was not settled within the survey's budget, solved again with ``--long`` positions; one line per
deal (code, both rounds' verdict, positions and seconds), then a summary per file.

Run: nice -n 10 .venv/bin/python bench/resisting.py --long 90000000 RESULTS.jsonl [...]
     [--out bench/data/resisting.txt]

Budgets in positions give the same verdicts on any machine; the seconds printed are this
machine's, under whatever load it had. The results files come from ``paciencia survey ...
--nodes N --results FILE``; a file on the clock is read alike (its unknowns are resolved).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from paciencia.analysis import survey


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("results", nargs="+", type=Path)
    ap.add_argument("--long", type=int, default=90_000_000, help="positions for the second round (0: none)")
    ap.add_argument("--cap", type=float, default=float("inf"), help="seconds at most per deal (default: none)")
    ap.add_argument("--slowest", type=int, default=5, help="also name this many slowest settled deals")
    ap.add_argument("--out", type=Path, help="also write the lines to this file")
    args = ap.parse_args()
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    for path in args.results:
        rows = [json.loads(t) for t in path.read_text().splitlines() if t.strip()]
        budget = rows[0].get("budget") if rows else None
        settled = [r for r in rows if r["verdict"] != "unknown"]
        counts = {v: sum(r["verdict"] == v for r in rows) for v in ("winnable", "unwinnable", "unknown")}
        nodes = sorted(int(r["nodes"]) for r in settled)
        say(f"# {path.name}: {len(rows)} deals on a budget of {budget} positions: {counts}")
        if nodes:
            p95 = nodes[int(0.95 * (len(nodes) - 1))]
            median = statistics.median(nodes)
            say(f"#   settled {len(settled)}/{len(rows)}; positions median {median:.0f}, p95 {p95}, max {nodes[-1]}")
        slowest = sorted(settled, key=lambda r: -int(r["nodes"]))[: args.slowest]
        for r in slowest:
            say(f"#   settled, among the slowest: {r['code']} {r['verdict']} {r['nodes']} positions {r['seconds']} s")
        for r in rows:
            if r["verdict"] != "unknown":
                continue
            first = f"{r['code']}  {r['verdict']} {r['nodes']} positions {float(r['seconds']):.1f} s"
            if args.long <= 0:
                say(first)
                continue
            again = survey.solve_one(str(r["code"]), args.cap, args.long)
            say(
                f"{first}  |  {again['verdict']} {again['nodes']} positions {float(str(again['seconds'])):.1f} s"
                f" (budget {args.long})"
            )
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
