"""The FreeCell solver: every card is in sight, so the game is one of perfect information.

``solve_freecell(state, timeout)`` answers ``winnable`` with a line of move tokens (replayed
through ``State.play`` before it is returned), ``unwinnable`` only when a search that uses
sound reductions alone exhausted every position, ``unknown`` when time ran out first.

The search runs in C (``_search.c``): depth-first over make/unmake on its own copy of the
position, with a transposition table of 128-bit hashes of the canonical key, the children of
each position tried best first by an evaluation (cards up, free cells and empty cascades, few
cards above the cards the foundations want next). *Sound* searches try every search move;
*dives* add random noise to the order and stop after a node budget, so they only ever find
wins (a depth-first search led astray early can spend its time in one part of the tree; a dive
with another order leaves it).

**Moves searched.** A card up to its foundation; a run (a cascade's end cards built down in
alternating colours) onto a cascade's end card that it fits, or into an empty cascade, of at
most ``(free cells + 1) × 2^(empty cascades, the destination not counted)`` cards, as the rules
allow it; a cell's card onto a cascade; a cascade's end card into a free cell. Every legal move
is one of these, or leads to a position with the same key as one of these (below), so the
search enters every position reachable from the root up to that key: it reports ``unwinnable``
only when none is won. Left out, each leading to a key that a move searched leads to:

* of several empty cascades only the first is a destination, and of several free cells only the
  first (the key does not tell cascades or cells apart);
* a whole cascade moved into an empty one (the same key);
* a card from one cell to another (the same key).

**Canonical key.** The cascades as a multiset (no rule depends on a cascade's number), the cells
as a set; the foundations are the cards in neither.

**Safe moves up** (``_safe``), made at once after every move: a card whose foundation takes it
next goes up when its rank is an Ace or a 2, or both foundations of the other colour hold every
card of one rank below it. Proof: take a winning line ``L`` from the position; the line ``L'``
that sends the card ``c`` up first and then plays ``L`` without ``c``'s own moves is legal and
wins. The only cards that may ever lie on ``c`` are the two of the other colour one rank below;
in the second case both are on their foundations already, where they stay (no card leaves a
foundation), so in ``L`` nothing is put on ``c`` and a run that carries ``c`` carries it last:
``L'`` moves the same run without it. ``L'`` always has at least the free cells and empty
cascades ``L`` has (``c`` takes up none of them), so every move of ``L`` that carries as many
cards is allowed there too. For a 2, a card put on it in ``L`` is an Ace of the other colour,
which ``L'`` sends up instead (its foundation is empty, as the Ace is in play); and nothing may
lie on an Ace.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

from paciencia.engine.protocol import State
from paciencia.engine.verdict import Result, Verdict
from paciencia.games.freecell import _search as _freecell
from paciencia.games.freecell.rules import CELL0, PLACE_NAMES, FreeCellMove, FreeCellState
from paciencia.solver.meter import Meter
from paciencia.solver.schedule import BUDGET, EXHAUSTED, WON, Answer, alternate

__all__ = ["settle", "solve_freecell"]

# Search moves, as the C search reports them: (kind, a, b, n, card).
CF = 0  # the end card of cascade a up to its foundation
LF = 1  # the card of cell a up
CL = 2  # the end card of cascade a into a free cell
LC = 3  # the card of cell a onto cascade b
CC = 4  # the last n cards of cascade a onto cascade b

DIVES_SHARE = 0.3
"""Until this share of the time, sound searches alternate with dives; then the sound search."""
DIVE_BATCH, DIVE_NODES, DIVE_NOISE = 16, 5000, 30.0
"""Dives come in batches of this many, each of this many positions with this much noise
(bench/freecell_solver.py: with these, all of Microsoft's first 32,000 deals settle)."""

Step = tuple[int, int, int, int, int]


def _safe(found: list[int], c: int) -> bool:
    """The safe moves up (see the module notes): ``c``'s rank (the Ace 0) is at most 1, or both
    foundations of the other colour hold at least that many cards."""
    s, r = c // 13, c % 13
    other = (1, 2) if s in (0, 3) else (0, 3)
    return r < 2 or (found[other[0]] >= r and found[other[1]] >= r)


def _c_position(state: FreeCellState) -> tuple[list[list[int]], list[int], list[int]]:
    return [list(c) for c in state.cascades], list(state.cells), list(state.found)


def _token(sim: FreeCellState, step: Step) -> str:
    """The move notation of a C search move, in the position ``sim`` it is played from."""
    kind, a, b, n, card = step
    if kind == CF:
        return f"{a + 1}-F"
    if kind == CC:
        return f"{a + 1}x{n}-{b + 1}" if n > 1 else f"{a + 1}-{b + 1}"
    if kind == CL:
        return f"{a + 1}-{PLACE_NAMES[CELL0 + sim.cells.index(-1)]}"
    cell = PLACE_NAMES[CELL0 + sim.cells.index(card)]
    return f"{cell}-F" if kind == LF else f"{cell}-{b + 1}"


def _tokens(state: FreeCellState, steps: Iterable[Step]) -> tuple[str, ...]:
    """The line in move notation, each token played on a copy of ``state`` as it is written (an
    illegal token raises): the cells are named as the engine finds the cards in them."""
    sim = state.copy()
    out: list[str] = []
    for step in steps:
        token = _token(sim, step)
        out.append(str(sim.play(token)))
    if not sim.is_won():
        raise AssertionError("the solver's line does not win")
    return tuple(out)


def solve_freecell(state: State[FreeCellMove], timeout: float = 10.0) -> Result:
    """Whether ``state`` (a FreeCell position, left untouched) can be won; see the module notes.

    In C, on ``paciencia.solver.schedule.alternate``: sound searches (each given 1% of the timeout,
    or as long as the dives so far) alternate with batches of short noisy dives until
    ``DIVES_SHARE`` of the time, then the sound search until the deadline."""
    assert isinstance(state, FreeCellState), "solve_freecell takes a FreeCell position"
    m, pos = Meter(timeout), _c_position(state)
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)

    def sound(budget: int, seconds: float) -> Answer:
        return _freecell.search(*pos, 0, budget, seconds, 0.0)

    def dive(dives: int, seconds: float) -> Answer:
        # A batch of short noisy dives: on the deals a sound search is slow to win, one of a few
        # dozen such dives usually wins within a few thousand positions.
        until = time.perf_counter() + seconds
        nodes = 0
        for k in range(DIVE_BATCH):
            left = until - time.perf_counter()
            if left <= 0:
                break
            status, steps, n = _freecell.search(*pos, 1, DIVE_NODES, left, DIVE_NOISE, dives * DIVE_BATCH + k + 1)
            nodes += n
            if status == WON:
                return status, steps, nodes
        return BUDGET, [], nodes

    return alternate(m, DIVES_SHARE, 0.01, sound, dive, lambda steps: _tokens(state, steps))


