"""TriPeaks (PRODUCT.md §10), the stock gone through once: ``rules`` holds the rules, the deal,
the table text and the observation, ``words`` its words (``locales/`` their catalogs). Its cards
are all different, so ``Game.knowledge``'s default follows what the player has seen: each peak
card once face up and each card once on the waste; the face-down peak cards and the stock's
order stay unknown.

The command line plays and solves it (``paciencia deal TP1-1-…``, ``paciencia play TP1-1-… 23 D 19
U``, ``paciencia solve TP1-1-…``): its solver (``_search.c``, ``solver.py``: ``Game.solve``,
``settle``) and the honest hints' parts (``analysis.py``: ``scores``; a card's reason through
``Explains``). It is registered off the site (``site=False``) until the site has what it still
lacks:

* the board's one-tap play: a move goes from a peak place to the waste (``Observation.dests``
  gives each playable card ``W``), so select-then-tap works as it is; a card with its one
  destination could go on one tap, and the keys walk three peaks;
* its table: a layout module and stylesheet (``static/``: three overlapping peaks over a shared
  bottom row, the stock and the waste);
* its pages: rules in five languages with diagrams (``templates/``), an Examples game
  (``example.py``, ``examples.json``), the odds page (``odds.json``) and its levels.
"""

from paciencia.games.tripeaks.rules import TriPeaksGame
from paciencia.games.tripeaks.table import TABLE

GAME = TriPeaksGame

__all__ = ["GAME", "TABLE", "TriPeaksGame"]
