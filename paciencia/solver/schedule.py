"""The schedule the C searches share (one deal's time split between two kinds of search).

*Sound* searches try every search move, so running out proves a loss; *dives* order the moves
with random noise and stop at a node budget, so they only find wins, but a depth-first search
led astray by its first choices gets out of that part of the tree by starting again elsewhere.
Sound searches given a slice of the time (at least as long as the dives so far) alternate with
dives until ``dives_share`` of the time, then the sound search runs to the deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paciencia.engine.verdict import Result, Verdict
from paciencia.solver.meter import Meter

WON, EXHAUSTED, BUDGET, TIMEOUT, FULL = range(5)
"""What a C search answers (``_search.h``)."""

Answer = tuple[int, list[Any], int]
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
