"""Crescent (PRODUCT.md §2): ``rules`` holds the rules and the observation, ``solver`` the search
(its loop in C, ``_search.c`` here), ``analysis`` the hints built on it.
"""

from paciencia.games.crescent.rules import CrescentGame
from paciencia.games.crescent.table import TABLE

GAME = CrescentGame

__all__ = ["GAME", "TABLE", "CrescentGame"]
