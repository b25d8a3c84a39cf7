"""Pyramid (PRODUCT.md §9), three passes through the stock: ``rules`` holds the rules, the deal,
the table text and the observation, ``words`` its words (``locales/`` their catalogs). Its cards
are all different, so ``Game.knowledge``'s default follows what the player has seen: the
pyramid's cards and each card once turned onto the waste; the stock's order stays unknown.

The command line plays and solves it (``paciencia deal PY1-3-…``, ``paciencia play PY1-3-… 12+W D
28 U``, ``paciencia solve PY1-3-…``): its solver (``_search.c``, ``solver.py``: ``Game.solve``,
``settle``) and the honest hints' parts (``analysis.py``: ``sure_move``, ``scores``; a removal's
reason through ``Explains``). It is registered off the site (``site=False``) until the site has
what it still lacks:

* the board's removals: a move takes one or two cards away with no destination
  (``PyramidMove.places()`` gives none, ``taken()`` the places it empties; ``Observation.dests``
  is empty), so the board needs a way to pick two cards (tap one, then its partner), their keys,
  and words for a removal done;
* its table: a layout module and stylesheet (``static/``: the pyramid's overlapping rows, the
  stock, the waste and the foundation);
* its pages: rules in five languages with diagrams (``templates/``), an Examples game
  (``example.py``, ``examples.json``), the odds page (``odds.json``) and its levels.
"""

from paciencia.games.pyramid.rules import PyramidGame
from paciencia.games.pyramid.table import TABLE

GAME = PyramidGame

__all__ = ["GAME", "TABLE", "PyramidGame"]
