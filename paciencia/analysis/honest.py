"""Honest answers during play: hints, "no move helps", "lost" and the chance of winning, from
what the player knows alone (``paciencia.engine.knowledge``), for every game with a solver.

Determinized search: the knowledge's completions (every one when there are few, else a sample
seeded from the knowledge) are each solved briefly with full knowledge (``Game.settle``, on a
budget of positions searched, never of seconds). The moves that start the lines found are
compared by the completions each one wins in (the few most voted are settled after the move in
the completions whose line starts otherwise), ties by the game's heuristic summed over the
completions, then by the number of lines they start; only moves that lead to no position met
since a card last came into sight count (``Knowledge.since``: what is known only grows, so a
return to a position met knowing less is no loop), and the first move of a line found may lead
back once to a position met once (a wrong turn is not final: the stock gone round once more to
reach a card); and a game with ``Game.patience`` has its hints, once they have rearranged that
many moves without a card seen, hint only moves that advance at once (``Game.advancing``) or
follow a plan to the next card turned up (``_planned``). The heuristic comes before the lines
started: which move a line starts with is the solver's order of trying moves, which knows every
card, while the heuristic reads what the player sees (the game's own: turn up a card where most
cards lie face down, say). Voted first, a change in the C search's order (draw three's stock
cards deepest in the talon first) took the site's hints from 34 to 19 wins in 100 deals. "Lost"
is said only when every completion is proved lost, "no move helps" only when no completion found
a win and no move advances in any of them. The chance is the share of completions in which a win
was found (a completion left unsettled by its budget counts as not won, so the chance errs low).

Everything here reads completions only, so two games that the player cannot tell apart get the
same answers, whatever their hidden cards are.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Any

from paciencia.engine.knowledge import Knowledge
from paciencia.engine.protocol import Analysis, Key, State, Status
from paciencia.engine.verdict import Verdict

ENUMERATE = 8
"""Every completion is drawn (and the answers are exact) when there are at most this many times
the budget's completions."""
ALWAYS_EVERY = 120
"""... and always when there are at most this many (five unseen cards, all different)."""
MIN_NODES = 1000


@dataclass(frozen=True, slots=True)
class Budget:
    """How much an answer may search: the completions drawn and the positions per completion."""

    completions: int
    nodes: int


@dataclass(frozen=True, slots=True)
class Advice:
    """A hint (``analysis``) and the chance it rests on: ``won`` of ``total`` completions won;
    ``exact`` when the completions were all of them (and none was left unsettled): a ``lost``
    that is exact is proved, one that is not holds in every completion drawn."""

    analysis: Analysis
    won: int
    total: int
    exact: bool = False
    after: int | None = None
    """For a move: the completions in which the position after it was found won (``None``: not
    measured)."""
    without: int | None = None
    """... and after the best other move compared with it (``None``: none was)."""
    fresh: tuple[str, ...] | None = None
    """The moves the hint counted as leading somewhere new (``fresh_moves`` since the last card
    seen; ``None``: it did not look), which the hint's reason reads too (``why.reason``)."""

    @property
    def chance(self) -> float:
        return self.won / self.total if self.total else 0.0


def path_keys(state: State[Any], since: int = 0) -> set[Key]:
    """The keys of the positions earlier on the game's path (its undo history walked back),
    those with at least ``since`` moves in the undo history."""
    return set(path_counts(state, since))


def path_counts(state: State[Any], since: int = 0) -> Counter[Key]:
    """``path_keys`` with how many times each position was met."""
    sim = state.copy()
    keys: Counter[Key] = Counter()
    while sim.can_undo and len(sim.move_stack) > since:
        sim.undo()
        keys[sim.key()] += 1
    return keys


def fresh_moves(state: State[Any], since: int = 0, again: bool = False) -> list[str]:
    """The legal moves (resolved tokens) that lead to no position met earlier on the path (with
    ``since``: since then, see ``Knowledge.since``), nor back to this one; with ``again``, also
    to a position met there once only. On a completion this is the same for all of them: the
    moves carry known cards, and a hidden card changes place only by coming into sight."""
    return [t for t, n in returns(state, since).items() if n <= (1 if again else 0)]


def returns(state: State[Any], since: int = 0) -> dict[str, int]:
    """Each legal move (resolved token) that leads away from this position, with how many times
    the position it leads to was met on the path (``since`` as in ``fresh_moves``): one walk of
    the path serves ``fresh_moves`` with and without ``again``."""
    here = state.key()
    met = path_counts(state, since)
    out = {}
    for m in state.legal_moves():
        sim = state.copy()  # a move may clear the undo history (a redeal): a copy each
        sim.push(m)
        key = sim.key()
        if key != here:
            out[str(state.resolve(m))] = met[key]
    return out


