"""Pyramid (PRODUCT.md §9), three passes through the stock: ``rules`` holds the rules, the deal,
the table text and the observation, ``words`` its words (``locales/`` their catalogs). Its cards
are all different, so ``Game.knowledge``'s default follows what the player has seen: the
pyramid's cards and each card once turned onto the waste; the stock's order stays unknown.

The command line plays and solves it (``paciencia deal PY1-3-…``, ``paciencia play PY1-3-… 12+W D
28 U``, ``paciencia solve PY1-3-…``): its solver (``_search.c``, ``solver.py``: ``Game.solve``,
``settle``) and the honest hints' parts (``analysis.py``: ``sure_move``, ``scores``; a removal's
reason through ``Explains``). On the site: its table (``table.py``, ``static/``: layout.js and table.css), its rules
pages in five languages (``templates/``, their schemas laid out by ``static/schema.css``), its
Examples game (``example.py``,
``examples.json``: a solver's won line, its steps the schemas show named by ``marks``) and its odds page
(``odds.json``).
The board plays its moves through the view's ``takes`` (``Observation.takes``) and ``dests``.
"""

from paciencia.games.pyramid.rules import PyramidGame
from paciencia.games.pyramid.table import TABLE

GAME = PyramidGame

__all__ = ["GAME", "TABLE", "PyramidGame"]
