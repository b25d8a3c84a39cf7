"""Moves of cards from one place to another as the one-deck games write them (``3-6``, a run
``3x4-6``), written once: the move value, its interned table and the notation's reading.

A game subclasses ``PlaceMove`` with its place names and its ``classify`` (a move's kind, and
the reason that refuses it in every position, if any), so that ``check``/``push``/``undo``
dispatch on one int.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from paciencia.engine.errors import InvalidMove
from paciencia.engine.generics import Generic, TypeVar
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

MAX_RUN = 13
"""The longest ordered run (K down to A): legal moves never carry more cards."""


@dataclass(frozen=True, slots=True)
class PlaceMove:
    """``n`` cards from place ``src`` to place ``dst`` (indexes into ``NAMES``)."""

    src: int
    dst: int
    n: int = 1
    kind: int = field(init=False, compare=False, repr=False)
    static: Reason | None = field(init=False, compare=False, repr=False)

    NAMES: ClassVar[Sequence[str]] = ()

    def __post_init__(self) -> None:
        kind, static = self.classify(self.src, self.dst, self.n)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "static", static)

    @staticmethod
    def classify(src: int, dst: int, n: int) -> tuple[int, Reason | None]:
        raise NotImplementedError

    def __str__(self) -> str:
        src, dst = self.NAMES[self.src], self.NAMES[self.dst]
        return f"{src}x{self.n}-{dst}" if self.n > 1 else f"{src}-{dst}"

    def places(self) -> tuple[str | None, int, str | None]:
        return self.NAMES[self.src], self.n, self.NAMES[self.dst]


M = TypeVar("M", bound=PlaceMove)


class MoveTable(Generic[M]):
    """A game's moves, interned, made the first time they are asked for (not at import: a command
    that only deals another game never pays for them): ``table(src, dst, n)`` is the one value of
    that move (for runs up to ``MAX_RUN``), and ``table.to_suit[src][suit]`` the move up to that
    suit's foundation (the one a foundation move is recorded as), foundations being places
    ``f0``…``f0 + 3``. ``table.all[src][dst][n - 1]`` is ``table(src, dst, n)`` where a run may go
    from ``src`` to ``dst``; where none may (the game's ``classify`` refuses two cards there in
    every position), ``table.all[src][dst]`` holds the one-card move alone."""

    def __init__(self, cls: type[M], f0: int) -> None:
        self.cls = cls
        self.f0 = f0
        self.index = {name.upper(): i for i, name in enumerate(cls.NAMES)}
        self._rows: dict[tuple[int, int], list[M]] = {}

    @cached_property
    def all(self) -> list[list[list[M]]]:
        count = len(self.cls.NAMES)
        return [[self.row(s, d) for d in range(count)] for s in range(count)]

    def row(self, src: int, dst: int) -> list[M]:
        """``table.all[src][dst]``, made alone the first time it is asked for: a game that names a
        few moves at import (or a deal's first ``status=``) makes those, not all 1,000."""
        found = self._rows.get((src, dst))
        if found is None:
            found = self._rows[src, dst] = self._between(src, dst)
        return found

    def _between(self, src: int, dst: int) -> list[M]:
        cls = self.cls
        if cls.classify(src, dst, 2)[1] is not None:  # no run goes there, in any position
            return [cls(src, dst, 1)]
        return [cls(src, dst, n) for n in range(1, MAX_RUN + 1)]

    @cached_property
    def to_suit(self) -> list[list[M]]:
        return [[self.row(s, self.f0 + suit)[0] for suit in range(4)] for s in range(len(self.cls.NAMES))]

    def __call__(self, src: int, dst: int, n: int = 1) -> M:
        row = self.row(src, dst)
        return row[n - 1] if 1 <= n <= len(row) else self.cls(src, dst, n)

    def parse(self, token: str, pattern: str, game: str, expected: str) -> M:
        """The move a ``SRC-DST`` / ``SRCxN-DST`` token names (``pattern`` reads the upper-cased
        token into source, count, destination; compiled when first used, not at import: the
        command line's start-up); ``InvalidMove`` naming the token otherwise."""
        m = re.fullmatch(pattern, token.strip().upper())
        if m is None:
            raise InvalidMove(f"not a {game} move: {token!r} (expected {expected})")
        src, count, dst = m.groups()
        return self(self.index[src], self.index[dst], int(count) if count else 1)
