"""Microsoft's FreeCell deals 1-1,000,000 (four free cells) settled on a Dask cluster, each loss confirmed by fc-solve.

Run: nice -n 10 .venv/bin/python bench/freecell_million.py [--first 1] [--last 1000000]
     [--chunk 5000] [--nodes 3000000] [--retry 50000000] [--jobs 2] [--scheduler local]
     [--out /work/keep/freecell-million]

The deals are cut into chunks of ``--chunk``; each chunk is one task on the cluster the surveys
use (``paciencia.analysis.survey``'s executor: ``--scheduler local`` is a ``LocalCluster`` of
``--jobs`` worker processes, one thread each; an address ``tcp://host:8786`` a running
scheduler). A task solves its deals one after the other in its worker (``paciencia.solver.solve``
on ``FC1-4-…``, ``--nodes`` positions each, no clock) and gives back its counts, the deals it did
not win, the positions searched and its CPU time (``time.process_time`` in the worker). Each
chunk's result is a small JSON file under ``--out`` (kept outside the repository), written as
the chunk finishes, so a run stopped at any point resumes with the chunks not yet done.

Then, in this process: each deal left unknown is solved again on ``--retry`` positions; each deal
ours calls unwinnable is given to Debian's fc-solve twice, with no iteration limit, its default
(meta-move) preset and ``-to 01ABCDE`` (atomic moves only, the complete move set): a loss is
confirmed when both say "I could not solve this game" (the search space exhausted). The figures
printed: won / lost / unknown at ``--nodes``, after the retry, the confirmations, the positions
(median, the ten largest), CPU time (the workers' sum, the retries, fc-solve's) and wall time.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
QUIET = {"FREECELL_SOLVER_QUIET": "1", "PATH": "/usr/bin:/bin"}
TAIL = 10  # the deals with the most positions kept per chunk


def solve_chunk(a: int, b: int, nodes: int) -> dict[str, Any]:
    """Deals a..b on ``nodes`` positions each, in the worker: counts, the deals not won, the
    positions (their sum, a histogram by powers of two, the largest), CPU seconds."""
    from paciencia.engine.dealcode import number_to_letters
    from paciencia.games import new_state
    from paciencia.solver import solve

    began = time.process_time()
    won = 0
    lost: list[int] = []
    unknown: list[int] = []
    total = 0
    octaves: dict[int, int] = {}
    tail: list[tuple[int, int]] = []
    for n in range(a, b + 1):
        result = solve(new_state(f"FC1-4-{number_to_letters(n)}"), math.inf, nodes)
        verdict = result.verdict.value
        if verdict == "winnable":
            won += 1
        elif verdict == "unwinnable":
            lost.append(n)
        else:
            unknown.append(n)
        total += result.nodes
        o = max(0, result.nodes).bit_length()
        octaves[o] = octaves.get(o, 0) + 1
        if len(tail) < TAIL:
            heapq.heappush(tail, (result.nodes, n))
        else:
            heapq.heappushpop(tail, (result.nodes, n))
    return {
        "a": a,
        "b": b,
        "nodes_budget": nodes,
        "won": won,
        "lost": lost,
        "unknown": unknown,
        "positions": total,
        "octaves": {str(k): v for k, v in sorted(octaves.items())},
        "tail": sorted(tail, reverse=True),
        "cpu": round(time.process_time() - began, 3),
    }


def chunk_path(out: Path, a: int) -> Path:
    return out / f"chunk-{a:07d}.json"


def settle(ns: argparse.Namespace) -> list[dict[str, Any]]:
    """Every chunk, on the cluster; the ones already in ``--out`` are read, not solved again."""
    from concurrent.futures import FIRST_COMPLETED, Future, wait

    from paciencia.analysis.survey import _executor

    ns.out.mkdir(parents=True, exist_ok=True)
    spans = [(a, min(a + ns.chunk - 1, ns.last)) for a in range(ns.first, ns.last + 1, ns.chunk)]
    done: list[dict[str, Any]] = []
    todo = []
    for a, b in spans:
        p = chunk_path(ns.out, a)
        if p.exists():
            row = json.loads(p.read_text())
            if row["b"] == b and row["nodes_budget"] == ns.nodes:
                done.append(row)
                continue
        todo.append((a, b))
    print(f"chunks: {len(spans)} of {ns.chunk} deals, {len(done)} already done, {len(todo)} to solve", flush=True)
    if not todo:
        return done
    with _executor(ns.jobs, ns.scheduler) as (pool, slots):
        queue = iter(todo)
        pending: set[Future[dict[str, Any]]] = set()
        while True:
            while len(pending) < 2 * slots():
                span = next(queue, None)
                if span is None:
                    break
                pending.add(pool.submit(solve_chunk, span[0], span[1], ns.nodes))
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                row = f.result()
                chunk_path(ns.out, row["a"]).write_text(json.dumps(row))
                done.append(row)
                print(
                    f"  {row['a']}-{row['b']}: won {row['won']}, lost {row['lost'] or '-'}, "
                    f"unknown {row['unknown'] or '-'}, {row['positions']:,} positions, {row['cpu']:.1f} s CPU "
                    f"({len(done)}/{len(spans)})",
                    flush=True,
                )
    return done


def retry(numbers: list[int], nodes: int, out: Path) -> dict[int, tuple[str, int, float]]:
    """The unknown deals again on ``nodes`` positions, in this process (kept in ``out``)."""
    from paciencia.engine.dealcode import number_to_letters
    from paciencia.games import new_state
    from paciencia.solver import solve

    path = out / f"retry-{nodes}.json"
    kept: dict[str, list[Any]] = json.loads(path.read_text()) if path.exists() else {}
    for n in numbers:
        if str(n) in kept:
            continue
        t = time.process_time()
        result = solve(new_state(f"FC1-4-{number_to_letters(n)}"), math.inf, nodes)
        kept[str(n)] = [result.verdict.value, result.nodes, round(time.process_time() - t, 2)]
        path.write_text(json.dumps(kept))
        print(f"  retry #{n}: {kept[str(n)][0]} after {kept[str(n)][1]:,} positions, {kept[str(n)][2]} s", flush=True)
    return {int(k): (v[0], v[1], v[2]) for k, v in kept.items() if int(k) in numbers}


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def fc_solve_loses(number: int, out: Path) -> tuple[bool, str]:
    """Whether fc-solve, with no iteration limit, exhausts the deal without a win, with its default
    preset and with atomic moves only (``-to 01ABCDE``); kept in ``out``."""
    path = out / "fc-solve-confirm.json"
    kept: dict[str, list[Any]] = json.loads(path.read_text()) if path.exists() else {}
    if str(number) not in kept:
        board = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True, env=QUIET
        ).stdout
        says = []
        for extra in ([], ["-to", "01ABCDE"]):
            res = subprocess.run(
                ["fc-solve", "-s", "-i", *extra, "-"], input=board, capture_output=True, text=True, env=QUIET
            )
            lines = [x for x in res.stdout.splitlines() if x.strip()]
            verdict = (
                "could not solve"
                if any("I could not solve" in x for x in lines)
                else ("solved" if any("This game is solveable" in x for x in lines) else "other")
            )
            states = next((x.split()[-1].rstrip(".") for x in lines if x.startswith("Total number of states")), "?")
            says.append(f"{verdict} ({states} states)")
        kept[str(number)] = [all(s.startswith("could not solve") for s in says), "; ".join(says)]
        path.write_text(json.dumps(kept))
    return bool(kept[str(number)][0]), str(kept[str(number)][1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1_000_000)
    parser.add_argument("--chunk", type=int, default=5000)
    parser.add_argument("--nodes", type=int, default=3_000_000)
    parser.add_argument("--retry", type=int, default=50_000_000, help="positions for the deals left unknown")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scheduler", default="local", help="'local' (a LocalCluster of --jobs workers) or an address")
    parser.add_argument("--out", type=Path, default=Path("/work/keep/freecell-million"))
    ns = parser.parse_args()
    began = time.perf_counter()
    rows = sorted(settle(ns), key=lambda r: r["a"])
    wall = time.perf_counter() - began
    deals = sum(r["b"] - r["a"] + 1 for r in rows)
    won = sum(r["won"] for r in rows)
    lost = sorted(n for r in rows for n in r["lost"])
    unknown = sorted(n for r in rows for n in r["unknown"])
    cpu = sum(r["cpu"] for r in rows)
    positions = sum(r["positions"] for r in rows)
    octaves: dict[int, int] = {}
    for r in rows:
        for k, v in r["octaves"].items():
            octaves[int(k)] = octaves.get(int(k), 0) + v
    below, median_octave = 0, 0
    for k in sorted(octaves):
        below += octaves[k]
        if below * 2 >= deals:
            median_octave = k
            break
    tail = sorted((t for r in rows for t in r["tail"]), reverse=True)[:TAIL]
    print(f"Microsoft's deals {ns.first}-{ns.last}, four free cells, ours at {ns.nodes:,} positions, on {ns.scheduler}")
    print(f"deals {deals}: won {won}, lost {len(lost)}, unknown {len(unknown)}")
    print(
        f"positions: {positions:,} in all, median between {(1 << median_octave) >> 1:,} and "
        f"{(1 << median_octave) - 1:,}; the ten largest: " + ", ".join(f"#{n} {p:,}" for p, n in tail)
    )
    print(
        f"CPU: {cpu:.1f} s in the workers ({1000 * cpu / max(deals, 1):.3f} ms a deal); "
        f"this run's wall time {wall:.1f} s"
    )
    at_budget = {"won": won, "lost": len(lost), "unknown": list(unknown)}
    if unknown:
        again = retry(unknown, ns.retry, ns.out)
        for n, (v, _, _) in again.items():
            if v == "winnable":
                won += 1
                unknown.remove(n)
            elif v == "unwinnable":
                lost.append(n)
                unknown.remove(n)
        lost.sort()
        print(
            f"retried at {ns.retry:,} positions ({sum(x[2] for x in again.values()):.1f} s CPU, "
            f"the largest {max(x[1] for x in again.values()):,} positions): "
            f"won {won}, lost {len(lost)}, unknown {unknown or 'none'}"
        )
    before = child_cpu()
    confirmed = []
    for n in lost:
        ok, says = fc_solve_loses(n, ns.out)
        confirmed.append(ok)
        print(f"  lost #{n}: fc-solve {'confirms' if ok else 'DOES NOT confirm'} ({says})", flush=True)
    print(
        f"ours unwinnable: {lost or 'none'}; fc-solve confirms {sum(confirmed)} of {len(lost)} "
        f"({child_cpu() - before:.1f} s CPU)"
    )
    print(f"wall time {time.perf_counter() - began:.1f} s")
    summary = {
        "first": ns.first,
        "last": ns.last,
        "nodes": ns.nodes,
        "at_nodes": at_budget,
        "retry": ns.retry,
        "deals": deals,
        "won": won,
        "lost": lost,
        "unknown": unknown,
        "confirmed": sum(confirmed),
        "cpu_workers": round(cpu, 1),
        "positions": positions,
        "tail": tail,
    }

    (ns.out / "summary.json").write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
