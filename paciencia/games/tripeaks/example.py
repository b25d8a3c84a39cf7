"""TriPeaks' example: the first deal from ``TP1-1-AAAAAAB`` on that its solver wins, along the
solver's line (``takeaway.first_won_example``). The rules pages name its first run of cards onto
the waste (the step before the stock is first turned) and its first turn of the stock."""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.games.takeaway import first_won_example
from paciencia.games.tripeaks.rules import TriPeaksGame


def marks(moves: Sequence[str]) -> dict[str, int]:
    """The step just before the stock is first turned (``run``: the cards played from the deal
    on), and the step after it (``stock``)."""
    first = next((k for k, token in enumerate(moves, 1) if token == "D"), None)
    return {} if first is None or first < 2 else {"run": first - 1, "stock": first}


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for other builders: the deals are tried in order)."""
    return first_won_example(TriPeaksGame(), timeout)
