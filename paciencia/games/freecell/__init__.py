"""FreeCell (PRODUCT.md §7): ``deal`` holds Microsoft's shuffle, ``rules`` the rules and the
observation, ``solver`` the search (its loop in C, ``_search.c`` here) and the
answers built on it.
"""

from paciencia.games.freecell.rules import FreeCellGame
from paciencia.games.freecell.table import TABLE

GAME = FreeCellGame

__all__ = ["GAME", "TABLE", "FreeCellGame"]
