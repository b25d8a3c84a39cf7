"""Crescent (PRODUCT.md §2): ``rules`` holds the rules and the observation, ``analysis`` the hints.

The solver's search is ``paciencia.solver.crescent`` (its loop in C).
"""

from paciencia.games.crescent.rules import CrescentGame

__all__ = ["CrescentGame"]