PLANS = 5_000
"""Positions whose plan is kept (a position and its places, about 2 KB each: 10 MB at most):
where every card is known, the line found from a position is followed on from the positions it
reaches, so that hints do not contradict each other."""
_plans: OrderedDict[tuple[Key, Key], tuple[tuple[str, ...], int]] = OrderedDict()
"""A position's plan: the line (shared by every position on it) and where the position is on it."""
_plans_lock = threading.Lock()


def _keep(table: OrderedDict[Key, tuple[tuple[str, ...], int]], keys: list[Key], line: tuple[str, ...]) -> None:
    """``line`` kept in ``table`` for each position it passes through (``keys``, in its order:
    where the position is on it), the oldest dropped past ``PLANS``."""
    with _plans_lock:
        for i, key in enumerate(keys):
            table[key] = (line, i)
        while len(table) > PLANS:
            table.popitem(last=False)


def _known_line(state: State[Any], nodes: int) -> tuple[str, str | None]:
    """``Game.settle`` for a position with every card known (the one completion of a knowledge
    with no unseen card), following the plan found earlier from a position it reached. A search
    started afresh from each position of a line may find another line that starts by going back
    (a card sent to a free cell, then the new line takes it straight back), so the hints
    would go to and fro; the plan of a line once found does not. A plan is derived from the
    completion alone (a position with every card known to the player), never from a deal."""
    here = _exact(state)
    with _plans_lock:
        plan = _plans.get(here)
        if plan is not None:
            _plans.move_to_end(here)
            line, at = plan
            return Verdict.WINNABLE.value, line[at]
    found = state.game.solve(state, SAFETY_SECONDS, nodes)
    if found.verdict != Verdict.WINNABLE or not found.line:
        return found.verdict.value, None
    sim = state.copy()
    with _plans_lock:
        for i, token in enumerate(found.line):
            _plans[_exact(sim)] = (found.line, i)
            sim.play(token)
        while len(_plans) > PLANS:
            _plans.popitem(last=False)
    return Verdict.WINNABLE.value, found.line[0]


def _exact(state: State[Any]) -> tuple[Key, Key]:
    """A position as its moves name it: a key may forget what no rule needs (which free cell holds
    a card) but a plan's tokens name places, so the cards of every place too (what its table text
    says below the header, without writing the text or running the header's status)."""
    return state.key(), tuple((place, tuple(cards)) for place, cards in state.place_lines())


SAFETY_SECONDS = 30.0
"""A clock against a runaway search only: the node budget decides."""


