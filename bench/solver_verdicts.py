"""The solvers' answers on fixed deals, one line each, to compare two builds: a change meant to
leave the searches as they were (code moved into the shared C headers or the shared schedule)
must print the same lines, node counts included.

For each game's deals 1..N (``--deals``, default 200) of the variants named (default one per
game with a solver: ``KL1-3``, ``CR1-N``, ``FC1-4``): ``solve`` on a node budget (``--nodes``,
default 100,000; no clock) as verdict, positions searched and a hash of the line, and
``Game.settle`` on ``--settle`` positions (default 20,000) as verdict and first move, from the
deal and from halfway along the line found.

    .venv/bin/python bench/solver_verdicts.py > before.txt   # then after the change: diff
"""

from __future__ import annotations

import argparse
import hashlib
import math

from paciencia.games import new_state
from paciencia.solver import solve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="*", default=["KL1-3", "CR1-N", "FC1-4"])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=100_000)
    ap.add_argument("--settle", type=int, default=20_000)
    a = ap.parse_args()
    from paciencia.engine.dealcode import number_to_letters

    for variant in a.variants:
        for number in range(1, a.deals + 1):
            code = f"{variant}-{number_to_letters(number)}"
            state = new_state(code)
            r = solve(state, math.inf, a.nodes)
            line = hashlib.sha1(" ".join(r.line).encode()).hexdigest()[:10]
            verdict, first = state.game.settle(new_state(code), a.settle)
            # and halfway along the line found, where a settle has less to search
            mid = new_state(code)
            mid.play_all(r.line[: len(r.line) // 2])
            later = mid.game.settle(mid, a.settle)
            print(code, r.verdict.value, r.nodes, line, verdict, first, *later, flush=True)


if __name__ == "__main__":
    main()
