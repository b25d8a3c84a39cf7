"""The Klondike solver (thoughtful solitaire: every card known), hints and progress analysis.

``solve_klondike(state, timeout)`` answers ``winnable`` with a line of move tokens (replayed
through ``State.play`` before it is returned), ``unwinnable`` only when a search that uses sound
reductions alone exhausted everything, ``unknown`` when time ran out first. In order:

1. a static test (``_hopeless``) that proves many lost positions at once;
2. for ``FAST_SHARE`` of the time, fast searches with unsound restrictions, restarted with
   shuffled move orders and growing budgets: they can find a win, never prove a loss;
3. best-first searches (``_best_first``), ``BF_SHARE`` of the time each, led by an estimate of
   the moves left with a different weight each: they find most of the wins the depth-first
   searches miss (a depth-first search can spend all its time in one lost corner), never a loss;
4. the sound search for the rest of the time.

The search
==========

Depth-first over make/unmake on a private copy of the position (the ``State`` passed in is not
touched), with a record of the canonical keys of the positions already entered.

**The stock as reachable cards.** The stock and the waste are one sequence ``T`` (the waste
bottom to top, then the stock in the order it will be drawn) with a pointer ``p``, the waste's
size. A draw moves ``p`` to ``min(p + d, len(T))``; a recycle sets it to 0; the waste top is
``T[p - 1]``. Draws and recycles touch nothing else, so they commute with every other move and a
winning line can have its draws moved to just before the waste play they serve. So one search
move is "play the reachable card ``T[i]``" (the line gets the ``D`` taps it needs when written
out), the reachable cards being those at pointers ``p, p + d, …, len(T)`` and, after a recycle,
``d, 2d, …, len(T)``.

**Canonical key.** The columns, sorted (no rule depends on a column's number; face-down cards
are stored as ``card + 64``), then in draw three the sequence ``T`` and in draw one, where every
stock card is always reachable whatever the order, the foundation heights instead (the stock is
then what no column and no foundation holds). The pointer is kept apart, as one bit per key: a
pointer ``p`` reaches what ``p + 3`` reaches (one draw leads from one to the other) and every
pointer reaches what 0 reaches (draw to the end, recycle; 0 stands for ``len(T)`` and for the
multiples of 3 too, which reach the same cards). So a node is not entered when its position was
entered with a pointer that reaches all its cards: whatever it leads to, that one leads to with
a pointer at least as good.

**Sound reductions.** The graph searched has the positions after the automatic moves as nodes
and a fixed set of moves out of each, so depth-first search with a visited set enters every
node reachable from the root, and reports ``unwinnable`` only if none is won. What it leaves
out never loses a win:

* *automatic moves*: a card that ``_safe`` accepts goes up at once (proof there);
* *symmetry*: a King alone in its column never moves to an empty column, and of several empty
  columns only the first is a destination (either gives the same position with the columns
  renumbered);
* *dead positions*: a position that ``_hopeless`` condemns is not searched (proof there); the
  test runs where a card was just turned up or the stock just changed.

The fast searches add, unsoundly, *obligations*: after a move that only rearranges (a run moved
off a card that was already face up, a card taken down from a foundation, a stock card put on a
column) the next move must use the card it left or put: put a card on it, move it on with its
run, send it up (or, for a stock card in draw three, play another stock card). Winning lines
almost always allow this order, and it cuts most of the shuffling; but a line may need two such
moves before the one that uses both, so a failure proves nothing.
"""

from __future__ import annotations

import heapq
import random
import sys
import time
from collections import OrderedDict
from collections.abc import Collection, Iterable

from paciencia.engine.protocol import State
from paciencia.games.klondike import (
    F0,
    FITS,
    K_COL_COL,
    K_COL_F,
    K_DRAW,
    K_F_COL,
    K_W_COL,
    K_W_F,
    PARENTS,
    RANK,
    SUIT,
    KlondikeMove,
    KlondikeState,
)
from paciencia.solver import Result, Verdict

__all__ = ["hint_klondike", "solve_klondike", "useful_moves_klondike"]

FD = 64
"""Added to a face-down card in the search's columns, so that keys tell them apart."""
KING = 12
COLS = 7
SUIT_LETTERS = "shdc"

FAST_SHARE = 0.1
"""Share of the time given to the fast (unsound, win-finding) searches."""
FIRST_LIMIT = 400
"""Node budget of the first fast search; each restart gets ``GROWTH`` times more (many short
shuffled tries find more wins than a few long ones: the search time is heavy-tailed)."""
GROWTH = 1.3
RECURSION = 50_000
"""Recursion limit while searching (a line of the search is one Python frame per move)."""

# Suits: 0 ♠ and 3 ♣ black, 1 ♥ and 2 ♦ red.
OPP1 = (1, 0, 0, 1)
OPP2 = (2, 3, 3, 2)
SAME = (3, 2, 1, 0)
# The two cards a card may lie on; 52 (no card) for a King.
PAR1 = [p[0] if p else 52 for p in PARENTS]
PAR2 = [p[1] if p else 52 for p in PARENTS]
ALL52 = (1 << 52) - 1
KINGBITS = sum(1 << (13 * s + KING) for s in range(4))

# Search moves (kind, a, b, n).
CF = 0  # the end card of column a to its foundation
TF = 1  # the reachable stock card T[a] to its foundation
TC = 2  # T[a] to column b
CC = 3  # the last n cards of column a to column b
FC = 4  # the top card of suit a's foundation to column b
Move = tuple[int, int, int, int]

Step = tuple[int, int, int, int, int]
"""A move of the line being searched, with what undoing and writing it take: ``CF`` (column,
turned up 0/1, card, 1 if automatic), ``TF`` (index, pointer before, card, 1 if automatic),
``TC`` (index, pointer before, card, column), ``CC`` (source, destination, count, turned up),
``FC`` (suit, column, card, 0)."""

