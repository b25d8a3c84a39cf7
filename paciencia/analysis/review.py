"""The review of a game once it has ended: the deal is known then, and may be used.

Whether the deal was winnable at all, and, for a lost winnable deal, the move after which no
line wins any more: the last winnable position of the record, whose next move lost it. Without
undos the record is one path, along which a lost position is followed only by lost ones, so it
is found by halving; with undos, the positions are solved from the last one back (late
positions are small and settle fast) until one is winnable. Every position of the
record is reachable from the deal, so a winnable one proves the deal winnable. ``review_steps``
gives the review page's lines, a few at a time: each position winnable with full knowledge, and
the chance the player had with their own knowledge (``paciencia.analysis.honest``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from paciencia.analysis.honest import Advice, Budget, chance
from paciencia.engine.protocol import State, Status, is_undo
from paciencia.engine.verdict import Verdict

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


CHECKPOINT = 64
"""Every this many positions one copy is kept; any other is replayed from the one before it."""


class Positions:
    """The record's positions (``self[i]``: after ``i`` tokens), without a copy of each: a
    copy every ``CHECKPOINT`` positions, and the rest replayed from the nearest one before.
    A game keeps its undo history in its state, so a copy of position ``i`` holds ``i`` moves:
    a copy of every position of a 20,000-move record would hold 200 million."""

    def __init__(self, start: State[Any], tokens: Sequence[str]) -> None:
        self.tokens = list(tokens)
        state = start.copy()
        self.kept = [state.copy()]
        for i, token in enumerate(self.tokens, 1):
            state.play(token)
            if i % CHECKPOINT == 0:
                self.kept.append(state.copy())
        self.last = state

    def __len__(self) -> int:
        return len(self.tokens) + 1

    def __getitem__(self, index: int) -> State[Any]:
        if index == len(self.tokens):
            return self.last.copy()
        state = self.kept[index // CHECKPOINT].copy()
        for token in self.tokens[index - index % CHECKPOINT : index]:
            state.play(token)
        return state


def verdict(state: State[Any], seconds: float = POSITION_SECONDS) -> str:
    """A position solved with full knowledge (the game's solver, ``seconds`` at most)."""
    if state.status == Status.WON:
        return Verdict.WINNABLE.value
    if state.status == Status.BLOCKED:
        return Verdict.UNWINNABLE.value
    return state.game.solve(state, max(0.05, seconds)).verdict.value


def review_game(start: State[Any], tokens: Sequence[str], seconds: float = REVIEW_SECONDS) -> Review:
    """The review; its solver time is bounded by about ``seconds`` plus ``DEAL_SECONDS``, and
    its memory by one position per ``CHECKPOINT`` of the record."""
    states = Positions(start, tokens)
    n = len(tokens)
    deadline = time.monotonic() + seconds
    final = verdict(states[n])
    if final == Verdict.WINNABLE:  # won, or left while it could still be won: nothing was lost
        deal = Verdict.WINNABLE.value
        return Review(deal, None, states[n].status == Status.WON, {n: final}, n)
    if any(is_undo(t) for t in tokens):
        return _scan_back(states, final, deadline)
    # Without undos the record is one path: once no line wins, none wins later on, so the last
    # winnable position is found by halving (between a winnable one and one not proved so).
    verdicts = {n: final, 0: verdict(states[0], DEAL_SECONDS)}
    if verdicts[0] != Verdict.WINNABLE:
        return Review(verdicts[0], None, False, verdicts, n)
    lo, hi = 0, n
    while hi - lo > 1:
        left = deadline - time.monotonic()
        if left <= 0:  # out of time: the losing move lies in lo..hi, which is not one move
            return Review(Verdict.WINNABLE.value, None, False, verdicts, n)
        mid = (lo + hi) // 2
        verdicts[mid] = verdict(states[mid], min(POSITION_SECONDS, left))
        if verdicts[mid] == Verdict.WINNABLE:
            lo = mid
        else:
            hi = mid
    # The losing move is named only when the game's end was proved lost; ``certain`` when the
    # position right after it was too (not merely left unsettled).
    if final != Verdict.UNWINNABLE:
        return Review(Verdict.WINNABLE.value, None, False, verdicts, n)
    return Review(Verdict.WINNABLE.value, lo, verdicts[hi] == Verdict.UNWINNABLE, verdicts, n)


def _scan_back(states: Positions, final: str, deadline: float) -> Review:
    """With undos in the record, the positions from the last one back, until one is winnable."""
    n = len(states) - 1
    verdicts: dict[int, str] = {n: final}
    same = Lines(states.tokens).same  # an undo comes back to a position solved already
    solved = {same[n]: final}
    for i in range(n - 1, -1, -1):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        v = solved.get(same[i]) or verdict(states[i], min(POSITION_SECONDS, left))
        verdicts[i] = solved[same[i]] = v
        if v == Verdict.WINNABLE:
            certain = all(verdicts[j] == Verdict.UNWINNABLE for j in range(i + 1, n + 1))
            losing = i if final == Verdict.UNWINNABLE else None
            return Review(Verdict.WINNABLE.value, losing, certain and losing is not None, verdicts, n)
    deal = verdicts.get(0) or verdict(states[0], DEAL_SECONDS)
    return Review(deal, None, False, verdicts, n)


STEP_SECONDS = 0.25
"""The solver's time for a line of the review page whose verdict the record does not settle."""
BATCH_SECONDS = 1.0
"""A batch of lines stops once this is spent (each line's work is bounded on its own)."""
BATCH_MOST = 40
"""The most lines one batch may ask for."""

_PROVED = (Verdict.WINNABLE.value, Verdict.UNWINNABLE.value)


class Lines:
    """What the record itself proves of its positions' verdicts, from a few that were solved.

    A move leads forward; an undo goes back to the position before the move it takes back (the
    record holds legal undos only, each of the last move not yet taken back). So the positions
    form a tree of forward moves: ``same[i]`` is the first index of position ``i`` on its
    line, ``parent[c]`` the position it was played from. A position from which a winnable one
    was reached by moves is winnable; one reached from a lost one is lost."""

    def __init__(self, tokens: Sequence[str]) -> None:
        self.same = [0]
        self.parent = [-1]
        line = [0]
        for i, token in enumerate(tokens, 1):
            undo = is_undo(token)
            if undo and len(line) > 1:
                line.pop()
                self.same.append(line[-1])
                self.parent.append(-1)  # not a position of its own: never asked
            elif undo:  # nothing to take back (a record holds none such): a line of its own
                self.parent.append(-1)
                line = [i]
                self.same.append(i)
            else:
                self.parent.append(line[-1])
                line.append(i)
                self.same.append(i)
        self.lost: set[int] = set()  # positions (their first index) proved lost
        self.won_from: set[int] = set()  # positions from which a winnable one was reached

    def learn(self, index: int, verdict: str) -> None:
        c = self.same[index]
        if verdict == Verdict.UNWINNABLE:
            self.lost.add(c)
        elif verdict == Verdict.WINNABLE:
            while c >= 0 and c not in self.won_from:
                self.won_from.add(c)
                c = self.parent[c]

    def known(self, index: int) -> str | None:
        """The verdict of position ``index`` that the positions solved so far prove, if any."""
        c = self.same[index]
        if c in self.won_from:
            return Verdict.WINNABLE.value
        while c >= 0:
            if c in self.lost:
                return Verdict.UNWINNABLE.value
            c = self.parent[c]
        return None


def review_steps(
    start: State[Any],
    tokens: Sequence[str],
    first: int,
    count: int,
    budget: Budget,
    lines: Lines,
    done: dict[int, StepReview],
    seconds: float = BATCH_SECONDS,
) -> list[StepReview]:
    """The review page's lines ``first``, ``first + 1``… (at most ``count``; fewer once about
    ``seconds`` are spent, never none): each position's verdict with full knowledge, from
    ``lines`` where the record proves it, else solved for ``STEP_SECONDS``; and the player's
    chance there, on the game's hint budget. ``done`` keeps the lines worked out (and ``lines``
    what they prove) for the next batch."""
    deadline = time.monotonic() + seconds
    state = start.copy()
    state.play_all(tokens[:first])
    out: list[StepReview] = []
    for index in range(first, min(first + count, len(tokens) + 1)):
        if index > first:
            state.play(tokens[index - 1])
        found = done.get(index)
        if found is None:
            advice = None
            if state.status == Status.PLAYING:
                advice = chance(state.game.knowledge(start, tokens[:index]), budget)
            said = lines.known(index) or verdict(state, STEP_SECONDS)
            lines.learn(index, said)
            found = done[index] = StepReview(index, said, advice)
        elif found.verdict not in _PROVED and (proved := lines.known(index)):  # settled since
            found = done[index] = StepReview(index, proved, found.advice)
        out.append(found)
        if time.monotonic() > deadline:
            break
    return out
