"""The Crescent solver: randomised heuristic dives for a winning line, and a sound exhaustive search.

Full knowledge of the cards: face-down cards play no part in the rules (they only hide), so the
face-down variants solve like the others and only the number of redeals matters.

The search loop is in C (``_search.c``, the same board and rules at a few hundred thousand
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
4. *The search graph.* The reductions above and below make a graph whose nodes are positions
   after their automatic moves (2, 7), each with a fixed set of moves (every legal one, or the
   restricted sets of 5 and 9); the search enters every node it reaches but the cut ones (3, 6,
   8, 9), which are lost. Call a node *good* when some winning line from it keeps 5's rule from
   its first move on. An automatic move leaves a good node good (a won position, entered free,
   with a winning line no longer than before); a good node's shortest such line starts with a
   move it searches (5 allows it; 9 reorders it into one that does, as long); its child after
   that move is good with a line one shorter; and a node entered free covers the same position
   in any suit. So the good node entered nearest to a win has an entered good child nearer to
   it, unless it is won: if the start is won, the search finds a win.
5. *One suit at a time* (``burst_suit``; no redeal left). Call a move of a card of suit ``s``
   *s-local* when it leaves its pile empty or with a suit-``s`` top: it changes no pile's top
   suit but that of a pile it empties. An s-local move ``m`` followed by a move ``n`` of another
   suit can be swapped: ``n`` moves a top of its own suit between piles of its suit or to its
   foundation, none of which ``m`` touched (``m``'s piles have suit-``s`` tops before and after
   it, or are empty), so ``n`` was legal before ``m`` with the same effect, and ``m`` stays legal
   after ``n`` (its piles, their lengths and foundation ``s`` are untouched by ``n``). Take any
   winning line and move each s-local move later past every move of another suit, up to the next
   move of suit ``s`` (or to the end, the tails sorted by suit): each step is such a swap, the
   result wins in as many moves, and in it every s-local move is followed by a move of suit
   ``s``, unless suit ``s`` is then complete (its last move). So after an s-local move, with
   ``s`` not complete, only the moves of suit ``s`` are searched. The restriction depends on the
   move that led to the node: a node is the position with that suit (or none, after an automatic
   move too), and the table keeps one bit per suit besides the free one; a position entered free
   covers it in every suit, since it was searched with every move.
6. *Stuck cards* (``stuck``, generalises 3 to every phase; no redeal left). A card ``y`` with
   cards of its suit below it in its pile, where every copy on the piles of ``y``'s pile
   neighbours lies below ``y`` in that pile, can leave it only by going up, and must leave it
   before any card below it goes up (its pile's order changes only at its top). When ``y`` goes up on
   the ascending foundation, the cards of its suit up just before are ``[0, r-1]`` ascending and
   some ``[e, 12]`` descending (or ``[0, e]`` and ``[r+1, 12]`` for the descending one, ``r``
   its rank); cards only go up and transfers keep the cards up, so for each rank ``k`` that many
   copies is at least the number up now and at most two less the copies of rank ``k`` in ``y``
   and below it (which are still on the piles). When no ``e`` fits for either foundation, ``y``
   never leaves, the cards of its suit below it never go up, and the position is lost. (In an
   overlapped suit, 3's ``x`` below ``y`` leaves no ``e``: the ranks between ``d`` and ``a``
   are up twice but could then be once.)
7. *Safe moves up* (``safe_up``; no redeal left). A top card ``c`` of an overlapped suit goes
   up at once when its foundation takes it and the suit's other foundation is complete (so the
   suit's cards left all go on ``c``'s foundation, in rank order, one copy each). Proof: from a
   winning line ``L`` build ``L'`` that plays ``c`` up first and keeps its position equal to
   ``L``'s with the *lifted* cards ``X`` (up in ``L'``, still on the piles in ``L``) taken off,
   each lying in ``L`` under lifted cards only; start with ``X = {c}``. A lifted card's own moves
   are skipped (going up ends its lifting). A card of another suit, or one moved from an unlifted
   top onto an unlifted top, is copied. The only pile neighbour of a lifted card ``t`` still on
   the piles is the next card of its foundation (the previous one is up; with the other
   foundation complete, an Ace or a King on the wrap side is up too), and ``t`` is then that
   foundation's top in ``L'``: when ``L`` puts that card onto ``t``, ``L'`` sends it up instead
   and it joins ``X``. A card that ``L`` sends up goes on the same foundation top in ``L'`` (no
   lifted card of its foundation lies above it in rank, or it would be lifted). Piles are never
   longer in ``L'`` and nothing unlifted is put on a lifted card, so an emptied pile taking
   nothing changes nothing. ``L'`` ends with every card up. (With the other foundation not
   complete it is unsound: a King sent up before the Ace of its suit, which in ``L`` lands on
   it, is a measured counterexample; so is any card whose lifted run can reach that King.)
8. *Projection on suits* (``projection``; no redeal left). The position with only the cards of
   some suits (the others taken as up) is won whenever the position is: drop from a winning line
   the moves of the other suits' cards; with those cards gone from the piles every move kept is
   still legal (the cards on and under it are the same or fewer, a pile only shorter, a pile of
   other suits' cards that took nothing of these suits is the same as an empty one). So a
   projection proved lost proves the position lost. With redeals left it is not a relaxation: a
   redeal turns a pile by its bottom card, whatever its suit. The search tries it at the root
   (``_projection_lost``, a share of the time per suit) and at every node with no redeal left
   (``projection_lost`` in C: each suit with at most 20 cards on the piles, a search of 4,000
   nodes, the verdicts kept by the projection's key): on random positions of 30 to 50 cards it
   cuts the nodes a proof needs by ten to a hundred times (it takes at most two thirds of the
   search's work: on full deals few projections are small enough to finish).
9. *Free suits* (``free_suits``; no redeal left). Suit ``s`` is free when no card of another
   suit lies directly on one of its cards; it stays free, since a card only ever lands on one of
   its own suit. Then its moves are never enabled nor disabled by another suit's (they need
   suit-``s`` tops, which only a suit-``s`` move changes, and foundation ``s``), and they disable
   no other move (uncovering a card only adds moves). So in any winning line the moves of ``s``
   can all go first, in their order, then the others in theirs: the same length, and a line
   that keeps 5's rule (its first part is all of suit ``s``, which ends complete; the rest
   normalised as in 5). At a node entered free, the first free suit not complete is searched
   alone; when it has no move it never will, and the position is lost.

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
from collections.abc import Iterable

from paciencia.engine.verdict import Result, Verdict
from paciencia.games.crescent import _search as _crescent
from paciencia.games.crescent.rules import ASC, DESC, REDEAL, CrescentMove, CrescentState, move
from paciencia.solver.meter import Meter

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
    m: Meter,
    budget: int,
    keep: int,
    w: tuple[int, int, float],
    seed: int,
    first: int = 0,
) -> list[int] | None:
    """One deal phase searched (no redeal, ``budget`` nodes, or ``first`` when given), then the
    next phases from its ``keep`` best redeal points, best first: a beam over the phases, where
    the choices that matter most are made. Stops at ``until`` on the meter (``_Timeout``)."""
    spend = first or budget
    given, seconds = m.limits(until - m.used(), spend)
    status, trail, n, ends = _crescent.search(*pos, 1, given, seconds, *w, seed, keep)
    m.count(n)
    if status == WON:
        return trail
    if status == TIMEOUT or (m.by_nodes and status == BUDGET and given < spend):
        raise _Timeout
    for _, line, piles, a, d in sorted(ends, key=lambda e: e[0], reverse=True):
        rest = _phased((piles, list(a), list(d), pos[3] - 1), until, m, budget, keep, w, seed + 1)
        if rest is not None:
            return line + rest
    return None


def projection(pos: _Position, suits: Iterable[int]) -> _Position:
    """The position with only the cards of ``suits`` (the others taken as up): a relaxation of
    ``pos`` when no redeal is left (solver.py's docstring, 8. Projection on suits)."""
    keep = set(suits)
    piles = [[c for c in p if c // 13 in keep] for p in pos[0]]
    a = [pos[1][s] if s in keep else 12 for s in range(4)]
    d = [pos[2][s] if s in keep else 0 for s in range(4)]
    return piles, a, d, pos[3]


def _projection_lost(pos: _Position, amount: float, m: Meter) -> bool:
    """Whether an exhaustive search of one suit alone (``amount`` of the meter each) proves
    ``pos`` lost."""
    if pos[3] or amount <= 0:
        return False
    for s in range(4):
        if pos[1][s] == 12 and pos[2][s] == 0:
            continue
        budget, seconds = m.limits(amount)
        status, _, n, _, _ = _crescent.prove(*projection(pos, [s]), seconds, _crescent.R_PROOF, budget)
        m.count(n)
        if status == EXHAUSTED:
            return True
    return False


def solve_crescent(
    state: CrescentState, timeout: float = 10.0, exhaustive: float | None = None, nodes: int | None = None
) -> Result:
    """Solves a copy of ``state``: a winning line, a proof that none exists, or unknown.

    Exhaustive runs alternate with heuristic tries until the deadline: the first run is given 1%
    of the timeout, so that small positions are settled at once either way, each later one the
    share ``exhaustive`` of the time spent when it ends, and the tries run until the exhaustive
    share of the time spent has fallen to ``exhaustive`` (so the runs grow geometrically, and as
    each starts afresh the longest one's reach is what counts). By default the share
    is 0.1, or 0.5 with no redeal left: a full deal is (almost) never proved lost within seconds,
    so the time goes to the tries, which find the wins; in the last deal phase a proof is within
    reach. With no redeal left, each suit's projection is searched first (2% of the time each).
    The first run has only the first two sound reductions (a try for a quick win: the proofs'
    restrictions change which line the evaluation's order meets first), the others have them all.
    Only an exhaustive run that ends can answer ``unwinnable``. Given ``nodes``, the same schedule
    shares out that many positions searched instead of seconds (``Meter``; the tries' randomness
    is seeded, so a run is reproducible), and ``timeout`` is only a cap (inf: none)."""
    m = Meter(timeout, nodes)
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    if m.total <= 0:
        return Result(Verdict.UNKNOWN, (), 0, 0.0)  # no time, no search (the C loop looks at the clock late)
    total = m.total
    share = exhaustive if exhaustive is not None else (0.5 if state.redeals == 0 else 0.1)
    pos = _position(state)
    if _projection_lost(pos, total * 0.02, m):
        return Result(Verdict.UNWINNABLE, (), m.nodes, m.seconds(), {"phase": "projection"})
    rng = random.Random(1)
    attempt = 0
    spent = 0.0  # in exhaustive runs
    while True:
        now = m.used()
        # a run as long as the share of the time it ends: the runs grow geometrically
        due = total - now if share >= 1 else now * share / (1 - share)
        budget, seconds = m.limits(min(total - now, max(total * 0.01, due)))
        # The proofs' restrictions (5, 9) change which line the evaluation's order meets first:
        # the first run, short, goes without them, as a try for a quick win.
        flags = _crescent.R_PROOF if spent else _crescent.R_CLEAR | _crescent.R_DEAD
        status, trail, n, _, _ = _crescent.prove(*pos, seconds, flags, budget)
        m.count(n)
        spent += m.used() - now
        notes: dict[str, object] = {"tries": attempt}
        if status == WON:
            return _won(state, trail, m, notes | {"phase": "exhaustive"})
        if status == EXHAUSTED:
            return Result(Verdict.UNWINNABLE, (), m.nodes, m.seconds(), notes)
        if status == FULL or m.capped():
            return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), notes)
        # tries until the exhaustive share has fallen to ``share`` again
        until = min(total, max(m.used() + total * 0.01, spent / share if share > 0 else total))
        while m.used() < until and not m.capped():
            before = m.nodes
            found, kind = _try(pos, attempt, rng, until, m)
            attempt += 1
            if m.by_nodes and m.nodes == before:
                m.count(1)  # a try that searched nothing still spends: the loop ends on any deal
            if found is not None:
                return _won(state, found, m, {"tries": attempt, "phase": kind})
        if m.used() >= total or m.capped():
            return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), {"tries": attempt})


def _try(pos: _Position, attempt: int, rng: random.Random, until: float, m: Meter) -> tuple[list[int] | None, str]:
    """The ``attempt``-th heuristic try, stopped at ``until`` on the meter: a winning line or
    None, and its kind."""
    kind, budget, keep, w_inv, w_redeal, noise, first = _attempt(attempt, rng)
    try:
        if kind == "dive":
            given, seconds = m.limits(until - m.used(), budget)
            status, trail, n, _ = _crescent.search(*pos, 1, given, seconds, w_inv, w_redeal, noise, attempt + 1, 0)
            m.count(n)
            return (trail if status == WON else None), kind
        return _phased(pos, until, m, budget, keep, (w_inv, w_redeal, noise), attempt + 1, first), kind
    except _Timeout:
        return None, kind


def _won(state: CrescentState, line: list[int], m: Meter, notes: dict[str, object]) -> Result:
    tokens = _replay(state, line)
    return Result(Verdict.WINNABLE, tuple(tokens), m.nodes, m.seconds(), notes)


# -- hints and progress --------------------------------------------------------------------------
