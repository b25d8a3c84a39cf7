"""Solving, for every game: is a deal or position winnable, and the winning line.

Each game brings its solver (``Game.solve``, in the game's package; the search loops are the C
extensions in this package, ``_crescent``, ``_klondike`` and ``_freecell``, and the surveys are ``survey``).
``solve(state, timeout)`` answers with a ``Result``: ``winnable`` with a line in move notation
that replays to won, ``unwinnable`` when the whole search space was exhausted (only sound
pruning took part), or ``unknown`` when time (or the node budget) ran out first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from paciencia.engine.protocol import State


class Verdict(StrEnum):
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    verdict: Verdict
    line: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)


def solve(state: State[Any], timeout: float = 10.0, nodes: int | None = None) -> Result:
    """Solves a copy of ``state`` (which is left untouched), with the solver its game brings.
    ``nodes``: a budget of positions searched instead of the clock, so that the same call gives
    the same answer (verdict, line, node count) on any machine, loaded or not; ``timeout`` is
    then only a cap (``math.inf``: none, and the clock never decides)."""
    if nodes is None:
        return state.game.solve(state, timeout)
    return state.game.solve(state, timeout, nodes)
