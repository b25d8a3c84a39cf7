"""``State.step``, the one way a token is applied: what it returns is what a record keeps,
replaying that makes the same position, and a refused token changes nothing (every game)."""

from __future__ import annotations

import pytest

from paciencia.engine.errors import IllegalMove, InvalidMove
from paciencia.engine.protocol import UNDO_TOKEN, is_undo
from paciencia.games import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_step_is_what_the_record_keeps_and_an_undo_takes_it_back(name: str) -> None:
    game = GAMES[name].game(next(iter(GAMES[name].game.variants)))
    start = game.new_state(1)
    for move in start.legal_moves():
        state = start.copy()
        played = state.step(str(move))
        assert not played.undo and played.token == str(game.parse_move(str(move)))
        replayed = start.copy()
        replayed.play(played.token)
        assert replayed.to_text() == state.to_text()
        if not state.can_undo:  # a move that closes the undo history (a redeal, say)
            continue
        undone = state.step(" u ")
        assert undone.undo and undone.token == UNDO_TOKEN and str(undone.move) == str(played.move)
        assert state.to_text() == start.to_text()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_refused_or_malformed_token_changes_nothing(name: str) -> None:
    game = GAMES[name].game(next(iter(GAMES[name].game.variants)))
    state = game.new_state(1)
    text = state.to_text()
    for token in ("U", "?!", "99-98"):
        with pytest.raises((IllegalMove, InvalidMove)):
            state.step(token)
        assert state.to_text() == text


def test_the_undo_token_is_told_in_one_place() -> None:
    assert is_undo("U") and is_undo(" u\t") and not is_undo("UU") and not is_undo("1-2")
