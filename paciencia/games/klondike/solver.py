"""The Klondike solver (thoughtful solitaire: every card known); the hints built on it are in
``paciencia.games.klondike.analysis``.

``solve_klondike(state, timeout)`` answers ``winnable`` with a line of move tokens (replayed
through ``State.play`` before it is returned), ``unwinnable`` only when a search that uses sound
reductions alone exhausted everything, ``unknown`` when time ran out first.

The search runs in C (``_search.c``, a few million positions a second): depth-first over
make/unmake on its own copy of the position, with a transposition table of 128-bit hashes of
the canonical key. *Sound* searches try every search move; *dives* order the moves by an
evaluation with random noise and stop after a node budget, so they only ever find wins. The
sections below are the model both follow and the proofs of its reductions.

**The stock as reachable cards.** The stock and the waste are one sequence ``T`` (the waste
bottom to top, then the stock in the order it will be drawn) with a pointer ``p``, the waste's
size. A draw moves ``p`` to ``min(p + d, len(T))``; a recycle sets it to 0; the waste top is
``T[p - 1]``. Draws and recycles touch nothing else, so they commute with every other move and a
winning line can have its draws moved to just before the waste play they serve. So one search
move is "play the reachable card ``T[i]``" (the line gets the ``D`` taps it needs when written
out), the reachable cards being those at pointers ``p, p + d, …, len(T)`` and, after a recycle,
``d, 2d, …, len(T)`` (``REACH``). Playing ``T[i]`` leaves the pointer at ``i``.

**Canonical key.** The columns as a multiset (no rule depends on a column's number; face-down
cards told apart from face-up ones; and twin stacks, below), the foundation heights, and in draw three the sequence
``T`` (in draw one, where every stock card is always reachable whatever the order, the rest of
the key implies what the stock holds). The pointer is kept apart, as one bit per key: a pointer
``p`` reaches what ``p + 3`` reaches (one draw leads from one to the other) and every pointer
reaches what 0 reaches (draw to the end, recycle; 0 stands for ``len(T)`` and for the multiples
of 3 too, which reach the same cards). So a node is not entered when its position was entered
with a pointer that reaches all its cards: whatever it leads to, that one leads to with a
pointer at least as good.

**Sound reductions.** The graph searched has the positions after the automatic moves as nodes
and a fixed set of moves out of each, so depth-first search with a visited set enters every
node reachable from the root, and reports ``unwinnable`` only if none is won. What it leaves
out never loses a win:

* *automatic moves*: a card that ``_safe`` accepts goes up at once (proof there);
* *symmetry*: a King at the bottom of its column never moves to an empty column, and of several
  empty columns only the first is a destination (either gives the same position with the
  columns renumbered);
* *dead positions*: a position that the static test below condemns is not searched; the test
  runs at the root and where a card was just turned up or the stock just changed;
* *twin stacks*: positions that differ only in which of two twins carries which stack are
  searched once (below);
* *moves that lead back to a key seen*: with twin stacks, part of a run taken off a card and put
  on that card's twin at another column's end (the stack changes twin: the same key), and of two
  twins both at column ends only the first is a destination (a card put on either gives the same
  key); with the automatic moves, a card is not taken down from its foundation when ``_safe``
  accepts it there (the automatic moves would send it straight back up: the position it left).
  Each of these would only reach a key already entered, so leaving them out changes no verdict;
  they were most of the moves tried on the deals that took longest to prove lost.

**Twin stacks.** Two cards of the same rank and colour are *twins* (♠ and ♣, ♥ and ♦): a card
that may lie on one may lie on the other. Where both twins lie in the ordered runs at their
columns' ends (face up, as every face-up card in play does; table text may hold others), which
of the two carries which *stack* (the cards lying on it, maybe none) is left out of the key: the key
cuts each column after every such card and is the multiset of the pieces, each tagged with where
it lies (its column's bottom, or a twin pair, either card of it). One more search move makes this
sound, ``XF``: when a card that its foundation takes next carries a stack and its twin lies at a
column's end, the stack goes onto the twin and the card goes up (two legal moves).

Proof. Write ``P ≈ Q`` when ``Q`` is ``P`` with the stacks of some twin pairs exchanged (columns
renumbered maybe): exactly the positions that share a key. ``≈`` is a bisimulation of the graph
searched (positions after the automatic moves; search moves, ``XF`` included): each move from
``P`` has one from ``Q`` that leads to a position ``≈`` to its result, and back. The two differ
only in where stacks lie. A move that touches neither card of an exchanged pair is played alike;
a card put on a twin in ``P`` is put on the other twin in ``Q`` (the same cards fit both); a run
that carries a twin of an exchanged pair carries the other stack (the same run, from the same
card; it cannot land in that pair's stacks, whose cards rank below its first card); a stack's own
cards move alike wherever the stack lies. That leaves a twin going up,
which needs its stack empty: where the same card carries the other stack in ``Q``, that stack is
not empty and its twin is a column's end, so ``XF`` sends it up with the same result (and an
``XF`` of ``P`` is a plain move up in ``Q``). The automatic moves act alike too. Their result does
not depend on their order (a card stays safe as the foundations grow, and a column's end stays
one until it goes up), so the moves both sides allow can go first; after them the column ends
differ only at a pair where one twin carries a stack that is not empty, and its partner is not
safe: the stack's bottom card, of the other colour and one rank below, is still in play, and
``_safe`` wants it up (on a 2 that card is an Ace, a column's end on both sides, so it went up
with the first ones).
So ``≈`` positions are equally far from a win. The search enters one position of each key; if a
winnable position were entered and the search ended without a win, take the entered winnable
position nearest to a win: the next position on a shortest winning line, or one ``≈`` to it
(as near), or one with the same key and a pointer that reaches more (no farther), was entered
(nearer: a contradiction) or found dead (impossible, it can be won).

**Moves already made** (shortcut 8). A partial-order reduction that leaves the search's entries
exactly as they are and only skips moves whose position the table would cut. Let ``x`` be the
move that led from ``X`` to this position ``Z``, with nothing sent up after it, and ``z`` a search
move of ``Z``. Two kinds of ``z`` are skipped:

* *back up*: ``x`` took a card down from its foundation and ``z`` sends that card back up.
  ``Z·z`` is ``X`` itself (the card, a column end, was not safe: nothing else moved), with the
  same pointer, and ``X`` was entered: its frame is the one ``x`` came from.
* *made in the other order*: ``x`` and ``z`` are both *plain* (a column's run or a stock card
  put on a face-up column end: no foundation changes, no move to an empty column), and

  1. ``X``'s frame made ``z`` (the same run between the same columns, or the same stock card to
     the same column) before ``x``, and entered its position ``X·z`` (pushed its frame);
  2. ``z`` and ``x`` touch no common column and at most one of them the stock, or both are stock
     cards in draw one, to different columns;
  3. nothing goes up after ``z``: the card it uncovers, and a stock card it puts down, are not
     ones ``_safe`` sends up (the foundations are those of ``X``: ``x`` changed none);
  4. the cards that ``z`` leaves at its columns' ends (the one it uncovers, its last card) are
     not the twin of ``x``'s destination card, so ``x``'s destination is no twin duplicate
     after ``z`` either.

Proof that the search enters the same positions in the same order as without the rule (so every
verdict, proof and line stays, and fewer moves are tried). By induction over the search without
it, show that each skipped move would have reached a key already entered with a pointer that
reaches all its cards (the table's cut). *Back up* is above. *Made in the other order*: by 2 and
3 the two moves change disjoint parts, and nothing goes up after either in either order (only a
card a move uncovers or puts down can become a safe end, the foundations being unchanged), so
``X·z·x`` and ``X·x·z = Z·z`` hold the same cards in the same places, with the same pointer (two
stock cards in draw one: the same talon, and the pointer, which draw one's key leaves out, does
not matter). By 2 and 4 ``x`` is a search move of ``X·z``: its run or card and its destination
are untouched, its destination's end is not a twin duplicate there (the only ends that changed
are those of 4), and in draw one its stock card is still reachable. By 1 ``X·z`` was entered
before ``x`` was made from ``X``, so depth first its whole frame, ``x`` among its moves, was made
before ``Z`` was reached (``x`` is not skipped there: it comes after ``z`` in ``X``'s frame; if
it was skipped as *back up*, or by induction, its position's key was already entered). So the
key of ``Z·z`` was entered with a pointer reaching all its cards before ``Z`` was, and the move
would have been cut.

On the deals that take longest (bench/klondike_order.py, positions searched to the end) it
skips 4-8% of the positions tried, nearly all of it *back up* (KL1-1-RMCIPXG 6,937,409 →
6,452,182; *made in the other order* alone: 6,890,091). That is far from the 2.5× the hard deals
need, and one-step commutation cannot give it: most repeated positions are reached from an
``X·z`` that was itself cut (then nothing says its frame was finished), and even counting
those, the pairs that commute in one step are at most 7-9% of the positions tried. A canonical
order (``z`` skipped after ``x`` whenever they commute and ``z`` comes first in a fixed order,
whatever the frame did) prunes about 8% but is only sound when an entry records which moves it
left out, exactly for its position; other positions of its key (twin exchanges, pointers) then
need entering again, and that cost 2-19% more positions than it saved (the same deal: 7.08 M).

**The static test** (``_klondike.hopeless``; tests/solver checks it against these rules applied
card by card).
Whether the position is lost by a static test: some card can never go up, even in a
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

from __future__ import annotations

from collections.abc import Iterable

from paciencia.engine.cards import SUIT_LETTERS
from paciencia.engine.protocol import State
from paciencia.engine.verdict import Result, Verdict
from paciencia.games.klondike.rules import (
    SUIT,
    KlondikeMove,
    KlondikeState,
)
from paciencia.solver.meter import Meter
from paciencia.solver.schedule import Answer, alternate

__all__ = ["REACH", "solve_klondike"]

KING = 12

# Suits: 0 ♠ and 3 ♣ black, 1 ♥ and 2 ♦ red.
OPP1 = (1, 0, 0, 1)
OPP2 = (2, 3, 3, 2)
SAME = (3, 2, 1, 0)

# Search moves, as the C search reports them: (kind, a, b, n, card).
CF = 0  # the end card of column a to its foundation
TF = 1  # the reachable stock card T[a] to its foundation
TC = 2  # T[a] to column b
CC = 3  # the last n cards of column a to column b
FC = 4  # the top card of suit a's foundation to column b

Step = tuple[int, int, int, int, int]
"""A search move as ``_tokens`` writes it out: ``CF`` (column, 0, card, 0), ``TF`` (index, 0,
card, 0), ``TC`` (index, 0, card, column), ``CC`` (source, destination, count, 0), ``FC`` (suit,
column, card, 0)."""


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


class _Reach(dict[int, list[list[tuple[int, ...]]]]):
    """``REACH[draw]``, built on first use: the search itself never reads it (the hints and the
    tests do), and building both tables took most of ``paciencia solve``'s start-up."""

    def __missing__(self, draw: int) -> list[list[tuple[int, ...]]]:
        table = self[draw] = _reach_table(draw)
        return table


