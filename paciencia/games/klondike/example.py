"""Klondike's example: the first draw-three deal, from deal 1 on, that the solver wins within the
timeout with a line of at most 140 moves; the rules pages name its first draw (the waste's fan)."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def marks(moves: Sequence[str]) -> dict[str, int]:
    """The first draw: the rules' schema of the waste's fan."""
    return {"first_draw": list(moves).index("D") + 1} if "D" in moves else {}


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for builders that fill cards at random: not this one)."""
    # Only building needs the solver: the site asks ``marks`` alone.
    from paciencia.engine.verdict import Verdict
    from paciencia.games import new_state
    from paciencia.solver import solve

    for number in range(1, 200):
        code = f"KL1-3-{''.join('ABCDEFGHIJKLMNOPQRSTUVWXYZ'[number // 26**k % 26] for k in reversed(range(7)))}"
        result = solve(new_state(code), timeout)
        print(f"{code}: {result.verdict}, {len(result.line)} moves", file=sys.stderr)
        if result.verdict == Verdict.WINNABLE and len(result.line) <= 140:
            return {"game": "klondike", "start_kind": "code", "start": code, "moves": list(result.line)}
    raise SystemExit("no deal won")