# Obligations of the fast search: what the last move left pending, as ``kind << 6 | card``.
OB_PARTIAL = 1  # the card a run was moved off
OB_DOWN = 2  # a card taken down from a foundation
OB_STOCK = 3  # a stock card put on a column


def _reach_table(draw: int) -> list[list[tuple[int, ...]]]:
    """``table[n][p]``: the indexes in ``T`` (length n, pointer p) of the cards that draws and
    recycles bring to the waste top, the nearest (fewest taps) first."""
    table: list[list[tuple[int, ...]]] = []
    for n in range(53):  # a position from table text may hold every card in the stock
        row: list[tuple[int, ...]] = []
        for p in range(n + 1):
            out: list[int] = []
            q = p
            for _ in range(2 * n + 2):
                if q and q - 1 not in out:
                    out.append(q - 1)
                q = 0 if q == n else min(q + draw, n)
            row.append(tuple(out))
        table.append(row)
    return table


REACH = {3: _reach_table(3), 1: _reach_table(1)}
# ABOVE[p]: the pointers (as bits) whose position reaches every card that pointer p reaches:
# p itself and p - 3, p - 6, … (draws lead from them to p); any pointer for 0 (draws to the end
# and a recycle lead from it to 0).
ABOVE = [(1 << 53) - 1] + [sum(1 << q for q in range(p, 0, -3)) for p in range(1, 53)]


class _OutOfTime(Exception):
    pass


def _safe(found: list[int], c: int) -> bool:
    """Whether sending ``c`` (a column's end card, whose foundation takes it next) up keeps a
    winnable position winnable. With ``r`` its rank (Ace 1) and counts ``found``:

    * ``r <= 2``; or
    * both opposite-colour foundations hold at least ``r - 1`` cards and the other foundation of
      ``c``'s colour at least ``r - 2``.

    Proof. Take a winning line ``L`` from the position; we build one ``L'`` that starts with
    ``c`` up and is shorter. Call *lifted* a set ``X`` of cards that ``L'`` has on foundations
    while ``L`` still has them in columns; ``L'`` keeps its position equal to ``L``'s with the
    cards of ``X`` taken off (a face-down card left at a column's end counts as turned up). This
    holds while the cards of ``X`` lie at column ends in ``L`` (only lifted cards above them):
    moves of unlifted cards are copied (a run carries only its unlifted part; a card sent up in
    ``L`` never has a lifted card of its suit above it, since those cards are higher and were
    put up in ``L'`` in order), a lifted card's own moves are skipped (its going up ends its
    lifting), and a card that ``L`` takes down from a foundation onto a lifted card, or from
    under a lifted card, is simply left up and joins ``X``. The one move that cannot be copied
    is an unlifted card put onto a lifted one. Start with ``X = {c}``.

    *Rank 1 and 2.* Nothing lies on an Ace. Only an opposite-colour Ace ``a`` can lie on a 2;
    when ``L`` puts ``a`` there, ``L'`` sends ``a`` up instead (its foundation is empty, since
    ``a`` is neither up in ``L`` nor lifted) and ``a`` joins ``X``.

    *The general rule.* Let ``Λ`` be the opposite-colour cards of rank ``≤ r - 1`` and the
    same-colour cards of rank ``≤ r - 2``: all are on foundations now (the rule's condition), and
    ``Λ`` is closed under "may lie on" (a card that may lie on a ``Λ`` card is again in ``Λ``).
    First rewrite ``L`` so that no ``Λ`` card ever leaves its foundation: lift all of ``Λ`` (as
    above); no unlifted card can go onto a ``Λ`` card, because it would be in ``Λ`` too, and no
    ``Λ`` card is in the stock; so every move of ``L`` is copied or skipped. In the rewritten line
    nothing is ever put on a card of ``X``: ``X`` starts as ``{c}`` and can only gain the card of
    ``c``'s suit ranked ``r - 1`` (taken down from under ``c``); the cards that may lie on ``c``
    (opposite colour, rank ``r - 1``) or on that card (opposite colour, ``r - 2``) are in ``Λ``.

    In both cases every move of ``L`` gives at most one move of ``L'``, and ``c``'s own move
    gives none. The waste is left out in draw three: taking a card out of the stock shifts the
    groups of three that later draws turn. In draw one every stock card stays reachable whatever
    the order, so the same proof covers stock cards there.

    The classic rule (both opposite-colour foundations at ``r - 1``, nothing asked of the other
    suit of ``c``'s colour) is not used: with cards allowed back from the foundations its proof
    fails here, since a card of ``c``'s colour and rank ``r - 2`` still in play can go onto an
    opposite ``r - 1`` taken down from its foundation, and that pair may then need ``c``.
    """
    s = SUIT[c]
    r = found[s]  # c's rank from 0, which equals its foundation's count
    return r < 2 or (found[OPP1[s]] >= r and found[OPP2[s]] >= r and found[SAME[s]] >= r - 1)


