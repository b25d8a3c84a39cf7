"""The Crescent solver: a heuristic search for a winning line, then an exhaustive sound search.

Full knowledge of the cards: face-down cards play no part in the rules (they only hide), so the
face-down variants solve like the others and only the number of redeals matters.

The search works on its own board (``_Board``): piles, the two foundation tops of each suit and
the redeals left, with make/unmake (the engine's undo history is capped and a redeal clears it).

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
start but for the three reductions below, each proved where it is defined; a position whose
canonical key was seen before is skipped (it is on the current line, so a winning line through
it has a shorter version, or it was fully explored and lost; positions that differ only by a
permutation of the piles or by the meeting point of a met suit are won or lost together, since
no rule depends on a pile's number and the meeting point slides freely).

1. Met suits: the single "goes up" move replaces transfers (above).
2. ``_clear_isolated``: safe automatic moves to the foundations.
3. ``_dead``: positions proved lost are cut.

**Heuristic attempts** (``_heuristic``, ``_phased``, ``_macro``: greedy moves up, evaluation
order, node budgets, randomised restarts) alternate with growing exhaustive tries until 85% of
the time. They may prune anything, so they only ever answer ``winnable``, and every line, from
either search, is replayed on the engine before it is returned.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from paciencia.games.crescent import (
    ASC,
    DESC,
    KING,
    PILE_LIMIT,
    PILES,
    REDEAL,
    CrescentMove,
    CrescentState,
    move,
)
from paciencia.solver import Result, Verdict

RANK = [c % 13 for c in range(52)]
SUIT = [c // 13 for c in range(52)]
UPC = [(c // 13) * 13 + (c % 13 + 1) % 13 for c in range(52)]
DOWNC = [(c // 13) * 13 + (c % 13 - 1) % 13 for c in range(52)]
MET = 24  # solver-only destination 24 + suit: a card of a met suit goes up (transfers implied)
RD = -1  # the redeal
_NO_META = 13  # a met suit's foundation tops in the canonical key


def _enc(src: int, dst: int) -> int:
    return src << 5 | dst


class _Board:
    """The solver's position: piles bottom→top, foundation tops, redeals left, an undo trail."""

    __slots__ = ("a", "d", "piles", "redeals", "trail")

    def __init__(self, piles: list[list[int]], a: list[int], d: list[int], redeals: int) -> None:
        self.piles = piles
        self.a = a
        self.d = d
        self.redeals = redeals
        self.trail: list[int] = []

    @classmethod
    def of(cls, st: CrescentState) -> _Board:
        return cls([list(p) for p in st.piles], list(st.ftop[:4]), list(st.ftop[4:]), st.redeals)

    def copy(self) -> _Board:
        return _Board([list(p) for p in self.piles], list(self.a), list(self.d), self.redeals)

    def up_count(self) -> int:
        a, d = self.a, self.d
        return sum(a[s] + 1 + 13 - d[s] if d[s] > a[s] else 13 + (a[s] - d[s] + 1) for s in range(4))

    def won(self) -> bool:
        return not any(self.piles)

    def key(self) -> bytes:
        a, d = self.a, self.d
        head = bytearray(9)
        for s in range(4):
            if d[s] == a[s] + 1:
                head[s] = head[s + 4] = _NO_META
            else:
                head[s], head[s + 4] = a[s], d[s]
        head[8] = self.redeals
        return bytes(head) + b"|".join(sorted(bytes(p) for p in self.piles))

    # -- moves -------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """Pile moves, moves up (met suits as one move each) and the redeal."""
        piles, a, d = self.piles, self.a, self.d
        tops: dict[int, list[int]] = {}
        for i in range(PILES):
            p = piles[i]
            if 0 < len(p) < PILE_LIMIT:
                tops.setdefault(p[-1], []).append(i)
        out: list[int] = []
        for i in range(PILES):
            p = piles[i]
            if not p:
                continue
            c = p[-1]
            s, r = SUIT[c], RANK[c]
            base = i << 5
            if d[s] == a[s] + 1:
                out.append(base | (MET + s))
            else:
                if a[s] == r - 1:
                    out.append(base | (ASC + s))
                if d[s] == r + 1:
                    out.append(base | (DESC + s))
            for j in tops.get(UPC[c], ()):
                if j != i:
                    out.append(base | j)
            for j in tops.get(DOWNC[c], ()):
                if j != i:
                    out.append(base | j)
        if self.redeals and any(len(p) > 1 for p in piles):
            out.append(RD)
        return out

    def make(self, m: int) -> None:
        if m < 0:
            for p in self.piles:
                if len(p) > 1:
                    p.append(p.pop(0))
            self.redeals -= 1
            self.trail.append(m)
            return
        src, dst = m >> 5, m & 31
        c = self.piles[src].pop()
        if dst < ASC:
            self.piles[dst].append(c)
            self.trail.append(m)
        elif dst < DESC:
            self.a[dst - ASC] += 1
            self.trail.append(m)
        elif dst < MET:
            self.d[dst - DESC] -= 1
            self.trail.append(m)
        else:
            s = dst - MET
            self.trail.append(m | self.a[s] << 10)
            self.a[s] = self.d[s] = RANK[c]

    def unmake(self) -> int:
        t = self.trail.pop()
        if t < 0:
            for p in self.piles:
                if len(p) > 1:
                    p.insert(0, p.pop())
            self.redeals += 1
            return t
        m = t & 1023
        src, dst = m >> 5, m & 31
        if dst < ASC:
            c = self.piles[dst].pop()
        elif dst < DESC:
            s = dst - ASC
            c = s * 13 + self.a[s]
            self.a[s] -= 1
        elif dst < MET:
            s = dst - DESC
            c = s * 13 + self.d[s]
            self.d[s] += 1
        else:
            s = dst - MET
            c = s * 13 + self.a[s]
            self.a[s] = t >> 10
            self.d[s] = self.a[s] + 1
        self.piles[src].append(c)
        return m

    # -- sound reductions --------------------------------------------------------------------

    def _overlap(self, s: int) -> bool:
        return self.d[s] <= self.a[s]

    def clear_isolated(self) -> int:
        """Safe automatic moves up: empties every *isolated* pile that can go up whole now.

        A pile is isolated when every card in it is of an overlapped suit and every copy still on
        the piles of each card's pile neighbours (same suit, rank ±1 with wrap) lies in that pile.
        It is cleared when its cards, popped from the top, can each go up at once.

        Proof (any number of redeals left). Cards never go back to the piles, so the pile stays
        isolated: no card from outside can land on it (it would be a neighbour of its top card,
        outside it) and no card of it can land elsewhere (that target would be a neighbour outside
        it). So its cards leave it only to the foundations, the redeal turns it without touching
        any other pile, and an emptied pile takes nothing. Its suits are overlapped, so each of its
        cards has a single foundation and a single turn there, with no transfer ever again; the
        ones that can go up now, in order, are exactly their foundations' next cards. Take any
        winning line from the position: drop its moves of these cards; every other move stays
        legal (a foundation receives the same later cards after the same earlier ones; no other
        pile, move or redeal is affected), and it ends with every card up. So the position after
        the clearance is won whenever the position before it is. Returns how many cards went up.
        """
        piles, a, d = self.piles, self.a, self.d
        done = 0
        changed = True
        while changed:
            changed = False
            where: dict[int, int] = {}
            for i in range(PILES):
                for c in piles[i]:
                    where[c] = i if where.get(c, i) == i else -1
            for i in range(PILES):
                p = piles[i]
                if not p:
                    continue
                ok = True
                for c in p:
                    s = SUIT[c]
                    if d[s] > a[s] or where.get(UPC[c], i) != i or where.get(DOWNC[c], i) != i:
                        ok = False
                        break
                if not ok:
                    continue
                # Would popping it whole send every card up now?
                ta, td = list(a), list(d)
                for c in reversed(p):
                    s, r = SUIT[c], RANK[c]
                    if ta[s] == r - 1:
                        ta[s] = r
                    elif td[s] == r + 1:
                        td[s] = r
                    else:
                        ok = False
                        break
                if not ok:
                    continue
                base = i << 5
                while p:
                    c = p[-1]
                    s = SUIT[c]
                    self.make(base | (ASC + s if a[s] == RANK[c] - 1 else DESC + s))
                    done += 1
                changed = True
        return done

    def dead(self) -> bool:
        """Whether the position is proved lost: no redeal left and an overlapped suit's card
        sits above a card of the same foundation that must go up before it, with no way out.

        Proof. With no redeal left, a pile's order changes only at its top. Let ``y`` lie above
        ``x`` in one pile, both of one overlapped suit, both for the same foundation with ``x``
        first (each has one foundation and one turn, and no transfer is possible). ``y`` can leave
        the pile only to a foundation, which it cannot do before ``x``, or onto a pile whose top
        is a pile neighbour of ``y``; if every copy of those neighbours on the piles lies below
        ``y`` in this pile, none can become a top while ``y`` stays, so ``y`` never leaves, ``x``
        never surfaces, and the game cannot be won.
        """
        if self.redeals:
            return False
        a, d = self.a, self.d
        where: dict[int, list[tuple[int, int]]] = {}
        for i, p in enumerate(self.piles):
            for h, c in enumerate(p):
                where.setdefault(c, []).append((i, h))
        for i, p in enumerate(self.piles):
            for h in range(1, len(p)):
                y = p[h]
                s = SUIT[y]
                if d[s] > a[s]:
                    continue
                ry = RANK[y]
                asc_y = ry > a[s]
                blocked = False
                for x in p[:h]:
                    if SUIT[x] != s:
                        continue
                    rx = RANK[x]
                    if (asc_y and rx > a[s] and rx < ry) or (not asc_y and rx < d[s] and rx > ry):
                        blocked = True
                        break
                if not blocked:
                    continue
                if all(pi == i and ph < h for n in (UPC[y], DOWNC[y]) for pi, ph in where.get(n, ())):
                    return True
        return False


