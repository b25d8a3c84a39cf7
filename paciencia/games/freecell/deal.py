"""Microsoft FreeCell's deals, so that ``FC1-4-AAAAAAB`` is the deal players know as game #1.

The shuffle, as Microsoft's FreeCell (and the public descriptions of it) has it:

* A linear congruential generator on a 32-bit state seeded with the deal number:
  ``state = state * 214013 + 2531011`` (mod 2³²), and each draw is ``(state >> 16) & 0x7fff``.
* The deck in Microsoft's order: A♣ A♦ A♥ A♠ 2♣ … K♠ (rank by rank, suits ♣ ♦ ♥ ♠).
* 52 times: with ``left`` cards remaining, ``j = draw % left``; card ``j`` is dealt and the
  last remaining card takes its index. The k-th card dealt (from 0) goes onto cascade
  ``k % 8``, so the first four cascades get 7 cards and the others 6; the first card dealt
  to a cascade is its bottom (the top of the screen), the last one its playable card.

Deal numbers above Microsoft's 2³¹ − 1 follow FreeCell Pro's extension (which Freecell Solver's
``make-microsoft-freecell-board`` shares), so every one of the codes' 26⁷ numbers deals: from 2³¹
to 2³² − 1 each draw has its bit 15 set; from 2³² the state starts at the number mod 2³² and a
draw is ``((state >> 16) & 0xffff) + 1``.
"""

from __future__ import annotations

from collections.abc import Callable

CASCADES = 8
_MASK = 0xFFFFFFFF
LIMIT = 1 << 64
"""Deal numbers run from 0 to 2⁶⁴ − 1 (the codes' 26⁷ fit well inside); outside, ``ValueError``."""


def _card(ms: int) -> int:
    """The project's card id (``suit * 13 + rank``, suits ♠ ♥ ♦ ♣) of Microsoft's card ``ms``."""
    return (3 - ms % 4) * 13 + ms // 4


_DECK = tuple(_card(ms) for ms in range(52))
"""Microsoft's deck in its order, as the project's card ids."""


def python_deal(number: int) -> list[list[int]]:
    """The shuffle above in Python: where the C search is not built (the browser's offline
    engine under Pyodide ships the package's ``.py`` files alone). tests/games/test_freecell.py
    checks that it deals as ``_search.deal`` does."""
    state = number & _MASK
    if number < 1 << 31:
        mask, high, plus = 0x7FFF, 0, 0
    elif number < 1 << 32:
        mask, high, plus = 0x7FFF, 0x8000, 0
    else:
        mask, high, plus = 0xFFFF, 0, 1
    deck = list(_DECK)
    dealt: list[int] = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & _MASK
        j = (((state >> 16) & mask | high) + plus) % left
        dealt.append(deck[j])
        deck[j] = deck[left - 1]
    return [dealt[c::CASCADES] for c in range(CASCADES)]


_deal: Callable[[int], list[list[int]]]
try:
    from paciencia.games.freecell._search import deal as _deal
except ImportError:  # offline, in the browser: no C extension there
    _deal = python_deal


def microsoft_deal(number: int) -> list[list[int]]:
    """The eight cascades of Microsoft's deal ``number``, each bottom to top (card ids: ``suit *
    13 + rank``, suits ♠ ♥ ♦ ♣). The shuffle above, in C where it is built (``_search.deal``:
    ``paciencia solve --codes`` deals thousands, and a draw a card in Python is 10 µs a deal),
    else in Python (``python_deal``); the first four cascades get 7 cards, the others 6.
    tests/games/test_freecell.py checks it against Freecell Solver's boards.

    >>> microsoft_deal(1)[0][:3]
    [36, 38, 1]
    >>> microsoft_deal(-1)
    Traceback (most recent call last):
    ...
    ValueError: no Microsoft FreeCell deal -1: deals run from 0 to 2**64 - 1
    """
    if not 0 <= number < LIMIT:
        raise ValueError(f"no Microsoft FreeCell deal {number}: deals run from 0 to 2**64 - 1")
    return _deal(number)
