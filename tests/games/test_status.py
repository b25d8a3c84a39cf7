"""A position's status said without its legal moves where a rule settles it at once (a deal's
header, ``status=``, asks for it: the command line's start-up, issue 39): it must be the one
the legal moves give."""

from __future__ import annotations

import random

import pytest

from paciencia.engine.protocol import Status
from paciencia.games import new_state


@pytest.mark.parametrize(
    "code", ["FC1-1-AAAAAAB", "FC1-2-AAAAAAC", "FC1-4-AAAAAAD", "SP1-1-AAAAAAB", "SP1-2-AAAAAAC", "SP1-4-AAAAAAD"]
)
def test_the_status_is_the_legal_moves_own_along_random_games(code: str) -> None:
    rng = random.Random(code)
    for _ in range(6):
        state = new_state(code)
        for _ in range(150):
            legal = state.legal_moves()
            if state.status is not Status.WON:
                assert state.status is (Status.PLAYING if legal else Status.BLOCKED), state.to_text()
            if not legal:
                break
            state.push(rng.choice(legal))