# -- evaluation for the heuristic phase ----------------------------------------------------------


def _evaluate(b: _Board, w_inv: int, w_redeal: int) -> int:
    """Higher is better: cards up, redeals kept, each foundation's next card near a top, few
    *inversions* (a card above another of its suit that must go up first on the same foundation;
    a card of a gap rank could go either way and counts for neither)."""
    piles, a, d = b.piles, b.a, b.d
    score = 40 * b.up_count() + w_redeal * b.redeals
    # group[c]: (suit, foundation) of a card with a single destination, order[c]: its turn there.
    group = [-1] * 52
    order = [0] * 52
    need = [-1] * 52  # the foundation whose next card c is
    for s in range(4):
        as_, ds = a[s], d[s]
        if ds == as_ + 1:
            continue
        base = s * 13
        for r in range(as_ + 1, 13):
            if r >= ds:
                group[base + r] = 2 * s
                order[base + r] = r
        for r in range(ds):
            if r <= as_:
                group[base + r] = 2 * s + 1
                order[base + r] = 13 - r
        if as_ < KING:
            need[base + as_ + 1] = 2 * s
        if ds > 0:
            need[base + ds - 1] = 2 * s + 1
    depth = [12] * 8
    inv = 0
    for p in piles:
        n = len(p)
        seen: dict[int, list[int]] = {}
        for h in range(n):
            c = p[h]
            f = need[c]
            if f >= 0 and n - 1 - h < depth[f]:
                depth[f] = n - 1 - h
            g = group[c]
            if g < 0:
                continue
            o = order[c]
            lst = seen.get(g)
            if lst is None:
                seen[g] = [o]
            else:
                for x in lst:
                    if x < o:
                        inv += 1
                lst.append(o)
    for f in range(8):
        s = f >> 1
        if d[s] == a[s] + 1 or (f & 1 and d[s] == 0) or (not f & 1 and a[s] == KING):
            continue
        score -= 3 * depth[f]
    return score - w_inv * inv


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