def _hopeless(cols: list[list[int]], tal: list[int], found: list[int], ptr: int, draw: int) -> bool:
    """Whether the position is lost by a static test: some card can never go up, even in a
    relaxation that forgets when things happen.

    Facts per card, grown from nothing to a least fixed point:

    * ``bare``: a column card becomes a column end (it is one, or the card right above it is
      ``free``: only a move of that card's own can uncover it);
    * ``free``: a column card leaves the card or place under it by a move of its own (not carried
      on a run that starts under it): it is face up or ``bare``, and it goes ``up``, or a card it
      may lie on is ``bare`` (wherever it lies: a run starting between the two can carry this
      card away first) or, out of the columns, ``lands``, or it is a King and another column can
      be emptied (is empty, or its first card is ``free``);
    * ``lands``: a card from a foundation (its top, or a card whose successor ``lands``), a
      ``drawn`` stock card, or a column card back from its foundation, can be put on a column (a
      card it may lie on is ``bare`` in a column or ``lands``, or it is a King and a column can
      be emptied);
    * ``up``: the card before it in its suit is ``up`` (or it is an Ace), and it is ``bare``, or
      ``drawn``, or on a foundation;
    * ``drawn``: a stock card can come to the waste top: in draw one always; in draw three when
      draws and recycles bring it there now, or a card before it in ``T`` is played (``lands``
      or ``up``), or the card right after it is. Indeed with none of these, the card keeps its
      index ``i`` and the card after it stays there, so every play is of a card at ``i + 2`` or
      beyond and leaves the pointer there; the pointers that follow (``+ 3``, the end, a
      recycle, multiples of 3) reach ``i + 1`` only if draws reached it already.

    In any line of play each of these events (a card becoming a column end, leaving its place
    for the first time, being put on a column, going up) needs such earlier events, so every card
    that goes up in a winning line gets ``up`` here: a card without it proves the position lost.
    """
    # The least fixed point of these rules, computed on sets of cards held as bits of an int
    # (bit ``c`` for card ``c``), every rule applied to all cards at once, until nothing grows.
    colmask = 0
    upmask = 0
    faceup = 0
    firsts = 0
    bare = 0
    colbits = [0] * COLS
    below = [0] * 52  # the bit of the card right under a column card
    empty_now = False
    for i, col in enumerate(cols):
        if not col:
            empty_now = True
            continue
        m = 0
        under = 0
        for x in col:
            bit = 1 << (x & 63)
            if x < FD:
                faceup |= bit
            below[x & 63] = under
            under = bit
            m |= bit
        colbits[i] = m
        colmask |= m
        firsts |= 1 << (col[0] & 63)
        bare |= under
    height = list(found)
    drawn = ALL52  # for the cards out of the stock it plays no part
    talbits = 0
    if draw == 3 and tal:
        for c in tal:
            talbits |= 1 << c
        drawn = ALL52 & ~talbits
        for i in REACH[3][len(tal)][ptr]:
            drawn |= 1 << tal[i]
    outside = ALL52 & ~colmask
    rank_ok = 0  # cards out of the columns that may come down or land: at or above their
    for s in range(4):  # foundation's top (the others only when the card above them lands)
        r = max(found[s] - 1, 0)
        rank_ok |= (0x1FFF >> r << r) << (13 * s)
    free = 0
    lands = 0
    played = 0
    while True:
        upmask = 0
        for s in range(4):
            upmask |= ((1 << height[s]) - 1) << (13 * s)
        if talbits:
            now = (lands | upmask) & talbits
            if now != played:
                played = now
                seen_played = False
                before = -1
                for c in tal:
                    bit = 1 << c
                    if seen_played:
                        drawn |= bit
                    if played & bit:
                        seen_played = True
                        if before >= 0:
                            drawn |= 1 << before  # the card right before a played one
                    before = c
        avail = (bare & colmask) | (lands & outside)
        black = (avail | avail >> 39) & 0x1FFF
        red = (avail >> 13 | avail >> 26) & 0x1FFF
        child = red >> 1 | (black >> 1) << 13 | (black >> 1) << 26 | (red >> 1) << 39
        ff = free & firsts
        nff = ff.bit_count()
        if empty_now or nff >= 2:
            kings_free = KINGBITS
            any_empty = True
        elif nff == 1:
            own = next(m for m in colbits if m & ff)
            kings_free = KINGBITS & ~own
            any_empty = True
        else:
            kings_free = 0
            any_empty = False
        new_lands = lands | (drawn & (rank_ok | (lands >> 1 & ~KINGBITS)) & (child | (KINGBITS if any_empty else 0)))
        ok = colmask & (upmask | child | kings_free)
        new_free = free
        new_bare = bare
        while True:  # down the columns at once: the card right under a free card is bare
            diff = (faceup | new_bare) & ok & ~new_free
            if not diff:
                break
            new_free |= diff
            while diff:
                low = diff & -diff
                new_bare |= below[low.bit_length() - 1]
                diff ^= low
        upable = new_bare | (drawn & outside)
        grew = False
        for s in range(4):
            h = height[s]
            while h < 13 and upable >> (13 * s + h) & 1:
                h += 1
            if h != height[s]:
                height[s] = h
                grew = True
        if not grew and new_lands == lands and new_free == free and new_bare == bare:
            return height != [13, 13, 13, 13]
        lands = new_lands
        free = new_free
        bare = new_bare


