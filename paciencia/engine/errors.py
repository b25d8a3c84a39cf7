"""The engine's errors: one ``ValueError`` family, each message naming the bad input.

Refused moves carry a reason *code* (never words): the i18n layer turns codes into messages.
"""

from __future__ import annotations


class PacienciaError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidCard(PacienciaError):
    """A card token that is not rank + suit (``Ts``)."""


class InvalidCode(PacienciaError):
    """A deal code that does not have the form ``<game><version>-<variant>-<7 letters>``;
    ``game``: the game whose page it was given on, if known (its refusal shows that game's example)."""

    def __init__(self, message: str, game: str | None = None) -> None:
        super().__init__(message)
        self.game = game


class InvalidMove(PacienciaError):
    """A move token that is not in the game's move notation."""


class InvalidPosition(PacienciaError):
    """A table text that is not a legal position; ``reason`` is a code from ``reasons.Position``
    (``bad_position`` when the message alone names the problem)."""

    def __init__(self, message: str, reason: str = "bad_position") -> None:
        super().__init__(message)
        self.reason = reason


class NoSolver(PacienciaError, NotImplementedError):
    """A search asked of a game that has none yet (``solve``, ``settle``: the ``solve``
    capability says which games have one)."""


class IllegalMove(PacienciaError):
    """A well-formed move that the rules refuse; ``reason`` is a code from ``reasons``."""

    def __init__(self, move: str, reason: str, detail: str = "") -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move!r}: {reason}" + (f" ({detail})" if detail else ""))