# -- searches ------------------------------------------------------------------------------------


class _Timeout(Exception):
    pass


def _heuristic(
    b: _Board,
    deadline: float,
    nodes: list[int],
    rng: random.Random,
    budget: int,
    w_inv: int,
    w_redeal: int,
    noise: float,
) -> list[int] | None:
    """Depth-first search, children best-evaluated first, a move up taken greedily when one
    exists (unsound: it may throw a win away), and at most ``budget`` nodes."""
    seen: set[bytes] = {b.key()}
    path: list[int] = []
    start_nodes = nodes[0]

    def children() -> list[int]:
        ms = b.moves()
        ups = [m for m in ms if m >= 0 and (m & 31) >= ASC]
        if ups:
            return [rng.choice(ups)] if noise else ups[:1]
        scored = []
        for m in ms:
            b.make(m)
            k = b.key()
            if k not in seen:
                scored.append((_evaluate(b, w_inv, w_redeal) + noise * rng.random(), m))
            b.unmake()
        scored.sort(reverse=True)
        return [m for _, m in scored]

    stack: list[list[int]] = [children()]
    while stack:
        top = stack[-1]
        if not top:
            stack.pop()
            if path:
                path.pop()
                b.unmake()
            continue
        m = top.pop(0)
        b.make(m)
        nodes[0] += 1
        if nodes[0] & 255 == 0 and time.perf_counter() > deadline:
            raise _Timeout
        if b.won():
            path.append(m)
            return path
        k = b.key()
        if k in seen:
            b.unmake()
            continue
        seen.add(k)
        path.append(m)
        if nodes[0] - start_nodes > budget:
            return None
        stack.append(children())
    return None


