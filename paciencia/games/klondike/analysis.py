"""Klondike's hints: is any move useful, and which move to play (a winning line's, else the best
by a heuristic). The solver (``paciencia.games.klondike.solver``) does the searching.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection

from paciencia.engine.cards import SUIT_LETTERS
from paciencia.engine.knowledge import Knowledge
from paciencia.engine.protocol import Analysis, Key, State
from paciencia.engine.verdict import Verdict
from paciencia.games.klondike import _search as _klondike
from paciencia.games.klondike.rules import (
    F0,
    FITS,
    K_COL_COL,
    K_COL_F,
    K_DRAW,
    K_F_COL,
    K_W_COL,
    K_W_F,
    KING,
    PARENTS,
    RANK,
    SUIT,
    KlondikeMove,
    KlondikeState,
)
from paciencia.games.klondike.solver import CC, CF, FC, REACH, SOUND, TF, _c_position, _safe, solve_klondike
from paciencia.solver import schedule
from paciencia.solver.schedule import Answer


def analyse(state: KlondikeState, seconds: float, avoid: set[Key], plans: Plans | None = None) -> Analysis:
    """``Game.analyse`` for Klondike: no useful move, or the move to play."""
    if not useful_moves_klondike(state, plans=plans):
        return Analysis("no_useful")
    token = hint_klondike(state, seconds, avoid, plans)
    return Analysis("none") if token is None else Analysis("move", str(state.resolve(state.game.parse_move(token))))


# -- progress ------------------------------------------------------------------------------


def _progress(state: KlondikeState) -> set[tuple[int, int]]:
    """What can be done now that advances the game, in the reachable-stock view, as
    ``(what, card)``: 0 a column card up, 1 a face-down card turned up (the card), 2 a column
    emptied (its first card), 3 a stock card put on a column, 4 a stock card up. Stock cards
    are those some draws and recycles bring to the waste top. Identified by cards, not places,
    so that moving a run between two cards of equal rank and colour adds nothing."""
    out: set[tuple[int, int]] = set()
    cols = state.cols
    found = state.found
    ends = {col[-1]: i for i, col in enumerate(cols) if col}
    empty = any(not col for col in cols)
    for i, col in enumerate(cols):
        if not col:
            continue
        d = state.down[i]
        c = col[-1]
        if found[SUIT[c]] == RANK[c]:
            out.add((0, c))
            if len(col) == 1:
                out.add((2, c))
            elif d == len(col) - 1:
                out.add((1, col[d - 1]))
        # The whole face-up run (or its longest movable tail) leaving turns a card up or empties.
        j = len(col) - 1
        while j > d and FITS[col[j - 1] * 52 + col[j]]:
            j -= 1
        if j == d:
            b = col[j]
            fits = any(p in ends for p in PARENTS[b]) or (RANK[b] == KING and empty and j > 0)
            if fits:
                out.add((1, col[j - 1]) if j else (2, b))
    tal = list(state.waste) + state.stock[::-1]
    if tal:
        for idx in REACH[state.draw][len(tal)][len(state.waste)]:
            w = tal[idx]
            if found[SUIT[w]] == RANK[w]:
                out.add((4, w))
            if any(p in ends for p in PARENTS[w]) or (RANK[w] == KING and empty):
                out.add((3, w))
    return out


def _moved_cards(state: KlondikeState, move: KlondikeMove) -> set[int]:
    """The cards a legal move carries."""
    if move.kind in (K_COL_COL, K_COL_F):
        return set(state.cols[move.src][-move.n :])
    if move.kind in (K_W_COL, K_W_F):
        return {state.waste[-1]}
    if move.kind == K_F_COL:
        suit = move.src - F0
        return {suit * 13 + state.found[suit] - 1}
    return set()


def _advances(state: KlondikeState, move: KlondikeMove, before: set[tuple[int, int]]) -> bool:
    """Whether a legal move really advances the game (see ``useful_moves_klondike``)."""
    kind = move.kind
    if kind in (K_COL_F, K_W_F, K_W_COL):
        return True  # a card up, or the stock's arrangement changed for good
    if kind == K_DRAW:
        top = state.waste[-1] if state.waste else -1
        return any(what >= 3 and card != top for what, card in before)  # another stock card plays
    if kind == K_COL_COL:
        col = state.cols[move.src]
        rest = len(col) - move.n
        if rest == state.down[move.src] and (rest > 0 or RANK[col[0]] != KING):
            return True  # turns a card up, or empties a column not already led by a King
    moved = _moved_cards(state, move)
    state.push(move)
    try:
        after = _progress(state)
    finally:
        state.undo()
    return any(card not in moved for _, card in after - before)


def useful_moves_klondike(
    state: State[KlondikeMove], budget_seconds: float = 0.25, plans: Plans | None = None, solve: bool = True
) -> list[str]:
    """The legal moves (tokens) that really advance the game: a face-down card turned up, a
    card sent up, a column emptied (not by a King that already led its column), a waste card
    played (the stock's arrangement changes for good), a draw when some other stock card can
    then be played, or a move that makes one of these possible where it was not (a run moved
    so that the card it leaves can go up, a card taken down from a foundation so that another
    can go on it…). When none does, the first move of a winning line if the solver finds one
    within ``budget_seconds`` (a win may need a longer preparation than one move), unless ``solve``
    is false. An empty list with legal moves left means none of them helps."""
    if not isinstance(state, KlondikeState):
        raise TypeError("useful_moves_klondike takes a Klondike position")
    sim = state.copy()
    before = _progress(sim)
    legal = sim.legal_moves()
    advancing = [m for m in legal if _advances(sim, m, before)]
    if not solve:  # ``Game.useful``: resolved tokens, the solver left out
        return [str(sim.resolve(m)) for m in advancing]
    useful = [str(m) for m in advancing]
    if useful or not legal:
        return useful
    token = (plans or Plans()).next_move(sim, budget_seconds)
    return [token] if token is not None else []


# -- hints ---------------------------------------------------------------------------------

PLAN_CACHE = 32
"""Winning lines a game's hints remember (position key -> next token), most recent first."""


class Plans:
    """The winning lines one game's hints found, so that following the hints walks one line to
    the end. Owned by the caller (one per game), never shared between games."""

    def __init__(self) -> None:
        self.lines: OrderedDict[Key, dict[Key, str]] = OrderedDict()

    def step(self, state: KlondikeState) -> str | None:
        key = state.key()
        for root, plan in self.lines.items():
            token = plan.get(key)
            if token is not None:
                self.lines.move_to_end(root)
                return token
        return None

    def next_move(self, state: KlondikeState, seconds: float) -> str | None:
        """The next move of a remembered line through ``state``, else of a line the solver finds
        within ``seconds`` (remembered); ``None`` when none is found."""
        token = self.step(state)
        if token is None:
            result = solve_klondike(state, seconds)
            if result.verdict == Verdict.WINNABLE and result.line:
                self.remember(state, result.line)
                token = result.line[0]
        return token

    def remember(self, state: KlondikeState, line: tuple[str, ...]) -> None:
        sim = state.copy()
        plan: dict[Key, str] = {}
        for token in line:
            plan.setdefault(sim.key(), token)
            sim.play(token)
        self.lines[state.key()] = plan
        while len(self.lines) > PLAN_CACHE:
            self.lines.popitem(last=False)


def hint_klondike(
    state: State[KlondikeMove],
    budget_seconds: float = 0.25,
    seen: Collection[Key] = (),
    plans: Plans | None = None,
) -> str | None:
    """A move (token) to play next: the next move of a winning line when the solver finds one
    within ``budget_seconds`` (lines are remembered, so that following the hints walks one line
    to the end), else the best move by a heuristic. ``seen``: ``KlondikeState.key()`` of the
    positions earlier on the game's path; the heuristic never suggests a move back to one of
    them (nor to this position) while another move is left. ``None`` only without legal moves.
    """
    if not isinstance(state, KlondikeState):
        raise TypeError("hint_klondike takes a Klondike position")
    legal = state.legal_moves()
    if not legal:
        return None
    token = (plans or Plans()).next_move(state, budget_seconds)
    if token is not None:
        return token
    return str(_best_move(state, legal, seen))


def _best_move(state: KlondikeState, legal: list[KlondikeMove], seen: Collection[tuple[object, ...]]) -> KlondikeMove:
    """The heuristic: moves to unseen positions first; among them the best by ``move_score``."""
    sim = state.copy()
    before = _progress(sim)
    here = sim.key()
    best: tuple[tuple[int, int], KlondikeMove] | None = None
    for m in legal:
        score = _score(sim, m, before)
        sim.push(m)
        new = sim.key()
        sim.undo()
        fresh = new != here and new not in seen
        rank = (1 if fresh else 0, score)
        if best is None or rank > best[0]:
            best = (rank, m)
    assert best is not None
    return best[1]


def move_scores(state: KlondikeState, moves: list[KlondikeMove]) -> list[float]:
    """``_score`` of legal moves, on a copy of ``state``."""
    sim = state.copy()
    before = _progress(sim)
    return [float(_score(sim, m, before)) for m in moves]


def _score(sim: KlondikeState, m: KlondikeMove, before: set[tuple[int, int]]) -> int:
    """Turning a face-down card up (from the column with most of them), then cards up, emptying
    a column, stock cards played, other useful moves, draws that lead to a playable card, and
    anything else last."""
    useful = _advances(sim, m, before)
    kind = m.kind
    if kind == K_COL_COL:
        col = sim.cols[m.src]
        rest = len(col) - m.n
        if rest and rest == sim.down[m.src]:
            return 100 + sim.down[m.src]
        if not rest and useful:
            return 60
        return 30 if useful else 0
    if kind in (K_COL_F, K_W_F):
        src = sim.cols[m.src] if kind == K_COL_F else []
        turns = len(src) > 1 and sim.down[m.src] == len(src) - 1
        return 100 + sim.down[m.src] if turns else 80
    if kind == K_W_COL:
        return 50
    if kind == K_DRAW:
        return 20 if useful else 5
    return 25 if useful else -10  # a card back from a foundation


# -- honest answers: the solver on one completion of what the player knows ----------------------

SEARCHED = [0]
"""Positions the honest answers' searches (``settle``, and the hindsight player's samples) have
searched in this process: what ``bench/honest_play.py`` reports as a move's cost."""

SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


STOCK_LINE = 0
"""The stock's line in ``KlondikeState.place_lines()`` (a knowledge's unknown slots name it)."""


def sure_move(knowledge: Knowledge) -> str | None:
    """``Game.sure_move``: a column's end card that ``_safe`` sends up (it keeps every winnable
    completion winnable, and it is face up), else a draw while the stock holds cards never
    seen and the draw loses nothing: in draw one always, in draw three when the waste's size is
    a multiple of three (the draws to the end and a recycle come back to the same pointer, and
    draws touch nothing else), so the player sees the stock before choosing."""
    state = knowledge.state
    assert isinstance(state, KlondikeState)
    for i, col in enumerate(state.cols):
        if len(col) > state.down[i]:
            c = col[-1]
            if state.found[SUIT[c]] == RANK[c] and _safe(state.found, c):
                return str(state.resolve(state.game.parse_move(f"{i + 1}-F")))
    unseen_stock = state.stock and any(line == STOCK_LINE for line, _ in knowledge.unknown)
    lossless = state.draw == 1 or len(state.waste) % state.draw == 0
    return "D" if unseen_stock and lossless else None


def settle(state: KlondikeState, nodes: int) -> tuple[str, str | None]:
    """``Game.settle``: the static test, then a sound search (a quarter of the budget: it
    settles small positions either way), a plain dive (a half) and a noisy one (a quarter; the
    dives only find wins), on the shared schedule (``schedule.settle``)."""
    if state.is_won():
        return Verdict.WINNABLE.value, None
    pos = _c_position(state)
    if _klondike.hopeless(*pos):
        return Verdict.UNWINNABLE.value, None

    def search(dive: int, noise: float, seed: int) -> Callable[[int], Answer]:
        def run(budget: int) -> Answer:
            answer = _klondike.search(*pos, dive, budget, SAFETY_SECONDS, noise, seed, SOUND)
            SEARCHED[0] += answer[2]
            return answer

        return run

    tries = ((True, 0.25, search(0, 0.0, 0)), (False, 0.5, search(1, 0.0, 0)), (False, 0.25, search(1, 20.0, 1)))
    return schedule.settle(state, nodes, tries, lambda steps: _first_token(state, steps[0]))


def _first_token(state: KlondikeState, step: tuple[int, int, int, int, int]) -> str:
    """The first move of a C search line, resolved (a stock card's first step may be a draw)."""
    kind, a, b, n, card = step
    if kind == CF:
        token = f"{a + 1}-F"
    elif kind == CC:
        token = f"{a + 1}-{b + 1}" if n == 1 else f"{a + 1}x{n}-{b + 1}"
    elif kind == FC:
        token = f"F{SUIT_LETTERS[a]}-{b + 1}"
    elif state.waste and state.waste[-1] == card:
        token = "W-F" if kind == TF else f"W-{b + 1}"
    else:
        token = "D"
    return str(state.resolve(state.game.parse_move(token)))
