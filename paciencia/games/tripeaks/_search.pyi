"""The TriPeaks solver's search loop (``_search.c`` beside it); see ``paciencia.games.tripeaks.solver``."""

from collections.abc import Sequence

def search(
    places: Sequence[int],
    stock: Sequence[int],
    top: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int,
    /,
) -> tuple[int, list[tuple[int, int, int, int, int]], int]: ...
def hopeless(places: Sequence[int], stock: Sequence[int], top: int, /) -> bool: ...
