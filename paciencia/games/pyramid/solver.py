"""The Pyramid solver (every card known: the stock's order too); the honest hints are built on
it by ``paciencia.analysis.honest`` through ``Game.settle``, ``useful``, ``scores`` and
``sure_move`` (``paciencia.games.pyramid.analysis``).

``solve_pyramid`` and ``settle`` are ``SEARCH``'s, a ``paciencia.games.takeaway.Search`` (its
docstrings say what they answer and how a line is written out and replayed).

The search runs in C (``_search.c``, several million positions a second): depth-first over
make/unmake on its own copy of the position, with a transposition table. Every search move is
tried (the order is a score's, with random noise in the later searches), so the end of a search
proves a loss. The sections below are its model and the proofs of its reductions.

**The talon as reachable cards.** The waste and the stock are one sequence ``T`` (the waste
bottom to top, then the stock in the order it is turned: every pass turns it in that order,
since a recycle turns the waste over as it lies) with a pointer ``p``: the cards left before it
are the waste, those from it on the stock, and the waste's top is the last card left before it.
A turn moves ``p`` one card on; a recycle (the stock empty) sets it to 0 and spends a pass.
Turns and recycles touch nothing else, so in a winning line they can all be moved to just
before the removal that uses the waste's top (a removal of pyramid cards alone does not read
the waste; the turns after the last removal are dropped: the pyramid is cleared by then). So a
search move is a removal, and one that uses the waste pairs a free pyramid card with a talon
card ``T[i]`` that turns and recycles bring to the top: the top itself or a card of the stock in
this pass (``i >= p - 1``), else, with a pass left, any card left in the next pass. Of the ways
to bring ``T[i]`` up, the one that spends the fewest passes is the only one searched: it reaches
the same cards with as many passes left (below), so it wins whenever another does. After the
removal the pointer is one past the highest card left below ``i`` (the new top).

**Key and pointer.** The table's key is the set of pyramid places emptied, the talon's cards
taken away and the passes left; the pointer is kept beside it as one bit of the entry. A
position reaches by turns and recycles alone every position with the same cards, the same
passes and a pointer at least as far, and every one with fewer passes (turn to the end, turn
the waste over, which is not empty while a talon card is left, and turn on). So a position is
not entered when one with the same cards was entered with a pointer no further in the same
pass, or with more passes: whatever it leads to, that one leads to too. Every search move takes
a card away, so a position entered earlier with the same cards is never on the current line: it
was searched to the end and lost. The pointer is kept canonical (one past the waste's top, as
the cards before it that are gone change nothing), and with no talon card left the passes are
forgotten (they change nothing either).

**Kings.** A free pyramid King is taken away at once, before any other move: it pairs with
nothing, so taking it early only uncovers cards sooner (any winning line, with the King's move
moved first, stays legal and wins). The talon's Kings are taken away from the start: a
position with them wins exactly when the one without them does, since a King on the waste's top
can always be taken away before anything else is done there (``_tokens`` writes those moves
out: a King turned up is taken at once), and with the King gone every turn and recycle of a
line leaves the same other cards in the same order (a recycle that the King alone made possible
is not needed: nothing else was left in the talon).

**Forced pairs.** A free pyramid card whose only partner left (below) is one other pyramid card,
free too, is taken away with it at once: every winning line takes those two away together
sometime, and moving that removal first keeps the line legal (it only uncovers cards sooner, and
neither card serves any other removal).

**Dead positions** (``hopeless``; checked on entering a position). A pyramid card goes with a
*partner* that adds up to 13 with it: a talon card that may still be taken away, or a pyramid
card that is neither in its *cone* (the cards that cover it, those that cover them…, which must
all go before it) nor has it in its own. In the last pass a talon card under a card of the waste
that nothing left can pair with (no pyramid card of the value it needs is left) can never come
back to the top: it is no partner. For each value ``v`` of 1 to 6, with ``a`` pyramid cards of
value ``v`` and ``c`` of ``13 - v`` left and ``ta``, ``tc`` such talon partners, each pyramid card
goes with a talon card of the other value or with a pyramid card of it, so some pairing of the
pyramid's cards of the two values among themselves (a matching of cards that may leave together)
must hold at least ``max(a - tc, c - ta)`` pairs; when the largest holds fewer, the position is
lost (this covers a card with no partner at all). And every pyramid card must some time be free
beside a partner: call a card *able* when the cards that cover it are able (or gone) and it has
a talon partner (a King needs none) or a pyramid partner whose covers are all able. In a winning
line each card, when it goes, has its covers gone and its partner free, so by induction on the
order the cards go every card is able (the least fixed point, grown from the bottom row up); a
card that is not proves the position lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from paciencia.games.pyramid.rules import PAIR, PyramidState
from paciencia.games.takeaway import VALUE, Search, Step

__all__ = ["SEARCH", "c_position", "hopeless", "settle", "solve_pyramid"]

# Search moves, as the C search reports them: (kind, a, b, pass, card).
KING = 0  # the pyramid King at a
PAIR_MOVE = 1  # the pyramid cards at a and b
TALON = 2  # the pyramid card at a with the talon's card (T[b]), brought to the waste's top


def c_position(state: PyramidState) -> tuple[list[int], list[int], int, int]:
    """The position as the C search reads it: the places, the talon ``T``, the pointer, the passes."""
    return list(state.pyr), state.waste + state.stock[::-1], len(state.waste), state.passes


def _step_tokens(sim: PyramidState, step: Step) -> Iterable[str]:
    """The tokens of one search move in ``sim`` (which they are played on as they come): for a
    talon card, the turns (and recycles) that bring it to the waste's top, each King turned up
    taken away at once."""
    kind, a, b, _, card = step
    if kind == KING:
        yield str(a + 1)
    elif kind == PAIR_MOVE:
        yield f"{a + 1}+{b + 1}"
    else:
        for _ in range(3 * 53):
            while sim.waste and VALUE[sim.waste[-1]] == PAIR:
                yield "W"
            if sim.waste and sim.waste[-1] == card:
                break
            yield "D"
        yield f"{a + 1}+W"


SEARCH = Search("paciencia.games.pyramid._search", PyramidState, c_position, _step_tokens)
"""The search (``_search.c``) as ``solve`` and ``settle`` (``takeaway.Search``)."""
solve_pyramid = SEARCH.solve
settle = SEARCH.settle
hopeless = SEARCH.hopeless
first_token = SEARCH.first_token