def _drawn(knowledge: Knowledge, budget: Budget) -> tuple[list[State[Any]], bool, Budget]:
    """The completions an answer reads, whether they are every one, and the budget per each."""
    every = max(ENUMERATE * budget.completions, ALWAYS_EVERY)
    completions = knowledge.completions(budget.completions, every)
    enumerated = len(completions) == 1 or knowledge.distinct() <= every
    # The same work in all: when every completion is drawn, each gets its share of the budget.
    nodes = max(budget.nodes * budget.completions // len(completions), MIN_NODES)
    return completions, enumerated, Budget(len(completions), nodes)


def chance(knowledge: Knowledge, budget: Budget) -> Advice:
    """The chance alone (the same figure ``advise`` gives, without the hint's further search):
    its analysis is ``none``."""
    completions, enumerated, budget = _drawn(knowledge, budget)
    total = len(completions)
    if completions[0].status == Status.WON:
        return Advice(Analysis("none"), total, total, True)
    if not completions[0].legal_moves():
        return Advice(Analysis("none"), 0, total, enumerated)
    settled = [c.game.settle(c, budget.nodes)[0] for c in completions]
    won = sum(1 for v in settled if v == Verdict.WINNABLE)
    return Advice(Analysis("none"), won, total, enumerated and Verdict.UNKNOWN not in settled)


def advise(knowledge: Knowledge, budget: Budget, strong: bool = False, plain: bool = False) -> Advice:
    """The honest hint and chance for a position the player knows as ``knowledge``.

    ``strong``: the autoplayer's policy (``bench/honest_play.py --strong``; the site's hints
    keep the plain one). A sure move (``Game.sure_move``) comes at once, without search (its
    chance is not measured: 0 of 0); and where every line found starts with a move that goes
    back further, each fresh move is settled after it in the completions won (the lines found
    need not be the only ones), rather than chosen by the heuristic alone.

    The site's hints (not ``strong``, a card still unseen) are the game's own player where it has
    one (``Game.commits``, ``Game.commitment``); ``plain``: the search below
    alone, as the levels' honest games are measured (``levels.play``: a yardstick kept apart
    from the hints, so that a change of hints leaves the levels as they were measured)."""
    if not strong and not plain and knowledge.unknown and knowledge.state.game.commits:
        told = chance(knowledge, budget)
        # Every layout of the unseen cards lost (all of them tried): the answer below says so,
        # as it does in every game, rather than a move of a player who cannot win from here.
        first = knowledge.complete(sorted(knowledge.unseen))  # the position, as one completion
        token = None if told.exact and not told.won else _committed(knowledge, first)
        if token is not None:
            new = tuple(fresh_moves(first, knowledge.since))
            return Advice(Analysis("move", token), told.won, told.total, told.exact, fresh=new)
    if strong:
        token = _sure(knowledge)
        if token is not None:
            return Advice(Analysis("move", token), 0, 0)
    completions, enumerated, budget = _drawn(knowledge, budget)
    first = completions[0]
    game = first.game
    total = len(completions)
    if first.status == Status.WON:
        return Advice(Analysis("none"), total, total, True)
    if not first.legal_moves():
        return Advice(Analysis("none"), 0, total, enumerated)
    if total == 1 and enumerated:
        settled = [_known_line(first, budget.nodes)]
    else:
        settled = [game.settle(c, budget.nodes) for c in completions]
    won = sum(1 for v, _ in settled if v == Verdict.WINNABLE)
    exact = enumerated and all(v != Verdict.UNKNOWN for v, _ in settled)
    if all(v == Verdict.UNWINNABLE for v, _ in settled):
        return Advice(Analysis("lost"), 0, total, exact)
    met = returns(first, knowledge.since)
    fresh = [t for t, n in met.items() if n == 0]
    # A line found may lead back to a position met once since the last card seen: a wrong turn
    # there is not final (a move's count bounds the returns, so no loop).
    voted = [t for t, n in met.items() if n <= 1]
    votes = Counter(t for v, t in settled if v == Verdict.WINNABLE and t in voted)
    settle_all = strong and not votes and won > 0
    if votes:
        candidates = [t for t, _ in votes.most_common(RIVALS)]
    elif settle_all:
        candidates = fresh
    else:
        useful = _useful(completions)
        candidates = [t for t in fresh if t in useful]
    if _impatient(knowledge, game.patience):
        # Rearranged long enough without a card seen (``Game.patience``): a move that advances at
        # once, else the next move of a plan that turns a card up (``_planned``).
        now = {t for c in completions for t in game.advancing(c, fresh)}
        candidates = [t for t in candidates if t in now] or [t for t in fresh if t in now]
        if not candidates:
            token = _planned(knowledge, completions, settled, fresh, budget)
            if token is not None:
                return Advice(Analysis("move", token), won, total, exact, fresh=tuple(fresh))
    if not candidates:
        return Advice(Analysis("no_useful"), won, total, exact, fresh=tuple(fresh))
    compare = len(candidates) > 1 and (bool(votes) or settle_all)
    wins = _wins_after(completions, settled, candidates, budget) if compare else {}
    if settle_all and not any(wins.values()) and len(candidates) > 1:
        # No fresh move wins anywhere on this budget: the plain rule's useful moves only.
        useful = _useful(completions)
        candidates = [t for t in candidates if t in useful] or candidates
    worth = [0.0] * len(candidates)
    for c in completions:
        for i, s in enumerate(game.scores(c, candidates)):
            worth[i] += s
    best = max(
        range(len(candidates)),
        key=lambda i: (wins.get(candidates[i], 0), worth[i], votes.get(candidates[i], 0), candidates[i]),
    )
    token = candidates[best]
    # With and without it: the completions won after it, and after the best other move compared
    # (where only one move starts the lines found, those that start with it: none was compared).
    after = wins.get(token, votes.get(token)) if votes or wins else None
    others = [n for t, n in wins.items() if t != token]
    return Advice(Analysis("move", token), won, total, exact, after, max(others) if others else None, tuple(fresh))


def _sure(knowledge: Knowledge) -> str | None:
    """The game's sure move (``Game.sure_move``), unless it leads back to a position met since a
    card last came into sight."""
    state = knowledge.state
    token = state.game.sure_move(knowledge)
    if token is None or state.status != Status.PLAYING:
        return None
    sim = state.copy()
    sim.play(token)
    return None if sim.key() in path_keys(state, knowledge.since) else token


_commitments: OrderedDict[Key, tuple[tuple[str, ...], int]] = OrderedDict()
"""A commitment of the game's own player (``_committed``), by the position as the player knows it
(``_public``) at each of its steps: the line, and where the position is on it."""


def _committed(knowledge: Knowledge, first: State[Any]) -> str | None:
    """Where the game has a player of its own (``Game.commitment``): a sure move, else the next
    move of the commitment it chose earlier (kept by the position as the player knows it, up to
    a draw that brings a card into sight), else the first of the one it chooses now. ``first``:
    the knowledge's completion with the unseen cards in order (read, not changed)."""
    game = knowledge.state.game
    sure = _sure(knowledge)
    if sure is not None:
        return sure
    unknown = frozenset(knowledge.unknown)
    here = _public(first, unknown)
    with _plans_lock:
        plan = _commitments.get(here)
    if plan is not None:
        return plan[0][plan[1]]
    line: tuple[str, ...] | None = game.commitment(knowledge)
    if not line:
        return None
    hidden = {first.place_lines()[li][1][k][0] for li, k in unknown}
    sim = first.copy()
    keys = []
    for token in line:
        keys.append(_public(sim, unknown))
        sim.play(token)
        if any(card in hidden and up for _, cards in sim.place_lines() for card, up in cards):
            break  # a card came into sight: the player chooses again
    _keep(_commitments, keys, line)
    return line[0]


def _impatient(knowledge: Knowledge, patience: int | None) -> bool:
    """Whether ``patience`` moves have passed since a card last came into sight, cards still hidden."""
    if patience is None or not knowledge.unknown:
        return False
    return len(knowledge.state.move_stack) - knowledge.since >= patience


_hidden_plans: OrderedDict[Key, tuple[tuple[str, ...], int]] = OrderedDict()
"""A plan made where cards were still hidden (``_planned``), by the position as the player knows
it (``_public``): the line, and where the position is on it."""


def _planned(
    knowledge: Knowledge,
    completions: list[State[Any]],
    settled: list[tuple[str, str | None]],
    fresh: list[str],
    budget: Budget,
) -> str | None:
    """Where the hints have run out of patience (``Game.patience``) and no move advances at once:
    the next move of a plan that reaches a card turned up, so that the hints stop re-planning at
    each new position. A plan is a line found in a completion, up to its first move that turns a
    card face up: until then it moves known cards alone, so it is as legal in the game as in the
    completion. It is kept by the position as the player knows it (the unknown cards masked) at
    each of its steps: made from completions alone, it reads no hidden card."""
    unknown = frozenset(knowledge.unknown)
    here = _public(completions[0], unknown)
    with _plans_lock:
        plan = _hidden_plans.get(here)
    if plan is not None:
        line, at = plan
        return line[at] if line[at] in fresh else None
    for c, (verdict, first) in zip(completions, settled, strict=True):
        if verdict != Verdict.WINNABLE or first not in fresh:
            continue
        found = c.game.solve(c, SAFETY_SECONDS, budget.nodes)
        if found.verdict != Verdict.WINNABLE or not found.line:
            continue
        sim = c.copy()
        down = _face_down(sim)
        keys = []
        for token in found.line:
            keys.append(_public(sim, unknown))
            sim.play(token)
            if _face_down(sim) < down:
                break
        line = tuple(found.line[: len(keys)])
        _keep(_hidden_plans, keys, line)
        return line[0]
    return None


def _public(state: State[Any], unknown: frozenset[tuple[int, int]]) -> Key:
    """A completion's position as the player knows it: the cards of the unknown slots masked (a
    plan's moves leave those slots alone)."""
    lines = tuple(
        (name, tuple((-1 if (li, k) in unknown else card, up) for k, (card, up) in enumerate(cards)))
        for li, (name, cards) in enumerate(state.place_lines())
    )
    return (state.game.name, state.game.variant, tuple(state.header_fields()), lines)


def _face_down(state: State[Any]) -> int:
    return sum(1 for _, cards in state.place_lines() for _, up in cards if not up)


def _useful(completions: list[State[Any]]) -> set[str]:
    """The moves that advance in some completion (``Game.useful``)."""
    return {t for c in completions for t in c.game.useful(c)}


RIVALS = 2
"""The most-voted moves compared by how many completions each wins in (not just starts a line in)."""


def _wins_after(
    completions: list[State[Any]], settled: list[tuple[str, str | None]], candidates: list[str], budget: Budget
) -> dict[str, int]:
    """For each candidate move, the completions in which the position after it is won. Where a
    completion's own line starts with the move, it is; where the completion is lost, it is not;
    the rest are settled after the move (on a quarter of the budget: there are several)."""
    out: dict[str, int] = {}
    for token in candidates:
        n = 0
        for c, (v, first) in zip(completions, settled, strict=True):
            if v == Verdict.WINNABLE and first == token:
                n += 1
            elif v != Verdict.UNWINNABLE:
                after = c.copy()
                after.play(token)
                n += after.game.settle(after, budget.nodes // 4)[0] == Verdict.WINNABLE
        out[token] = n
    return out
