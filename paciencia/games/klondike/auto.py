"""Klondike's automatic moves up (the "automatic moves" setting): the next card that provably
can never be needed off its foundation again, or ``None``.

**The rule.** A card ``c`` of rank ``r`` (Ace 1) whose foundation takes it next goes up by itself
when it is a column's end (or, in draw one, the waste's top) and

* ``r <= 2``; or
* both opposite-colour foundations hold at least ``r - 1`` cards and the other foundation of
  ``c``'s colour at least ``r - 2``.

This is the solver's own reduction, ``paciencia.games.klondike.solver._safe``, and its docstring
holds the proof: from any winning line of the position it builds a winning line that starts with
``c`` up, so playing the move keeps every winnable position winnable. In short: the cards that
could ever come to lie on ``c`` (the opposite colour one rank lower, on them ``c``'s colour two
lower, …) are all on foundations already, closed under "may lie on", so ``c`` on the table can
only ever carry cards that never need to come down; a 2 can carry only an opposite Ace, which
may go up instead, and nothing lies on an Ace.

**Why not the classic rule** (both opposite-colour cards one rank lower up, nothing asked of the
other suit of ``c``'s colour): here cards may come back from the foundations, so a card of
``c``'s colour two ranks lower still in play can go onto an opposite card taken down from its
foundation, and that pair may then need ``c`` (the proof in ``_safe`` fails there, and a
counterexample is easy to build: 5♠ up with ♥ ♦ at 4 and ♣ empty leaves a 3♣ that needed the
4♥ brought down onto the 5♠; ``tests/games/test_auto_moves.py`` has the solver prove it).

**Why not the waste in draw three.** Taking a card out of the waste shifts the groups of three
that later draws turn, so a card that is never needed elsewhere may still be needed *there*
(it decides which cards a pass reaches). In draw one every stock card is reachable whatever the
order, and the proof covers the waste's top.

**Honest.** The rule reads the card itself (a column's end is face up; the waste's top is shown)
and the foundations' counts: nothing the player has not been shown.
"""

from __future__ import annotations

from paciencia.games.klondike.rules import RANK, SUIT, WASTE, KlondikeMove, KlondikeState, _to_suit
from paciencia.games.klondike.solver import _safe


def auto_move(state: KlondikeState) -> KlondikeMove | None:
    """The first column's end (columns 1 to 7), then in draw one the waste's top, that the rule
    sends up now; ``None`` when none (or the game is over)."""
    found = state.found
    for i, col in enumerate(state.cols):
        if len(col) > state.down[i]:  # the end is face up (always, in a position play reaches)
            c = col[-1]
            if found[SUIT[c]] == RANK[c] and _safe(found, c):
                return _to_suit(i, SUIT[c])
    if state.draw == 1 and state.waste:
        c = state.waste[-1]
        if found[SUIT[c]] == RANK[c] and _safe(found, c):
            return _to_suit(WASTE, SUIT[c])
    return None
