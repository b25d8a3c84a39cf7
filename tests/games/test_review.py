"""The review: its positions kept without a copy of each, the final position checked first; the
review page's lines, a batch at a time, settled by the record where it proves them."""

from __future__ import annotations

import math
import random
from typing import Any

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.review import (
    CHECKPOINT,
    Lines,
    Positions,
    ReviewBudget,
    StepReview,
    review_game,
    review_steps,
    verdict,
)
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


# -- the move named: proved, never a guess (issue 24) ------------------------------------------

# A game of Crescent a random player took to blocked (deal CR1-N-LIDCFNR). The review before
# issue 24 took every position its second of search left unsettled for lost, and named move 25
# (R, a redeal) as the one after which no line won; yet a line wins after it.
LOST_LATE = "CR1-N-LIDCFNR"


def _moves(text: str) -> list[str]:
    return text.split()


LOST_LATE_MOVES = _moves(
    "15-6 16-14 13-4 12-10 16-6 13-4 13-9 11-16 3-Kh 9-11 12-4 R 5-Ah 2-Ks 8-Kd 5-6 6-9 7-1 6-12 "
    "15-16 8-Kd 12-9 6-11 12-9 R 10-13 2-1 3-15 6-As 10-7 3-14 7-3 11-5 7-3 15-7 15-Kd 8-3 11-6 7-Kd "
    "6-11 R 5-2 11-14 3-13 13-9 13-9 2-Ah 2-Ah 8-2"
)
WINS_AFTER_25 = _moves(
    "6-As 15-Kd 13-Ah 3-Kd 1-Kh 3-14 11-5 11-6 11-6 8-3 7-3 7-Kd 7-1 7-Kc 13-Kc 12-Kc 13-Kc 12-Kc "
    "11-7 11-Kh 7-Kh 7-Kh 1-15 1-15 1-15 2-11 1-10 1-6 6-14 6-14 6-14 6-14 6-14 6-1 6-Kh 16-6 16-Kc "
    "16-Kc 16-Ah 5-Kc 3-Ah 3-Ah Ah-Kh Ah-Kh Ah-Kh Ah-Kh Ah-Kh 10-Kh 10-Ah 10-3 3-16 3-1 16-1 3-8 14-8 "
    "14-8 14-8 14-8 14-8 14-8 14-8 4-14 1-16 4-3 4-Ks 4-Ks 16-1 16-1 4-8 4-9 4-Ac 4-Ad 12-Ac 10-Ad "
    "4-Kd 8-9 8-9 8-Ks 8-Ks 8-Ks 8-Ks 5-16 5-Kd 10-15 10-2 3-10 2-5 10-3 2-5 2-Kd 2-As 3-10 1-2 10-3 "
    "1-2 3-10 1-2 10-3 1-2 3-10 1-2 8-1 10-3 1-8 10-3 10-Ad Kd-Ad Kd-Ad Kd-Ad Kd-Ad Kd-Ad Kd-Ad Kd-Ad "
    "Kd-Ad 5-Ad 5-Kd 5-Kd 5-Ah 8-1 8-1 8-Ks 8-As Ks-As Ks-As Ks-As Ks-As Ks-As 9-As 9-As 9-As 9-As "
    "9-Ac Ac-Kc Ac-Kc Ac-Kc 14-Kc 8-Ac 9-Ac 9-Ac 9-Ac 16-Ac 16-Ac 15-8 15-8 2-9 15-8 2-9 15-8 2-9 "
    "15-8 3-14 2-9 15-8 15-Kd 2-9 2-Ah 9-Ah 9-Ah 9-Ah 9-Ah 9-Ah 9-Ah 9-Ks 9-Ac 9-Ac 3-14 3-Ac 14-Ac "
    "14-Ac 14-Ac 14-8 14-Kd 8-Kd 8-Kd 8-Kd 8-Kd 8-Kd 8-Kd 8-Kd 8-Kd 11-14 11-Ah 14-Ah 14-Ah 1-14 1-14 "
    "1-Ks 14-Ks 14-Ks 14-Ks 11-Ks 14-Ks 6-Ks 6-Ks"
)


def test_the_review_names_no_move_after_which_a_line_still_wins() -> None:
    start = new_state(LOST_LATE)
    after = start.copy()
    after.play_all(LOST_LATE_MOVES[:25])
    won = after.copy()
    won.play_all(WINS_AFTER_25)
    assert won.status == Status.WON  # the position after move 25 can be won
    end = start.copy()
    end.play_all(LOST_LATE_MOVES)
    assert end.status == Status.BLOCKED
    review = review_game(start, LOST_LATE_MOVES)
    assert review.deal == "winnable" and review.losing != 24, review
    if review.losing is None:  # unsure: and it says between which positions it lost
        assert review.unsure and review.won_at is not None and review.lost_at is not None
        assert review.verdicts[review.won_at] == "winnable"
        assert review.lost_at > 25 and review.verdicts[review.lost_at] == "unwinnable"
    else:  # named: the position before it was won, the one after it proved lost
        assert review.certain and review.verdicts[review.losing] == "winnable"
        assert review.verdicts[review.losing + 1] == "unwinnable"


def test_a_position_left_unsettled_is_not_taken_for_lost() -> None:
    """On a budget too small to settle the positions between the deal and the end, the review
    names no move: it is unsure, and names the positions it did prove."""
    start = new_state(LOST_LATE)
    review = review_game(start, LOST_LATE_MOVES, ReviewBudget((3000,), 30_000))
    assert review.losing is None and not review.certain, review
    assert review.unsure and review.lost_at == len(LOST_LATE_MOVES)
    won_at = -1 if review.won_at is None else review.won_at
    assert all(v == "winnable" for i, v in review.verdicts.items() if i <= won_at)
    assert "unknown" in review.verdicts.values()  # some position was left unsettled: and it decided nothing