def _phase_ends(
    b: _Board, deadline: float, nodes: list[int], budget: int, keep: int, w_inv: int, w_redeal: int
) -> tuple[list[int] | None, list[tuple[int, list[int]]]]:
    """One deal phase (no redeal): depth-first search over pile moves and moves up, children
    best-evaluated first, a move up taken greedily when one exists, at most ``budget`` nodes.
    Returns a winning line if one turns up, else the ``keep`` best positions to redeal from,
    as (evaluation after the redeal, line to them) — unsound, like the whole heuristic phase."""
    seen: set[bytes] = {b.key()}
    path: list[int] = []
    ends: dict[bytes, tuple[int, list[int]]] = {}
    start_nodes = nodes[0]

    def note_end() -> None:
        if not b.redeals:
            return
        b.make(RD)
        k = b.key()
        if k not in ends:
            ends[k] = (_evaluate(b, w_inv, w_redeal), [*path])
        b.unmake()

    def children() -> list[int]:
        ms = [m for m in b.moves() if m >= 0]
        ups = [m for m in ms if (m & 31) >= ASC]
        if ups:
            return ups[:1]
        note_end()
        scored = []
        for m in ms:
            b.make(m)
            k = b.key()
            if k not in seen:
                scored.append((_evaluate(b, w_inv, w_redeal), m))
            b.unmake()
        scored.sort(reverse=True)
        return [m for _, m in scored]

    stack: list[list[int]] = [children()]
    while stack and nodes[0] - start_nodes < budget:
        top = stack[-1]
        if not top:
            stack.pop()
            if path:
                path.pop()
                b.unmake()
            continue
        m = top.pop(0)
        b.make(m)
        nodes[0] += 1
        if nodes[0] & 255 == 0 and time.perf_counter() > deadline:
            raise _Timeout
        if b.won():
            path.append(m)
            line = [*path]
            while path:
                path.pop()
                b.unmake()
            return line, []
        k = b.key()
        if k in seen:
            b.unmake()
            continue
        seen.add(k)
        path.append(m)
        stack.append(children())
    while path:
        path.pop()
        b.unmake()
    best = sorted(ends.values(), key=lambda e: e[0], reverse=True)
    return None, [(e, [*line, RD]) for e, line in best[:keep]]


def _phased(
    b: _Board, deadline: float, nodes: list[int], budget: int, keep: int, w_inv: int, w_redeal: int
) -> list[int] | None:
    """Search phase by phase: from each phase, carry on from its ``keep`` best redeal points."""
    line, ends = _phase_ends(b, deadline, nodes, budget, keep, w_inv, w_redeal)
    if line is not None:
        return line
    for _, pre in ends:
        for m in pre:
            b.make(m)
        rest = _phased(b, deadline, nodes, budget, keep, w_inv, w_redeal)
        for _ in pre:
            b.unmake()
        if rest is not None:
            return pre + rest
    return None


def _macro_children(b: _Board, depth: int, cap: int, w_inv: int, w_redeal: int, jitter: list[float]) -> list[list[int]]:
    """The ways on from ``b``, best first: each move up now, else each shortest run of at most
    ``depth`` pile moves (at most ``cap`` positions looked at) that ends in a move up, then the
    redeal. Ranked by the evaluation after them, less 2 per pile move."""
    ms = b.moves()
    ups = [m for m in ms if m >= 0 and (m & 31) >= ASC]
    scored: list[tuple[float, list[int]]] = []
    if ups:
        for m in ups:
            b.make(m)
            scored.append((_evaluate(b, w_inv, w_redeal), [m]))
            b.unmake()
    else:
        visited = {b.key(): 0}
        frontier: list[list[int]] = [[]]
        looked = 0
        for level in range(1, depth + 1):
            nxt: list[list[int]] = []
            for path in frontier:
                for m in path:
                    b.make(m)
                for m in b.moves():
                    if m < 0:
                        continue
                    b.make(m)
                    looked += 1
                    k = b.key()
                    if k not in visited:
                        visited[k] = level
                        found = [u for u in b.moves() if u >= 0 and (u & 31) >= ASC]
                        for u in found:
                            b.make(u)
                            scored.append((_evaluate(b, w_inv, w_redeal) - 2 * level, [*path, m, u]))
                            b.unmake()
                        if not found:
                            nxt.append([*path, m])
                    b.unmake()
                for _ in path:
                    b.unmake()
                if looked > cap:
                    break
            if scored or looked > cap:
                break
            frontier = nxt
    if b.redeals and any(len(p) > 1 for p in b.piles):
        b.make(RD)
        scored.append((_evaluate(b, w_inv, w_redeal), [RD]))
        b.unmake()
    if jitter:
        scored = [(e + jitter[i % len(jitter)], line) for i, (e, line) in enumerate(scored)]
    scored.sort(key=lambda e: e[0], reverse=True)
    return [line for _, line in scored]


