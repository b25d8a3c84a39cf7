"""The Crescent solver: randomised heuristic dives for a winning line, and a sound exhaustive search.

Full knowledge of the cards: face-down cards play no part in the rules (they only hide), so the
face-down variants solve like the others and only the number of redeals matters.

The search loop is in C (``_crescent.c``, the same board and rules at a few hundred thousand
positions a second with the evaluation, several million without); this module drives it, and
replays every line it returns on the engine before trusting it. The search works on its own
board: piles, the two foundation tops of each suit and the redeals left, with make/unmake (the
engine's undo history is capped and a redeal clears it).

**A suit's three phases.** Each suit has 26 cards; with ascending top ``a`` and descending top
``d`` the foundations hold ``a + 1 + 12 - d + 1`` of them.

* *gap* (``d > a + 1``): the ranks strictly between ``a`` and ``d`` lie twice in the piles, the
  others once; no transfer between the two foundations is legal.
* *met* (``d == a + 1``): the foundations hold exactly one card of each rank, so the piles hold
  exactly one card of each rank too. Transfers slide the meeting point over every rank (the
  bases stay), so any card of the suit on a pile top can go up: rank ``r`` goes on the ascending
  foundation after sliding to ``a = r - 1`` or on the descending one after sliding to
  ``d = r + 1``, and both give ``a == d == r``. So a met suit is one state whatever its meeting
  point (the canonical key forgets it), transfers are never branched on, and "card of a met suit
  goes up" is a single move that ``_replay`` expands into the transfers it needs.
* *overlap* (``d <= a``): the foundations hold 14 or more cards, so they can never meet again
  (meeting needs exactly 13): no transfer ever again. The piles hold one card of each rank above
  ``a`` (each can only go on the ascending foundation, in rank order) and one of each rank below
  ``d`` (descending, in order). Every card of the suit has one destination and one turn.

**Soundness of ``unwinnable``.** The exhaustive search visits every position reachable from the
start but for the reductions below; a position whose canonical key was seen before is skipped
(it is on the current line, so a winning line through it has a shorter version, or it was fully
explored and lost; positions that differ only by a permutation of the piles or by the meeting
point of a met suit are won or lost together, since no rule depends on a pile's number and the
meeting point slides freely). Keys are 128-bit hashes of that canonical form.

1. Met suits: the single "goes up" move replaces transfers (above).
2. *Clearing isolated piles* (safe automatic moves up). A pile is isolated when every card in it
   is of an overlapped suit and every copy still on the piles of each card's pile neighbours
   (same suit, rank ±1 with wrap) lies in that pile. It is cleared when its cards, popped from
   the top, can each go up at once. Proof (any number of redeals left): cards never go back to
   the piles, so the pile stays isolated: no card from outside can land on it (it would be a
   neighbour of its top card, outside it) and no card of it can land elsewhere (that target
   would be a neighbour outside it). So its cards leave it only to the foundations, the redeal
   turns it without touching any other pile, and an emptied pile takes nothing. Its suits are
   overlapped, so each of its cards has a single foundation and a single turn there, with no
   transfer ever again; the ones that can go up now, in order, are exactly their foundations'
   next cards. Take any winning line from the position: drop its moves of these cards; every
   other move stays legal (a foundation receives the same later cards after the same earlier
   ones; no other pile, move or redeal is affected), and it ends with every card up. So the
   position after the clearance is won whenever the position before it is.
3. *Dead positions* are cut: no redeal left and an overlapped suit's card ``y`` above a card
   ``x`` of the same foundation that must go up before it, where every copy on the piles of
   ``y``'s pile neighbours lies below ``y`` in that pile. Proof: with no redeal left a pile's
   order changes only at its top. ``y`` can leave the pile only to its foundation, which it
   cannot do before ``x``, or onto a pile whose top is a pile neighbour of ``y``; none of those
   can become a top while ``y`` stays, so ``y`` never leaves, ``x`` never surfaces, and the game
   cannot be won.

Children are tried best-evaluated first (``evaluate``: cards up, redeals kept, each foundation's
next card near a top, few *inversions* — a card above another of its suit that must go up first
on the same foundation); the order never affects soundness.

**Heuristic tries** take a move up greedily when one exists, add random noise to the order and
stop after a node budget: *dives* search the whole game depth-first; *phased* tries search one
deal phase at a time and go on from its few best redeal points (some give the first phase,
where most is still open, a larger budget). They may throw a win away, so they only
ever answer ``winnable``. Measured on random deals, the wins come early in a try and each kind
and setting finds different ones, so many short varied tries beat one long one; on the hard deals
(bench/crescent_hard.py) phased tries of a few hundred nodes a phase win most per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from paciencia.games.crescent.rules import ASC, DESC, REDEAL, CrescentMove, CrescentState, move
from paciencia.solver import Result, Verdict, _crescent

RANK = [c % 13 for c in range(52)]
MET = 24  # the search's destination 24 + suit: a card of a met suit goes up (transfers implied)
WON, EXHAUSTED, BUDGET, TIMEOUT, FULL = range(5)  # what _crescent.search answers


def _position(state: CrescentState) -> tuple[list[list[int]], list[int], list[int], int]:
    return [list(p) for p in state.piles], list(state.ftop[:4]), list(state.ftop[4:]), state.redeals


def evaluate(state: CrescentState, w_inv: int = 6, w_redeal: int = 30) -> int:
    """The search's evaluation of a position: higher is better."""
    return _crescent.evaluate(*_position(state), w_inv, w_redeal)


