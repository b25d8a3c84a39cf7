"""The Spider solver (every card known: the face-down cards and the stock's order too).

``solve_spider(state, timeout, nodes)`` answers ``winnable`` with a line of move tokens (each
checked by the engine's rules as it is written), ``unwinnable`` only when the sound search,
which uses sound reductions alone, exhausted every position, ``unknown`` when time (or the node
budget) ran out first. ``settle`` is ``Game.settle``: the same searches on a node budget.

The searches run in C (``_search.c``): a *sound* depth-first search over make/unmake with a
transposition table of 128-bit hashes of the canonical key, which alone may prove a loss, and
*beams*, which only find wins. The sections below are the model both follow.

**Moves searched.** A run of one suit at a column's end (any number of its cards, face up) onto
a column whose end card is one rank above the run's first card, of any suit, or into an empty
column; and a row dealt from the stock when no column is empty. A complete run King down to
Ace of one suit at a column's end leaves for a foundation as part of the move (or the deal)
that made it, and a face-down card left at a column's end turns up: both are the rules', as the
engine plays them. These are all the legal moves but two kinds, each leading to a position with
the key of one searched (below), so the sound search enters every position reachable from the
root up to that key and reports ``unwinnable`` only when none is won:

* once the stock is dealt, of several empty columns only the first is a destination (the key
  does not tell the columns apart then, and the positions differ by the empty columns' order);
* once the stock is dealt, a whole column into an empty one (the same key).

While the stock still deals, the columns are not alike (a row's cards go onto the columns by
number), so every empty column is a destination and a whole column may move into another.

**Canonical key.** The columns' cards and face-down counts and the rows left in the stock
(whose cards are the root's, less the rows dealt); the foundations are the cards in none of
them. With the stock dealt, the columns as a multiset (no rule depends on a column's number).

**Beams** (after KPat's Spider solver, ``spidersolver2.cpp``: its stratified beam, disorder
and pruning, written anew here). Level by level, every child of the positions kept is made,
those kept at an earlier level (the table) are dropped, and of the rest at most ``width`` are
kept *for each number of rows left in the stock*, so that positions which dealt do not compete
with those that did not (a deal buries ten cards, and a beam ranking both together either never
deals or deals at once). They are ranked by their *disorder*, fewest first: each column's cards
that do not lie face up on their next card up in their suit (the bottom card, every face-down
card, every break and every card on a card of another suit), less one for a column whose bottom
card is a King or would go onto another column's end, less the empty columns; ties by the cards
that can move (each column's run at its end), the cards gone to the foundations and the empty
columns. Beams also leave out moves that take a run of one suit apart (from its next card up in
its suit) unless it joins a run of its suit longer than the one it left, and, with the stock
dealt, a move into an empty column that empties its own column or takes a run apart; and a beam
goes no more than ``LEVELS`` moves down. So a beam never proves a loss (it died out, or cut the
tree): ``unwinnable`` is the sound search's alone. Narrow beams settle most deals in a fraction
of a second; ``solve_spider`` widens them, doubling the width from 8 to ``WIDEST``, then again
with supermoves, then without the pruned moves, beside sound searches that take a tenth of the
time once three beams have run.

**Supermoves.** A beam may also be run with *supermoves*: a sequence of several runs of one
suit, each on a card one rank up (of another suit), moved at once as the empty columns allow it,
``2^e`` runs onto a card with ``e`` empty columns (``2^(e-1)`` into one of them): the runs
above half of them go into one empty column through the others, the rest move, then those come
back onto them, and the line writes every single move. The position reached is the one where
the whole sequence moved as one, which is what the search scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from paciencia.engine.protocol import State
from paciencia.engine.verdict import Result, Verdict
from paciencia.games.spider.rules import SpiderMove, SpiderState
from paciencia.solver import schedule
from paciencia.solver.meter import Meter
from paciencia.solver.schedule import EXHAUSTED, FULL, WON, Answer

__all__ = ["settle", "solve_spider"]

MV = 0  # n cards from column a to column b
DEAL = 1  # a row dealt

SUPER = 1 << 20
PRUNE = 1 << 22
LATER = 1 << 23
"""A beam's options beside its width (``_search.beam``): supermoves, the pruned moves left out,
no row dealt as the first move."""

DIED = 5
"""A beam that died out (no new position left): nothing proved."""

Step = tuple[int, int, int, int, int]
"""A search move as the C search reports it: (kind, a, b, n, card)."""

Position = tuple[list[list[int]], list[int], list[int], int]


def _c_position(state: SpiderState) -> Position:
    """The position as the C search reads it: columns, face-down counts, stock, runs gone."""
    return [list(c) for c in state.cols], list(state.down), list(state.stock), len(state.found)


def _token(step: Step) -> str:
    kind, a, b, n, _ = step
    if kind == DEAL:
        return "D"
    return f"{a + 1}x{n}-{b + 1}" if n > 1 else f"{a + 1}-{b + 1}"


def _tokens(state: SpiderState, steps: Iterable[Step]) -> tuple[str, ...]:
    """The line in move notation, each move checked by the engine's rules (``check``) and made
    (``push``) on a copy of ``state`` as it is written; a refused move, or a line that does not
    win, raises AssertionError."""
    sim = state.copy()
    out: list[str] = []
    for step in steps:
        token = _token(step)
        m = sim.game.parse_move(token)
        reason = sim.check(m)
        if reason is not None:
            raise AssertionError(f"the solver's line makes a move the rules refuse: {token} ({reason})")
        sim.push(m)
        out.append(token)
    if not sim.is_won():
        raise AssertionError("the solver's line does not win")
    return tuple(out)


SOUND_SHARE = 0.1
"""The sound searches' share of the work: each as long as a tenth of the work done when it
starts (at least 1% of the whole), so they grow geometrically beside the beams."""

LEVELS = 400
"""The most moves a beam goes down: one wandering among rearrangements that long is given up
(the next, wider beam goes on). Wins are 90-300 moves long (median 100 with one suit, 220 with
four); without the bound, a narrow beam ran 70 million positions on a one-suit deal that the
next width wins in 300,000."""

SOUND_AFTER = 3
"""Beams run before the first sound search (widths 8, 16 and 32: they win nine deals in ten, with
lines of a few hundred moves, where a sound search's wins wander, up to 18,912 moves measured)."""

WIDEST = 4096
"""The widest beam: past it, the beams start again from 8 with supermoves, then without the
pruned moves (the table of a beam this wide holds a few million positions)."""


def beams() -> Iterator[tuple[int, int]]:
    """The beams ``solve_spider`` runs, in order: (width, options)."""
    for options in (PRUNE, PRUNE | SUPER, 0):
        width = 8
        while width <= WIDEST:
            yield width, options
            width *= 2


def solve_spider(state: State[SpiderMove], timeout: float = 10.0, nodes: int | None = None) -> Result:
    """Whether ``state`` (a Spider position, left untouched) can be won; see the module notes.

    Beams of growing widths (``beams``), each run to its end (won, died out, ``LEVELS`` deep) or
    to the end of the time, and after the first ``SOUND_AFTER``, before each beam, a sound search
    when the sound searches' share of the time has fallen under ``SOUND_SHARE`` (it alone may
    answer ``unwinnable``; a beam's line is the shorter, so beams go first). Given ``nodes``, the same
    schedule shares out that many positions searched instead of seconds (``Meter``), and
    ``timeout`` is only a cap (inf: none). ``notes``: ``phase`` (``beam`` with its ``width``, or
    ``sound``) for a win, ``proof`` for a loss, ``beams`` run."""
    # The C loop loads here, not with the module (as Klondike's): the rules are played where the
    # C extensions are not built (the browser's offline engine).
    from paciencia.games.spider import _search as loop

    if not isinstance(state, SpiderState):
        raise TypeError("solve_spider takes a Spider position")
    m = Meter(timeout, nodes)
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    if m.total <= 0:
        return Result(Verdict.UNKNOWN, (), 0, 0.0)
    pos = _c_position(state)
    total = m.total
    sound_spent = 0.0
    run = 0

    def sound(amount: float) -> Result | None:
        nonlocal sound_spent
        now = m.used()
        budget, seconds = m.limits(min(total - now, amount))
        status, steps, n = loop.search(*pos, 0, budget, seconds, 0.0, 0)
        m.count(n)
        sound_spent += m.used() - now
        if status == WON:
            return Result(Verdict.WINNABLE, _tokens(state, steps), m.nodes, m.seconds(), {"phase": "sound"})
        if status == EXHAUSTED:
            return Result(Verdict.UNWINNABLE, (), m.nodes, m.seconds(), {"proof": "search", "beams": run})
        if status == FULL or m.capped() or m.used() >= total:
            return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), {"beams": run})
        return None

    for width, options in beams():
        now = m.used()
        if run >= SOUND_AFTER and sound_spent <= SOUND_SHARE * now:
            settled = sound(max(total * 0.01, now * SOUND_SHARE / (1 - SOUND_SHARE)))
            if settled is not None:
                return settled
        budget, seconds = m.limits(total - m.used())
        status, steps, n = loop.beam(*pos, width | options, budget, seconds, 0.0, 0, LEVELS)
        m.count(n)
        run += 1
        if status == WON:
            notes: dict[str, object] = {"phase": "beam", "width": width, "beams": run}
            return Result(Verdict.WINNABLE, _tokens(state, steps), m.nodes, m.seconds(), notes)
        if m.capped() or m.used() >= total:
            return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), {"beams": run})
    # Every beam ran out: the rest goes to the sound search.
    return sound(total) or Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), {"beams": run})


SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


def settle(state: SpiderState, nodes: int) -> tuple[str, str | None]:
    """``Game.settle``: beams of width 1, 2 and 4 (a quarter of the budget each: narrow beams
    reach a win within few positions when one is near, and give short lines) that do not deal
    first, then a sound search (the last quarter: it settles small positions either way), on the
    shared schedule (``schedule.settle``).

    Why not a deal first: the honest hints vote for the first moves of the lines found in
    completions of what the player knows, and a completion's line knows the stock, so it may deal
    a row at once where a player, who does not, should first do what can be done (a deal buries
    ten cards). A line that must deal first is left to the sound search, or to the hints' own
    heuristic, which plays a deal only when no other move helps (``analysis``)."""
    from paciencia.games.spider import _search as loop

    pos = _c_position(state)

    def sound(budget: int) -> Answer:
        return loop.search(*pos, 0, budget, SAFETY_SECONDS, 0.0, 0)

    def beam(width: int) -> Callable[[int], Answer]:
        def run(budget: int) -> Answer:
            return loop.beam(*pos, width | PRUNE | LATER, budget, SAFETY_SECONDS, 0.0, 0, LEVELS)

        return run

    tries = ((False, 0.25, beam(1)), (False, 0.25, beam(2)), (False, 0.25, beam(4)), (True, 0.25, sound))

    def first(steps: list[Step]) -> str:
        return str(state.resolve(state.game.parse_move(_token(steps[0]))))

    return schedule.settle(state, nodes, tries, first)
