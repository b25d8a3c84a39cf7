"""The one way a token reaches a game, wherever the game is kept: room → step → record.

The server's store and the browser's offline engine are each a ``Keeper``; the service's moves,
Finish, automatic moves, the lines sent back from offline and the browser's own play all call
``play_token``. The view that answers it is ``play.views.game_view`` of the game's ``meta``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from paciencia.engine.errors import PacienciaError
from paciencia.engine.protocol import Observation, Played, State
from paciencia.play.errors import LineRefused
from paciencia.play.held import HeldGame

H = TypeVar("H", bound=HeldGame, contravariant=True)


class Keeper(Protocol[H]):
    """Where a game's record is kept: the server's store, or the browser's memory."""

    def room(self, game: H) -> None:
        """Raises (``GameTooLong``) when ``game``'s record takes no more tokens."""

    def record(self, game: H, token: str) -> None:
        """Keeps ``token``, just played on ``game.state``."""


def play_token(keeper: Keeper[H], game: H, token: str) -> tuple[Observation, Played[Any]]:
    """Plays ``token`` on ``game`` and keeps it: the position before it and what it played (for
    the answer's words). Raises before anything changes: the keeper's ``GameTooLong``, the
    engine's ``InvalidMove`` / ``IllegalMove``."""
    keeper.room(game)
    before = game.observation()
    played = game.state.step(token)
    keeper.record(game, played.token)
    return before, played


def check_line(state: State[Any], tokens: Sequence[str], first: int = 0) -> None:
    """Plays ``tokens`` on a copy of ``state``, all or nothing: ``LineRefused`` names the
    first one refused, its number in the line (``first``: the number of the first of ``tokens``,
    from 0) and why. Ask ``play.disclosure`` first: the reason is the deal's, so a line is
    checked only on cards its player was shown."""
    state = state.copy()
    for n, token in enumerate(tokens, first):
        try:
            state.step(token)
        except PacienciaError as e:
            raise LineRefused(n + 1, token, e) from None
