"""FreeCell solver figures on Microsoft's deals 1..N, beside Freecell Solver on the same deals.

Run: .venv/bin/python bench/freecell_solver.py [--deals 1000] [--timeout 10] [--cells 4] [--ours-only]
It solves deals 1..N in this one process (``paciencia.solver.solve``, ``--timeout`` seconds each)
and prints the share settled (proved winnable or unwinnable), the verdicts, the median and 95th
percentile solve times and the wall time; then, in the same run on the same machine, the wall time
of ``freecell-solver-range-parallel-solve 1 N 1`` (Debian's freecell-solver-bin, fc-solve 5.0, its
default settings: four free cells; with --cells it is given ``--freecells-num``). The deals whose
verdict is not ``winnable`` are listed (of the first 32,000 with four cells, only #11982 is lost).
``--ours-only`` leaves fc-solve out (on a loaded machine it takes minutes per thousand deals).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time

from paciencia.engine.dealcode import number_to_letters
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.solver import solve


def ours(deals: int, timeout: float, cells: int) -> None:
    times: list[float] = []
    verdicts: dict[Verdict, int] = dict.fromkeys(Verdict, 0)
    odd: list[str] = []
    began = time.perf_counter()
    for number in range(1, deals + 1):
        code = f"FC1-{cells}-{number_to_letters(number)}"
        result = solve(new_state(code), timeout)
        times.append(result.seconds)
        verdicts[result.verdict] += 1
        if result.verdict is Verdict.WINNABLE:
            replay = new_state(code)
            replay.play_all(result.line)
            assert replay.status is Status.WON, code
        else:
            odd.append(f"#{number} {result.verdict.value}")
    wall = time.perf_counter() - began
    settled = verdicts[Verdict.WINNABLE] + verdicts[Verdict.UNWINNABLE]
    times.sort()
    print(f"paciencia, deals 1-{deals}, {cells} free cells, {timeout:g} s each, one process:")
    print(
        f"  settled {100 * settled / deals:.2f}% ({verdicts[Verdict.WINNABLE]} winnable, "
        f"{verdicts[Verdict.UNWINNABLE]} unwinnable, {verdicts[Verdict.UNKNOWN]} unknown); every line replayed to won"
    )
    print(
        f"  median {statistics.median(times):.4f} s, 95th percentile {times[int(0.95 * (len(times) - 1))]:.4f} s, "
        f"slowest {times[-1]:.3f} s; wall time {wall:.1f} s"
    )
    print(f"  not winnable: {', '.join(odd) if odd else 'none'}")


def fc_solve(deals: int, cells: int) -> None:
    args = ["freecell-solver-range-parallel-solve", "1", str(deals), "1"]
    if cells != 4:
        args += ["--freecells-num", str(cells)]
    began = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True, env={"FREECELL_SOLVER_QUIET": "1", "PATH": "/usr/bin:/bin"})
    print(f"{' '.join(args)}: wall time {time.perf_counter() - began:.1f} s (same run, same machine)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--cells", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--ours-only", action="store_true", help="leave freecell-solver-range-parallel-solve out")
    ns = parser.parse_args()
    ours(ns.deals, ns.timeout, ns.cells)
    if not ns.ours_only:
        fc_solve(ns.deals, ns.cells)


if __name__ == "__main__":
    main()