class _Search:
    """One depth-first search from a position: the private position, the keys seen, the line.

    ``fast``: the unsound obligations (see the module notes) and, with ``rng``, shuffled move
    orders; ``deadcheck``: ``_hopeless`` at the nodes where a card was just turned up or the
    stock just changed;
    ``autos``: the automatic moves (off only to check them against the search without them).
    """

    def __init__(
        self,
        state: KlondikeState,
        deadline: float,
        node_limit: int,
        *,
        fast: bool = False,
        rng: random.Random | None = None,
        deadcheck: bool = True,
        autos: bool = True,
    ) -> None:
        self.autos = autos
        self.fast = fast
        self.rng = rng
        self.deadcheck = deadcheck
        self.draw = state.draw
        self.cols = [
            [c + FD if k < hidden else c for k, c in enumerate(col)]
            for col, hidden in zip(state.cols, state.down, strict=True)
        ]
        self.down = list(state.down)
        self.tal = list(state.waste) + state.stock[::-1]
        self.pt = [len(state.waste)]
        self.found = list(state.found)
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.path: list[Step] = []
        self.seen: dict[bytes, int] = {}  # key (pointer aside) -> the pointers entered, as bits

    def hopeless(self) -> bool:
        return _hopeless(self.cols, self.tal, self.found, self.pt[0], self.draw)

    def run(self) -> bool:
        """True with ``path`` holding a winning line; False when every node was entered;
        ``_OutOfTime`` past the deadline or the node limit."""
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, RECURSION))
        try:
            return self._run()
        finally:
            sys.setrecursionlimit(old)

    def _run(self) -> bool:
        # One closure over local names: that is what makes CPython's inner loop bearable.
        cols = self.cols
        down = self.down
        tal = self.tal
        pt = self.pt
        found = self.found
        path = self.path
        seen = self.seen
        draw = self.draw
        draw1 = draw == 1
        fast = self.fast
        deadcheck = self.deadcheck
        use_autos = self.autos
        rng = self.rng
        reach = REACH[self.draw]
        deadline = self.deadline
        node_limit = self.node_limit
        clock = time.perf_counter
        suit_of = SUIT
        rank_of = RANK
        par1 = PAR1
        par2 = PAR2
        fits = FITS
        opp1 = OPP1
        opp2 = OPP2
        same = SAME
        rng7 = range(COLS)
        nodes = 0

        def key(tail: bytes) -> bytes:
            """The canonical key, the waste pointer aside (see ``pointer``)."""
            ks = sorted(map(bytes, cols))
            ks.append((bytes(found) if draw1 else bytes(tal)) + tail)
            return b"\xff".join(ks)

        def pointer() -> int:
            """The waste pointer, 0 when it reaches what 0 reaches (and always in draw one)."""
            if draw1:
                return 0
            p = pt[0]
            return 0 if p == len(tal) or not p % 3 else p

        def autos() -> int:
            """Sends safe cards up (``_safe``, inlined) until none is left; how many went."""
            count = 0
            again = use_autos
            while again:
                again = False
                for i in rng7:
                    col = cols[i]
                    if col:
                        c = col[-1]
                        s = suit_of[c]
                        r = found[s]
                        if rank_of[c] == r and (
                            r < 2 or (found[opp1[s]] >= r and found[opp2[s]] >= r and found[same[s]] >= r - 1)
                        ):
                            col.pop()
                            found[s] = r + 1
                            flip = 0
                            if col and down[i] == len(col):
                                col[-1] -= FD
                                down[i] -= 1
                                flip = 1
                            path.append((CF, i, flip, c, 1))
                            count += 1
                            again = True
                if draw1:  # every stock card is reachable in draw one: the same rule holds there
                    for idx in range(len(tal) - 1, -1, -1):
                        c = tal[idx]
                        s = suit_of[c]
                        r = found[s]
                        if rank_of[c] == r and (
                            r < 2 or (found[opp1[s]] >= r and found[opp2[s]] >= r and found[same[s]] >= r - 1)
                        ):
                            del tal[idx]
                            found[s] = r + 1
                            path.append((TF, idx, pt[0], c, 1))
                            pt[0] = idx
                            count += 1
                            again = True
            return count

        def unwind(count: int) -> None:
            """Takes back the last ``count`` automatic moves."""
            for _ in range(count):
                kind, a, b, c, _ = path.pop()
                found[suit_of[c]] -= 1
                if kind == CF:
                    col = cols[a]
                    if b:
                        col[-1] += FD
                        down[a] += 1
                    col.append(c)
                else:
                    tal.insert(a, c)
                    pt[0] = b

        def all_moves() -> list[Move]:
            """The moves, the promising first: what turns a card up or empties a column (the
            columns with most face-down cards first), other cards up, stock cards to columns,
            other runs, foundation cards down."""
            endc = [-1] * 53  # the column each end card closes; index 52 stands for "no card"
            empty = -1
            for i in rng7:
                col = cols[i]
                if col:
                    endc[col[-1]] = i
                elif empty < 0:
                    empty = i
            first: list[Move] = []
            reveal: list[tuple[int, Move]] = []
            ups: list[Move] = []
            stock: list[Move] = []
            partial: list[Move] = []
            downs: list[Move] = []
            for i in rng7:
                col = cols[i]
                if not col:
                    continue
                size = len(col)
                d = down[i]
                j = size - 1
                c = col[j]
                if found[suit_of[c]] == rank_of[c]:
                    (first if j == d else ups).append((CF, i, 0, 1))
                while True:  # each card of the face-up run at the end may lead a move
                    t = endc[par1[c]]
                    t2 = endc[par2[c]]
                    if t >= 0 or t2 >= 0:
                        n = size - j
                        if j != d:
                            if t >= 0:
                                partial.append((CC, i, t, n))
                            if t2 >= 0:
                                partial.append((CC, i, t2, n))
                        elif j:
                            if t >= 0:
                                reveal.append((d, (CC, i, t, n)))
                            if t2 >= 0:
                                reveal.append((d, (CC, i, t2, n)))
                        else:
                            if t >= 0:
                                first.append((CC, i, t, n))
                            if t2 >= 0:
                                first.append((CC, i, t2, n))
                    elif j and empty >= 0 and rank_of[c] == KING:  # never a King alone in its column
                        if j != d:
                            partial.append((CC, i, empty, size - j))
                        else:
                            reveal.append((d, (CC, i, empty, size - j)))
                    if j == d:
                        break
                    above = col[j - 1]
                    if not fits[above * 52 + c]:
                        break
                    j -= 1
                    c = above
            ntal = len(tal)
            if ntal:
                for idx in reach[ntal][pt[0]]:
                    w = tal[idx]
                    if found[suit_of[w]] == rank_of[w]:
                        ups.append((TF, idx, 0, 1))
                    t = endc[par1[w]]
                    if t >= 0:
                        stock.append((TC, idx, t, 1))
                    t = endc[par2[w]]
                    if t >= 0:
                        stock.append((TC, idx, t, 1))
                    if empty >= 0 and rank_of[w] == KING:
                        stock.append((TC, idx, empty, 1))
            for s in range(4):
                r = found[s]
                if r:
                    z = s * 13 + r - 1
                    t = endc[par1[z]]
                    if t >= 0:
                        downs.append((FC, s, t, 1))
                    t = endc[par2[z]]
                    if t >= 0:
                        downs.append((FC, s, t, 1))
                    if r == 13 and empty >= 0:
                        downs.append((FC, s, empty, 1))
            if rng is not None:
                for bucket in (first, ups, stock, partial, downs):
                    rng.shuffle(bucket)
                rng.shuffle(reveal)
            if reveal:
                reveal.sort(key=_first, reverse=True)
                first.extend([m for _, m in reveal])
            return first + ups + stock + partial + downs

        def enter(pending: int, fb: int, fbu: int, fdp: int) -> bool:
            """The child just made, unless it was entered before, or with a pointer that reaches
            all it reaches (checked here: most children were)."""
            k = key(bytes((pending, fb, fbu)) if pending else b"")
            p = pointer()
            return not seen.get(k, 0) & ABOVE[p] and dfs(pending, fb, fbu, fdp, k, p)

        def dfs(pending: int, fb: int, fbu: int, fdp: int, k: bytes, p: int) -> bool:
            """One node, of key ``k`` and pointer ``p`` (not entered yet). Fast search only:
            ``pending`` (``kind << 6 | card``, 0 for none) is what the last move left to use,
            ``fb``/``fbu`` the first card of a run just moved and the card it left (not to move
            it straight back). ``fdp``: face-down cards and stock size at the parent."""
            nonlocal nodes
            nodes += 1
            if not nodes & 255 and (clock() > deadline or nodes > node_limit):
                raise _OutOfTime
            count = 0
            if pending:
                pcard = pending & 63
                pkind = pending >> 6
            else:
                count = autos()
                if found[0] + found[1] + found[2] + found[3] == 52:
                    return True
                if count:
                    # This position leads where the one after its automatic moves does.
                    seen[k] = seen.get(k, 0) | 1 << p
                    k = key(b"")
                    p = pointer()
                    if seen.get(k, 0) & ABOVE[p]:
                        unwind(count)
                        return False
                pcard = pkind = -1
            seen[k] = seen.get(k, 0) | 1 << p
            # Face-down cards and stock size: the static test runs again when either changes.
            fdn = (down[0] + down[1] + down[2] + down[3] + down[4] + down[5] + down[6]) << 6 | len(tal)
            if deadcheck and fdn != fdp and not pending and _hopeless(cols, tal, found, pt[0], draw):
                unwind(count)
                return False
            for mv in all_moves():
                kind, a, b, n = mv
                dst = cols[b] if kind >= TC else None
                child = 0
                if fast:
                    # What a lazy move leaves pending, and whether this move uses what is pending.
                    used = False
                    if kind == CC:
                        src = cols[a]
                        rest = len(src) - n
                        if rest > down[a]:
                            child = OB_PARTIAL << 6 | src[rest - 1]
                            if src[rest] == fb and dst and dst[-1] == fbu:
                                continue  # straight back
                        if src[-1] == pcard:
                            if n == 1 and pkind != OB_PARTIAL:
                                continue  # moved on alone: it could have gone there at once
                            used = True
                    elif kind == CF:
                        if cols[a][-1] == pcard:
                            if pkind != OB_PARTIAL:
                                continue  # sent up: it could have gone up from where it was
                            used = True
                    elif kind == FC:
                        child = OB_DOWN << 6 | (a * 13 + found[a] - 1)
                        used = pkind == OB_DOWN and pcard == a * 13 + found[a]  # the card under it, down too
                    elif kind == TC:
                        child = OB_STOCK << 6 | tal[a]
                    if (
                        pending
                        and not used
                        and not (dst and dst[-1] == pcard)
                        and not (pkind == OB_STOCK and not draw1 and kind in (TF, TC))
                    ):
                        continue
                if kind == CC:
                    src = cols[a]
                    rest = len(src) - n
                    if n == 1:
                        dst.append(src.pop())  # type: ignore[union-attr]
                    else:
                        dst.extend(src[rest:])  # type: ignore[union-attr]
                        del src[rest:]
                    flip = 0
                    if rest and down[a] == rest:
                        src[-1] -= FD
                        down[a] -= 1
                        flip = 1
                    path.append((CC, a, b, n, flip))
                    # After a partial move: its run's first card and the card it left.
                    won = enter(child, dst[-n], src[-1], fdn) if child else enter(0, 255, 255, fdn)  # type: ignore[index]
                    if won:
                        return True
                    path.pop()
                    if flip:
                        src[-1] += FD
                        down[a] += 1
                    if n == 1:
                        src.append(dst.pop())  # type: ignore[union-attr]
                    else:
                        src.extend(dst[-n:])  # type: ignore[index]
                        del dst[-n:]  # type: ignore[union-attr]
                elif kind == CF:
                    src = cols[a]
                    c = src.pop()
                    s = suit_of[c]
                    found[s] += 1
                    flip = 0
                    if src and down[a] == len(src):
                        src[-1] -= FD
                        down[a] -= 1
                        flip = 1
                    path.append((CF, a, flip, c, 0))
                    if enter(0, 255, 255, fdn):
                        return True
                    path.pop()
                    if flip:
                        src[-1] += FD
                        down[a] += 1
                    src.append(c)
                    found[s] -= 1
                elif kind == FC:
                    r = found[a] - 1
                    found[a] = r
                    z = a * 13 + r
                    cols[b].append(z)
                    path.append((FC, a, b, z, 0))
                    if enter(child, 255, 255, fdn):
                        return True
                    path.pop()
                    cols[b].pop()
                    found[a] = r + 1
                else:  # TF, TC
                    w = tal.pop(a)
                    old = pt[0]
                    pt[0] = a
                    if kind == TF:
                        found[suit_of[w]] += 1
                        path.append((TF, a, old, w, 0))
                    else:
                        cols[b].append(w)
                        path.append((TC, a, old, w, b))
                    if enter(child, 255, 255, fdn):
                        return True
                    path.pop()
                    if kind == TF:
                        found[suit_of[w]] -= 1
                    else:
                        cols[b].pop()
                    pt[0] = old
                    tal.insert(a, w)
            unwind(count)
            return False

        try:
            return dfs(0, 255, 255, -1, key(b""), pointer())
        finally:
            self.nodes = nodes


