"""The FreeCell solver's search loop (``_search.c`` beside it); see ``paciencia.games.freecell.solver``."""

from collections.abc import Sequence
from typing import Literal, overload

def search(
    cascades: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    dive: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int = 0,
    /,
) -> tuple[int, list[tuple[int, int, int, int, int]], int]: ...
@overload
def race(
    cascades: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    budget: int,
    seconds: float,
    seed: int = 0,
    threads: int = 0,
    tokens: Literal[False] = False,
    /,
) -> tuple[int, list[tuple[int, int, int, int, int]], int]: ...
@overload
def race(
    cascades: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    budget: int,
    seconds: float,
    seed: int,
    threads: int,
    tokens: Literal[True],
    /,
) -> tuple[int, tuple[str, ...], int]: ...
def race_deal(number: int, cells: int, budget: int, seconds: float, /) -> tuple[int, str, int]: ...
def line(
    cascades: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    steps: Sequence[tuple[int, int, int, int, int]],
    /,
) -> tuple[str, ...]: ...
def deal(number: int, /) -> list[list[int]]: ...