# -- line replay ---------------------------------------------------------------------------------


def _replay(state: CrescentState, line: Iterable[int]) -> list[str]:
    """Engine tokens for a solver line, checked move by move on a copy of ``state``."""
    st = state.copy()
    out: list[CrescentMove] = []

    def push(m: CrescentMove) -> None:
        if st.check(m) is not None:
            raise AssertionError(f"solver line has an illegal move {m}")
        st.push(m)
        out.append(m)

    for m in line:
        if m < 0:
            push(REDEAL)
            continue
        src, dst = m >> 5, m & 31
        if dst < MET:
            push(move(src, dst))
            continue
        s = dst - MET
        r = RANK[st.piles[src][-1]]
        target = r - 1 if r > 0 else 0
        while st.ftop[s] > target:
            push(move(ASC + s, DESC + s))
        while st.ftop[s] < target:
            push(move(DESC + s, ASC + s))
        push(move(src, ASC + s if r > 0 else DESC + s))
    if not st.is_won():
        raise AssertionError("solver line does not win")
    return [str(m) for m in out]


# -- the solver -----------------------------------------------------------------------------------


class _Timeout(Exception):
    pass


def _attempt(attempt: int, rng: random.Random) -> tuple[str, int, int, int, int, float, int]:
    """The ``attempt``-th heuristic try: (kind, node budget, redeal points kept, inversion weight,
    redeal weight, noise, the first phase's node budget or 0 for the same). The first two are plain
    (they win most deals at once); then the settings vary at random, fifteen tries in sixteen are
    phased with small budgets, and one in eight gives the first phase a large budget. Measured on
    the hard deals (bench/data/crescent_hard.txt, wins per million nodes of each setting): dives
    and large budgets throughout almost never win them; phased tries of 300 nodes a phase keeping
    3 redeal points, with a heavy inversion weight (80), win most often, but some of the hardest
    deals want a setting of their own (a first phase of 20,000-50,000 nodes wins two of them ten
    times as often, and never the third; a light weight suits a few), so they all stay in the mix
    (the large first phases take about a third of the nodes)."""
    plain = (("phased", 20000, 3, 20, 30, 0.0, 0), ("dive", 20000, 0, 6, 30, 0.0, 0))
    if attempt < len(plain):
        return plain[attempt]
    noise = rng.choice((5.0, 15.0, 15.0, 40.0))
    if attempt % 16 == 15:
        return "dive", 20000, 0, rng.choice((6, 20)), rng.choice((15, 30, 60)), noise, 0
    budget = rng.choice((300, 300, 300, 1000, 3000))
    w_inv = rng.choice((20, 40, 80, 80, 80, 160))
    first = rng.choice((20000, 50000)) if attempt % 8 == 4 else 0
    return "phased", budget, rng.choice((2, 3, 3)), w_inv, 30, noise, first


_Position = tuple[list[list[int]], list[int], list[int], int]


