"""Spider (PRODUCT.md §8), one, two and four suits: ``rules`` holds the rules, the deal, the
table text and the observation, ``knowledge`` what a player knows of its repeated cards,
``finish`` the Finish button's steps, ``solver`` (its loop in C, ``_search.c``) the search,
``analysis`` the honest hints' useful moves and scores, ``words`` its words (``locales/`` their
catalogs); on the site, ``table`` and ``static/`` its table (the layout module, the table's and
the rules schemas' stylesheets), ``templates/`` its rules pages, ``example`` and
``examples.json`` its Examples game.

Not yet: the "How often" page (``odds.json``, from a survey) and its levels.
"""

from paciencia.games.spider.rules import SpiderGame
from paciencia.games.spider.table import TABLE

GAME = SpiderGame

__all__ = ["GAME", "TABLE", "SpiderGame"]
