"""Pyramid's example: the first deal from ``PY1-3-AAAAAAB`` on that its solver wins (every card
known:
the example is replayed after the game, not hinted), along the solver's line. No named steps
yet (the rules pages draw no schema)."""

from __future__ import annotations

import sys

from paciencia.games.pyramid.rules import PyramidGame


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for other builders: the deals are tried in order)."""
    for number in range(1, 50):
        game = PyramidGame()
        code = str(game.code(number))
        state = game.new_state(number)
        result = state.game.solve(state, timeout)
        if result.verdict.value == "winnable":
            print(f"{code}: {len(result.line)} moves", file=sys.stderr)
            return {"game": "pyramid", "start_kind": "code", "start": code, "moves": list(result.line)}
    raise SystemExit("no winnable deal among the first 49")
