"""The Crescent solver's search loop (``_crescent.c``); see ``paciencia.solver.crescent``."""

from collections.abc import Sequence

Piles = Sequence[Sequence[int]]

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
    /,
) -> tuple[int, list[int], int]: ...
def evaluate(piles: Piles, a: Sequence[int], d: Sequence[int], redeals: int, w_inv: int, w_redeal: int, /) -> int: ...
def reductions(
    piles: Piles, a: Sequence[int], d: Sequence[int], redeals: int, /
) -> tuple[bool, int, list[list[int]], tuple[int, int, int, int], tuple[int, int, int, int]]: ...
