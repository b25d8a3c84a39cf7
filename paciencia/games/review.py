"""The review of a game once it has ended: the deal is known then, and may be used.

Whether the deal was winnable at all, and, for a lost winnable deal, the move after which no
line wins any more: the last winnable position of the record, whose next move lost it. Without
undos the record is one path, along which a lost position is followed only by lost ones, so it
is found by halving; with undos, the positions are solved from the last one back (late
positions are small and settle fast) until one is winnable. Every position of the
record is reachable from the deal, so a winnable one proves the deal winnable. ``review_step``
gives one position's line of the review page: winnable with full knowledge, and the chance the
player had with their own knowledge (``paciencia.games.honest``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paciencia.engine.protocol import UNDO_TOKEN, State, Status
from paciencia.games.honest import Advice, Budget, advise
from paciencia.solver import Verdict

REVIEW_SECONDS = 8.0
"""At most about this long settling positions for one review (the game is over: no move waits)."""
POSITION_SECONDS = 1.0
"""The solver's time per position reviewed (the game is over: the clock may decide here)."""
DEAL_SECONDS = 3.0
"""The solver's time for the deal itself, when the scan back did not reach a winnable position."""


@dataclass(frozen=True, slots=True)
class Review:
    """``deal``: the deal's verdict (a ``Verdict`` value); ``losing``: the index in the record
    of the move after which no line wins (``None`` when the game was won, the deal was not
    proved winnable, or no position was found winnable); ``certain``: every position after it
    was proved lost (rather than left unsettled); ``verdicts``: per position settled (index:
    moves played before it), its verdict."""

    deal: str
    losing: int | None
    certain: bool
    verdicts: dict[int, str]
    moves: int


@dataclass(frozen=True, slots=True)
class StepReview:
    index: int
    verdict: str
    advice: Advice | None


def positions(start: State[Any], tokens: Sequence[str]) -> list[State[Any]]:
    """The record's positions: the start, then after each token."""
    state = start.copy()
    out = [state.copy()]
    for token in tokens:
        state.play(token)
        out.append(state.copy())
    return out


def verdict(state: State[Any], seconds: float = POSITION_SECONDS) -> str:
    """A position solved with full knowledge (the game's solver, ``seconds`` at most)."""
    if state.status == Status.WON:
        return Verdict.WINNABLE.value
    if state.status == Status.BLOCKED:
        return Verdict.UNWINNABLE.value
    return state.game.solve(state, seconds).verdict.value


def review_game(start: State[Any], tokens: Sequence[str], seconds: float = REVIEW_SECONDS) -> Review:
    states = positions(start, tokens)
    n = len(tokens)
    if states[-1].status == Status.WON:
        return Review(Verdict.WINNABLE.value, None, True, {n: Verdict.WINNABLE.value}, n)
    if any(t.strip().upper() == UNDO_TOKEN for t in tokens):
        return _scan_back(states, seconds)
    # Without undos the record is one path: once no line wins, none wins later on, so the last
    # winnable position is found by halving.
    verdicts = {0: verdict(states[0], DEAL_SECONDS), n: verdict(states[n])}
    if verdicts[0] != Verdict.WINNABLE:
        return Review(verdicts[0], None, False, verdicts, n)
    lo, hi = 0, n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        verdicts[mid] = verdict(states[mid])
        if verdicts[mid] == Verdict.WINNABLE:
            lo = mid
        else:
            hi = mid
    return Review(Verdict.WINNABLE.value, lo, verdicts[hi] == Verdict.UNWINNABLE, verdicts, n)


def _scan_back(states: list[State[Any]], seconds: float) -> Review:
    """With undos in the record, the positions from the last one back, until one is winnable."""
    n = len(states) - 1
    verdicts: dict[int, str] = {}
    deadline = time.monotonic() + seconds
    for i in range(n, -1, -1):
        v = verdict(states[i])
        verdicts[i] = v
        if v == Verdict.WINNABLE:
            certain = all(verdicts[j] == Verdict.UNWINNABLE for j in range(i + 1, n + 1))
            return Review(Verdict.WINNABLE.value, i if i < n else None, certain, verdicts, n)
        if time.monotonic() > deadline:
            break
    deal = verdicts.get(0) or verdict(states[0], DEAL_SECONDS)
    return Review(deal, None, False, verdicts, n)


def review_step(start: State[Any], tokens: Sequence[str], index: int, budget: Budget) -> StepReview:
    """Position ``index`` of the record (``index`` moves played): its verdict with full
    knowledge, and the player's chance there."""
    state = start.copy()
    for token in tokens[:index]:
        state.play(token)
    advice = None
    if state.status == Status.PLAYING:
        advice = advise(state.game.knowledge(start, tokens[:index]), budget)
    return StepReview(index, verdict(state), advice)
