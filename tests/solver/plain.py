"""Plain search: the oracle the solvers' reductions are checked against on small positions."""

from __future__ import annotations

from typing import Any


def plain_winnable(state: Any, budget: int = 20_000) -> bool | None:
    """Exhaustive search over the engine's legal moves with a visited set of engine keys (no
    reduction at all); None past ``budget`` positions. ``state``: a position with ``is_won()``."""
    sim = state.copy()
    if sim.is_won():
        return True
    seen = {sim.key()}
    stack = [iter(sim.legal_moves())]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                sim.undo()
            continue
        sim.push(m)
        if sim.is_won():
            return True
        k = sim.key()
        if k in seen:
            sim.undo()
            continue
        seen.add(k)
        if len(seen) > budget:
            return None
        stack.append(iter(sim.legal_moves()))
    return False
