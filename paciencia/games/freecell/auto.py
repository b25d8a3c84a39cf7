"""FreeCell's automatic moves up (the "automatic moves" setting): the next card that provably can
never be needed off its foundation, or ``None``.

**The rule** (the usual one): a card whose foundation takes it next goes up by itself when it is
a cascade's end or in a free cell and no card of the other colour one rank lower is still down
(both foundations of the other colour hold that rank); an Ace and a 2 always go up.

This is the solver's own reduction, ``paciencia.games.freecell.solver._safe``, whose notes hold
the proof: from any winning line of the position it builds a winning line that sends the card up
first. In short: the only cards that may ever lie on ``c`` are the two of the other colour one
rank lower; they are up already, and a card never leaves a foundation, so ``c`` would only take
up a free cell or a cascade's end; a 2 can carry only an Ace of the other colour, which may go
up instead.

**Honest.** Every card of FreeCell is in sight: the rule reads the card and the foundations.
"""

from __future__ import annotations

from paciencia.games.freecell.rules import _TO_SUIT, CELL0, FreeCellMove, FreeCellState
from paciencia.games.freecell.solver import _safe
from paciencia.games.piles import RANK, SUIT


def auto_move(state: FreeCellState) -> FreeCellMove | None:
    """The first cascade's end (cascades 1 to 8), then the first free cell's card, that the rule
    sends up now; ``None`` when none (or the game is over)."""
    found = state.found
    sources = [(i, col[-1]) for i, col in enumerate(state.cascades) if col]
    sources += [(CELL0 + k, c) for k, c in enumerate(state.cells) if c >= 0]
    for src, c in sources:
        if found[SUIT[c]] == RANK[c] and _safe(found, c):
            return _TO_SUIT[src][SUIT[c]]
    return None
