"""The review of a game once it has ended: the deal is known then, and may be used.

Whether the deal was winnable at all, and, for a lost winnable deal, the move after which no
line wins any more: the last position of the record proved winnable, whose next move led to a
position proved lost (``review_search``). A position the solver leaves unsettled is neither:
where the search cannot settle the positions it needs within its budget (positions searched,
so the same record is reviewed alike on any machine), the review says it is unsure, and
between which moves the game was lost. Every position of the record is reachable from the
deal, so a winnable one proves the deal winnable. ``review_steps``
gives the review page's lines, a few at a time: each position winnable with full knowledge, and
the chance the player had with their own knowledge (``paciencia.analysis.honest``).
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from paciencia.analysis.honest import Advice, Budget, chance
from paciencia.engine.protocol import Game, State, Status, is_undo
from paciencia.engine.verdict import Result, Verdict

SAFETY_SECONDS = 120.0
"""A clock only against a runaway search: node budgets decide, so a loaded machine answers alike."""


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """What a review may search, in positions searched (never seconds: the same record gets the
    same review on any machine, loaded or not). Each position is first solved on ``levels[0]``;
    where the search still needs it, on the next level up; the whole review stops past ``total``
    (then it says it is unsure). ``None`` fields: the game's own, from its hint budget."""

    levels: tuple[int, ...]
    total: int
    probes: int = 4
    """Positions left unsettled on one level before the next level is tried."""


REVIEW_HINTS = (1, 8)
"""The levels, in hints' worth of search (one hint: ``hint_budget``'s completions × positions,
about a fifth of a second): the game is over, no move waits, and the work runs in steps on the
hint workers between hints."""
REVIEW_TOTAL_HINTS = 40


def review_budget(game: Game[Any], scale: float = 1.0) -> ReviewBudget:
    """The review's budget for ``game`` (``scale``: a larger one, to check a review with)."""
    completions, nodes = game.hint_budget
    hint = max(completions * nodes, 20_000)
    return ReviewBudget(tuple(int(h * hint * scale) for h in REVIEW_HINTS), int(REVIEW_TOTAL_HINTS * hint * scale))


@dataclass(frozen=True, slots=True)
class Review:
    """``deal``: the deal's verdict (a ``Verdict`` value); ``losing``: the index in the record
    of the move after which no line wins: named only when the position before it was proved
    winnable (a line found) and the one after it proved lost (the search exhausted), so
    ``certain`` is true whenever it is named. ``unsure``: the game was lost (its end proved so)
    from a deal not proved unwinnable, but the solver could not settle which move lost it; then
    ``won_at`` is the last position proved winnable (``None``: none was) and ``lost_at`` the
    first proved lost, between which the losing move lies. ``keep``: for a named move, a move
    from the position before it that keeps the game winnable (the first of the line found
    there). ``verdicts``: per position settled (index: moves played before it), its verdict;
    ``nodes``: the positions the solver searched in all."""

    deal: str
    losing: int | None
    certain: bool
    verdicts: dict[int, str]
    moves: int
    unsure: bool = False
    won_at: int | None = None
    lost_at: int | None = None
    keep: str | None = None
    nodes: int = 0


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


def verdict(state: State[Any], seconds: float) -> str:
    """A position solved with full knowledge (the game's solver, ``seconds`` at most)."""
    if state.status == Status.WON:
        return Verdict.WINNABLE.value
    if state.status == Status.BLOCKED:
        return Verdict.UNWINNABLE.value
    return state.game.solve(state, max(0.05, seconds)).verdict.value


def settled(state: State[Any], nodes: int) -> Result:
    """A position solved with full knowledge on a budget of ``nodes`` positions searched."""
    if state.status == Status.WON:
        return Result(Verdict.WINNABLE)
    if state.status == Status.BLOCKED:
        return Result(Verdict.UNWINNABLE)
    return state.game.solve(state, SAFETY_SECONDS, nodes)


