"""Crescent's automatic moves up (the "automatic moves" setting): the next pile top that provably
can never be needed on the piles again, or ``None``.

A suit's foundations are in one of three phases (``solver.py``'s docstring): *gap*, *met* and
*overlap* (descending top ``d`` at or below ascending top ``a``: 14 or more of the suit's 26
cards up, the two foundations never meet again, and every card of the suit still on the piles
has one foundation and one turn there). The rule takes a top card ``c`` of an *overlapped* suit
whose foundation takes it now, when the suit's **other foundation is complete** (so every card
of the suit left goes on ``c``'s foundation, one copy of each rank, in rank order), and

1. **no redeal is left**; or
2. ``c`` is **alone on its pile and the last card of its suit** on the piles (any redeals left).

**Proof.** Case 1 is the solver's reduction 7 (*safe moves up*, ``solver.py``'s docstring): from
a winning line ``L`` it builds one that plays ``c`` up first, keeping its position equal to
``L``'s with the *lifted* cards (up already, still on the piles in ``L``) taken off: the only
pile neighbour of a lifted card still on the piles is its foundation's next card, which, where
``L`` puts it on the lifted card, goes up instead. Case 2 is reduction 2 (*clearing isolated
piles*) for a pile of one card: no card of ``c``'s suit but ``c`` is on the piles, so nothing
can ever land on ``c`` and ``c`` can land nowhere; a redeal does not turn a pile of one card;
so dropping ``c``'s own move from any winning line leaves a winning line of the position after
the move.

**Why no more.** With a redeal left, a card on a pile of two or more is not claimed: a redeal
turns a pile by its bottom card, so a card taken off changes the order the later redeals and
plays uncover (``2 9 J``, bottom to top, turns to ``9 J 2``: once the 2 is played the J is on
top; without the J the pile turns to ``9 2`` and the 9 is), and the simulation above no longer
holds. While the suit's other foundation can still take cards, which copy of a rank goes to
which foundation matters, and ``c`` may be the base that a neighbour of the other copy needs
(the solver's notes name a measured counterexample: a King sent up before the Ace of its suit
that, in the winning line, lands on it). In a *gap* or *met* suit every card may still be such
a base. So outside these two cases the setting moves nothing in Crescent.

**Honest.** The rule reads pile tops, pile counts (each pile shows its count), the foundations
and the redeals left: nothing the player has not been shown.
"""

from __future__ import annotations

from paciencia.games.crescent.rules import ASC, DESC, CrescentMove, CrescentState, move
from paciencia.games.piles import KING, RANK, SUIT

ACE = 0


def auto_move(state: CrescentState) -> CrescentMove | None:
    """The first pile (1 to 16) whose top the rule sends up now; ``None`` when none."""
    ftop = state.ftop
    for i, pile in enumerate(state.piles):
        if not pile:
            continue
        c = pile[-1]
        s, r = SUIT[c], RANK[c]
        a, d = ftop[s], ftop[s + 4]
        if d > a:  # not overlapped
            continue
        if a == r - 1 and d == ACE:  # onto the ascending foundation, the descending one complete
            dst, last = ASC + s, r == KING
        elif d == r + 1 and a == KING:  # onto the descending one, the ascending one complete
            dst, last = DESC + s, r == ACE
        else:
            continue
        if state.redeals == 0 or (len(pile) == 1 and last):
            return move(i, dst)
    return None
