"""Our FreeCell solver against Freecell Solver's fastest preset (``-l lg``), both as processes, in turn.

Run: .venv/bin/python bench/freecell_vs_fcsolve.py [--first 1] [--deals 32000] [--chunk 32000]
     [--cells 4] [--nodes 3000000] [--fc-iters 3000000] [--rounds 1] [--threads]

The deals ``first``..``first + deals - 1`` (Microsoft's numbers) are cut into chunks; for each
chunk, ``freecell-solver-range-parallel-solve A B 1 -l lg`` (Debian's freecell-solver-bin; with
fewer cells ``--freecells-num``) and ``paciencia solve --codes -`` (the chunk's codes on stdin,
``--nodes`` positions each, one JSON line a deal with its line, replayed on the engine) run one
after the other, which one first alternating, so a change in the machine's load falls on both.
Each side's CPU time (user + system of the child process, its start-up included) is summed, and
the ratio ours / fc-solve printed per chunk and in all, with our verdicts and the deals we left
unknown. ``--rounds`` repeats the whole run. For each deal we leave unknown, fc-solve (its
default preset, as the solver tests ask it) is asked whether it wins it: the target is none.

``--threads`` instead runs each search of the race alone (``_search.race``'s ``threads`` bit
set) on the deals, in this process, and prints each one's positions: how the specs in
``_search.c`` were chosen (32 candidates each alone on deals 1-4,000, each deal's positions
kept; the race's prelude then chosen greedily from them, the thread and quota that win the most
deals for their CPU time each time, as Freecell Solver's presets are made; checked on
4,001-6,000).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from paciencia.engine.dealcode import number_to_letters

ROOT = Path(__file__).resolve().parent.parent
PACIENCIA = [str(ROOT / ".venv" / "bin" / "paciencia")]
QUIET = {"FREECELL_SOLVER_QUIET": "1", "PATH": "/usr/bin:/bin"}


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def fc_solve(a: int, b: int, cells: int, iters: int) -> tuple[float, set[int]]:
    """CPU seconds of fc-solve's ``-l lg`` on deals a..b, and the deals it did not solve; with
    fewer cells, at most ``iters`` iterations a deal (on a lost deal it otherwise grows past
    20 GB: the kernel killed it on FC1-2's first 300)."""
    args = ["freecell-solver-range-parallel-solve", str(a), str(b), "1", "-l", "lg"]
    if cells != 4:
        args += ["--freecells-num", str(cells), "-mi", str(iters)]
    before = child_cpu()
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=QUIET).stdout
    # A board it gives up on at -mi is "Intractable", not "Unsolved": neither is won.
    unsolved = {
        int(line.split()[3])
        for line in out.splitlines()
        if line.startswith(("Unsolved Board No.", "Intractable Board No."))
    }
    return child_cpu() - before, unsolved


def ours(a: int, b: int, cells: int, nodes: int) -> tuple[float, dict[int, str]]:
    """CPU seconds of ``paciencia solve --codes -`` on deals a..b, and each deal's verdict."""
    codes = "".join(f"FC1-{cells}-{number_to_letters(n)}\n" for n in range(a, b + 1))
    before = child_cpu()
    out = subprocess.run(
        [*PACIENCIA, "solve", "--codes", "-", "--nodes", str(nodes)],
        input=codes,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    took = child_cpu() - before
    verdicts = {}
    for n, line in zip(range(a, b + 1), out.splitlines(), strict=True):
        row = json.loads(line)
        verdicts[n] = row["verdict"]
        assert (row["verdict"] == "winnable") == bool(row["line"]), row
    return took, verdicts


def fc_solve_wins(number: int, cells: int) -> bool:
    """Whether fc-solve (its default preset) wins the deal, as tests/solver asks it."""
    board = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True
    ).stdout
    out = subprocess.run(
        ["fc-solve", "--freecells-num", str(cells), "-"], input=board, capture_output=True, text=True, timeout=600
    ).stdout
    return "This game is solveable." in out