def _first(item: tuple[int, Move]) -> int:
    return item[0]


def _tokens(state: KlondikeState, path: Iterable[Step]) -> tuple[str, ...]:
    """The line in move notation, each token played on a copy of ``state`` as it is written
    (an illegal token raises); the draws a stock card needs are tapped out."""
    sim = state.copy()
    out: list[str] = []

    def play(token: str) -> None:
        sim.play(token)
        out.append(token)

    for kind, a, b, card, extra in path:
        if kind == CF:
            play(f"{a + 1}-F")
        elif kind == CC:
            play(f"{a + 1}-{b + 1}" if card == 1 else f"{a + 1}x{card}-{b + 1}")
        elif kind == FC:
            play(f"F{SUIT_LETTERS[a]}-{b + 1}")
        else:
            for _ in range(len(sim.stock) + len(sim.waste) + 2):
                if sim.waste and sim.waste[-1] == card:
                    break
                play("D")
            play("W-F" if kind == TF else f"W-{extra + 1}")
    if not sim.is_won():
        raise AssertionError("the solver's line does not win")
    return tuple(out)


def solve_klondike(state: State[KlondikeMove], timeout: float = 10.0) -> Result:
    """Whether ``state`` (a Klondike position, left untouched) can be won; see the module notes.

    ``notes``: ``proof`` (``static`` or ``search``) for a loss, ``phase`` (``fast``, ``best``
    or ``sound``) for a win, ``tries`` (fast searches run), ``positions`` (entered by the last)."""
    if not isinstance(state, KlondikeState):
        raise TypeError("solve_klondike takes a Klondike position")
    start = time.perf_counter()
    deadline = start + timeout
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    if _Search(state, deadline, 0).hopeless():
        return Result(Verdict.UNWINNABLE, (), 0, time.perf_counter() - start, {"proof": "static"})
    nodes = 0
    tries = 0
    limit = FIRST_LIMIT
    rng = random.Random(0)  # fixed: the same position gets the same answer
    fast_end = start + timeout * FAST_SHARE
    while time.perf_counter() < fast_end:
        search = _Search(state, fast_end, limit, fast=True, rng=rng if tries else None)
        tries += 1
        try:
            won = search.run()
        except _OutOfTime:
            nodes += search.nodes
            limit = int(limit * GROWTH)
            continue
        nodes += search.nodes
        if won:
            return _won(state, search, nodes, start, {"phase": "fast", "tries": tries})
        break  # the restricted graph is exhausted: shuffling would not help
    for weight in BF_WEIGHTS:
        line = _best_first(state, time.perf_counter() + timeout * BF_SHARE, weight)
        if line is None:
            break  # every position was entered: no other weight finds more
        if line:
            text = _tokens(state, line)
            return Result(
                Verdict.WINNABLE, text, nodes, time.perf_counter() - start, {"phase": "best", "weight": weight}
            )
    search = _Search(state, deadline, 1 << 62)
    try:
        won = search.run()
    except _OutOfTime:
        notes: dict[str, object] = {"tries": tries, "positions": len(search.seen)}
        return Result(Verdict.UNKNOWN, (), nodes + search.nodes, time.perf_counter() - start, notes)
    nodes += search.nodes
    if won:
        return _won(state, search, nodes, start, {"phase": "sound", "tries": tries, "positions": len(search.seen)})
    notes = {"proof": "search", "tries": tries, "positions": len(search.seen)}
    return Result(Verdict.UNWINNABLE, (), nodes, time.perf_counter() - start, notes)


