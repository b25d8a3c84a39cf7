"""The schedule the C searches share (one deal's time split between two kinds of search).

*Sound* searches try every search move, so running out proves a loss; *dives* order the moves
with random noise and stop at a node budget, so they only find wins, but a depth-first search
led astray by its first choices gets out of that part of the tree by starting again elsewhere.
Sound searches given a slice of the time (at least as long as the dives so far) alternate with
dives until ``dives_share`` of the time, then the sound search runs to the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from paciencia.engine.verdict import Result, Verdict

WON, EXHAUSTED, BUDGET, TIMEOUT, FULL = range(5)
"""What a C search answers (``_search.h``)."""

Answer = tuple[int, list[Any], int]
"""A C search's (status, steps of a win, positions searched)."""


def alternate(
    start: float,
    timeout: float,
    dives_share: float,
    slice_share: float,
    sound: Callable[[float], Answer],
    dive: Callable[[int, float], Answer],
    line: Callable[[list[Any]], tuple[str, ...]],
) -> Result:
    """The schedule from ``start`` (a ``perf_counter`` time): ``sound(seconds)`` and
    ``dive(dives so far, seconds)`` search, ``line(steps)`` turns a win into move tokens.
    ``notes``: ``phase`` (``dive`` or ``sound``) for a win, ``proof`` for a loss, ``dives``."""
    deadline = start + timeout
    dives_end = start + timeout * dives_share
    slice_ = timeout * slice_share
    spent = 0.0
    nodes = dives = 0
    while True:
        now = time.perf_counter()
        last = now >= dives_end
        status, steps, n = sound(max((deadline if last else min(deadline, now + slice_)) - now, 0.0))
        nodes += n
        if status == WON:
            return Result(
                Verdict.WINNABLE, line(steps), nodes, time.perf_counter() - start, {"phase": "sound", "dives": dives}
            )
        if status == EXHAUSTED:
            notes = {"proof": "search", "dives": dives}
            return Result(Verdict.UNWINNABLE, (), nodes, time.perf_counter() - start, notes)
        if last or status == FULL:
            return Result(Verdict.UNKNOWN, (), nodes, time.perf_counter() - start, {"dives": dives})
        began = time.perf_counter()
        status, steps, n = dive(dives, max(dives_end - began, 0.0))
        dives += 1
        nodes += n
        spent += time.perf_counter() - began
        slice_ = max(slice_, spent)
        if status == WON:
            return Result(
                Verdict.WINNABLE, line(steps), nodes, time.perf_counter() - start, {"phase": "dive", "dives": dives}
            )
