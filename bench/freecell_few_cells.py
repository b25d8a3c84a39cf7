"""Our FreeCell race on Microsoft's deals with fewer free cells: verdicts and positions, and,
with ``--before``, the same deals on another build of ``_search`` (the figures of issue 39's
late round in docs/solvers.md).

Run: .venv/bin/python bench/freecell_few_cells.py --cells 1 [--first 1] [--last 2000]
     [--nodes 3000000] [--before /path/to/an/older/_search.so] [--fc-solve]

Each deal is solved by ``_search.race_deal`` (what ``paciencia solve --codes`` runs for a
FreeCell deal) at ``--nodes`` positions, no clock. Printed: won / lost / unknown and the
positions in all, the unknown deals, and with ``--before`` every deal whose verdict, positions
or line length differ between the builds. ``--fc-solve`` asks Debian's fc-solve (``-l lg``,
``--freecells-num``, at most 3,000,000 iterations) about each deal left unknown: the target is
that it wins none of them.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
from types import ModuleType

from paciencia.games.freecell import _search

VERDICT = {0: "won", 1: "lost"}


def load(path: str) -> ModuleType:
    """A build of ``_search`` from its file (another commit's, say)."""
    spec = importlib.util.spec_from_file_location("paciencia.games.freecell._search", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(search: ModuleType, ns: argparse.Namespace) -> dict[int, tuple[str, int, int]]:
    """Each deal's verdict, positions and line length."""
    rows = {}
    for n in range(ns.first, ns.last + 1):
        status, line, nodes = search.race_deal(n, ns.cells, ns.nodes, float("inf"))
        rows[n] = (VERDICT.get(status, "unknown"), nodes, len(line.split()))
    return rows


def summary(name: str, rows: dict[int, tuple[str, int, int]]) -> None:
    counts = {v: sum(r[0] == v for r in rows.values()) for v in ("won", "lost", "unknown")}
    positions = sum(r[1] for r in rows.values())
    print(f"{name}: {counts['won']} won / {counts['lost']} lost / {counts['unknown']} unknown, {positions:,} positions")
    print(f"  unknown: {[n for n, r in rows.items() if r[0] == 'unknown']}")


def fc_solve_wins(number: int, cells: int) -> bool:
    board = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True
    )
    args = ["fc-solve", "--freecells-num", str(cells), "-l", "lg", "-mi", "3000000", "-"]
    out = subprocess.run(args, input=board.stdout, capture_output=True, text=True, env={"FREECELL_SOLVER_QUIET": "1"})
    return "This game is solveable." in out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cells", type=int, required=True)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=3_000_000)
    parser.add_argument("--before", help="another build of _search (a .so) to compare with")
    parser.add_argument("--fc-solve", action="store_true", help="ask fc-solve -l lg about each deal left unknown")
    ns = parser.parse_args()
    after = run(_search, ns)
    if ns.before:
        before = run(load(ns.before), ns)
        summary("before", before)
        for n in before:
            if before[n] != after[n]:
                print(f"  #{n}: {before[n]} -> {after[n]}  (verdict, positions, moves)")
    summary("after" if ns.before else "ours", after)
    if ns.fc_solve:
        won = [n for n, r in after.items() if r[0] == "unknown" and fc_solve_wins(n, ns.cells)]
        print(f"  left unknown that fc-solve -l lg wins: {won or 'none'}")


if __name__ == "__main__":
    main()
