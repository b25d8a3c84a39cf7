"""FreeCell's example: Microsoft's game #1 (FC1-4-AAAAAAB), the solver's line."""

from __future__ import annotations


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``first_seed`` is for builders that fill cards at random: not this one)."""
    # Only building needs the solver: the site asks ``marks`` alone.
    from paciencia.engine.verdict import Verdict
    from paciencia.games import new_state
    from paciencia.solver import solve

    result = solve(new_state("FC1-4-AAAAAAB"), timeout)
    if result.verdict != Verdict.WINNABLE:
        raise SystemExit(f"FC1-4-AAAAAAB: {result.verdict}")
    return {"game": "freecell", "start_kind": "code", "start": "FC1-4-AAAAAAB", "moves": list(result.line)}
