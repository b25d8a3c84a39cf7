"""Pyramid's example: the first deal from ``PY1-3-AAAAAAB`` on that its solver wins, along the
solver's line (``takeaway.first_won_example``). No named steps yet."""

from __future__ import annotations

from paciencia.games.pyramid.rules import PyramidGame
from paciencia.games.takeaway import first_won_example


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for other builders: the deals are tried in order)."""
    return first_won_example(PyramidGame(), timeout)
