"""The review: its positions kept without a copy of each, the final position checked first; the
review page's lines, a batch at a time, settled by the record where it proves them."""

from __future__ import annotations

import math
import random
from typing import Any

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.review import CHECKPOINT, Lines, Positions, StepReview, review_game, review_steps, verdict
from paciencia.engine.protocol import Status
from paciencia.games import new_state


def test_positions_are_the_record_replayed_with_a_copy_every_checkpoint() -> None:
    rng = random.Random(7)
    state = new_state("KL1-1-AAAAAAC")
    start = state.copy()
    tokens: list[str] = []
    texts = [state.to_text()]
    for _ in range(5 * CHECKPOINT + 11):
        moves = state.legal_moves()
        token = "U" if state.can_undo and rng.random() < 0.1 else str(rng.choice(moves))
        state.play(token)
        tokens.append(token)
        texts.append(state.to_text())
    positions = Positions(start, tokens)
    assert len(positions.kept) == len(tokens) // CHECKPOINT + 1
    for i in [0, 1, CHECKPOINT - 1, CHECKPOINT, len(tokens), *rng.sample(range(len(tokens)), 20)]:
        assert positions[i].to_text() == texts[i], i


def test_a_record_with_no_move_or_still_winnable_names_no_losing_move() -> None:
    start = new_state("KL1-3-AAAAAAB")
    for tokens in ([], ["D"]):
        review = review_game(start, tokens)
        assert review.deal == "winnable" and review.losing is None, tokens
        assert review.verdicts[len(tokens)] == "winnable"


# -- the review page's lines -------------------------------------------------------------------


def _record(code: str, moves: int, seed: int) -> tuple[list[str], list[Any]]:
    """A seeded random record with undos, and each of its positions."""
    rng = random.Random(seed)
    state = new_state(code)
    tokens: list[str] = []
    states = [state.copy()]
    while len(tokens) < moves:
        legal = state.legal_moves()
        if not legal and not state.can_undo:
            break
        token = "U" if state.can_undo and (not legal or rng.random() < 0.25) else str(rng.choice(legal))
        state.play(token)
        tokens.append(token)
        states.append(state.copy())
    return tokens, states


def test_lines_prove_only_what_the_solver_proves() -> None:
    """An undo comes back to the very position it names; a position before a winnable one on its
    line is winnable, one after a lost one lost: checked against the solver on every position."""
    for code, seed in (("KL1-3-AAAAAAB", 3), ("KL1-3-AAAAAAB", 5), ("KL1-3-AAAAAAD", 6)):  # each loses its deal
        tokens, states = _record(code, 90, seed)
        lines = Lines(tokens)
        for i, state in enumerate(states):
            assert state.key() == states[lines.same[i]].key(), (code, i)
        solved = [verdict(s, 2.0) for s in states]
        assert "unwinnable" in solved and "winnable" in solved, code  # the record loses its deal
        for i in range(0, len(states), 9):  # a few positions solved ...
            lines.learn(i, solved[i])
        derived = {i: lines.known(i) for i in range(len(states))}
        proved = {i: v for i, v in derived.items() if v is not None}
        assert len(proved) > len(states) // 2, code  # ... settle most of the others
        for i, v in proved.items():
            assert solved[i] in (v, "unknown"), (code, i)


def test_a_batch_of_lines_is_bounded_and_its_chances_are_the_hints() -> None:
    code = "KL1-3-AAAAAAB"
    tokens, states = _record(code, 60, 11)
    start = new_state(code)
    budget = Budget(*start.game.hint_budget)
    done: dict[int, StepReview] = {}
    lines = Lines(tokens)
    first = review_steps(start, tokens, 5, 500, budget, lines, done, seconds=0.0)
    assert [s.index for s in first] == [5]  # out of time at once: still the first line
    out = review_steps(
        start, tokens, 5, 10, budget, lines, done, seconds=math.inf
    )  # the count bounds it, not the clock
    assert [s.index for s in out] == list(range(5, 15)) and out[0] is first[0]
    for s in out:
        if states[s.index].status == Status.PLAYING:
            advice = advise(start.game.knowledge(start, tokens[: s.index]), budget)
            assert s.advice is not None and (s.advice.won, s.advice.total) == (advice.won, advice.total)
    end = review_steps(start, tokens, len(tokens), 10, budget, lines, done, seconds=math.inf)
    assert [s.index for s in end] == [len(tokens)]
