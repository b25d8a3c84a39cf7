"""The FreeCell solver: every card is in sight, so the game is one of perfect information.

``solve_freecell(state, timeout)`` answers ``winnable`` with a line of move tokens (each move
checked by the rules and the win too before it is returned: ``_tokens``), ``unwinnable`` only when a search that uses
sound reductions alone exhausted every position, ``unknown`` when time ran out first.

The search runs in C (``_search.c``): depth-first searches over make/unmake on their own copies
of the position, racing (``race``): they take turns, each for a quota of positions (first a
*prelude*, a fixed list of turns chosen as Freecell Solver's presets are, then turns of 200
positions each among seven or eight of them and the sound search), and all share one
transposition table of 128-bit hashes of the canonical key, in which each keeps a bit of its
own (a search cuts only the positions it entered itself). The *sound*
search tries every search move (below), the children of each position best first by an
evaluation (cards up, free cells and empty cascades, few cards above the cards the foundations
want next), so running out of moves proves the position lost. The others, after Freecell
Solver's soft threads (its ``-l lg`` preset), never put a card into a free cell as a move of its
own: a card goes there only when it is *dug*, the cards above a card moved one by one into the
free cells just before that card goes up or its run goes onto another cascade's end (one
*meta move*, which the line writes as its single moves); with four free cells, some also dig
out a card deeper in a cascade to put a run or a cell's card onto it, and park what they dig in
the empty cascades once the free cells are full, as Freecell Solver's moves do. That leaves out most of the tree, so
they only ever find wins, and they find them in a few hundred positions where the sound search
needs thousands: each orders its moves by the evaluation with weights of its own (some with
noise, three in random order), since a deal one order is slow on another is often quick on
(``bench/freecell_vs_fcsolve.py``). With one or two free cells, once the race has made 100,000
positions, a late round adds a search whose runs move as Freecell Solver's do: a cascade's top
run into an empty cascade only whole, a buried run dug out only from its head (``_search.c``,
``LATE``). The first search to win gives the line; the sound search's
end (or that of the one other search that keeps the free cells as a move) is the only proof of a
loss.

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
from paciencia.games.freecell import rules
from paciencia.games.freecell.rules import CELL0, PLACE_NAMES, FreeCellMove, FreeCellState
from paciencia.solver import schedule
from paciencia.solver.meter import Meter
from paciencia.solver.schedule import EXHAUSTED, WON, Answer

__all__ = ["settle", "solve_deal", "solve_freecell"]

# Search moves, as the C search reports them: (kind, a, b, n, card).
CF = 0  # the end card of cascade a up to its foundation
LF = 1  # the card of cell a up
CL = 2  # the end card of cascade a into a free cell
LC = 3  # the card of cell a onto cascade b
CC = 4  # the last n cards of cascade a onto cascade b

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


def _tokens(state: FreeCellState, steps: list[Step]) -> tuple[str, ...]:
    """The line in move notation, checked in C (``_search.line``): each move against the rules
    as ``FreeCellState.check`` states them, and the line must win (a refused move raises
    AssertionError); the cells named as the engine finds the cards in them. A tenth of the cost
    of the engine's own replay (``engine_tokens``, which tests/solver/test_freecell_solver.py
    runs on sample lines to show that the two agree)."""
    return _freecell.line(*_c_position(state), steps)


def engine_tokens(state: FreeCellState, steps: Iterable[Step]) -> tuple[str, ...]:
    """The line in move notation, each move checked by the engine's rules (``check``) and made
    (``push``) on a copy of ``state`` as it is written (a refused move raises): the cells are
    named as the engine finds the cards in them."""
    sim = state.copy()
    out: list[str] = []
    for step in steps:
        m = step_move(sim, step)
        reason = sim.check(m)
        if reason is not None:
            raise AssertionError(f"the solver's line makes a move the rules refuse: {m} ({reason})")
        sim.push(m)
        out.append(str(m))
    if not sim.is_won():
        raise AssertionError("the solver's line does not win")
    return tuple(out)


def step_move(sim: FreeCellState, step: Step) -> rules.FreeCellMove:
    """The engine's move for a step of the C search at ``sim`` (a cell named where the engine
    finds the card in it; ``ValueError`` where no cell holds it, or none is free)."""
    kind, a, b, n, card = step
    move, to_suit = rules.move, rules.move.to_suit
    if kind == CF:
        return to_suit[a][card // 13]
    if kind == LF:
        return to_suit[CELL0 + sim.cells.index(card)][card // 13]
    if kind == CC:
        return move(a, b, n)
    if kind == CL:
        return move(a, CELL0 + sim.cells.index(-1))
    return move(CELL0 + sim.cells.index(card), b)


def _race(state: FreeCellState, nodes: int, seconds: float) -> Answer:
    """The race (module notes) on at most ``nodes`` positions (0: none) and ``seconds``."""
    return _freecell.race(*_c_position(state), nodes, seconds, 0)


def _race_line(state: FreeCellState, nodes: int, seconds: float) -> tuple[int, tuple[str, ...], int]:
    """``_race``, a win's line coming as its tokens, each move checked in C as ``_tokens``
    checks them (the steps never made into Python objects)."""
    return _freecell.race(*_c_position(state), nodes, seconds, 0, 0, True)


def _result(
    state: FreeCellState, answer: tuple[int, tuple[str, ...], int], seconds: float, budget: int | None
) -> Result:
    status, line, n = answer
    if status == WON:
        return Result(Verdict.WINNABLE, line, n, seconds, {"phase": "race"})
    if status == EXHAUSTED:
        return Result(Verdict.UNWINNABLE, (), n, seconds, {"proof": "search"})
    return Result(Verdict.UNKNOWN, (), n, seconds, {} if budget is None else {"budget": budget})


def solve_freecell(state: State[FreeCellMove], timeout: float = 10.0) -> Result:
    """Whether ``state`` (a FreeCell position, left untouched) can be won; see the module notes.
    One race in C until it is settled or ``timeout`` seconds have passed."""
    assert isinstance(state, FreeCellState), "solve_freecell takes a FreeCell position"
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    m = Meter(timeout)
    answer = _race_line(state, 0, timeout)
    return _result(state, answer, m.seconds(), None)


def solve_freecell_nodes(state: State[FreeCellMove], nodes: int, timeout: float = math.inf) -> Result:
    """``--nodes``: one race of at most ``nodes`` positions in all, with no clock read (the same
    answer on any machine, loaded or not); ``timeout``, when given, is only a cap."""
    assert isinstance(state, FreeCellState), "solve_freecell_nodes takes a FreeCell position"
    start = time.perf_counter()
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    answer = _race_line(state, max(1, nodes), timeout)
    return _result(state, answer, time.perf_counter() - start, nodes)


_VERDICTS = {WON: Verdict.WINNABLE.value, EXHAUSTED: Verdict.UNWINNABLE.value}


def solve_deal(number: int, cells: int, timeout: float, nodes: int | None) -> tuple[str, str, int, float]:
    """``Game.solve_deal``: ``solve_freecell`` (``nodes`` None) or ``solve_freecell_nodes`` of
    Microsoft's deal ``number`` with ``cells`` free cells, dealt in C (``_search.race_deal``, the
    line checked there as ``_tokens`` checks it): no position made in Python, the line one
    string (``paciencia solve --codes`` settles thousands of deals, 23 µs of Python each before)."""
    start = time.perf_counter()
    status, line, n = _freecell.race_deal(number, cells, 0 if nodes is None else max(1, nodes), timeout)
    return _VERDICTS.get(status, Verdict.UNKNOWN.value), line, n, time.perf_counter() - start


SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


def settle(state: FreeCellState, nodes: int) -> tuple[str, str | None]:
    """``Game.settle``: one race on the whole budget (its sound search's end proves a loss), on
    the shared schedule (``schedule.settle``); for a win, its first move."""

    def race(budget: int) -> Answer:
        return _race(state, budget, SAFETY_SECONDS)

    def first(steps: list[Step]) -> str:
        return str(state.resolve(state.game.parse_move(_token(state, steps[0]))))

    return schedule.settle(state, nodes, ((True, 1.0, race),), first)
