"""Moves of cards from one place to another as the one-deck games write them (``3-6``, a run
``3x4-6``), written once: the move value, its interned table and the notation's reading.

A game subclasses ``PlaceMove`` with its place names and its ``classify`` (a move's kind, and
the reason that refuses it in every position, if any), so that ``check``/``push``/``undo``
dispatch on one int.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from paciencia.engine.errors import InvalidMove
from paciencia.engine.reasons import Reason

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
    """A game's moves, interned: ``table(src, dst, n)`` is the one value of that move (for runs
    up to ``MAX_RUN``), and ``table.to_suit[src][suit]`` the move up to that suit's foundation
    (the one a foundation move is recorded as), foundations being places ``f0``…``f0 + 3``."""

    def __init__(self, cls: type[M], f0: int) -> None:
        self.cls = cls
        count = len(cls.NAMES)
        self.all = [[[cls(s, d, n) for n in range(1, MAX_RUN + 1)] for d in range(count)] for s in range(count)]
        self.to_suit = [[self.all[s][f0 + suit][0] for suit in range(4)] for s in range(count)]
        self.index = {name.upper(): i for i, name in enumerate(cls.NAMES)}

    def __call__(self, src: int, dst: int, n: int = 1) -> M:
        return self.all[src][dst][n - 1] if n <= MAX_RUN else self.cls(src, dst, n)

    def parse(self, token: str, pattern: re.Pattern[str], game: str, expected: str) -> M:
        """The move a ``SRC-DST`` / ``SRCxN-DST`` token names (``pattern`` reads the upper-cased
        token into source, count, destination); ``InvalidMove`` naming the token otherwise."""
        m = pattern.fullmatch(token.strip().upper())
        if m is None:
            raise InvalidMove(f"not a {game} move: {token!r} (expected {expected})")
        src, count, dst = m.groups()
        return self(self.index[src], self.index[dst], int(count) if count else 1)