def _won(state: KlondikeState, search: _Search, nodes: int, start: float, notes: dict[str, object]) -> Result:
    line = _tokens(state, search.path)
    return Result(Verdict.WINNABLE, line, nodes, time.perf_counter() - start, notes)


# -- best-first search for wins --------------------------------------------------------------


def _moves_at(
    cols: list[list[int]], down: list[int], tal: list[int], ptr: int, found: list[int], draw: int
) -> list[Move]:
    """The search's moves in a position (see ``_Search``: the same generator, unshuffled)."""
    endc = [-1] * 53  # the column each end card closes; index 52 stands for "no card"
    empty = -1
    for i in range(COLS):
        col = cols[i]
        if col:
            endc[col[-1]] = i
        elif empty < 0:
            empty = i
    first: list[Move] = []
    reveal: list[tuple[int, Move]] = []
    ups: list[Move] = []
    stock: list[Move] = []
    partial: list[Move] = []
    downs: list[Move] = []
    for i in range(COLS):
        col = cols[i]
        if not col:
            continue
        size = len(col)
        d = down[i]
        j = size - 1
        c = col[j]
        if found[SUIT[c]] == RANK[c]:
            (first if j == d else ups).append((CF, i, 0, 1))
        while True:  # each card of the face-up run at the end may lead a move
            t = endc[PAR1[c]]
            t2 = endc[PAR2[c]]
            if t >= 0 or t2 >= 0:
                n = size - j
                if j != d:
                    if t >= 0:
                        partial.append((CC, i, t, n))
                    if t2 >= 0:
                        partial.append((CC, i, t2, n))
                elif j:
                    if t >= 0:
                        reveal.append((d, (CC, i, t, n)))
                    if t2 >= 0:
                        reveal.append((d, (CC, i, t2, n)))
                else:
                    if t >= 0:
                        first.append((CC, i, t, n))
                    if t2 >= 0:
                        first.append((CC, i, t2, n))
            elif j and empty >= 0 and RANK[c] == KING:  # never a King alone in its column
                if j != d:
                    partial.append((CC, i, empty, size - j))
                else:
                    reveal.append((d, (CC, i, empty, size - j)))
            if j == d:
                break
            above = col[j - 1]
            if not FITS[above * 52 + c]:
                break
            j -= 1
            c = above
    ntal = len(tal)
    if ntal:
        for idx in REACH[draw][ntal][ptr]:
            w = tal[idx]
            if found[SUIT[w]] == RANK[w]:
                ups.append((TF, idx, 0, 1))
            t = endc[PAR1[w]]
            if t >= 0:
                stock.append((TC, idx, t, 1))
            t = endc[PAR2[w]]
            if t >= 0:
                stock.append((TC, idx, t, 1))
            if empty >= 0 and RANK[w] == KING:
                stock.append((TC, idx, empty, 1))
    for s in range(4):
        r = found[s]
        if r:
            z = s * 13 + r - 1
            t = endc[PAR1[z]]
            if t >= 0:
                downs.append((FC, s, t, 1))
            t = endc[PAR2[z]]
            if t >= 0:
                downs.append((FC, s, t, 1))
            if r == 13 and empty >= 0:
                downs.append((FC, s, empty, 1))
    if reveal:
        reveal.sort(key=_first, reverse=True)
        first.extend([m for _, m in reveal])
    return first + ups + stock + partial + downs


