"""The review: its positions kept without a copy of each, the final position checked first."""

from __future__ import annotations

import random

from paciencia.games import new_state
from paciencia.games.review import CHECKPOINT, Positions, review_game


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
