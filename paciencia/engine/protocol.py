"""The one protocol every game implements (after OpenSpiel's Game/State).

A ``Game`` holds the rules and their parameters (a variant) and makes ``State``s; a ``State``
is one position with its legal moves, make/undo, status and table text. The command line,
the web layer and the solver are written once against these two classes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Generic, Self, TypeVar

from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import IllegalMove, InvalidCode
from paciencia.engine.reasons import Reason

UNDO_TOKEN = "U"


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class PlaceInfo:
    """What the board description says of one place, in words-free form.

    ``kind`` is one of ``pile``, ``asc``, ``desc`` (Crescent), ``stock``, ``waste``,
    ``foundation``, ``column`` (Klondike). ``cards`` are the visible cards the description
    names, bottom to top (the last is the top); ``count`` counts every card of the place.
    """

    place: str
    kind: str
    count: int
    number: int = 0
    suit: int = -1
    cards: tuple[int, ...] = ()
    face_down: int = 0


@dataclass(frozen=True, slots=True)
class Figures:
    """The counters a results panel shows (games fill in what applies)."""

    moves: int
    redeals_left: int | None = None
    recycles: int | None = None
    sent_up: int | None = None


M = TypeVar("M")


class Game(ABC, Generic[M]):
    """Rules and parameters; makes states. One instance per variant."""

    name: ClassVar[str]
    """Lower-case game name, the first word of the table text header."""
    prefix: ClassVar[str]
    """The two letters that open the game's deal codes."""
    version: ClassVar[int] = 1
    variants: ClassVar[dict[str, str]]
    """Variant letter → a short English label."""

    def __init__(self, variant: str) -> None:
        if variant not in self.variants:
            raise InvalidCode(f"unknown {self.name} variant {variant!r} (expected one of {', '.join(self.variants)})")
        self.variant = variant

    def code(self, number: int) -> DealCode:
        return DealCode(self.prefix, self.version, self.variant, number)

    @abstractmethod
    def new_state(self, number: int) -> State[M]:
        """The deal with this number, as the first position of a game."""

    @abstractmethod
    def parse_move(self, token: str) -> M:
        """A move from its notation; ``InvalidMove`` naming the token otherwise."""

    @abstractmethod
    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> State[M]:
        """A state from parsed table text; ``InvalidPosition`` naming the problem otherwise."""


class State(ABC, Generic[M]):
    """One position. ``apply`` checks and makes a move; ``push`` makes a legal move unchecked."""

    game: Game[M]
    code: DealCode
    moves: int

    @abstractmethod
    def legal_moves(self) -> list[M]: ...

    @abstractmethod
    def check(self, move: M) -> Reason | None:
        """Why ``move`` is refused here, or ``None`` when it is legal."""

    @abstractmethod
    def push(self, move: M) -> None:
        """Makes a legal move without checking it."""

    @abstractmethod
    def undo(self) -> None:
        """Takes back the last move; ``IllegalMove`` with ``NOTHING_TO_UNDO`` when there is none."""

    @property
    @abstractmethod
    def can_undo(self) -> bool: ...

    @property
    @abstractmethod
    def status(self) -> Status: ...

    @abstractmethod
    def header_fields(self) -> list[tuple[str, str]]:
        """The table text header's ``key=value`` fields after the code."""

    @abstractmethod
    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        """Every place with its cards bottom to top as ``(card id, face up)``."""

    @abstractmethod
    def describe_places(self) -> list[list[PlaceInfo]]:
        """The board description's groups of places, in the order it reads them."""

    @abstractmethod
    def figures(self) -> Figures: ...

    @abstractmethod
    def copy(self) -> Self: ...

    def apply(self, move: M) -> None:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(str(move), reason)
        self.push(move)

    def play(self, token: str) -> None:
        """Plays one notation token: a move, or ``U`` for undo."""
        if token.strip().upper() == UNDO_TOKEN:
            self.undo()
        else:
            self.apply(self.game.parse_move(token))

    def play_all(self, tokens: Iterable[str]) -> None:
        for token in tokens:
            self.play(token)

    def to_text(self) -> str:
        from paciencia.engine import tabletext

        return tabletext.format_state(self)

    def __str__(self) -> str:
        return self.to_text()


def refuse_undo() -> IllegalMove:
    return IllegalMove(UNDO_TOKEN, Reason.NOTHING_TO_UNDO)