def _macro(
    b: _Board,
    deadline: float,
    nodes: list[int],
    rng: random.Random,
    budget: int,
    w_inv: int,
    w_redeal: int,
    noise: float,
) -> list[int] | None:
    """Depth-first search over macro moves (``_macro_children``) with a transposition table."""
    seen: set[bytes] = {b.key()}
    path: list[list[int]] = []
    start_nodes = nodes[0]
    depth = 3

    def children() -> list[list[int]]:
        return _macro_children(b, depth, 400, w_inv, w_redeal, [noise * rng.random() for _ in range(7)])

    stack = [children()]
    while stack:
        top = stack[-1]
        if not top or nodes[0] - start_nodes > budget:
            stack.pop()
            if path:
                for _ in path.pop():
                    b.unmake()
            if nodes[0] - start_nodes > budget:
                while path:
                    for _ in path.pop():
                        b.unmake()
                return None
            continue
        step = top.pop(0)
        for m in step:
            b.make(m)
        nodes[0] += 1
        if time.perf_counter() > deadline:
            raise _Timeout
        if b.won():
            path.append(step)
            return [m for st in path for m in st]
        k = b.key()
        if k in seen:
            for _ in step:
                b.unmake()
            continue
        seen.add(k)
        path.append(step)
        stack.append(children())
    return None


def _exhaustive(b: _Board, deadline: float, nodes: list[int]) -> list[int] | None:
    """Sound depth-first search: every move, with the reductions proved on ``_Board``."""
    seen: set[bytes] = set()
    frames: list[tuple[list[int], int]] = []  # (moves left to try, trail length to return to)

    def enter() -> bool:
        """Applies the safe moves; False when the position needs no expansion."""
        b.clear_isolated()
        if b.won():
            return True
        k = b.key()
        if k in seen or b.dead():
            return False
        seen.add(k)
        ms = b.moves()
        ups = [m for m in ms if m >= 0 and (m & 31) >= ASC]
        rest = [m for m in ms if m < 0 or (m & 31) < ASC]
        frames.append((ups + rest, len(b.trail)))
        return False

    if enter():
        return [t if t < 0 else t & 1023 for t in b.trail]
    while frames:
        todo, mark = frames[-1]
        while len(b.trail) > mark:
            b.unmake()
        if not todo:
            frames.pop()
            if frames:
                while len(b.trail) > frames[-1][1]:
                    b.unmake()
            continue
        m = todo.pop(0)
        b.make(m)
        nodes[0] += 1
        if nodes[0] & 255 == 0 and time.perf_counter() > deadline:
            raise _Timeout
        if enter():
            return [t if t < 0 else t & 1023 for t in b.trail]
    return None


# Heuristic attempts: many short randomised dives of three kinds with varied weights. Measured on
# random deals, the wins they find come early in a dive and each kind (and each setting) finds
# different ones, so diversity pays more than depth.
def _portfolio(attempt: int, rng: random.Random) -> tuple[str, int, int, int, int, float]:
    """(kind, node budget, redeal points kept, inversion weight, redeal weight, noise)."""
    first = (("dfs", 3000, 0, 6, 30, 1.0), ("phased", 20000, 3, 20, 30, 0.0), ("macro", 300, 0, 6, 30, 0.0))
    if attempt < len(first):
        return first[attempt]
    kind = ("dfs", "macro", "phased")[attempt % 3]
    w_inv = rng.choice((3, 6, 12, 20, 40))
    w_redeal = rng.choice((15, 30, 60, 100))
    noise = rng.choice((5.0, 15.0, 40.0))
    grow = 1 + attempt // 30
    if kind == "dfs":
        return kind, 2000 * grow, 0, w_inv, w_redeal, noise
    if kind == "macro":
        return kind, 300 * grow, 0, w_inv, w_redeal, noise
    return kind, rng.choice((3000, 10000, 20000)) * grow, rng.choice((1, 2, 3)), w_inv, w_redeal, noise


