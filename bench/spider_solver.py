"""Spider solver figures per suit count (issue 41): over N random deals solved one after the other
in one process, the share settled (won with a line that replays, or lost proved) within the
target's time, the median and 95th percentile seconds, and every deal left unsettled, named.

Run: .venv/bin/python bench/spider_solver.py [--deals 1000] [--suits 1 2 4] [--cap SECONDS]
     [--seed 2026] [--results DIR]

The targets: one suit 100 % settled within 10 s, two suits at least 99 % and four suits at least
95 % within 60 s (``TARGET``). Each deal is solved with the target's seconds, or ``--cap`` seconds
when given (a shorter run: a deal settled within the cap is settled within the target too, so the
share printed is a lower bound of the target's). Seconds are wall clock; CPU seconds (this
process's, which the C search runs in) are printed beside them, since this machine is shared.
The deals are the survey's seeded sample (``paciencia.analysis.survey.deal_codes``); with
``--results``, each suit count's rows go to DIR/spider-<suits>.jsonl and a run resumes there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from paciencia.analysis.survey import deal_codes, wilson
from paciencia.engine.protocol import Status
from paciencia.games import new_state
from paciencia.solver import solve

TARGET = {"1": (10.0, 1.00), "2": (60.0, 0.99), "4": (60.0, 0.95)}
"""Per suit count: the seconds a deal may take, and the share that must settle within them."""


def solve_row(code: str, seconds: float) -> dict[str, object]:
    cpu = time.process_time()
    result = solve(new_state(code), seconds)
    cpu = time.process_time() - cpu
    if result.line:
        check = new_state(code)
        check.play_all(result.line)
        assert check.status is Status.WON, code
    return {
        "code": code,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 4),
        "cpu": round(cpu, 4),
        "nodes": result.nodes,
        "moves": len(result.line),
        "notes": {k: v for k, v in result.notes.items() if isinstance(v, (int, str))},
    }


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--suits", nargs="*", default=["1", "2", "4"], choices=["1", "2", "4"])
    ap.add_argument("--cap", type=float, default=None, help="seconds per deal instead of the target's")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--results", type=Path, default=None)
    a = ap.parse_args()
    for suits in a.suits:
        limit, share = TARGET[suits]
        seconds = min(limit, a.cap) if a.cap else limit
        codes = deal_codes("spider", suits, a.deals, a.seed)
        done: dict[str, dict[str, object]] = {}
        path = a.results / f"spider-{suits}.jsonl" if a.results else None
        if path and path.exists():
            for line in path.read_text().splitlines():
                row = json.loads(line)
                done[str(row["code"])] = row
        started = time.perf_counter()
        rows = []
        for k, code in enumerate(codes):
            row = done.get(code) or solve_row(code, seconds)
            if code not in done and path:
                path.parent.mkdir(parents=True, exist_ok=True)
                with path.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            rows.append(row)
            if (k + 1) % 50 == 0:
                print(f"  {suits} suit(s): {k + 1}/{len(codes)} deals", flush=True)
        wall = time.perf_counter() - started
        secs = [float(r["seconds"]) for r in rows]  # type: ignore[arg-type]
        cpus = [float(r["cpu"]) for r in rows]  # type: ignore[arg-type]
        won = sum(r["verdict"] == "winnable" for r in rows)
        lost = sum(r["verdict"] == "unwinnable" for r in rows)
        unsettled = [str(r["code"]) for r in rows if r["verdict"] == "unknown"]
        settled = won + lost
        n = len(rows)
        within10 = sum(1 for r, t in zip(rows, secs, strict=True) if r["verdict"] != "unknown" and t <= 10)
        low, high = wilson(won, n)
        print(
            f"Spider, {suits} suit(s): {n} deals, {seconds:g} s each ({limit:g} s target), {wall:.0f} s in all\n"
            f"  won {won}, lost {lost}, unsettled {len(unsettled)}: settled {100 * settled / n:.1f}% "
            f"(target {100 * share:g}% within {limit:g} s: {'met' if settled >= share * n else 'NOT met'}"
            f"{'' if seconds >= limit else ', a lower bound: capped'})\n"
            f"  winnable {100 * won / n:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%, unsettled as lost)\n"
            f"  seconds: median {statistics.median(secs):.2f}, 95th pct {pct(secs, 0.95):.2f}, "
            f"slowest {max(secs):.2f}; CPU median {statistics.median(cpus):.2f}, 95th pct {pct(cpus, 0.95):.2f}\n"
            f"  settled within 10 s: {100 * within10 / n:.1f}%"
            f"; unsettled: {' '.join(unsettled) or 'none'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
