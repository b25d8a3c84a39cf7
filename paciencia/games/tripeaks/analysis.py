"""TriPeaks' honest hints: what ``paciencia.analysis.honest`` asks of the game besides the solver
(``solver.settle``): a heuristic's worth of each move. The hints read completions of what the
player knows (the face-down peak cards and the stock's order are unknown); the heuristic reads
only the cards in sight, never a card a move would turn up.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.games.tripeaks.rules import COVERED_BY, COVERS, TriPeaksState, next_to


def move_scores(state: TriPeaksState, tokens: Sequence[str]) -> list[float]:
    """The heuristic's worth of each move (higher is better): a peak card played, more for each
    face-down card it turns up and when a card in sight can follow it onto the waste; a turn of
    the stock nothing."""
    out = []
    for token in tokens:
        m = state.game.parse_move(token)
        if m.is_turn:
            out.append(0.0)
            continue
        p, card = m.place, state.peaks[m.place]
        turned = sum(1 for q in COVERED_BY[p] if all(c == p or state.peaks[c] < 0 for c in COVERS[q]))
        follows = any(
            i != p and c >= 0 and not state.covered(i) and next_to(c, card) for i, c in enumerate(state.peaks)
        )
        out.append(10.0 + 6.0 * turned + (3.0 if follows else 0.0))
    return out
