"""What can go wrong when a player asks something of a game, and the one mapping of each error
to its answer: (status, stable error code, words in the page's language).

The API (``web/app.py``), the page forms and the browser's offline engine all answer errors
through ``answer``: the same refusal says the same thing wherever it was met.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paciencia.engine.errors import IllegalMove, InvalidCode, InvalidMove, InvalidPosition, PacienciaError
from paciencia.i18n import Words
from paciencia.play.words import position_message, say

if TYPE_CHECKING:
    from paciencia.play.held import HeldGame


class ServiceError(Exception):
    """A request the site refuses: ``status``, a stable ``error`` code and a UI word key (with
    ``kw`` its arguments), and headers such as ``Retry-After``."""

    def __init__(self, status: int, error: str, key: str, headers: dict[str, str] | None = None, **kw: object) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.key = key
        self.headers = headers or {}
        self.kw = kw


class GameNotFound(LookupError):
    """No such game for this player (whether it does not exist or is someone else's)."""


class GameTooLong(Exception):
    """The game's record is as long as a record may be (``limit`` tokens): it takes no more moves."""

    def __init__(self, game_id: str, limit: int) -> None:
        super().__init__(f"game {game_id} has {limit} moves")
        self.limit = limit


class GameClosed(Exception):
    """The game is over for good (won, left for a newer one, or reviewed): it takes no more moves."""

    def __init__(self, game: HeldGame) -> None:
        super().__init__(f"game {game.id} is closed ({game.result})")
        self.game = game


class StaleMove(Exception):
    """The move was made on an older version of the game; ``game`` is the current one."""

    def __init__(self, game: HeldGame) -> None:
        super().__init__(f"the game is at version {game.version}")
        self.game = game


class LineRefused(Exception):
    """A move of a line (sent back from offline) was refused: the ``number``-th (from 1), the
    token ``move``, and the engine's error ``cause``. Nothing of the line was kept. Answered as
    the cause is (its ``error`` code), in words that name the move and its number."""

    def __init__(self, number: int, move: str, cause: PacienciaError) -> None:
        super().__init__(f"move {number} ({move}): {cause}")
        self.number = number
        self.move = move
        self.cause = cause


@dataclass(frozen=True, slots=True)
class Answer:
    """An error's answer: its status, its body (``{error, message, …}``) and headers. ``game``:
    the answer carries the game's view as it stands (the caller adds it, as ``body["game"]``)."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    game: HeldGame | None = None


def _answer(status: int, error: str, message: str, headers: dict[str, str] | None = None, **extra: Any) -> Answer:
    game = extra.pop("game", None)
    return Answer(status, {"error": error, "message": message, **extra}, headers or {}, game)


def code_refusal(words: Words, game: str | None) -> str:
    """Why a deal code is refused, with the form of a code of ``game`` (the page's game; else the
    first registered), and its game numbers where the game numbers its deals."""
    from paciencia.games import NUMBERS, REGISTRY

    found = REGISTRY[game if game in REGISTRY else next(iter(REGISTRY))].game
    example = str(found(next(iter(found.variants))).code(1))
    if NUMBERS in found.capabilities:
        return say(words, "bad_code_number", example=example)
    return say(words, "bad_code", example=example)


def answer(exc: BaseException, words: Words, token: str = "") -> Answer | None:
    """The answer to ``exc`` in ``words``' language (``token``: the move the request carried,
    for its refusal's words), or ``None`` when it is not a refusal of play (a fault, the
    database, the HTTP layer's own)."""
    if isinstance(exc, ServiceError):
        return _answer(exc.status, exc.error, say(words, exc.key, **exc.kw), exc.headers)
    if isinstance(exc, LineRefused):
        why = answer(exc.cause, words, exc.move)
        assert why is not None
        message = say(words, "line_refused", number=exc.number, move=exc.move[:16], why=why.body["message"])
        body = {**why.body, "message": message, "number": exc.number, "move": exc.move[:16]}
        return Answer(422, body)
    if isinstance(exc, GameNotFound):
        return _answer(404, "not_found", say(words, "not_found"))
    if isinstance(exc, StaleMove):
        return _answer(409, "stale", say(words, "stale"), game=exc.game)
    if isinstance(exc, GameClosed):
        error = "game_left" if exc.game.left else "game_over"
        return _answer(409, error, say(words, error), game=exc.game)
    if isinstance(exc, GameTooLong):
        return _answer(422, "too_long", say(words, "too_long", count=exc.limit))
    if isinstance(exc, IllegalMove):
        return _answer(422, "illegal_move", words.reason(exc.reason), reason=str(exc.reason))
    # The message is in the page's language; ``detail`` keeps the engine's own (English) words
    # naming the bad input, for a developer.
    if isinstance(exc, InvalidMove):
        return _answer(422, "malformed_move", say(words, "bad_move", move=token), detail=str(exc))
    if isinstance(exc, InvalidCode):
        return _answer(422, "bad_code", code_refusal(words, exc.game), detail=str(exc))
    if isinstance(exc, InvalidPosition):
        return _answer(422, "bad_position", position_message(words, exc), reason=exc.reason, detail=str(exc))
    if isinstance(exc, PacienciaError):
        return _answer(422, "bad_input", say(words, "bad_input"), detail=str(exc))
    return None
