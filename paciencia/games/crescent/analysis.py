"""Crescent's hints: a move worth playing now, or why there is none (from one solve).

The solver (``solver``) knows every card; what the hint says of it is chosen
here: a move on a winning line, else the best-evaluated move that leads to no position met
before, or "no useful move", or "lost" when the solver exhausted the position.
"""

from __future__ import annotations

from paciencia.engine.protocol import Analysis, Key
from paciencia.games.crescent.rules import ASC, CrescentMove, CrescentState
from paciencia.games.crescent.solver import evaluate, solve_crescent
from paciencia.solver import Result, Verdict


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
