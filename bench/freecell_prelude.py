"""A prelude for the FreeCell race chosen greedily from each search of the race run alone.

Run: nice .venv/bin/python bench/freecell_prelude.py [--first 1] [--last 12000] [--cells 4]
     [--cap 6000] [--budget 5000] [--threads 24] [--cache /tmp/freecell-alone.json]

Each depth-first or best-first thread of ``_search.c`` (``--threads``: the specs, not the sound
search) runs alone (``_search.race``'s ``threads`` bit) on Microsoft's deals ``first``..``last``
with ``cells`` free cells, at most ``--cap`` positions a deal, and each deal's positions to a win
are kept (in ``--cache``, so a second run with other ``--budget`` values only chooses). Then, as
Freecell Solver's presets are made, the prelude is chosen slot by slot: each time the thread
and the number of positions more for it (a multiple of 25, at most 3,000 more) that win the
most deals not yet won for the positions they cost on all of them (a deal won costs the
positions it needed, one not won the whole slot), until the slots hold ``--budget`` positions.
It prints the slots as ``_search.c``'s ``Slot`` array (turns of one thread in a row joined).

The counts are each thread alone, not in the race: in the race the threads share one table and
a position one has entered the others skip, so the prelude is a guess to be measured
(bench/freecell_vs_fcsolve.py) and checked (every verdict of 1-32,000, bench/freecell_million.py).
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import time
from pathlib import Path

from paciencia.engine.dealcode import number_to_letters

STEP = 25
MOST_MORE = 3000


def alone(first: int, last: int, cells: int, cap: int, threads: int) -> dict[int, list[int]]:
    """Each thread's positions to a win on each deal alone (-1: not won within ``cap``)."""
    from paciencia.games import new_state
    from paciencia.games.freecell import _search
    from paciencia.games.freecell.rules import FreeCellState
    from paciencia.games.freecell.solver import _c_position
    from paciencia.solver.schedule import WON

    positions = []
    for n in range(first, last + 1):
        state = new_state(f"FC1-{cells}-{number_to_letters(n)}")
        assert isinstance(state, FreeCellState)
        positions.append(_c_position(state))
    out: dict[int, list[int]] = {}
    for q in range(threads):
        began = time.process_time()
        counts = []
        for pos in positions:
            status, _, n = _search.race(*pos, cap, float("inf"), 0, 1 << q)
            counts.append(n if status == WON else -1)
        out[q] = counts
        won = sum(1 for c in counts if c >= 0)
        print(f"thread {q}: {won}/{len(counts)} won alone, {time.process_time() - began:.1f} s CPU", flush=True)
    return out


def choose(counts: dict[int, list[int]], budget: int) -> tuple[list[tuple[int, int]], int]:
    """The greedy slots (thread, positions) and the deals none of them wins."""
    deals = len(next(iter(counts.values())))
    unwon = set(range(deals))
    given = dict.fromkeys(counts, 0)
    slots: list[tuple[int, int]] = []
    total = 0
    while total < budget and unwon:
        best: tuple[float, int, int] | None = None
        for q, row in counts.items():
            need = sorted(row[d] for d in unwon if row[d] > given[q])
            sums = [0, *itertools.accumulate(need)]
            for level in need:
                if level - given[q] > MOST_MORE:
                    break
                top = -(-level // STEP) * STEP
                won = bisect.bisect_right(need, top)
                cost = sums[won] - won * given[q] + (len(unwon) - won) * (top - given[q])
                if best is None or won / cost > best[0]:
                    best = (won / cost, q, top)
        if best is None:
            break
        _, q, top = best
        if slots and slots[-1][0] == q:
            slots[-1] = (q, slots[-1][1] + top - given[q])
        else:
            slots.append((q, top - given[q]))
        total += top - given[q]
        given[q] = top
        unwon = {d for d in unwon if not 0 <= counts[q][d] <= top}
    return slots, len(unwon)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=12000)
    parser.add_argument("--cells", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--cap", type=int, default=6000)
    parser.add_argument("--budget", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=24, help="the specs of _search.c (the sound search left out)")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/freecell-alone.json"))
    ns = parser.parse_args()
    key = f"{ns.first}-{ns.last} cells {ns.cells} cap {ns.cap} threads {ns.threads}"
    cached = json.loads(ns.cache.read_text()) if ns.cache.exists() else {}
    if cached.get("key") == key:
        counts = {int(q): row for q, row in cached["counts"].items()}
    else:
        counts = alone(ns.first, ns.last, ns.cells, ns.cap, ns.threads)
        ns.cache.write_text(json.dumps({"key": key, "counts": counts}))
    slots, left = choose(counts, ns.budget)
    print(f"deals {key}: {sum(n for _, n in slots):,} positions in {len(slots)} slots, {left} deals not won by them")
    print("{" + ", ".join(f"{{{q}, {n}}}" for q, n in slots) + "}")


if __name__ == "__main__":
    main()