def solve_crescent(state: CrescentState, timeout: float = 10.0) -> Result:
    """Solves a copy of ``state``: a winning line, a proof that none exists, or unknown.

    Exhaustive tries (each given 2% of the timeout or a fifth of the time spent in heuristics so
    far, whichever is more) alternate with heuristic attempts until 85% of the time, so small
    positions are settled at once either way; then the exhaustive search runs until the
    deadline. Only an exhaustive run that ends can answer ``unwinnable``."""
    start = time.perf_counter()
    deadline = start + timeout
    nodes = [0]
    notes: dict[str, object] = {}
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    rng = random.Random(1)
    heuristic_end = start + timeout * 0.85
    slice_ = timeout * 0.02
    spent = 0.0  # in heuristic attempts
    attempt = 0
    while True:
        now = time.perf_counter()
        last = now >= heuristic_end
        try:
            found = _exhaustive(_Board.of(state), deadline if last else min(deadline, now + slice_), nodes)
            if found is None:
                return Result(Verdict.UNWINNABLE, (), nodes[0], time.perf_counter() - start, notes)
            notes["phase"] = "exhaustive"
            return _won(state, found, nodes[0], start, notes)
        except _Timeout:
            if last:
                notes["attempts"] = attempt
                return Result(Verdict.UNKNOWN, (), nodes[0], time.perf_counter() - start, notes)
        kind, budget, keep, w_inv, w_redeal, noise = _portfolio(attempt, rng)
        attempt += 1
        b = _Board.of(state)
        began = time.perf_counter()
        try:
            if kind == "dfs":
                found = _heuristic(b, heuristic_end, nodes, rng, budget, w_inv, w_redeal, noise)
            elif kind == "macro":
                found = _macro(b, heuristic_end, nodes, rng, budget, w_inv, w_redeal, noise)
            else:
                found = _phased(b, heuristic_end, nodes, budget, keep, w_inv, w_redeal)
        except _Timeout:
            continue
        finally:
            spent += time.perf_counter() - began
            slice_ = max(slice_, spent * 0.2)
        if found is not None:
            notes["phase"] = f"heuristic {kind}"
            return _won(state, found, nodes[0], start, notes)


def _won(state: CrescentState, line: list[int], nodes: int, start: float, notes: dict[str, object]) -> Result:
    tokens = _replay(state, line)
    return Result(Verdict.WINNABLE, tuple(tokens), nodes, time.perf_counter() - start, notes)


# -- hints and progress --------------------------------------------------------------------------


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
    legal = state.legal_moves()
    if not legal or state.is_won():
        return None
    avoid = avoid if avoid is not None else set()
    result = solve_crescent(state, budget_seconds)
    if result.verdict is Verdict.WINNABLE and result.line:
        first = result.line[0]
        # A fresh line may differ from the one an earlier hint followed: never step back.
        if _after(state, state.game.parse_move(first)).key() not in avoid:
            return first
    best: tuple[int, str] | None = None
    for m in legal:
        st = _after(state, m)
        if st.key() in avoid or st.key() == state.key():
            continue
        score = _evaluate(_Board.of(st), 6, 30)
        if m.src >= ASC:
            score -= 1  # a transfer only when it is worth more than the rest
        if best is None or score > best[0]:
            best = (score, str(m))
    return None if best is None else best[1]


def crescent_progress(state: CrescentState, budget_seconds: float = 0.25) -> tuple[list[str], bool]:
    """The legal moves that really advance, and whether the position is proved lost.

    A move advances when it sends a card up; empties a pile; turns a face-down card up; uncovers
    a card that can then go up or onto another pile; is a transfer after which a pile card can go
    up; or is a redeal after which a pile card can go up. Proved lost: the game is blocked, or the
    solver exhausted the position within the budget (sound reductions only)."""
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
    if state.is_won():
        return useful, False
    if state.status.value == "blocked":
        return useful, True
    return useful, solve_crescent(state, budget_seconds).verdict is Verdict.UNWINNABLE
