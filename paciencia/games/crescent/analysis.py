"""Crescent's hints. The full-knowledge ones (``analyse_crescent``, ``hint_crescent``: a move on a
winning line, else the best-evaluated move that leads to no position met before, or "no useful
move", or "lost" when the solver exhausted the position) read every card; the site's hints are
honest (``paciencia.analysis.honest``) and use this module only on completions of what the player
knows: ``crescent_knowledge``, ``settle`` (the solver on a node budget), ``useful_crescent`` and
``move_scores``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from paciencia.engine.knowledge import Knowledge, knowledge_of
from paciencia.engine.protocol import Analysis, Key, is_undo
from paciencia.engine.verdict import Result, Verdict
from paciencia.games.crescent import _search as _crescent
from paciencia.games.crescent.rules import ASC, DESC, PILE_LIMIT, UNDO_LIMIT, CrescentMove, CrescentState, move
from paciencia.games.crescent.solver import MET, RANK, WON, _position, evaluate, solve_crescent
from paciencia.solver import schedule
from paciencia.solver.schedule import BUDGET, Answer


def analyse(state: CrescentState, seconds: float, avoid: set[Key]) -> Analysis:
    """``Game.analyse`` for Crescent (``analyse_crescent``), as an ``Analysis``."""
    kind, token = analyse_crescent(state, seconds, avoid)
    return Analysis(kind, token)


def _after(state: CrescentState, m: CrescentMove) -> CrescentState:
    st = state.copy()
    st.push(m)
    return st


def hint_crescent(
    state: CrescentState, budget_seconds: float = 0.25, avoid: set[tuple[object, ...]] | None = None
) -> str | None:
    """A move to play: the first of a winning line when the solver finds one within the budget,
    else the legal move whose position evaluates best among those not in ``avoid`` (keys, as
    ``CrescentState.key()``, of positions met earlier: the caller passes its game's history, so
    following hints never goes round in a loop). None when nothing is left to suggest."""
    if not state.legal_moves() or state.is_won():
        return None
    return _hint(state, solve_crescent(state, budget_seconds), avoid or set())


def _hint(state: CrescentState, result: Result, avoid: set[tuple[object, ...]]) -> str | None:
    if result.verdict is Verdict.WINNABLE and result.line:
        first = result.line[0]
        # A fresh line may differ from the one an earlier hint followed: never step back.
        if _after(state, state.game.parse_move(first)).key() not in avoid:
            return first
    best: tuple[int, str] | None = None
    for m in state.legal_moves():
        st = _after(state, m)
        if st.key() in avoid or st.key() == state.key():
            continue
        score = evaluate(st)
        if m.src >= ASC:
            score -= 1  # a transfer only when it is worth more than the rest
        if best is None or score > best[0]:
            best = (score, str(m))
    return None if best is None else best[1]


def analyse_crescent(
    state: CrescentState, budget_seconds: float = 0.2, avoid: set[tuple[object, ...]] | None = None
) -> tuple[str, str | None]:
    """What the table's Hint says, from one solve: ("lost", None) when the solver proved that no
    line wins; ("move", token) for a move on a winning line it found, or else the best-evaluated
    of the moves (``hint_crescent``) when some move advances; ("no_useful", None) when none does
    and no winning line turned up. Call it on a position with legal moves."""
    result = solve_crescent(state, budget_seconds)
    if result.verdict is Verdict.UNWINNABLE:
        return "lost", None
    if not useful_crescent(state) and not (result.verdict is Verdict.WINNABLE and result.line):
        return "no_useful", None
    token = _hint(state, result, avoid or set())
    return ("no_useful", None) if token is None else ("move", token)


def crescent_progress(state: CrescentState, budget_seconds: float = 0.25) -> tuple[list[str], bool]:
    """The legal moves that really advance (``useful_crescent``), and whether the position is
    proved lost: the game is blocked, or the solver exhausted the position within the budget
    (sound reductions only)."""
    useful = useful_crescent(state)
    if state.is_won():
        return useful, False
    if state.status.value == "blocked":
        return useful, True
    return useful, solve_crescent(state, budget_seconds).verdict is Verdict.UNWINNABLE


def useful_crescent(state: CrescentState) -> list[str]:
    """The legal moves that really advance: a move that sends a card up; empties a pile; turns
    a face-down card up; uncovers a card that can then go up or onto another pile; a transfer
    after which a pile card can go up; or a redeal after which a pile card can go up."""
    useful: list[str] = []
    for m in state.legal_moves():
        if m.is_redeal or m.src >= ASC:
            st = _after(state, m)
            if any(n.src < ASC and n.dst >= ASC for n in st.legal_moves() if not n.is_redeal):
                useful.append(str(m))
            continue
        if m.dst >= ASC:
            useful.append(str(m))
            continue
        p = state.piles[m.src]
        if len(p) == 1 or state.down[m.src] == len(p) - 1 > 0:
            useful.append(str(m))
            continue
        st = _after(state, m)
        if any(n.src == m.src and n.dst != m.dst for n in st.legal_moves() if not n.is_redeal):
            useful.append(str(m))
    return useful


# -- what the player knows, and honest answers -------------------------------------------------


def crescent_knowledge(start: CrescentState, tokens: Sequence[str]) -> Knowledge:
    """``Game.knowledge`` for Crescent. Only each pile's top card is in sight (in every variant),
    and a card is known once it has been a top; the decks hold each card twice, so each slot is
    followed with a tag of its own through the moves, the undos and the redeals."""
    state = start.copy()
    tags = [list(range(PILE_LIMIT * 8 * i, PILE_LIMIT * 8 * i + len(p))) for i, p in enumerate(state.piles)]
    seen = {t[-1] for t in tags if t}
    # What each move in the undo history took off a pile (a tag), mirroring ``state.history``.
    taken: deque[int | None] = deque(maxlen=UNDO_LIMIT)
    for token in tokens:
        if is_undo(token):
            m = state.undo()
            tag = taken.pop()
            if m.dst < ASC:
                tag = tags[m.dst].pop()
            if m.src < ASC:
                assert tag is not None
                tags[m.src].append(tag)
        else:
            m = state.play(token)
            if m.is_redeal:
                for t in tags:
                    if len(t) >= 2:
                        t.append(t.pop(0))
                taken.clear()
            else:
                tag = tags[m.src].pop() if m.src < ASC else None
                if m.dst < ASC:
                    assert tag is not None
                    tags[m.dst].append(tag)
                taken.append(tag)
        seen.update(t[-1] for t in tags if t)
    known = [[True] * len(cards) for _, cards in state.place_lines()[:8]]  # the foundations
    known += [[tag in seen for tag in t] for t in tags]
    return knowledge_of(state, known, state.game.deck())


SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


def settle(state: CrescentState, nodes: int) -> tuple[str, str | None]:
    """``Game.settle``: the exhaustive search (a quarter of the budget; it alone may prove a
    loss), a greedy dive (a quarter) and phased tries (the rest; they only find wins), on the
    shared schedule (``schedule.settle``)."""
    pos = _position(state)

    def search(greedy: int, seed: int) -> Callable[[int], Answer]:
        def run(budget: int) -> Answer:
            status, trail, n, _ = _crescent.search(*pos, greedy, budget, SAFETY_SECONDS, 6, 30, 0.0, seed, 0)
            return status, trail, n

        return run

    def phased(budget: int) -> Answer:
        found = _phased_nodes(pos, [budget], max(nodes // 16, 1), 2, (20, 30, 0.0), 2)
        return (BUDGET, [], 0) if found is None else (WON, found, 0)

    tries = ((True, 0.25, search(0, 0)), (False, 0.25, search(1, 1)), (False, 0.5, phased))
    return schedule.settle(state, nodes, tries, lambda trail: _first_token(state, trail[0]))


def _phased_nodes(
    pos: tuple[list[list[int]], list[int], list[int], int],
    left: list[int],
    budget: int,
    keep: int,
    w: tuple[int, int, float],
    seed: int,
) -> list[int] | None:
    """``solver._phased`` with a budget of positions in all (``left``) instead of a clock."""
    if left[0] <= 0:
        return None
    status, trail, n, ends = _crescent.search(*pos, 1, min(budget, left[0]), SAFETY_SECONDS, *w, seed, keep)
    left[0] -= n
    if status == WON:
        return trail
    for _, line, piles, a, d in sorted(ends, key=lambda e: e[0], reverse=True):
        rest = _phased_nodes((piles, list(a), list(d), pos[3] - 1), left, budget, keep, w, seed + 1)
        if rest is not None:
            return line + rest
    return None


def _first_token(state: CrescentState, m: int) -> str:
    """The first engine move of a search line's first move (a met suit's card going up may
    first need its foundations' meeting point slid)."""
    if m < 0:
        return "R"
    src, dst = m >> 5, m & 31
    if dst < MET:
        return str(move(src, dst))
    s = dst - MET
    r = RANK[state.piles[src][-1]]
    target = r - 1 if r > 0 else 0
    if state.ftop[s] > target:
        return str(move(ASC + s, DESC + s))
    if state.ftop[s] < target:
        return str(move(DESC + s, ASC + s))
    return str(move(src, ASC + s if r > 0 else DESC + s))


def move_scores(state: CrescentState, tokens: Sequence[str]) -> list[float]:
    """``evaluate`` after each move (a transfer only when it is worth more than the rest)."""
    out = []
    for token in tokens:
        m = state.game.parse_move(token)
        score = float(evaluate(_after(state, m)))
        out.append(score - 1 if m.src >= ASC else score)
    return out
