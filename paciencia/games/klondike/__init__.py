"""Klondike (PRODUCT.md §3): ``rules`` holds the rules and the observation, ``finish`` the Finish
button's steps, ``analysis`` the hints. The solver's search is ``paciencia.solver.klondike``.
"""

from paciencia.games.klondike.rules import KlondikeGame

__all__ = ["KlondikeGame"]