def _blocked(col: bytes) -> int:
    """The cards of a column lying above a lower card of their own suit (each must move before
    that one can go up)."""
    out = 0
    low = [13, 13, 13, 13]
    for x in col:
        c = x & 63
        s = SUIT[c]
        r = RANK[c]
        if r > low[s]:
            out += 1
        else:
            low[s] = r
    return out


BF_WEIGHTS = (2, 1, 3)
"""Weights of the estimate against the moves made, one best-first search each (greedy, not
shortest: each weight finds wins the others miss)."""
BF_SHARE = 0.11
BF_NODES = 400_000
"""Positions a best-first search may hold (a few hundred bytes each), whatever its time."""
BF_FD = 1
"""Weight of a face-down card in the estimate of the moves left (each card not up counts 1)."""
"""Share of the time of each best-first search."""


def _best_first(state: KlondikeState, deadline: float, weight: int) -> list[Step] | None:
    """A win by best-first search over the search's moves (automatic moves included), led by
    ``weight`` times an estimate of the moves left (cards not up, face-down cards, cards above a
    lower card of their suit) plus the moves made: the line as steps; ``[]`` when time (or room,
    ``BF_NODES``) runs out;
    None when every position was entered (no loss is concluded from that: the sound search,
    with the static test, still decides)."""
    draw = state.draw
    draw1 = draw == 1
    clock = time.perf_counter
    root_cols = [
        [c + FD if k < hidden else c for k, c in enumerate(col)]
        for col, hidden in zip(state.cols, state.down, strict=True)
    ]
    # A node: columns (bytes each), T (bytes), pointer, foundation counts (bytes), parent, steps.
    Node = tuple[tuple[bytes, ...], bytes, int, bytes, int, tuple[Step, ...]]
    nodes: list[Node] = []
    heap: list[tuple[int, int]] = []
    seen: set[bytes] = set()
    blocked: dict[bytes, int] = {}

    def settle(
        cols: list[list[int]], down: list[int], tal: list[int], ptr: int, found: list[int], steps: list[Step]
    ) -> int:
        """Automatic moves (``_safe``) on a fresh position; returns the pointer."""
        again = True
        while again:
            again = False
            for i in range(COLS):
                col = cols[i]
                if col:
                    c = col[-1]
                    if found[SUIT[c]] == RANK[c] and _safe(found, c):
                        col = cols[i] = col[:-1]  # columns are shared with the parent: copied
                        found[SUIT[c]] += 1
                        flip = 0
                        if col and down[i] == len(col):
                            col[-1] -= FD
                            down[i] -= 1
                            flip = 1
                        steps.append((CF, i, flip, c, 1))
                        again = True
            if draw1:
                for idx in range(len(tal) - 1, -1, -1):
                    c = tal[idx]
                    if found[SUIT[c]] == RANK[c] and _safe(found, c):
                        del tal[idx]
                        found[SUIT[c]] += 1
                        steps.append((TF, idx, ptr, c, 1))
                        ptr = idx
                        again = True
        return ptr

    def add(
        cols: list[list[int]],
        down: list[int],
        tal: list[int],
        ptr: int,
        found: list[int],
        parent: int,
        steps: list[Step],
        g: int,
    ) -> bool:
        """Records a new position; True when it is won."""
        if found[0] + found[1] + found[2] + found[3] == 52:
            nodes.append(((), b"", 0, b"", parent, tuple(steps)))
            return True
        bcols = [bytes(c) for c in cols]
        p = 0 if draw1 or ptr == len(tal) or not ptr % 3 else ptr
        k = b"\xff".join(sorted(bcols)) + b"\xfe" + (bytes(found) if draw1 else bytes(tal)) + bytes((p,))
        if k in seen:
            return False
        seen.add(k)
        h = 52 - sum(found) + BF_FD * sum(down)
        for bc in bcols:
            x = blocked.get(bc)
            if x is None:
                x = blocked[bc] = _blocked(bc)
            h += x
        nodes.append((tuple(bcols), bytes(tal), ptr, bytes(found), parent, tuple(steps)))
        heapq.heappush(heap, (weight * h + g, len(nodes) - 1))
        return False

    cols0 = [list(c) for c in root_cols]
    down0 = list(state.down)
    tal0 = list(state.waste) + state.stock[::-1]
    found0 = list(state.found)
    steps0: list[Step] = []
    ptr0 = settle(cols0, down0, tal0, len(state.waste), found0, steps0)
    if add(cols0, down0, tal0, ptr0, found0, -1, steps0, 0):
        return steps0  # won by automatic moves alone (never empty: the position is not won)
    depth = {0: 0}
    count = 0
    while heap:
        count += 1
        if not count & 63 and (clock() > deadline or len(nodes) > BF_NODES):
            return []
        _, idx = heapq.heappop(heap)
        bcols, btal, ptr, bfound, _, _ = nodes[idx]
        g = depth[idx] + 1
        pcols = [list(b) for b in bcols]
        pdown = [sum(1 for x in b if x >= FD) for b in bcols]
        ptal = list(btal)
        pfound = list(bfound)
        for kind, a, b, n in _moves_at(pcols, pdown, ptal, ptr, pfound, draw):
            cols = list(pcols)  # a column is copied when this move or an automatic one changes it
            down = list(pdown)
            tal = list(ptal)
            found = list(pfound)
            q = ptr
            steps: list[Step] = []
            if kind == CC:
                src = cols[a]
                rest = len(src) - n
                cols[b] = cols[b] + src[rest:]
                src = cols[a] = src[:rest]
                flip = 0
                if rest and down[a] == rest:
                    src[-1] -= FD
                    down[a] -= 1
                    flip = 1
                steps.append((CC, a, b, n, flip))
            elif kind == CF:
                src = cols[a]
                c = src[-1]
                src = cols[a] = src[:-1]
                found[SUIT[c]] += 1
                flip = 0
                if src and down[a] == len(src):
                    src[-1] -= FD
                    down[a] -= 1
                    flip = 1
                steps.append((CF, a, flip, c, 0))
            elif kind == FC:
                found[a] -= 1
                z = a * 13 + found[a]
                cols[b] = [*cols[b], z]
                steps.append((FC, a, b, z, 0))
            else:
                w = tal.pop(a)
                if kind == TF:
                    found[SUIT[w]] += 1
                    steps.append((TF, a, q, w, 0))
                else:
                    cols[b] = [*cols[b], w]
                    steps.append((TC, a, q, w, b))
                q = a
            q = settle(cols, down, tal, q, found, steps)
            if add(cols, down, tal, q, found, idx, steps, g):
                line: list[Step] = []
                at = len(nodes) - 1
                while at >= 0:
                    line[:0] = nodes[at][5]
                    at = nodes[at][4]
                return line
            depth[len(nodes) - 1] = g
    return None


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


