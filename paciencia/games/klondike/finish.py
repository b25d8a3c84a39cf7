"""Klondike's Finish: once every card is face up or seen, the cards go up one step at a time.

Finish plays a card up from the waste top or a column end when one can go, and draws
otherwise. In draw three that can go round the stock for ever (the card wanted next stays
buried in its group of three), so before following it the whole line is played out on a copy;
when it does not win, a bounded search over every move finds a line that does (foundation
moves first, then draws, then the waste top to a column, …). The line is cached by position
on the state (``finish_plan``), so each step is a look-up. If no winning line is found (search
budget spent), the plain up-or-draw moves are returned, and may go round.
"""

from __future__ import annotations

from collections.abc import Iterator

from paciencia.engine.protocol import Key
from paciencia.games.klondike.rules import (
    _TO_F,
    _W_F,
    DRAW,
    K_COL_COL,
    K_COL_F,
    K_DRAW,
    K_F_COL,
    K_W_COL,
    K_W_F,
    RANK,
    SUIT,
    KlondikeMove,
    KlondikeState,
)

FINISH_BUDGET = 20_000
"""Positions a Finish may search when simply playing up and drawing would not win."""
# Search order: up first, then draws (plain Finish), then what shifts the draw's phase.
_SEARCH_RANK = {K_COL_F: 0, K_W_F: 0, K_DRAW: 1, K_W_COL: 2, K_COL_COL: 3, K_F_COL: 4}


def can_finish(state: KlondikeState) -> bool:
    """Every column card face up, nothing unseen in the stock (empty, or passed once), not won."""
    return not state.is_won() and not any(state.down) and (not state.stock or state.recycles > 0)


def finish_step(state: KlondikeState) -> KlondikeMove | None:
    """The next move of a Finish (meant for when ``can_finish``); ``None`` when the game is won
    (or nothing can move)."""
    if state.is_won():
        return None
    key = state.key()
    step = state.finish_plan.get(key)
    if step is None:
        state.finish_plan = _plan(state)
        step = state.finish_plan.get(key)
    return step if step is not None else _greedy_move(state)


def _greedy_move(state: KlondikeState) -> KlondikeMove | None:
    waste = state.waste
    found = state.found
    if waste and found[SUIT[waste[-1]]] == RANK[waste[-1]]:
        return _W_F
    for i, col in enumerate(state.cols):
        if col and found[SUIT[col[-1]]] == RANK[col[-1]]:
            return _TO_F[i]
    return DRAW if state.stock or waste else None


def _plan(state: KlondikeState) -> dict[Key, KlondikeMove]:
    sim = state.copy()
    plan: dict[Key, KlondikeMove] = {}
    while not sim.is_won():
        key = sim.key()
        step = _greedy_move(sim)
        if key in plan or step is None:  # a pass that sends nothing up repeats for ever
            line = search_win(state, FINISH_BUDGET)
            if line is None:
                return plan  # the plain moves, cached so that each further step is a look-up
            plan = {}
            sim = state.copy()
            for step in line:
                plan[sim.key()] = step
                sim.push(step)
            return plan
        plan[key] = step
        sim.push(step)
    return plan


def search_win(state: KlondikeState, budget: int) -> list[KlondikeMove] | None:
    """A winning line by depth-first search, foundation moves first; ``None`` past ``budget``."""
    sim = state.copy()
    seen = {sim.key()}
    path: list[KlondikeMove] = []
    stack: list[Iterator[KlondikeMove]] = [iter(_search_order(sim))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
                sim.undo()
            continue
        sim.push(step)
        key = sim.key()
        if key in seen:
            sim.undo()
            continue
        path.append(step)
        if sim.is_won():
            return path
        seen.add(key)
        if len(seen) > budget:
            return None
        stack.append(iter(_search_order(sim)))
    return None


def _search_order(state: KlondikeState) -> list[KlondikeMove]:
    moves = []
    for m in state.legal_moves():
        # A King with nothing under it gains nothing from another empty column.
        if m.kind == K_COL_COL and m.n == len(state.cols[m.src]) and not state.cols[m.dst]:
            continue
        moves.append(m)
    moves.sort(key=lambda m: _SEARCH_RANK[m.kind])
    return moves
