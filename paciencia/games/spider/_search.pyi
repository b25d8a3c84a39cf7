"""The Spider solver's search loops (``_search.c`` beside it); see ``paciencia.games.spider.solver``."""

from collections.abc import Sequence

Step = tuple[int, int, int, int, int]

def search(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    stock: Sequence[int],
    found: int,
    super: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int = 0,
    /,
) -> tuple[int, list[Step], int]: ...
def beam(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    stock: Sequence[int],
    found: int,
    width: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int = 0,
    levels: int = 0,
    /,
) -> tuple[int, list[Step], int]: ...