def useful_moves_klondike(state: State[KlondikeMove], budget_seconds: float = 0.25) -> list[str]:
    """The legal moves (tokens) that really advance the game: a face-down card turned up, a
    card sent up, a column emptied (not by a King that already led its column), a waste card
    played (the stock's arrangement changes for good), a draw when some other stock card can
    then be played, or a move that makes one of these possible where it was not (a run moved
    so that the card it leaves can go up, a card taken down from a foundation so that another
    can go on it…). When none does, the first move of a winning line if the solver finds one
    within ``budget_seconds`` (a win may need a longer preparation than one move). An empty list
    with legal moves left means none of them helps."""
    if not isinstance(state, KlondikeState):
        raise TypeError("useful_moves_klondike takes a Klondike position")
    sim = state.copy()
    before = _progress(sim)
    legal = sim.legal_moves()
    useful = [str(m) for m in legal if _advances(sim, m, before)]
    if useful or not legal:
        return useful
    token = _plan_step(sim)
    if token is None:
        result = solve_klondike(sim, budget_seconds)
        if result.verdict == Verdict.WINNABLE and result.line:
            _remember(sim, result.line)
            token = result.line[0]
    return [token] if token is not None else []


# -- hints ---------------------------------------------------------------------------------

PLAN_CACHE = 32
"""Winning lines remembered for hints (position key -> next token), most recent first."""
_plans: OrderedDict[tuple[object, ...], dict[tuple[object, ...], str]] = OrderedDict()


def _plan_step(state: KlondikeState) -> str | None:
    key = state.key()
    for root, plan in _plans.items():
        token = plan.get(key)
        if token is not None:
            _plans.move_to_end(root)
            return token
    return None


def _remember(state: KlondikeState, line: tuple[str, ...]) -> None:
    sim = state.copy()
    plan: dict[tuple[object, ...], str] = {}
    for token in line:
        plan.setdefault(sim.key(), token)
        sim.play(token)
    _plans[state.key()] = plan
    while len(_plans) > PLAN_CACHE:
        _plans.popitem(last=False)


def hint_klondike(
    state: State[KlondikeMove], budget_seconds: float = 0.25, seen: Collection[tuple[object, ...]] = ()
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
    token = _plan_step(state)
    if token is None:
        result = solve_klondike(state, budget_seconds)
        if result.verdict == Verdict.WINNABLE and result.line:
            _remember(state, result.line)
            token = result.line[0]
    if token is not None:
        return token
    return str(_best_move(state, legal, seen))


def _best_move(state: KlondikeState, legal: list[KlondikeMove], seen: Collection[tuple[object, ...]]) -> KlondikeMove:
    """The heuristic: moves to unseen positions first; among them, turning a face-down card up
    (from the column with most of them), then cards up, emptying a column, stock cards played,
    other useful moves, draws that lead to a playable card, and anything else last."""
    sim = state.copy()
    before = _progress(sim)
    here = sim.key()
    best: tuple[tuple[int, int], KlondikeMove] | None = None
    for m in legal:
        useful = _advances(sim, m, before)
        kind = m.kind
        if kind == K_COL_COL:
            col = sim.cols[m.src]
            rest = len(col) - m.n
            if rest and rest == sim.down[m.src]:
                score = 100 + sim.down[m.src]
            elif not rest and useful:
                score = 60
            else:
                score = 30 if useful else 0
        elif kind in (K_COL_F, K_W_F):
            src = sim.cols[m.src] if kind == K_COL_F else []
            turns = len(src) > 1 and sim.down[m.src] == len(src) - 1
            score = 100 + sim.down[m.src] if turns else 80
        elif kind == K_W_COL:
            score = 50
        elif kind == K_DRAW:
            score = 20 if useful else 5
        else:  # a card back from a foundation
            score = 25 if useful else -10
        sim.push(m)
        new = sim.key()
        sim.undo()
        fresh = new != here and new not in seen
        rank = (1 if fresh else 0, score)
        if best is None or rank > best[0]:
            best = (rank, m)
    assert best is not None
    return best[1]
