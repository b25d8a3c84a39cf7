"""Spider (PRODUCT.md §8), one, two and four suits: ``rules`` holds the rules, the deal, the
table text and the observation, ``knowledge`` what a player knows of its repeated cards,
``finish`` the Finish button's steps, ``solver`` (its loop in C, ``_search.c``) the search,
``analysis`` the honest hints' useful moves and scores, ``words`` its words (``locales/`` their
catalogs); on the site, ``table`` and ``static/`` its table (the layout module, the table's and
the rules schemas' stylesheets), ``templates/`` its rules pages, ``example`` and
``examples.json`` its Examples game, ``odds.json`` its "How often" page (``scripts/make-odds``
from the surveys, bench/data/survey-spider-*-2026.jsonl, with the published figures).

Not yet: the difficulty levels (issue 40). The honest hints' patience (``SpiderGame.patience``,
``analysis.advancing_moves``) is why one suit's hints no longer go round the columns.
"""

from paciencia.games.spider.rules import SpiderGame
from paciencia.games.spider.table import TABLE

GAME = SpiderGame

__all__ = ["GAME", "TABLE", "SpiderGame"]
