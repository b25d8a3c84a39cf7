"""The JSON API: thin handlers that parse, call the engine through the store, and serialize.

Errors are raised, never answered here: ``app.py`` maps each kind to its response.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from paciencia.engine.protocol import State
from paciencia.games import new_state, state_from_text
from paciencia.games.klondike import KlondikeState
from paciencia.web import hints, klondike
from paciencia.web.lang import request_words
from paciencia.web.store import SavedGame, StaleMove, Store, starting_state
from paciencia.web.views import GameView, game_view
from paciencia.web.winnable import GAMES, NoWinnableDeal, WinnableDeals, random_code

PLAYABLE = ("crescent", "klondike")


class ApiError(Exception):
    """A request the API refuses: ``status``, a stable ``error`` code and a UI word key."""

    def __init__(self, status: int, error: str, key: str, **kw: object) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.key = key
        self.kw = kw


class NewGame(BaseModel):
    """Start a game: from a deal code, from a table text, again from another game's start, or a random deal."""

    model_config = ConfigDict(extra="forbid")
    code: str | None = Field(default=None, max_length=40, examples=["CR1-N-AAAAAAB"])
    table: str | None = Field(default=None, max_length=8000, description="A position as table text")
    replay: str | None = Field(default=None, max_length=64, description="The id of a game of yours to deal again")
    game: str = Field(default="crescent", pattern="^(crescent|klondike)$", description="The game of a random deal")
    variant: str | None = Field(
        default=None, pattern="^[NFDB13]$", description="Variant of a random deal: Crescent N F D B, Klondike 3 1"
    )
    winnable_only: bool | None = Field(
        default=None,
        description="A random deal only from those the solver proved winnable (default: the player's setting)",
    )


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(min_length=1, max_length=12, examples=["10-14", "3-Kd", "R", "U"])
    version: int = Field(ge=0, description="The version of the game the move was made on")


class VersionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(ge=0, description="The version of the game the request is made on")


class ErrorOut(BaseModel):
    error: str = Field(description="not_found, stale, illegal_move, malformed_move, bad_code, bad_position, …")
    message: str = Field(description="What went wrong, in the request's language where we have the words")
    reason: str | None = Field(default=None, description="For illegal_move: the rules' reason code")
    game: GameView | None = Field(default=None, description="For stale: the game as it stands")


def player_of(request: Request) -> str:
    player: str = request.state.player
    return player


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


WINNABLE_COOKIE = "paciencia_winnable"
"""The player's "winnable deals only" setting: ``1`` on (the page sets it; it is no secret)."""


def wants_winnable(body: NewGame, request: Request) -> bool:
    if body.winnable_only is not None:
        return body.winnable_only
    return request.cookies.get(WINNABLE_COOKIE) == "1"


def _random_variant(body: NewGame) -> str:
    cls = GAMES[body.game]
    variant = body.variant or next(iter(cls.variants))
    if variant not in cls.variants:
        raise ApiError(422, "bad_variant", "bad_variant")
    return variant


def _start(body: NewGame, request: Request, drawn: str | None) -> tuple[str, str, State[Any]]:
    if body.replay is not None:
        old = store_of(request).load(body.replay, player_of(request))
        return old.start_kind, old.start, starting_state(old.start_kind, old.start)
    if body.table is not None:
        state = state_from_text(body.table)
        return "text", state.to_text(), state
    if body.code is not None:
        state = new_state(body.code)
        return "code", str(state.code), state
    code = drawn or random_code(body.game, _random_variant(body))
    return "code", code, new_state(code)


async def create(body: NewGame, request: Request) -> SavedGame:
    """Starts the game the body asks for; a winnable deal is sought off the event loop."""
    drawn = None
    if body.replay is None and body.table is None and body.code is None and wants_winnable(body, request):
        deals: WinnableDeals = request.app.state.winnable
        try:
            drawn = await run_in_threadpool(deals.draw, body.game, _random_variant(body))
        except NoWinnableDeal:
            raise ApiError(503, "no_winnable_deal", "no_winnable") from None
    kind, start, state = _start(body, request, drawn)
    if state.game.name not in PLAYABLE:
        raise ApiError(422, "not_playable", "only_crescent")
    return store_of(request).create(player_of(request), kind, start, state)


router = APIRouter(prefix="/api", tags=["games"])
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (400, 404, 409, 413, 422, 503)}


def answer(view: dict[str, Any], status: int = 200) -> Response:
    """The view as JSON (its schema is ``GameView``; it is built from the engine's values, so
    it is serialized as it is, without a second validation on the way out)."""
    return Response(
        json.dumps(view, ensure_ascii=False, separators=(",", ":")), status_code=status, media_type="application/json"
    )


@router.post("/games", status_code=201, response_model=GameView | klondike.KlondikeView, responses=ERRORS)
async def create_game(body: NewGame, request: Request) -> Response:
    """Starts a game for this browser and answers its first position. With ``winnable_only``
    (or the player's setting), a random deal is one the solver proved winnable; 503
    ``no_winnable_deal`` when none was proved within the bound."""
    return answer(game_view(await create(body, request), request_words(request)), 201)


@router.get("/games/{game_id}", response_model=GameView | klondike.KlondikeView, responses=ERRORS)
async def get_game(game_id: str, request: Request) -> Response:
    """The game as it stands."""
    return answer(game_view(store_of(request).load(game_id, player_of(request)), request_words(request)))


@router.post("/games/{game_id}/moves", response_model=GameView | klondike.KlondikeView, responses=ERRORS)
async def play_move(game_id: str, body: MoveIn, request: Request) -> Response:
    """Plays one move (``SRC-DST``), a redeal (``R``) or an undo (``U``) and stores it before answering."""
    saved = store_of(request).play(game_id, player_of(request), body.move, body.version)
    return answer(game_view(saved, request_words(request), saved.last))


def _klondike(saved: SavedGame) -> KlondikeState:
    if not isinstance(saved.state, KlondikeState):
        raise ApiError(422, "not_klondike", "not_klondike")
    return saved.state


@router.post("/games/{game_id}/hint", response_model=hints.HintOut, responses=ERRORS)
async def get_hint(game_id: str, body: VersionIn, request: Request) -> Response:
    """A move worth playing now (shown, then played, by the page), or why there is none: no
    move helps, or (Crescent) the position is proved lost."""
    saved = store_of(request).load(game_id, player_of(request))
    if body.version != saved.version:
        raise StaleMove(saved)
    state = saved.state.copy()  # the solver works on its own copy, off the event loop
    words = request_words(request)
    return answer(await run_in_threadpool(hints.hint, state, words))


@router.post("/games/{game_id}/finish", response_model=klondike.KlondikeView, responses=ERRORS)
async def finish_step(game_id: str, body: VersionIn, request: Request) -> Response:
    """Klondike: plays the next step of Finish (one card up, or a draw), once every card is face up or seen."""
    store = store_of(request)
    player = player_of(request)
    saved = store.load(game_id, player)
    if body.version != saved.version:
        raise StaleMove(saved)
    token = klondike.finish_token(_klondike(saved))
    if token is None:
        raise ApiError(422, "cannot_finish", "kl_cannot_finish")
    saved = store.play(game_id, player, token, body.version)
    return answer(game_view(saved, request_words(request), saved.last))