def review_game(start: State[Any], tokens: Sequence[str], budget: ReviewBudget | None = None) -> Review:
    """The review, worked out at once (``review_search`` run to its end)."""
    search = review_search(start, tokens, budget)
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def review_search(
    start: State[Any], tokens: Sequence[str], budget: ReviewBudget | None = None
) -> Generator[int, None, Review]:
    """The review, one solve at a time: it yields the positions searched so far after each
    solve (a caller may run each step as a task of its own, so that hints come in between),
    and returns the ``Review``. Its memory: one position per ``CHECKPOINT`` of the record.

    The positions that matter are those on the path from the deal to the game's end: the tree
    of forward moves that ``Lines`` reads from a record with undos, walked up from the end
    (without undos, the whole record). Along it, a position before a winnable one is winnable
    and one after a lost one lost, so the last winnable one is found by halving between a
    position proved winnable and one proved lost. A position the search leaves unsettled
    decides nothing: the nearest ones are tried instead, then, past ``probes`` of them, the
    positions still between are solved again on the next level up. Every later position of the
    record lies under the first lost one on the path (to leave its subtree is to undo to a
    winnable position), so the move named lost the game for good."""
    budget = budget or review_budget(start.game)
    states = Positions(start, tokens)
    n = len(tokens)
    lines = Lines(tokens)
    path = [lines.same[n]]
    while lines.parent[path[-1]] >= 0:
        path.append(lines.parent[path[-1]])
    path.reverse()  # path[0] is 0, the deal
    verdicts: dict[int, str] = {}
    lines_found: dict[int, tuple[str, ...]] = {}
    spent = 0

    def solve_at(index: int, nodes: int) -> str:
        nonlocal spent
        result = settled(states[index], nodes)
        spent += result.nodes
        verdicts[index] = result.verdict.value
        if result.verdict == Verdict.WINNABLE:
            lines_found[index] = result.line
        return result.verdict.value

    # The end first: won, or left while it could still be won, and nothing was lost.
    final = Verdict.UNKNOWN.value
    for nodes in budget.levels:
        final = solve_at(n, nodes)
        yield spent
        if final != Verdict.UNKNOWN:
            break
    verdicts[path[-1]] = final
    if final == Verdict.WINNABLE:
        return Review(Verdict.WINNABLE.value, None, False, verdicts, n, nodes=spent)
    # lo: the last position on the path proved winnable (-1: none yet); hi: the first proved
    # lost (len(path): none, when the end was left unsettled).
    lo, hi = -1, len(path) - 1 if final == Verdict.UNWINNABLE else len(path)
    tried: dict[int, int] = {}  # path place: the highest level it was solved on
    for level, nodes in enumerate(budget.levels):
        unsettled = 0
        while hi - lo > 1 and unsettled < budget.probes and spent < budget.total:
            left = [k for k in range(lo + 1, hi) if tried.get(k, -1) < level]
            if not left:
                break
            # Halving while the positions settle; once one is left unsettled, those next to
            # the ends in turn (the one next to the lost end is the smallest, the likeliest to
            # be proved lost; the one next to the winnable end the likeliest to be won), since
            # the move is named only once the two ends meet.
            if not unsettled:
                mid = (lo + hi) // 2
                k = min(left, key=lambda k: (abs(k - mid), k))
            else:
                k = left[-1] if unsettled % 2 else left[0]
            tried[k] = level
            said = solve_at(path[k], nodes)
            yield spent
            if said == Verdict.WINNABLE:
                lo = k
            elif said == Verdict.UNWINNABLE:
                hi = k
            else:
                unsettled += 1
        if hi - lo <= 1 or spent >= budget.total:
            break
    if lo >= 0:
        deal = Verdict.WINNABLE.value
    elif hi == 0:
        deal = Verdict.UNWINNABLE.value
    else:
        deal = verdicts.get(0, Verdict.UNKNOWN.value)
    if lo < 0 or hi >= len(path):  # nothing proved winnable, or the end not proved lost
        lost = final == Verdict.UNWINNABLE and deal != Verdict.UNWINNABLE
        return Review(deal, None, False, verdicts, n, lost, None, path[hi] if hi < len(path) else None, nodes=spent)
    if hi - lo > 1:
        return Review(deal, None, False, verdicts, n, True, path[lo], path[hi], nodes=spent)
    losing = path[hi] - 1  # the move that made the first lost position, played from path[lo]
    line = lines_found.get(path[lo], ())
    keep = line[0] if line and line[0] != str(tokens[losing]) else None
    return Review(deal, losing, True, verdicts, n, False, path[lo], path[hi], keep, spent)


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
