"""Klondike (PRODUCT.md §3): ``rules`` holds the rules and the observation, ``finish`` the Finish
button's steps, ``solver`` the search (its loop in C, ``_search.c`` here),
``analysis`` the hints built on it.
"""

from paciencia.games.klondike.rules import KlondikeGame

__all__ = ["KlondikeGame"]
