"""The same deals solved with ``--nodes`` on a quiet machine and with every core loaded by busy
processes: prints whether the verdicts (and lines and node counts) are identical, and the times.

Run: .venv/bin/python bench/nodes_load.py [--game klondike --variant 3] [--deals 200] [--nodes N]

The deals are the survey's seeded sample (seed 2026). Each run is one ``paciencia solve --codes -
--nodes N`` process; the loaded run starts one busy-looping process per core first (stopped
when it ends). A time budget would settle fewer deals under load; a node budget settles the
same ones with the same answers, only later.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from paciencia.analysis.survey import deal_codes

BUSY = "while True:\n    pass\n"
DEFAULT_NODES = {"klondike": 5_000_000, "crescent": 3_000_000}
"""About what 5-10 s search on this machine (Klondike ~1 M positions a second in the sound
search, Crescent ~400,000 with its evaluation); it settles most deals of the samples."""


def run(codes: list[str], nodes: int) -> tuple[list[dict[str, object]], float]:
    began = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "paciencia", "solve", "--codes", "-", "--nodes", str(nodes)],
        input="\n".join(codes) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in p.stdout.splitlines()], time.perf_counter() - began


def figures(name: str, rows: list[dict[str, object]], wall: float) -> None:
    count = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("winnable", "unwinnable", "unknown")}
    secs = sorted(float(str(r["seconds"])) for r in rows)
    print(
        f"  {name:7s} {count['winnable']} won, {count['unwinnable']} lost, {count['unknown']} unknown; "
        f"wall {wall:.1f} s, per deal median {statistics.median(secs):.3f} s, slowest {secs[-1]:.2f} s",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="klondike")
    ap.add_argument("--variant", default="3")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--nodes", type=int, help="positions per deal (default: 5 M Klondike, 3 M Crescent)")
    args = ap.parse_args()
    nodes = args.nodes or DEFAULT_NODES[args.game]
    codes = deal_codes(args.game, args.variant, args.deals, args.seed)
    print(f"{len(codes)} deals of {args.game} {args.variant} (seed {args.seed}), --nodes {nodes}", flush=True)
    quiet, quiet_wall = run(codes, nodes)
    figures("quiet", quiet, quiet_wall)
    cores = os.cpu_count() or 1
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(cores)]
    try:
        loaded, loaded_wall = run(codes, nodes)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    figures(f"loaded ({cores} busy processes)", loaded, loaded_wall)

    def answers(rows: list[dict[str, object]]) -> list[tuple[object, ...]]:
        return [(r["code"], r["verdict"], r["line"], r["nodes"]) for r in rows]

    same = answers(quiet) == answers(loaded)
    differ = sum(1 for a, b in zip(answers(quiet), answers(loaded), strict=True) if a != b)
    print(f"verdicts, lines and node counts identical: {'yes' if same else f'NO ({differ} deals differ)'}")
    settled = sum(1 for r in quiet if r["verdict"] != "unknown")
    print(f"settled within the budget: {settled}/{len(quiet)}; slower under load: {loaded_wall / quiet_wall:.2f}x")


if __name__ == "__main__":
    main()