REACH = _Reach()


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


def _tokens(state: KlondikeState, path: Iterable[Step], wins: bool = True) -> tuple[str, ...]:
    """The line in move notation, each token played on a copy of ``state`` as it is written
    (an illegal token raises); the draws a stock card needs are tapped out. ``wins``: the line
    must win (else AssertionError)."""
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
    if wins and not sim.is_won():
        raise AssertionError("the solver's line does not win")
    return tuple(out)


def _c_position(state: KlondikeState) -> tuple[list[list[int]], list[int], list[int], int, list[int], int]:
    """The position as the C search reads it: columns, face-down counts, ``T``, pointer, foundations."""
    tal = list(state.waste) + state.stock[::-1]
    return [list(c) for c in state.cols], list(state.down), tal, len(state.waste), list(state.found), state.draw


def _c_line(state: KlondikeState, steps: list[tuple[int, int, int, int, int]], wins: bool = True) -> tuple[str, ...]:
    """Tokens for the C search's moves ``(kind, a, b, n, card)``, through ``_tokens``."""
    path: list[Step] = []
    for kind, a, b, n, card in steps:
        if kind == CC:
            path.append((CC, a, b, n, 0))
        elif kind == TC:
            path.append((TC, a, 0, card, b))
        elif kind == FC:
            path.append((FC, a, b, card, 0))
        else:
            path.append((kind, a, 0, card, 0))
    return _tokens(state, path, wins)


