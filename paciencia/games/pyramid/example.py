"""Pyramid's example: the first deal from ``PY1-3-AAAAAAB`` on that its solver wins, along the
solver's line (``takeaway.first_won_example``). The rules pages name its first King taken away
alone, its first pair of pyramid cards, and the position from which a card of the pyramid first
pairs with the waste's top."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from paciencia.games import new_state
from paciencia.games.pyramid.rules import K_ONE, K_PAIR, WASTE, PyramidGame
from paciencia.games.takeaway import first_won_example


def marks(moves: Sequence[str]) -> dict[str, int]:
    """The step after the first King of the pyramid went alone (``king``), after the first pair
    of two pyramid cards (``pair``), and the step just before the first pair with the waste's
    top card, which shows the two (``waste``)."""
    start = json.loads((Path(__file__).parent / "examples.json").read_text(encoding="utf-8"))["start"]
    state = new_state(start)
    found: dict[str, int] = {}
    for k, token in enumerate(moves, 1):
        m = state.game.parse_move(token)
        if m.kind == K_ONE and m.a != WASTE:
            found.setdefault("king", k)
        elif m.kind == K_PAIR:
            found.setdefault("waste" if m.b == WASTE else "pair", k - 1 if m.b == WASTE else k)
        state.play(token)
    return found


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for other builders: the deals are tried in order)."""
    return first_won_example(PyramidGame(), timeout)
