"""Each game's won game, for its Examples page and its rules pages' schemas: data in the game's
own package (``<package>/examples.json``, written by ``scripts/make-example`` with the game's
builder, ``<package>/example.py``): where it starts (a deal code or a table text) and its
tokens. The builder also names the steps the rules pages link to (``marks(moves)``: step k is
the position after k tokens); a game without a builder has no named steps, one without the data
no example.

A game is found through the registry: its package is its ``Game`` class's.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any

from paciencia.engine.protocol import State
from paciencia.engine.record import dataclass
from paciencia.games import GAMES, new_state, state_from_text

DATA = "examples.json"
BUILDER = "example"


@dataclass(frozen=True)
class Example:
    game: str
    start_kind: str
    """``code`` (a deal code) or ``table`` (a table text)."""
    start: str
    moves: tuple[str, ...]
    marks: tuple[tuple[str, int], ...] = ()
    """Named steps the rules pages link to."""

    def start_state(self) -> State[Any]:
        return new_state(self.start) if self.start_kind == "code" else state_from_text(self.start)

    def states(self) -> Iterator[State[Any]]:
        """Every step's position, the start first (one state, moved on: copy what you keep)."""
        state = self.start_state()
        yield state
        for token in self.moves:
            state.play(token)
            yield state

    def mark(self, name: str) -> int:
        return dict(self.marks)[name]


def package(game: str) -> str | None:
    """The package of the game named ``game``, if it is registered."""
    found = GAMES.get(game)
    return None if found is None else found.package


def builder(game: str) -> ModuleType | None:
    """The game's example builder module (``<package>.example``), or None."""
    pkg = package(game)
    if pkg is None or importlib.util.find_spec(f"{pkg}.{BUILDER}") is None:
        return None
    return importlib.import_module(f"{pkg}.{BUILDER}")


@cache
def example(game: str) -> Example | None:
    """The game's example, or None for a game that has none."""
    pkg = package(game)
    if pkg is None:
        return None
    data_file = resources.files(pkg) / DATA
    if not data_file.is_file():
        return None
    data = json.loads(data_file.read_text(encoding="utf-8"))
    moves = tuple(data["moves"])
    named = getattr(builder(game), "marks", None)
    marks: dict[str, int] = named(moves) if named is not None else {}
    return Example(data["game"], data["start_kind"], data["start"], moves, tuple(marks.items()))


def must_example(game: str) -> Example:
    """The game's example; ``KeyError`` for a game without one."""
    found = example(game)
    if found is None:
        raise KeyError(f"{game!r} has no example")
    return found
