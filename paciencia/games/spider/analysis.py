"""Spider's honest hints: which moves really advance (``Game.useful``) and the heuristic's worth of
each (``Game.scores``). The searching is the solver's (``paciencia.games.spider.solver``); the
hints read the completions of what the player knows (``paciencia.analysis.honest``).

A move *advances* when it turns up a face-down card, empties a column (onto another column's
card), sends a complete run up, builds a run of one suit longer than the one it took its cards
from, or deals a row (ten cards come into sight); or when it makes one of these possible where
it was not (a run moved off a card so that another run of the card's suit can go on it, say).
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.protocol import State
from paciencia.games.piles import RANK, SUIT
from paciencia.games.spider.rules import K_DEAL, RUN, SpiderMove, SpiderState, run_length


def _advances(state: SpiderState, m: SpiderMove) -> list[tuple[int, ...]]:
    """What ``m`` does at once that advances, by cards (not places, so that a run moved between
    two cards alike adds nothing): (0, the column's bottom card, the face-down cards it leaves) a
    card turned up, (1, the run's first card, the card it goes on) a longer run of one suit, (2,)
    a run sent up, (3,) a column emptied onto another's card, (4,) a row dealt."""
    if m.kind == K_DEAL:
        return [(4,)]
    src, dst = state.cols[m.src], state.cols[m.dst]
    head, rest = src[-m.n], len(src) - m.n
    out: list[tuple[int, ...]] = []
    if rest and rest == state.down[m.src]:
        out.append((0, src[0], rest))
    elif not rest and dst:
        out.append((3,))
    if dst and SUIT[dst[-1]] == SUIT[head]:
        grown = m.n + run_length(dst, state.down[m.dst])
        if grown > run_length(src, state.down[m.src]):
            out.append((2,) if grown >= RUN and RANK[src[-1]] == 0 else (1, head, dst[-1]))
    return out


WORTH = {0: 90, 1: 40, 2: 120, 3: 70, 4: 1}
"""The heuristic's worth of each advance (``_advances``): a card turned up 90 (and 10 more less
one for each face-down card it leaves: a column nearer empty first), a longer run of one suit
40, a run sent up 120, a column emptied 70, a row dealt 1 (below any move that rearranges the
columns, 2: a deal buries ten cards, and is the last resort)."""

REARRANGE = 2.0
"""The worth of a move that advances nothing at once (it may make an advance possible)."""

SPLIT = -5.0
"""... and of one that takes a run of one suit apart for nothing."""


def _worth(state: SpiderState, m: SpiderMove) -> float:
    best = 0.0
    for advance in _advances(state, m):
        worth = WORTH[advance[0]] + (10 - min(advance[2] - 1, 10) if advance[0] == 0 else 0)
        best = max(best, float(worth))
    return best


def _progress(state: SpiderState) -> set[tuple[int, ...]]:
    """The advances the legal moves make now."""
    return {a for m in state.legal_moves() for a in _advances(state, m)}


def useful_moves(state: State[SpiderMove]) -> list[str]:
    """``Game.useful``: the legal moves (resolved tokens) that advance (the module notes), at once
    or by making an advance possible that was not."""
    assert isinstance(state, SpiderState)
    sim = state.copy()
    before = _progress(sim)
    out = []
    for m in sim.legal_moves():
        if _advances(sim, m):
            out.append(str(sim.resolve(m)))
            continue
        sim.push(m)
        enabled = not _progress(sim) <= before
        sim.undo()
        if enabled:
            out.append(str(sim.resolve(m)))
    return out


def advancing_moves(state: State[SpiderMove], tokens: Sequence[str]) -> list[str]:
    """``Game.advancing``: those of ``tokens`` that bring cards into sight or send a run up (a card
    turned up, a row dealt, a complete run), or that fill an empty column without emptying another
    while the stock waits (no row is dealt while a column is empty). Not a longer run nor a column
    emptied: those can be undone by others of their kind, and the hints went round them."""
    assert isinstance(state, SpiderState)
    out = []
    for token in tokens:
        m = state.resolve(state.game.parse_move(token))
        fills = m.kind != K_DEAL and bool(state.stock) and not state.cols[m.dst] and len(state.cols[m.src]) > m.n
        if fills or any(a[0] in LASTING for a in _advances(state, m)):
            out.append(token)
    return out


LASTING = (0, 2, 4)
"""The advances (``_advances``) that no move takes back: a card turned up, a run sent up, a row dealt."""


def move_scores(state: State[SpiderMove], tokens: Sequence[str]) -> list[float]:
    """``Game.scores``: each move's worth by its best advance (``WORTH``), else ``REARRANGE``, or
    ``SPLIT`` for a move that takes a run of one suit apart."""
    assert isinstance(state, SpiderState)
    out: list[float] = []
    for token in tokens:
        m = state.resolve(state.game.parse_move(token))
        worth = _worth(state, m)
        if not worth:
            split = m.n < run_length(state.cols[m.src], state.down[m.src])
            worth = SPLIT if split else REARRANGE
        out.append(worth)
    return out
