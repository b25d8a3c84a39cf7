"""The Crescent solver's search loop (``_search.c`` beside it); see ``paciencia.games.crescent.solver``."""

from collections.abc import Sequence

Piles = Sequence[Sequence[int]]
Tops = tuple[int, int, int, int]
End = tuple[float, list[int], list[list[int]], Tops, Tops]
"""A redeal point of a phase search: (score, line to it and its redeal, piles, a, d) after it."""

def search(
    piles: Piles,
    a: Sequence[int],
    d: Sequence[int],
    redeals: int,
    greedy: int,
    budget: int,
    seconds: float,
    w_inv: int,
    w_redeal: int,
    noise: float,
    seed: int,
    keep: int,
    /,
) -> tuple[int, list[int], int, list[End]]: ...
def evaluate(piles: Piles, a: Sequence[int], d: Sequence[int], redeals: int, w_inv: int, w_redeal: int, /) -> int: ...
def reductions(
    piles: Piles, a: Sequence[int], d: Sequence[int], redeals: int, /
) -> tuple[bool, int, list[list[int]], Tops, Tops, bool, int]: ...
def prove(
    piles: Piles, a: Sequence[int], d: Sequence[int], redeals: int, seconds: float, flags: int, budget: int = 0, /
) -> tuple[int, list[int], int, int, tuple[int, int]]: ...

R_CLEAR: int
R_DEAD: int
R_SUIT: int
R_STUCK: int
R_SAFE: int
R_PROJ: int
R_FREE: int
R_PROOF: int
NOEVAL: int
