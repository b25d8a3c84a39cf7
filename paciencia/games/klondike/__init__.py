"""Klondike (PRODUCT.md §3): ``rules`` holds the rules and the observation, ``finish`` the Finish
button's steps, ``solver`` the search (its loop in C, ``_search.c`` here),
``analysis`` the hints built on it.
"""

from paciencia.games.klondike.rules import KlondikeGame
from paciencia.games.klondike.table import TABLE

GAME = KlondikeGame

__all__ = ["GAME", "TABLE", "KlondikeGame"]
