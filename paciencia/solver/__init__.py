"""Solving, for every game: is a deal or position winnable, and the winning line.

Each game brings its solver (``Game.solve``, in the game's package; the search loops are the C
extensions in this package; the surveys over many deals are ``paciencia.analysis.survey``).
``solve(state, timeout)`` answers with a ``Result``: ``winnable`` with a line in move notation
that replays to won, ``unwinnable`` when the whole search space was exhausted (only sound
pruning took part), or ``unknown`` when time (or the node budget) ran out first.
"""

from __future__ import annotations

from paciencia.engine.protocol import State
from paciencia.engine.verdict import Result

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def solve(state: State[Any], timeout: float = 10.0, nodes: int | None = None) -> Result:
    """Solves a copy of ``state`` (which is left untouched), with the solver its game brings.
    ``nodes``: a budget of positions searched instead of the clock, so that the same call gives
    the same answer (verdict, line, node count) on any machine, loaded or not; ``timeout`` is
    then only a cap (``math.inf``: none, and the clock never decides)."""
    if nodes is None:
        return state.game.solve(state, timeout)
    return state.game.solve(state, timeout, nodes)