SOUND = 15  # the search's shortcuts: 1 automatic moves up, 2 static test, 4 twin stacks, 8 moves already made
DIVES_SHARE = 0.05
"""Until this share of the time, dives alternate with sound searches; then the sound search (with
the twin stacks, the sound search settles nearly every deal; dives still find some wins sooner)."""


def solve_klondike(state: State[KlondikeMove], timeout: float = 10.0, nodes: int | None = None) -> Result:
    """Whether ``state`` (a Klondike position, left untouched) can be won; see the module notes.

    The static test first; then, in C (``_search.c``), sound depth-first searches (each given
    2% of the timeout or as long as the dives so far, whichever is more) alternate with dives
    (moves ordered by an evaluation with random noise, a node budget: they only find wins) until
    ``DIVES_SHARE`` of the time, then the sound search until the deadline. Given ``nodes``, the
    same schedule shares out that many positions searched instead of seconds (``Meter``), and
    ``timeout`` is only a cap (inf: none). ``notes``: ``proof`` (``static`` or ``search``) for a
    loss, ``phase`` (``dive`` or ``sound``) for a win, ``dives``."""
    # The C loop loads here, not with the module: the automatic moves use ``_safe`` and are
    # played where the C extensions are not built (the browser's offline engine).
    from paciencia.games.klondike import _search as _klondike

    if not isinstance(state, KlondikeState):
        raise TypeError("solve_klondike takes a Klondike position")
    m = Meter(timeout, nodes)
    if state.is_won():
        return Result(Verdict.WINNABLE, (), 0, 0.0)
    pos = _c_position(state)
    if _klondike.hopeless(*pos):
        return Result(Verdict.UNWINNABLE, (), 0, m.seconds(), {"proof": "static"})
    if m.total <= 0:
        return Result(Verdict.UNKNOWN, (), 0, 0.0)

    def sound(budget: int, seconds: float) -> Answer:
        return _klondike.search(*pos, 0, budget, seconds, 0.0, 0, SOUND)

    def dive(dives: int, amount: float) -> Answer:
        # the first dive follows the evaluation alone; the next ones add noise, on longer budgets
        budget, seconds = m.limits(amount, 5000 * (1 + dives // 20))
        return _klondike.search(*pos, 1, budget, seconds, 20.0 if dives else 0.0, dives, SOUND)

    return alternate(m, DIVES_SHARE, 0.02, sound, dive, lambda steps: _c_line(state, steps))
