"""FreeCell's automatic moves up (the "automatic moves" setting): the next card that provably can
never be needed off its foundation, or ``None``.

**The rule** (the usual one): a card whose foundation takes it next goes up by itself when it is
a cascade's end or in a free cell and no card of the other colour one rank lower is still down
(both foundations of the other colour hold that rank); an Ace and a 2 always go up.

This is the solver's own reduction, ``paciencia.games.freecell.solver._safe`` (``safe`` here is
the same test, without the solver's C module, which offline play cannot load), whose notes hold
the proof: from any winning line of the position it builds a winning line that sends the card up
first. In short: the only cards that may ever lie on ``c`` are the two of the other colour one
rank lower; they are up already, and a card never leaves a foundation, so ``c`` would only take
up a free cell or a cascade's end; a 2 can carry only an Ace of the other colour, which may go
up instead.

**Honest.** Every card of FreeCell is in sight: the rule reads the card and the foundations.
"""

from __future__ import annotations

from paciencia.games.freecell.rules import CELL0, FreeCellMove, FreeCellState, move
from paciencia.games.piles import RANK, RED, SUIT

_OTHER = {False: (0, 3), True: (1, 2)}
"""The suits of each colour (red: True), ``suit * 13 + rank`` numbering them ♠ ♥ ♦ ♣."""


def safe(found: list[int], c: int) -> bool:
    """The rule: ``c``'s rank (the Ace 0) is at most 1, or both foundations of the other colour
    hold at least that many cards."""
    r = RANK[c]
    a, b = _OTHER[not RED[c]]
    return r < 2 or (found[a] >= r and found[b] >= r)


def auto_move(state: FreeCellState) -> FreeCellMove | None:
    """The first cascade's end (cascades 1 to 8), then the first free cell's card, that the rule
    sends up now; ``None`` when none (or the game is over)."""
    found = state.found
    sources = [(i, col[-1]) for i, col in enumerate(state.cascades) if col]
    sources += [(CELL0 + k, c) for k, c in enumerate(state.cells) if c >= 0]
    for src, c in sources:
        if found[SUIT[c]] == RANK[c] and safe(found, c):
            return move.to_suit[src][SUIT[c]]
    return None
