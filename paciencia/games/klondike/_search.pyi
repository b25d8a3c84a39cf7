"""The Klondike solver's search loop (``_search.c`` beside it); see ``paciencia.games.klondike.solver``."""

from collections.abc import Sequence

def search(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    talon: Sequence[int],
    pointer: int,
    found: Sequence[int],
    draw: int,
    dive: int,
    budget: int,
    seconds: float,
    noise: float,
    seed: int,
    shortcuts: int,
    /,
) -> tuple[int, list[tuple[int, int, int, int, int]], int]: ...
def hopeless(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    talon: Sequence[int],
    pointer: int,
    found: Sequence[int],
    draw: int,
    /,
) -> bool: ...
def key(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    talon: Sequence[int],
    pointer: int,
    found: Sequence[int],
    draw: int,
    pairs: bool,
    /,
) -> tuple[int, int]: ...
def hop(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    talon: Sequence[int],
    pointer: int,
    found: Sequence[int],
    draw: int,
    slots: Sequence[tuple[int, int]],
    samples: int,
    limit: int,
    seed: int,
    give_up: int,
    c: float,
    race: bool,
    /,
) -> tuple[list[tuple[list[tuple[int, int, int, int, int]], int, int]], int]: ...
