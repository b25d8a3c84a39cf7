"""The TriPeaks solver (every card known: the face-down peak cards and the stock's order too);
the honest hints are built on it by ``paciencia.analysis.honest`` through ``Game.settle``,
``useful`` and ``scores`` (``paciencia.games.tripeaks.analysis``).

``solve_tripeaks`` and ``settle`` are ``SEARCH``'s, a ``paciencia.games.takeaway.Search`` (its
docstrings say what they answer and how a line is written out and replayed).

The search runs in C (``_search.c``, several million positions a second): depth-first over
make/unmake on its own copy of the position, with a transposition table. Every search move is
tried (the order is a score's: fewer turns first, then the cards that uncover most), so the end
of a search proves a loss. The sections below are its model and the proofs of its reductions.

**Turns folded into the moves.** A turn of the stock touches nothing but the waste's top, so in a
winning line each card played can take the turns just before it as part of its move, and the
turns after the last card are dropped (the peaks are cleared by then). So a search move is "turn
``n`` cards (``n`` from 0 to the stock's size), then play a free peak card one rank from the top
they leave"; the line writes its turns out. Every search move plays a peak card.

**Key and pointer.** What decides the future is the places emptied, the stock's cards turned
(the stock's order is fixed: the rest is the stock) and the waste's top, of which only its rank
matters (suits are ignored; no rule reads the cards under it). The key is the places emptied and
the top's rank, kept whole in the table's second half (28 + 4 bits), so two positions share an
entry only when they agree on both; the cards turned are kept beside it as one bit of the entry.
With the same key, a position with fewer cards turned has every search move of one with more,
to the same positions (a card played on the top is played on a top of that rank alike; one played
on a stock card after some turns from the position with more cards turned is played on that card
after more turns from the other), so a position is not entered when its key was entered with no
more cards turned. Every
search move plays a peak card, so a position entered before with the same key is never on the
current line: it was searched to the end and lost.

**Dead positions** (``hopeless``; checked on entering a position). A peak card goes onto the
waste on a card one rank from it: the top now, a stock card turned later, or a peak card played
just before it, each of which takes at most one card on it. So the peak cards left must each be
given such a card, one apiece. The ranks a card may lie on form a cycle (a 2 on an Ace or a 3, …,
a King on a Queen or an Ace: wanted ranks 1, 3, 5, …, 11, 0, 2, …, 12 in turn, each pair of
neighbours on it sharing the rank between them), so by Hall's theorem it is enough that every
run of wanted ranks that follow one another on that cycle has at least as many cards of the
ranks next to them (the peaks' left, the stock's, the top) as it wants, and the whole cycle
too; else the position is lost. And a card whose only cards of a neighbouring rank left are peak
cards that it covers, directly or not (they can only be played after it), can never be played.
"""

from __future__ import annotations

from paciencia.games.takeaway import Search, Step
from paciencia.games.tripeaks.rules import TriPeaksState

__all__ = ["SEARCH", "c_position", "hopeless", "settle", "solve_tripeaks"]

# Search moves, as the C search reports them: (PLAY, place, top before, turns, card): that many
# turns of the stock, then the card at the place onto the waste.
PLAY = 0


def c_position(state: TriPeaksState) -> tuple[list[int], list[int], int]:
    """The position as the C search reads it: the places, the stock in the order it is turned,
    the waste's top."""
    return list(state.peaks), state.stock[::-1], state.waste[-1]


def step_tokens(state: TriPeaksState, step: Step) -> list[str]:
    """A search move's tokens: its turns (``D``), then the place."""
    _, a, _, turns, _ = step
    return ["D"] * turns + [str(a + 1)]


SEARCH = Search("paciencia.games.tripeaks._search", TriPeaksState, c_position, step_tokens)
"""The search (``_search.c``) as ``solve`` and ``settle`` (``takeaway.Search``)."""
solve_tripeaks = SEARCH.solve
settle = SEARCH.settle
hopeless = SEARCH.hopeless