def _phased(
    pos: _Position,
    until: float,
    nodes: list[int],
    budget: int,
    keep: int,
    w: tuple[int, int, float],
    seed: int,
    first: int = 0,
) -> list[int] | None:
    """One deal phase searched (no redeal, ``budget`` nodes, or ``first`` when given), then the
    next phases from its ``keep`` best redeal points, best first: a beam over the phases, where
    the choices that matter most are made."""
    spend = first or budget
    status, trail, n, ends = _crescent.search(*pos, 1, spend, until - time.perf_counter(), *w, seed, keep)
    nodes[0] += n
    if status == WON:
        return trail
    if status == TIMEOUT:
        raise _Timeout
    for _, line, piles, a, d in sorted(ends, key=lambda e: e[0], reverse=True):
        rest = _phased((piles, list(a), list(d), pos[3] - 1), until, nodes, budget, keep, w, seed + 1)
        if rest is not None:
            return line + rest
    return None


def solve_crescent(state: CrescentState, timeout: float = 10.0, exhaustive: float | None = None) -> Result:
    """Solves a copy of ``state``: a winning line, a proof that none exists, or unknown.

    Exhaustive runs alternate with heuristic tries until the deadline: the first run is given 1%
    of the timeout, so that small positions are settled at once either way, each later one the
    share ``exhaustive`` of the time spent when it ends, and the tries run until the exhaustive
    share of the time spent has fallen to ``exhaustive`` (so the runs grow geometrically, and as
    each starts afresh the longest one's reach is what counts). By default the share
    is 0.1, or 0.5 with no redeal left: a full deal is (almost) never proved lost within seconds,
    so the time goes to the tries, which find the wins; in the last deal phase a proof is within
    reach. Only an exhaustive run that ends can answer ``unwinnable``."""
    start = time.perf_counter()
    deadline = start + timeout
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    if timeout <= 0:
        return Result(Verdict.UNKNOWN, (), 0, 0.0)  # no time, no search (the C loop looks at the clock late)
    share = exhaustive if exhaustive is not None else (0.5 if state.redeals == 0 else 0.1)
    pos = _position(state)
    rng = random.Random(1)
    nodes = [0]
    attempt = 0
    spent = 0.0  # in exhaustive runs
    while True:
        now = time.perf_counter()
        # a run as long as the share of the time it ends: the runs grow geometrically
        due = deadline - now if share >= 1 else (now - start) * share / (1 - share)
        seconds = min(deadline - now, max(timeout * 0.01, due))
        status, trail, n, _ = _crescent.search(*pos, 0, 0, max(seconds, 0.0), 6, 30, 0.0, 0, 0)
        nodes[0] += n
        spent += time.perf_counter() - now
        notes: dict[str, object] = {"tries": attempt}
        if status == WON:
            return _won(state, trail, nodes[0], start, notes | {"phase": "exhaustive"})
        if status == EXHAUSTED:
            return Result(Verdict.UNWINNABLE, (), nodes[0], time.perf_counter() - start, notes)
        if status == FULL:
            return Result(Verdict.UNKNOWN, (), nodes[0], time.perf_counter() - start, notes)
        # tries until the exhaustive share has fallen to ``share`` again
        until = min(
            deadline, max(time.perf_counter() + timeout * 0.01, start + spent / share if share > 0 else deadline)
        )
        while time.perf_counter() < until:
            found, kind = _try(pos, attempt, rng, until, nodes)
            attempt += 1
            if found is not None:
                return _won(state, found, nodes[0], start, {"tries": attempt, "phase": kind})
        if time.perf_counter() >= deadline:
            return Result(Verdict.UNKNOWN, (), nodes[0], time.perf_counter() - start, {"tries": attempt})


def _try(
    pos: _Position, attempt: int, rng: random.Random, until: float, nodes: list[int]
) -> tuple[list[int] | None, str]:
    """The ``attempt``-th heuristic try, stopped at ``until``: a winning line or None, and its kind."""
    kind, budget, keep, w_inv, w_redeal, noise, first = _attempt(attempt, rng)
    try:
        if kind == "dive":
            status, trail, n, _ = _crescent.search(
                *pos, 1, budget, max(until - time.perf_counter(), 0.0), w_inv, w_redeal, noise, attempt + 1, 0
            )
            nodes[0] += n
            return (trail if status == WON else None), kind
        return _phased(pos, until, nodes, budget, keep, (w_inv, w_redeal, noise), attempt + 1, first), kind
    except _Timeout:
        return None, kind


def _won(state: CrescentState, line: list[int], nodes: int, start: float, notes: dict[str, object]) -> Result:
    tokens = _replay(state, line)
    return Result(Verdict.WINNABLE, tuple(tokens), nodes, time.perf_counter() - start, notes)


# -- hints and progress --------------------------------------------------------------------------