def solve_freecell_nodes(state: State[FreeCellMove], nodes: int, timeout: float = math.inf) -> Result:
    """``--nodes``: one sound search of at most ``nodes`` positions, with no clock read (the same
    answer on any machine, loaded or not); ``timeout``, when given, is only a cap."""
    assert isinstance(state, FreeCellState), "solve_freecell_nodes takes a FreeCell position"
    start, pos = time.perf_counter(), _c_position(state)
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    status, steps, n = _freecell.search(*pos, 0, max(1, nodes), timeout, 0.0, 0)
    seconds = time.perf_counter() - start
    if status == WON:
        return Result(Verdict.WINNABLE, _tokens(state, steps), n, seconds, {"phase": "sound"})
    if status == EXHAUSTED:
        return Result(Verdict.UNWINNABLE, (), n, seconds, {"proof": "search"})
    return Result(Verdict.UNKNOWN, (), n, seconds, {"budget": nodes})


SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


def settle(state: FreeCellState, nodes: int) -> tuple[str, str | None]:
    """``Game.settle``: a sound search on half the budget (it settles small positions either
    way), then a noisy dive on the rest (it only finds wins)."""
    if state.is_won():
        return Verdict.WINNABLE.value, None
    pos = _c_position(state)
    for dive, budget, noise in ((0, nodes // 2, 0.0), (1, nodes // 2, 10.0)):
        status, steps, _ = _freecell.search(*pos, dive, max(budget, 1), SAFETY_SECONDS, noise, 1)
        if status == WON:
            first = str(state.resolve(state.game.parse_move(_token(state, steps[0])))) if steps else None
            return Verdict.WINNABLE.value, first
        if status == EXHAUSTED and not dive:
            return Verdict.UNWINNABLE.value, None
    return Verdict.UNKNOWN.value, None
