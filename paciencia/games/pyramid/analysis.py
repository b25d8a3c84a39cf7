"""Pyramid's honest hints: what ``paciencia.analysis.honest`` asks of the game besides the solver
(``solver.settle``): the moves that advance, a heuristic's worth of each, and the moves a player
may make at once. The hints read completions of what the player knows (the stock's order is
unknown until turned); everything here reads only the cards in sight, or the cards known to be
in the talon (every card not on the pyramid nor taken away), never their order.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.knowledge import Knowledge
from paciencia.games.pyramid.rules import COVERS, K_PAIR, K_TURN, LAYOUT, PAIR, SIZE, WASTE, PyramidState, move
from paciencia.games.takeaway import VALUE


def sure_move(knowledge: Knowledge) -> str | None:
    """``Game.sure_move``: a King that may be taken away (it pairs with nothing, so taking it
    only uncovers sooner), else a *forced pair*: two free pyramid cards that make 13 where one
    of them has no other partner left that could ever go with it (no card of the value it needs
    in the talon, which holds every card neither on the pyramid nor taken away, and no other on
    the pyramid that may leave with it). Every winning line takes that pair away together
    sometime, and taking it first keeps the line legal (solver.py, "Kings"; the search's forced
    pairs, ``_search.c``). Both read only the cards in sight and the talon's cards as a set."""
    state = knowledge.state
    assert isinstance(state, PyramidState)
    free = state.uncovered()
    for p, c in free:
        if VALUE[c] == PAIR:
            return str(move(p))
    talon = {VALUE[c] for c in state.stock} | {VALUE[c] for c in state.waste}
    on_pyramid = [(i, c) for i, c in enumerate(state.pyr) if c >= 0]
    for p, c in free:
        if p == WASTE:
            continue
        need = PAIR - VALUE[c]
        if need in talon:
            continue
        partners = [i for i, d in on_pyramid if VALUE[d] == need and LAYOUT.apart(p, i)]
        if len(partners) == 1 and state.free(partners[0]):
            return str(move(p, partners[0]))
    return None


def move_scores(state: PyramidState, tokens: Sequence[str]) -> list[float]:
    """The heuristic's worth of each move (higher is better), from the cards in sight: each
    pyramid card taken away, each card it uncovers, a King on the waste; a turn of the stock
    little, the waste turned back over less."""
    out = []
    for token in tokens:
        m = state.game.parse_move(token)
        if m.kind == K_TURN:
            out.append(0.0 if state.stock else -1.0)
            continue
        places = [p for p in (m.a, m.b) if p >= 0]
        taken = [p for p in places if p != WASTE]
        gone = {i for i, c in enumerate(state.pyr) if c < 0} | set(taken)
        uncovered = sum(
            1
            for i in range(SIZE)
            if i not in gone and any(c in taken for c in COVERS[i]) and all(c in gone for c in COVERS[i])
        )
        score = 10.0 * len(taken) + 4.0 * uncovered + (3.0 if m.kind != K_PAIR and not taken else 0.0)
        out.append(score)
    return out
