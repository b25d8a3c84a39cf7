"""TriPeaks (PRODUCT.md §10), the stock gone through once: ``rules`` holds the rules, the deal,
the table text and the observation, ``words`` its words (``locales/`` their catalogs). Its cards
are all different, so ``Game.knowledge``'s default follows what the player has seen: each peak
card once face up and each card once on the waste; the face-down peak cards and the stock's
order stay unknown.

The command line plays and solves it (``paciencia deal TP1-1-…``, ``paciencia play TP1-1-… 23 D 19
U``, ``paciencia solve TP1-1-…``): its solver (``_search.c``, ``solver.py``: ``Game.solve``,
``settle``) and the honest hints' parts (``analysis.py``: ``scores``; a card's reason through
``Explains``). On the site: its table (``table.py``, ``static/``: layout.js and table.css), its rules
pages in five languages (``templates/``, their schemas laid out by ``static/schema.css``), its
Examples game (``example.py``,
``examples.json``: a solver's won line, its steps the schemas show named by ``marks``) and its odds page
(``odds.json``).
The board plays its moves through the view's ``takes`` (``Observation.takes``) and ``dests``.
"""

from paciencia.games.tripeaks.rules import TriPeaksGame
from paciencia.games.tripeaks.table import TABLE

GAME = TriPeaksGame

__all__ = ["GAME", "TABLE", "TriPeaksGame"]
