"""The one registry of games, and the ways into them: a deal code, or table text.

Each game lives in its own package (rules, observation, analysis, Finish) and is registered
here once, with how its table is laid out (``Table``: plain data for the site, no web code).
A registry line names the package and its deal codes' prefix only: the package is imported when
its game is first asked for (a deal code of it, ``entry(name).game``), so the command line dealing
one game imports no other; whatever goes through every game (the site) imports them all.
The command line, the site, the solver and the survey all find games through this registry.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from paciencia.engine import tabletext
from paciencia.engine.dealcode import DEAL_COUNT, EXPECTED_FORM, DealCode
from paciencia.engine.errors import InvalidCode, InvalidPosition
from paciencia.engine.protocol import Game, State
from paciencia.games.table import Table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Entry:
    """A registered game: its name and its deal codes' prefix, known at once, and its rules
    (``game``) and table (``table``), loaded from its package the first time they are asked for
    (``paciencia deal`` of one game imports no other game)."""

    __slots__ = ("_loaded", "_package", "name", "prefix")

    def __init__(
        self, name: str, prefix: str, package: str, loaded: tuple[type[Game[Any]], Table] | None = None
    ) -> None:
        self.name = name
        self.prefix = prefix
        self._package = package
        self._loaded = loaded

    @classmethod
    def of(cls, game: type[Game[Any]], table: Table) -> Entry:
        """The entry of a game already imported (a test's own)."""
        module = sys.modules[game.__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
        return cls(game.name, game.prefix, package, (game, table))

    def _load(self) -> tuple[type[Game[Any]], Table]:
        if self._loaded is None:
            module = importlib.import_module(self._package)
            game, table = module.GAME, module.TABLE
            if (game.name, game.prefix) != (self.name, self.prefix):
                raise ValueError(
                    f"{self._package} brings the game {game.name!r} (prefix {game.prefix!r}), but its registry "
                    f"line says {self.name!r} (prefix {self.prefix!r})"
                )
            self._loaded = (game, table)
        return self._loaded

    @property
    def loaded(self) -> bool:
        """Whether the game's package has been imported (``game`` and ``table`` cost nothing more)."""
        return self._loaded is not None

    @property
    def game(self) -> type[Game[Any]]:
        return self._load()[0]

    @property
    def table(self) -> Table:
        return self._load()[1]

    @property
    def package(self) -> str:
        """The package that brings the game (``paciencia.games.<name>``, or a test's own)."""
        return self._package

    @property
    def folder(self) -> Path:
        """The package's folder, where its assets, catalogs and data lie."""
        self._load()
        module = sys.modules[self._package]
        assert module.__file__ is not None, f"{self.name}'s package has no file"
        return Path(module.__file__).parent

    def __repr__(self) -> str:
        return f"Entry({self.name!r}, {self.prefix!r}, {self._package!r}{'' if self.loaded else ', not loaded'})"


REGISTRY: dict[str, Entry] = {}
"""Every game the site plays, by name, in the order the site lists them."""
GAMES: dict[str, Entry] = {}
"""Every game the command line, the solver and the survey know: the site's and those not (yet) on it."""


def register(game: type[Game[Any]], table: Table, site: bool = True) -> None:
    """Registers a game; ``site=False`` keeps it off the site (the command line still finds it)."""
    _add(Entry.of(game, table), site)


def _add(found: Entry, site: bool) -> None:
    if found.name in GAMES or any(e.prefix == found.prefix for e in GAMES.values()):
        raise ValueError(f"a game named {found.name!r} or with prefix {found.prefix!r} is registered already")
    GAMES[found.name] = found
    if site:
        REGISTRY[found.name] = found


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
    found = next((e for e in GAMES.values() if e.prefix == code.game), None)
    if found is None:
        raise InvalidCode(f"unknown game {code.game!r} in {str(code)!r} (expected {EXPECTED_FORM})")
    cls = found.game  # the one game's package imported, no other
    if code.version != cls.version:
        raise InvalidCode(
            f"unknown deal algorithm version {code.version} in {str(code)!r} "
            f"(this build deals {code.game}{cls.version} codes)"
        )
    return cls(code.variant)


NUMBERS = "numbers"
"""The capability of a game whose deals are known by their numbers alone (a "game #11982" of a
classic program's): on its page a bare number names that deal of the game's first variant."""


def _deal_number(text: str) -> int | None:
    """A deal's number alone as a player writes it (``11982``, ``#11982``, ``# 11982``: digits 0-9,
    at most ten, no leading zero), or None."""
    digits = text.removeprefix("#").lstrip(" \t\n\r\f\v")
    if 0 < len(digits) <= 10 and digits[0] != "0" and digits.isascii() and digits.isdigit():
        return int(digits)
    return None


def read_code(code_text: str, game: str | None = None) -> DealCode:
    """The deal a player names: a deal code of any game, or, on the page of ``game`` where it
    numbers its deals (``NUMBERS``), its number alone (``11982``, ``#11982``). ``InvalidCode``
    otherwise, naming ``game`` (whose example the refusal shows)."""
    return _read(code_text, game)[0]


def _read(code_text: str, game: str | None) -> tuple[DealCode, Game[Any]]:
    """``read_code``'s deal and the game (with its variant) that plays it, found once."""
    found = GAMES.get(game) if game is not None else None
    try:
        number = _deal_number(code_text.strip())
        if number is None:
            code = DealCode.parse(code_text)
            return code, game_for(code)
        if found is None or NUMBERS not in found.game.capabilities:
            raise InvalidCode(f"{code_text!r} is a number, not a deal code (expected {EXPECTED_FORM})")
        if number >= DEAL_COUNT:
            raise InvalidCode(f"deal number {number} is outside 1..{DEAL_COUNT - 1}")
        first = found.game(next(iter(found.game.variants)))
        return first.code(number), first
    except InvalidCode as e:
        raise InvalidCode(str(e), game) from None


def new_state(code_text: str, game: str | None = None) -> State[Any]:
    """The first position of the deal a code names (``read_code``: on ``game``'s page, a number may
    name one of its deals)."""
    code, found = _read(code_text, game)
    return found.new_state(code.number)


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


def starting_state(start_kind: str, start: str) -> State[Any]:
    """A stored game's first position: from its deal code (``"code"``) or its table text."""
    return new_state(start) if start_kind == "code" else state_from_text(start)


def register_package(package: str, prefix: str | None = None, *, site: bool = True) -> None:
    """Registers the game a package brings: its ``GAME`` (a ``Game`` class) and its ``TABLE``.

    With ``prefix`` (its deal codes' prefix), the package is imported only when its game is first
    asked for, and its ``GAME`` is then checked to be named after the package's last part and to
    have that prefix; without, it is imported now."""
    if prefix is None:
        module = importlib.import_module(package)
        register(module.GAME, module.TABLE, site)
    else:
        _add(Entry(package.rpartition(".")[2], prefix, package), site)


# One line a game, in the order the site lists them: its package and its deal codes' prefix.
register_package("paciencia.games.crescent", "CR")
register_package("paciencia.games.klondike", "KL")
register_package("paciencia.games.freecell", "FC")
register_package("paciencia.games.spider", "SP")
register_package("paciencia.games.pyramid", "PY")
register_package("paciencia.games.tripeaks", "TP")
