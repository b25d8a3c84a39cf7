"""Spider (PRODUCT.md §8), one, two and four suits: ``rules`` holds the rules, the deal, the
table text and the observation, ``knowledge`` what a player knows of its repeated cards,
``finish`` the Finish button's steps, ``words`` its words (``locales/`` their catalogs).

The command line plays it (``paciencia deal SP1-4-…``, ``paciencia play SP1-2-… 3-7 D U``); it
is registered off the site (``site=False``) until the site has what it still lacks:

* its table: a layout module and stylesheet (``static/``: ten spread columns, the stock and the
  eight foundations below them), and a view field for its ``deals_left`` figure;
* a solver (``_search.c``, ``solver.py``: ``Game.solve``/``settle``, so hints, chances,
  "winnable deals only", levels, the daily deal and the review);
* honest hints beyond the default (``useful``, ``scores``, ``sure_move``), and a hint reason of
  its own for a move that completes a run (``analysis.why`` calls it "build" today);
* its pages: rules in five languages with diagrams (``templates/``), an Examples game
  (``example.py``, ``examples.json``), the odds page (``odds.json``) and its levels.
"""

from paciencia.games.spider.rules import SpiderGame
from paciencia.games.spider.table import TABLE

GAME = SpiderGame

__all__ = ["GAME", "TABLE", "SpiderGame"]