def race(ns: argparse.Namespace) -> None:
    mine, theirs = 0.0, 0.0
    verdicts: dict[int, str] = {}
    unsolved: set[int] = set()
    last = ns.first + ns.deals - 1
    print(
        f"Microsoft's deals {ns.first}-{last}, {ns.cells} free cells, chunks of {ns.chunk}, "
        f"ours at {ns.nodes:,} positions"
    )
    for r in range(ns.rounds):
        for k, a in enumerate(range(ns.first, last + 1, ns.chunk)):
            b = min(a + ns.chunk - 1, last)
            if (k + r) % 2:
                t_theirs, u = fc_solve(a, b, ns.cells, ns.fc_iters)
                t_mine, v = ours(a, b, ns.cells, ns.nodes)
            else:
                t_mine, v = ours(a, b, ns.cells, ns.nodes)
                t_theirs, u = fc_solve(a, b, ns.cells, ns.fc_iters)
            mine += t_mine
            theirs += t_theirs
            verdicts.update(v)
            unsolved |= u
            print(
                f"  round {r + 1}, {a}-{b}: ours {t_mine:.2f} s, fc-solve -l lg {t_theirs:.2f} s CPU: "
                f"x{t_mine / t_theirs:.2f}",
                flush=True,
            )
    counts = {v: sum(1 for x in verdicts.values() if x == v) for v in ("winnable", "unwinnable", "unknown")}
    print(
        f"in all: ours {mine:.2f} s, fc-solve {theirs:.2f} s CPU (start-ups included): "
        f"ours / fc-solve x{mine / theirs:.2f}"
    )
    print(f"ours: {counts}; fc-solve -l lg left unsolved: {sorted(unsolved) or 'none'}")
    lost = sorted(n for n, v in verdicts.items() if v == "unwinnable")
    print(f"ours unwinnable: {lost or 'none'}")
    unknown = sorted(n for n, v in verdicts.items() if v == "unknown")
    if unknown:
        won = [n for n in unknown if fc_solve_wins(n, ns.cells)]
        print(f"ours unknown: {unknown}; of them fc-solve wins {won or 'none'}")
    else:
        print("ours unknown: none")


def threads(ns: argparse.Namespace) -> None:
    from paciencia.games import new_state
    from paciencia.games.freecell import _search
    from paciencia.games.freecell.rules import FreeCellState
    from paciencia.games.freecell.solver import _c_position

    positions = []
    for n in range(ns.first, ns.first + ns.deals):
        state = new_state(f"FC1-{ns.cells}-{number_to_letters(n)}")
        assert isinstance(state, FreeCellState)
        positions.append(_c_position(state))
    for q in range(ns.threads_count):
        t = time.process_time()
        counts = []
        settled = 0
        for pos in positions:
            status, _, n = _search.race(*pos, ns.nodes, float("inf"), 0, 1 << q)
            counts.append(n)
            settled += status in (0, 1)
        print(
            f"thread {q}: settled {settled}/{len(positions)}, positions {sum(counts):,} "
            f"(median {statistics.median(counts):g}), {time.process_time() - t:.2f} s CPU",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=32000)
    parser.add_argument("--chunk", type=int, default=32000)
    parser.add_argument("--cells", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--nodes", type=int, default=3_000_000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--fc-iters", type=int, default=3_000_000, help="fc-solve's iterations a deal, fewer cells")
    parser.add_argument("--threads", action="store_true", help="each search of the race alone, in this process")
    parser.add_argument("--threads-count", type=int, default=25, help="the specs in _search.c and the sound search")
    ns = parser.parse_args()
    if not os.path.exists(PACIENCIA[0]):
        sys.exit(f"no {PACIENCIA[0]}: run scripts/bootstrap")
    began = time.perf_counter()
    threads(ns) if ns.threads else race(ns)
    print(f"wall time {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
