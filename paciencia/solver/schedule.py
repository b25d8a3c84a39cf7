"""The schedules the C searches share: one deal's time split between two kinds of search
(``alternate``), and ``Game.settle``'s budget of positions split between a few (``settle``).

*Sound* searches try every search move, so running out proves a loss; *dives* order the moves
with random noise and stop at a node budget, so they only find wins, but a depth-first search
led astray by its first choices gets out of that part of the tree by starting again elsewhere.
Sound searches given a slice of the time (at least as long as the dives so far) alternate with
dives until ``dives_share`` of the time, then the sound search runs to the deadline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from paciencia.engine.generics import Protocol
from paciencia.engine.verdict import Result, Verdict
from paciencia.solver.meter import Meter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

WON, EXHAUSTED, BUDGET, TIMEOUT, FULL = range(5)
"""What a C search answers (``_search.h``)."""

Answer: TypeAlias = "tuple[int, list[Any], int]"
"""A C search's (status, steps of a win, positions searched)."""


def alternate(
    m: Meter,
    dives_share: float,
    slice_share: float,
    sound: Callable[[int, float], Answer],
    dive: Callable[[int, float], Answer],
    line: Callable[[list[Any]], tuple[str, ...]],
) -> Result:
    """The schedule over ``m``'s total (seconds, or positions searched): ``sound(budget,
    seconds)`` searches within the C loop's two limits, ``dive(dives so far, amount)`` dives for
    ``amount`` of the meter, ``line(steps)`` turns a win into move tokens. ``notes``: ``phase``
    (``dive`` or ``sound``) for a win, ``proof`` for a loss, ``dives``."""
    total = m.total
    dives_end = total * dives_share
    slice_ = total * slice_share
    spent = 0.0
    dives = 0
    while True:
        now = m.used()
        last = now >= dives_end
        status, steps, n = sound(*m.limits((total if last else min(total, now + slice_)) - now))
        m.count(n)
        if status == WON:
            return Result(Verdict.WINNABLE, line(steps), m.nodes, m.seconds(), {"phase": "sound", "dives": dives})
        if status == EXHAUSTED:
            return Result(Verdict.UNWINNABLE, (), m.nodes, m.seconds(), {"proof": "search", "dives": dives})
        if last or status == FULL or m.capped():
            return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds(), {"dives": dives})
        began = m.used()
        status, steps, n = dive(dives, dives_end - began)
        dives += 1
        m.count(n)
        spent += m.used() - began
        slice_ = max(slice_, spent)
        if status == WON:
            return Result(Verdict.WINNABLE, line(steps), m.nodes, m.seconds(), {"phase": "dive", "dives": dives})


class Position(Protocol):
    """A game's position as ``settle`` reads it (every game's state has ``is_won``)."""

    def is_won(self) -> bool: ...


Try: TypeAlias = "tuple[bool, float, Callable[[int], Answer]]"
"""One search of ``settle``'s schedule: whether it is *sound* (it tries every search move, so
its end proves a loss), its share of the budget, and the search itself on a node budget."""


def settle(
    state: Position, nodes: int, tries: Sequence[Try], first: Callable[[list[Any]], str]
) -> tuple[str, str | None]:
    """``Game.settle``'s schedule, written once for every game's searches: the ``tries`` in
    order, each on ``max(floor(nodes × share), 1)`` positions (a game's usual: a sound search on
    a quarter, which settles small positions either way, then dives, which only find wins). The
    first win answers winnable with its line's first move (``first(steps)``, a resolved token;
    none for a line without moves), a sound search's end answers unwinnable, and with neither
    the answer is unknown. A won position is winnable with no move."""
    if state.is_won():
        return Verdict.WINNABLE.value, None
    for sound, share, search in tries:
        status, steps, _ = search(max(int(nodes * share), 1))
        if status == WON:
            return Verdict.WINNABLE.value, first(steps) if steps else None
        if status == EXHAUSTED and sound:
            return Verdict.UNWINNABLE.value, None
    return Verdict.UNKNOWN.value, None
