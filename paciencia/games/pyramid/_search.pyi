"""The Pyramid solver's search loop (``_search.c`` beside it); see ``paciencia.games.pyramid.solver``."""

from collections.abc import Sequence

def search(
    places: Sequence[int],
    talon: Sequence[int],
    pointer: int,
    passes: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int,
    /,
) -> tuple[int, list[tuple[int, int, int, int, int]], int]: ...
def hopeless(places: Sequence[int], talon: Sequence[int], pointer: int, passes: int, /) -> bool: ...
