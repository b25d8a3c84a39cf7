"""The one registry of games, and the ways into them: a deal code, or table text.

Each game lives in its own package (rules, observation, analysis, Finish) and is registered
here once, with how its table is laid out (``Table``: plain data for the site, no web code).
The command line, the site, the solver and the survey all find games through this registry.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paciencia.engine import tabletext
from paciencia.engine.dealcode import DEAL_COUNT, EXPECTED_FORM, DealCode
from paciencia.engine.errors import InvalidCode, InvalidPosition
from paciencia.engine.protocol import Game, State
from paciencia.games.table import Table


@dataclass(frozen=True)
class Entry:
    game: type[Game[Any]]
    table: Table

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def package(self) -> str:
        """The package that brings the game (``paciencia.games.<name>``, or a test's own)."""
        module = sys.modules[self.game.__module__]
        return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]

    @property
    def folder(self) -> Path:
        """The package's folder, where its assets, catalogs and data lie."""
        module = sys.modules[self.package]
        assert module.__file__ is not None, f"{self.name}'s package has no file"
        return Path(module.__file__).parent


REGISTRY: dict[str, Entry] = {}
"""Every game the site plays, by name, in the order the site lists them."""
GAMES: dict[str, Entry] = {}
"""Every game the command line, the solver and the survey know: the site's and those not (yet) on it."""


def register(game: type[Game[Any]], table: Table, site: bool = True) -> None:
    """Registers a game; ``site=False`` keeps it off the site (the command line still finds it)."""
    if game.name in GAMES or any(e.game.prefix == game.prefix for e in GAMES.values()):
        raise ValueError(f"a game named {game.name!r} or with prefix {game.prefix!r} is registered already")
    GAMES[game.name] = Entry(game, table)
    if site:
        REGISTRY[game.name] = GAMES[game.name]


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    GAMES.pop(name, None)


@contextmanager
def registered(game: type[Game[Any]], table: Table) -> Iterator[Entry]:
    """``game`` registered for the length of the block (a test's own game)."""
    register(game, table)
    try:
        yield REGISTRY[game.name]
    finally:
        unregister(game.name)


def entry(name: str) -> Entry:
    """The registered game named ``name``; ``KeyError`` otherwise."""
    return REGISTRY[name]


def game_for(code: DealCode) -> Game[Any]:
    """The game (with its variant) that a code names; ``InvalidCode`` naming what is wrong."""
    cls = next((e.game for e in GAMES.values() if e.game.prefix == code.game), None)
    if cls is None:
        raise InvalidCode(f"unknown game {code.game!r} in {str(code)!r} (expected {EXPECTED_FORM})")
    if code.version != cls.version:
        raise InvalidCode(
            f"unknown deal algorithm version {code.version} in {str(code)!r} "
            f"(this build deals {code.game}{cls.version} codes)"
        )
    return cls(code.variant)


NUMBERS = "numbers"
"""The capability of a game whose deals are known by their numbers alone (a "game #11982" of a
classic program's): on its page a bare number names that deal of the game's first variant."""
_NUMBER = re.compile(r"#?\s*([1-9][0-9]{0,9})", re.ASCII)


def read_code(code_text: str, game: str | None = None) -> DealCode:
    """The deal a player names: a deal code of any game, or, on the page of ``game`` where it
    numbers its deals (``NUMBERS``), its number alone (``11982``, ``#11982``). ``InvalidCode``
    otherwise, naming ``game`` (whose example the refusal shows)."""
    found = GAMES.get(game) if game is not None else None
    try:
        m = _NUMBER.fullmatch(code_text.strip())
        if m is None:
            code = DealCode.parse(code_text)
            game_for(code)
            return code
        if found is None or NUMBERS not in found.game.capabilities:
            raise InvalidCode(f"{code_text!r} is a number, not a deal code (expected {EXPECTED_FORM})")
        number = int(m[1])
        if number >= DEAL_COUNT:
            raise InvalidCode(f"deal number {number} is outside 1..{DEAL_COUNT - 1}")
        return found.game(next(iter(found.game.variants))).code(number)
    except InvalidCode as e:
        raise InvalidCode(str(e), game) from None


def new_state(code_text: str, game: str | None = None) -> State[Any]:
    """The first position of the deal a code names (``read_code``: on ``game``'s page, a number may
    name one of its deals)."""
    code = read_code(code_text, game)
    return game_for(code).new_state(code.number)


def state_from_text(text: str) -> State[Any]:
    """A position from table text; ``InvalidPosition`` naming the problem."""
    name, code, fields, places = tabletext.parse(text)
    try:
        game = game_for(code)
    except InvalidCode as e:
        raise InvalidPosition(f"header: {e}") from None
    if name != game.name:
        raise InvalidPosition(f"header: the game is {name!r} but the code {code} is a {game.name} code")
    return game.from_fields(code, fields, places)


def register_package(package: str, site: bool = True) -> None:
    """Registers the game a package brings: its ``GAME`` (a ``Game`` class) and its ``TABLE``."""
    module = importlib.import_module(package)
    register(module.GAME, module.TABLE, site)


# One line a game, in the order the site lists them.
register_package("paciencia.games.crescent")
register_package("paciencia.games.klondike")
register_package("paciencia.games.freecell")
