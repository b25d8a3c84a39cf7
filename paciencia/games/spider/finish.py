"""Spider's Finish: once nothing is hidden (every card face up, the stock dealt), the rest is a
puzzle with every card in sight, and Finish plays a line that wins it.

The line is found by a depth-first search bounded by ``FINISH_BUDGET`` positions, trying first
the moves that build in suit (which complete runs), then the other builds, then moves into an
empty column (never a whole column into another empty one), and never a position twice. It is
kept by position on the state (``finish_plan``), so each step is a look-up; with no line found
within the budget Finish has no step (``None``), and the player plays on.
"""

from __future__ import annotations

from paciencia.engine.protocol import Key
from paciencia.games.spider.rules import SpiderMove, SpiderState

FINISH_BUDGET = 20_000
"""Positions a Finish may search for its line."""


def finish_step(state: SpiderState) -> SpiderMove | None:
    """The next move of a winning line from ``state`` (meant for when ``can_finish``)."""
    if state.is_won():
        return None
    key = state.key()
    step = state.finish_plan.get(key)
    if step is None:
        state.finish_plan = plan(state, FINISH_BUDGET)
        step = state.finish_plan.get(key)
    return step


def ordered(state: SpiderState) -> list[SpiderMove]:
    """The legal moves worth searching, the likeliest first (see the module docstring)."""
    scored: list[tuple[int, int, SpiderMove]] = []
    for k, m in enumerate(state.legal_moves()):
        col = state.cols[m.src]
        card = col[-m.n]
        dest = state.cols[m.dst]
        if not dest:
            if m.n == len(col):
                continue  # the same column, one place over
            score = 4
        else:
            score = 0 if dest[-1] == card + 1 else 2
        if m.n < state.run_length(m.src):
            score += 1  # a run split: the cards left behind were in suit already
        scored.append((score, k, m))
    return [m for _, _, m in sorted(scored)]


def plan(state: SpiderState, budget: int) -> dict[Key, SpiderMove]:
    """Position key → move, along a winning line from ``state`` found within ``budget``
    positions searched; empty when none was found."""
    work = state.copy()
    seen: set[Key] = set()
    line: list[tuple[Key, SpiderMove]] = []
    left = budget

    def search() -> bool:
        nonlocal left
        if work.is_won():
            return True
        key = work.key()
        if key in seen or left <= 0:
            return False
        seen.add(key)
        left -= 1
        for m in ordered(work):
            work.push(m)
            line.append((key, m))
            if search():
                return True
            line.pop()
            work.undo()
        return False

    return dict(line) if search() else {}
