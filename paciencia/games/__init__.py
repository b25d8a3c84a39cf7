"""The games, and the ways into them: a deal code, or table text."""

from __future__ import annotations

from typing import Any

from paciencia.engine import tabletext
from paciencia.engine.dealcode import EXPECTED_FORM, DealCode
from paciencia.engine.errors import InvalidCode, InvalidPosition
from paciencia.engine.protocol import Game, State
from paciencia.games.crescent import CrescentGame
from paciencia.games.klondike import KlondikeGame

GAMES: dict[str, type[CrescentGame] | type[KlondikeGame]] = {"CR": CrescentGame, "KL": KlondikeGame}


def game_for(code: DealCode) -> Game[Any]:
    """The game (with its variant) that a code names; ``InvalidCode`` naming what is wrong."""
    cls = GAMES.get(code.game)
    if cls is None:
        raise InvalidCode(f"unknown game {code.game!r} in {str(code)!r} (expected {EXPECTED_FORM})")
    if code.version != cls.version:
        raise InvalidCode(
            f"unknown deal algorithm version {code.version} in {str(code)!r} "
            f"(this build deals {code.game}{cls.version} codes)"
        )
    return cls(code.variant)


def new_state(code_text: str) -> State[Any]:
    """The first position of the deal a code names."""
    code = DealCode.parse(code_text)
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
