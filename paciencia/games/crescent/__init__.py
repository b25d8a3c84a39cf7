"""Crescent (PRODUCT.md §2): ``rules`` holds the rules and the observation, ``solver`` the search
(its loop in C, ``paciencia/solver/_crescent.c``), ``analysis`` the hints built on it.
"""

from paciencia.games.crescent.rules import CrescentGame

__all__ = ["CrescentGame"]
