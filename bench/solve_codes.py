"""Throughput of ``paciencia solve --codes`` (one process for every deal) against one
``paciencia solve CODE`` process per deal, on the seeded draw-three sample (seed 2026, the
survey's deals), both solving one deal at a time.

``--codes`` runs over the whole sample (``--deals``, default 1000); one process per deal over
its first ``--subset`` deals (default 100), and that time is also extrapolated to the whole
sample (in proportion, saying so). Both use ``--timeout`` seconds per deal (default 10, the
survey's; the whole sample then takes about four minutes of solving on this machine).
The verdicts of the two ways are compared on the subset.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from pathlib import Path

from paciencia.analysis.survey import deal_codes

PACIENCIA = str(Path(__file__).resolve().parent.parent / ".venv" / "bin" / "paciencia")


def by_codes(codes: list[str], timeout: float) -> tuple[float, list[dict[str, object]]]:
    t = time.perf_counter()
    p = subprocess.run(
        [PACIENCIA, "solve", "--codes", "-", "--timeout", str(timeout)],
        input="\n".join(codes) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - t, [json.loads(line) for line in p.stdout.splitlines()]


def one_process_each(codes: list[str], timeout: float) -> tuple[float, list[str]]:
    verdicts = []
    t = time.perf_counter()
    for code in codes:
        p = subprocess.run(
            [PACIENCIA, "solve", code, "--timeout", str(timeout)], capture_output=True, text=True, check=True
        )
        verdicts.append(p.stdout.split()[0])
    return time.perf_counter() - t, verdicts


def counts(verdicts: list[str]) -> str:
    return ", ".join(f"{v} {verdicts.count(v)}" for v in ("winnable", "unwinnable", "unknown"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--subset", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    codes = deal_codes("klondike", "3", args.deals, args.seed)
    subset = codes[: args.subset]
    print(f"draw three, seed {args.seed}, {args.timeout:g} s per deal, one deal at a time")

    wall, rows = by_codes(codes, args.timeout)
    solving = sum(float(str(r["seconds"])) for r in rows)
    print(
        f"solve --codes, {len(codes)} deals: {wall:.1f} s wall, {len(codes) / wall:.1f} deals/s "
        f"({solving:.1f} s of it solving, {1000 * (wall - solving) / len(codes):.2f} ms a deal besides); "
        f"{counts([str(r['verdict']) for r in rows])}"
    )
    sub_wall, sub_rows = by_codes(subset, args.timeout)
    each_wall, each = one_process_each(subset, args.timeout)
    sub_solving = sum(float(str(r["seconds"])) for r in sub_rows)
    print(f"first {len(subset)} deals, solve --codes: {sub_wall:.1f} s wall, {len(subset) / sub_wall:.1f} deals/s")
    print(
        f"first {len(subset)} deals, one process each: {each_wall:.1f} s wall, {len(subset) / each_wall:.1f} deals/s, "
        f"{1000 * (each_wall - sub_solving) / len(subset):.0f} ms a deal besides solving (as --codes timed it)"
    )
    overhead = (each_wall - sub_wall) / len(subset)
    print(
        f"one process each, extrapolated to {len(codes)} deals (x{len(codes) / len(subset):g}): "
        f"{each_wall * len(codes) / len(subset):.0f} s, against {wall:.1f} s measured for solve --codes "
        f"({each_wall * len(codes) / len(subset) / wall:.1f}x)"
    )
    print(
        f"or, as --codes's time plus the start-up measured on the subset ({1000 * overhead:.0f} ms a deal): "
        f"{wall + overhead * len(codes):.0f} s ({(wall + overhead * len(codes)) / wall:.1f}x)"
    )
    differ = [
        (c, a, str(r["verdict"]))
        for c, a, r in zip(subset, each, sub_rows, strict=True)
        if a != r["verdict"] and "unknown" not in (a, r["verdict"])
    ]
    print(f"verdicts on the subset: {counts(each)} (one process each); settled verdicts that differ: {len(differ)}")
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
