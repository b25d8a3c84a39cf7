"""Spider's example: deal 1 of the one-suit game (``SP1-1-AAAAAAB``), won along a line that a
plain depth-first search finds with every card known (the builder may look: the example is
replayed after the game, not hinted). The rules pages name its first complete run leaving and
its first row dealt."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from paciencia.engine.protocol import Key
from paciencia.games import new_state
from paciencia.games.spider.rules import K_DEAL, SpiderMove, SpiderState

START = "SP1-1-AAAAAAB"
BUDGET = 300_000
"""Positions the search may visit."""


def marks(moves: Sequence[str]) -> dict[str, int]:
    """The step after the first run left for a foundation, and after the first row dealt."""
    state = new_state(START)
    found: dict[str, int] = {}
    for k, token in enumerate(moves, 1):
        before = state.figures().counts["sent_up"]
        state.play(token)
        if "first_run" not in found and state.figures().counts["sent_up"] > before:
            found["first_run"] = k
        if "first_deal" not in found and token == "D":
            found["first_deal"] = k
    return found


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The example (``timeout`` and ``first_seed`` are for other builders: this search is bounded
    by ``BUDGET`` positions, and the deal is fixed)."""
    state = new_state(START)
    assert isinstance(state, SpiderState)
    line = _search(state, BUDGET)
    if line is None:
        raise SystemExit(f"{START}: no line found within {BUDGET} positions")
    print(f"{START}: {len(line)} moves", file=sys.stderr)
    return {"game": "spider", "start_kind": "code", "start": START, "moves": line}


def _search(state: SpiderState, budget: int) -> list[str] | None:
    """A winning line from ``state`` (played on: the line's position at the end), depth first,
    the likeliest moves first (``_ordered``), never a position twice; None when the budget runs out."""
    seen: set[Key] = set()
    line: list[str] = []
    left = budget
    stack = [iter(_ordered(state))]
    seen.add(state.key())
    while stack:
        if state.is_won():
            return line
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if line:
                line.pop()
                state.undo()
            continue
        state.push(move)
        key = state.key()
        if key in seen or left <= 0:
            state.undo()
            if left <= 0:
                return None
            continue
        seen.add(key)
        left -= 1
        line.append(str(move))
        stack.append(iter(_ordered(state)))
    return None


def _ordered(state: SpiderState) -> list[SpiderMove]:
    """The legal moves worth trying, best first: a build in suit, then a build in another suit
    (either sooner when it turns a card up or empties a column), then a move into an empty
    column; a deal last. Never a move that leaves nothing better than where it was (a card
    off a card one rank higher of the same suit, or of any suit onto another suit) nor a
    whole column into an empty one."""
    scored: list[tuple[int, int, SpiderMove]] = []
    for k, m in enumerate(state.legal_moves()):
        if m.kind == K_DEAL:
            scored.append((9, k, m))
            continue
        col, dest = state.cols[m.src], state.cols[m.dst]
        start = len(col) - m.n
        card = col[start]
        turns_up = start > 0 and start == state.down[m.src]
        below = col[start - 1] if start > state.down[m.src] else None
        held = below is not None and below % 13 == card % 13 + 1
        if not dest:
            if start == 0 or (held and not turns_up):
                continue
            score = 3 if turns_up else 6
        else:
            in_suit = dest[-1] // 13 == card // 13
            if held and below is not None and (below // 13 == card // 13 or not in_suit):
                continue
            score = (0 if in_suit else 2) - (1 if turns_up or start == 0 else 0)
        if m.n < state.run_length(m.src):
            score += 2
        scored.append((score, k, m))
    return [m for _, _, m in sorted(scored, key=lambda t: t[:2])]
