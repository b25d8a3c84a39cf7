"""The JSON API: thin handlers that parse, call the service off the event loop, and serialize.

Errors are raised, never answered here: ``app.py`` maps each kind to its response.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from paciencia.analysis.review import BATCH_MOST
from paciencia.games import REGISTRY
from paciencia.i18n import normalize_locale
from paciencia.web.db.store import GameNotFound, SavedGame
from paciencia.web.http.lang import request_words
from paciencia.web.routes.models import GameView
from paciencia.web.service import odds, showcase, stats
from paciencia.web.service.games import Games, ServiceError, Start, review_answer, step_answer


class NewGame(BaseModel):
    """Start a game: from a deal code, from a table text, again from another game's start, or a random deal."""

    model_config = ConfigDict(extra="forbid")
    code: str | None = Field(default=None, max_length=40, examples=["CR1-N-AAAAAAB"])
    table: str | None = Field(default=None, max_length=8000, description="A position as table text")
    replay: str | None = Field(default=None, max_length=64, description="The id of a game of yours to deal again")
    game: str = Field(
        default_factory=lambda: next(iter(REGISTRY)),
        max_length=16,
        description="The game of a random deal: a registered game's name (as in its page's path)",
    )
    variant: str | None = Field(
        default=None, max_length=4, description="Variant of a random deal: one of the game's variant letters"
    )
    winnable_only: bool | None = Field(
        default=None,
        description="A random deal only from those the solver proved winnable (default: the player's setting)",
    )
    at: int | None = Field(
        default=None, ge=0, description="With replay: replay that game's moves up to (not including) move number at"
    )
    daily: bool = Field(default=False, description="Today's deal of the game and variant (UTC), the same for everyone")
    week: bool = Field(
        default=False, description="The challenge of the week (UTC; its game and variant are the week's), for everyone"
    )
    level: str | None = Field(
        default=None,
        max_length=20,
        description="With winnable_only: a deal of this difficulty (easy, medium, hard, expert), from the "
        "variant's levelled deals; the game's view carries it from the start",
    )

    @field_validator("game")
    @classmethod
    def _registered(cls, name: str) -> str:
        if name not in REGISTRY:
            raise ValueError(f"no game named {name!r} (games: {', '.join(REGISTRY)})")
        return name


def _integral(value: Any) -> Any:
    """JSON has one kind of number: ``1.0`` is the integer 1 (a JSON library may write it so);
    ``1.5``, ``true`` and ``"1"`` are still refused by the strict check after this."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Version = Annotated[int, BeforeValidator(_integral), Field(strict=True)]


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: str = Field(min_length=1, max_length=12, examples=["10-14", "3-Kd", "R", "U"])
    version: Version = Field(ge=0, description="The version of the game the move was made on")


class VersionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: Version = Field(ge=0, description="The version of the game the request is made on")


class HintOut(BaseModel):
    kind: str = Field(
        description="move (a move to play), no_useful (legal moves, none that helps), "
        "lost (proved that no line wins from here) or none"
    )
    move: str | None = Field(default=None, description="The move in notation (a foundation named)")
    src: str | None = Field(default=None, description="Where the moving cards are (S for a draw)")
    n: int = Field(default=1, description="How many cards move")
    dst: str | None = Field(default=None, description="Where they go (W for a draw; null for a removal)")
    taken: list[str] = Field(default_factory=list, description="For a removal: every place it empties")
    title: str | None = Field(default=None, description="For no_useful and lost: the notice's title")
    message: str = Field(default="", description="What to say: the move while it is shown, or the notice's words")
    reason: str | None = Field(
        default=None,
        description="For a move, why, from what the table shows: foundation, turn_up, draw, recycle, redeal, "
        "empty_king, empty_column, empty_pile, empty_cell, frees, keep_redeal or build",
    )
    why: str | None = Field(default=None, description="The reason in words")
    chance_before: int | None = Field(default=None, description="The chance of winning here, in percent")
    chance_after: int | None = Field(default=None, description="... after the move (null: not measured)")
    chance_without: int | None = Field(
        default=None, description="... after the best other move compared with it (null: none was)"
    )
    chance_text: str | None = Field(default=None, description="Those chances in words, as ≈ 62 % → 71 %")


class ChanceOut(BaseModel):
    version: int = Field(description="The version of the game the chance is for")
    won: int = Field(description="Completions of what the player knows in which a win was found")
    total: int = Field(description="Completions drawn (every one when there are few)")
    percent: int = Field(description="won / total, in percent")
    exact: bool = Field(description="Every completion was drawn and settled")
    honest_percent: int | None = Field(
        default=None,
        description="The share of games the honest player (the site's hints) wins from positions shown this "
        "percent, as measured over its own games (bench/calibration.py); null where not measured",
    )
    text: str = Field(
        description="What the table shows: the share of the hidden cards' layouts that can be won, "
        "and the honest player's chance beside it"
    )


class ReviewOut(BaseModel):
    ready: bool = Field(description="false (status 202) while the review is worked out: ask again after Retry-After")
    deal: str | None = Field(
        default=None, description="winnable, unwinnable or unknown: the deal, with every card known"
    )
    losing: int | None = Field(
        default=None,
        description="For a lost winnable deal: the number (from 0) of the move after which no line wins: named only "
        "when the position before it was proved winnable and the one after it proved lost",
    )
    losing_move: str | None = Field(default=None, description="That move in notation")
    certain: bool = Field(default=False, description="The losing move is named (and so proved)")
    unsure: bool = Field(
        default=False, description="The game was lost, but the solver could not settle which move lost it"
    )
    won_at: int | None = Field(default=None, description="The last position (moves played) proved winnable")
    lost_at: int | None = Field(default=None, description="The first position (moves played) proved lost")
    keep: str | None = Field(
        default=None, description="A move from the position before the losing one that kept the game winnable"
    )
    moves: int = Field(description="Moves in the game's record")
    text: str = Field(description="What the results panel says")
    review_url: str = Field(description="The review page")


class StepOut(BaseModel):
    index: int = Field(description="Moves played before this position")
    verdict: str = Field(description="winnable, unwinnable or unknown with every card known")
    won: int | None = None
    total: int | None = None
    percent: int | None = Field(default=None, description="The chance the player had here (their knowledge)")
    text: str = ""


class ErrorOut(BaseModel):
    error: str = Field(description="not_found, stale, illegal_move, malformed_move, bad_code, bad_position, …")
    message: str = Field(description="What went wrong, in the request's language where we have the words")
    reason: str | None = Field(default=None, description="For illegal_move: the rules' reason code")
    game: GameView | None = Field(default=None, description="For stale: the game as it stands")
    detail: str | None = Field(default=None, description="For bad input: the engine's own words on it (English)")


def player_of(request: Request) -> str:
    player: str = request.state.player
    return player


def games_of(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def address_of(request: Request) -> str:
    """The client's address, as the admission counts it beside the player."""
    return request.client.host if request.client else "?"


WINNABLE_COOKIE = "paciencia_winnable"
"""The player's "winnable deals only" setting: ``1`` on (the page sets it; it is no secret)."""
VARIANT_COOKIE = "paciencia_variant"
"""The variant last chosen per game, ``<game>:<variant>`` joined by dots (the page and the forms set it)."""


def chosen_variants(request: Request) -> dict[str, str]:
    """The variant this browser last chose for each game, where it is one of the game's."""
    parts = (p.partition(":")[::2] for p in request.cookies.get(VARIANT_COOKIE, "").split(".") if p)
    return {game: v for game, v in parts if game in REGISTRY and v in REGISTRY[game].game.variants}


def with_variant(request: Request, game: str, variant: str) -> str:
    """The cookie's value once ``variant`` is chosen for ``game``."""
    chosen = {**chosen_variants(request), game: variant}
    return ".".join(f"{g}:{v}" for g, v in chosen.items())


def start_of(body: NewGame, request: Request) -> Start:
    winnable = body.winnable_only
    if winnable is None:
        winnable = request.cookies.get(WINNABLE_COOKIE) == "1"
    if body.level is not None and body.winnable_only is None:
        winnable = True  # a level is a kind of winnable deal
    return Start(
        body.replay,
        body.table,
        body.code,
        body.game,
        body.variant,
        winnable,
        at=body.at,
        daily=body.daily,
        week=body.week,
        level=body.level,
    )


async def limit_new_players(request: Request) -> None:
    """A game asked for without a player cookie (or with one that is not ours) counts against its
    address's rate, shared by every server process (a client that keeps no cookie would otherwise
    make games without end); 429 with Retry-After past it."""
    if not request.state.new_player:
        return
    settings = request.app.state.settings
    limits = request.app.state.limits
    key = "games:" + address_of(request)
    per_minute = settings.new_games_per_minute
    wait = limits.refused_for(key) or await run_in_threadpool(limits.take, key, per_minute, max(1, int(per_minute)))
    if wait > 0:
        raise ServiceError(429, "too_many_games", "too_many_games", {"Retry-After": str(max(1, math.ceil(wait)))})


def refuse_early(request: Request) -> None:
    """Refuses, on the event loop, what a hint, a chance or a review step would be refused
    anyway: a player without a cookie has no game, and a player this process already knows to
    be refused is refused again. The same answers as once admitted, at once, before a thread."""
    if request.state.new_player:
        raise GameNotFound(request.path_params.get("game_id", ""))
    games_of(request).hints.check(player_of(request), address_of(request))


async def create(body: NewGame, request: Request) -> SavedGame:
    """Starts the game the body asks for (off the event loop: a winnable deal may be solved)."""
    await limit_new_players(request)
    games = games_of(request)
    return await run_in_threadpool(games.create, start_of(body, request), player_of(request), address_of(request))


router = APIRouter(prefix="/api", tags=["games"])
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 403, 404, 405, 409, 413, 422, 429, 500, 503)
}


def answer(data: dict[str, Any], status: int = 200) -> Response:
    """Plain data as JSON (a view is built from the engine's values, so it is serialized as it
    is, without a second validation on the way out)."""
    return Response(
        json.dumps(data, ensure_ascii=False, separators=(",", ":")), status_code=status, media_type="application/json"
    )


@router.post("/games", status_code=201, response_model=GameView, responses=ERRORS)
async def create_game(body: NewGame, request: Request) -> Response:
    """Starts a game for this browser and answers its first position. With ``winnable_only``
    (or the player's setting), a random deal is one the solver proved winnable; 503
    ``no_winnable_deal`` when none was proved within the bound."""
    games = games_of(request)
    start = start_of(body, request)
    words = request_words(request)
    await limit_new_players(request)
    return answer(await run_in_threadpool(games.new, start, player_of(request), words, address_of(request)), 201)


@router.get("/games/{game_id}", response_model=GameView, responses=ERRORS)
async def get_game(game_id: str, request: Request) -> Response:
    """The game as it stands."""
    games = games_of(request)
    words = request_words(request)
    return answer(await run_in_threadpool(games.view, game_id, player_of(request), words))


@router.post("/games/{game_id}/moves", response_model=GameView, responses=ERRORS)
async def play_move(game_id: str, body: MoveIn, request: Request) -> Response:
    """Plays one move (``SRC-DST``), a game's action (its own token: a redeal, a draw) or an undo
    (``U``) and stores it before answering."""
    games = games_of(request)
    words = request_words(request)
    player = player_of(request)
    request.state.token = body.move  # a malformed one is named in the refusal's words
    return answer(await run_in_threadpool(games.play, game_id, player, body.move, body.version, words))


@router.post("/games/{game_id}/hint", response_model=HintOut, responses=ERRORS)
async def get_hint(game_id: str, body: VersionIn, request: Request) -> Response:
    """A move worth playing now (shown, then played, by the page), or why there is none: no
    move helps, or the position is proved lost."""
    games = games_of(request)
    words = request_words(request)
    refuse_early(request)
    player, address = player_of(request), address_of(request)
    return answer(await run_in_threadpool(games.hint, game_id, player, body.version, words, address))


@router.post("/games/{game_id}/finish", response_model=GameView, responses=ERRORS)
async def finish_step(game_id: str, body: VersionIn, request: Request) -> Response:
    """Plays the next step of Finish (a card up, or the game's action, once the rest is
    automatic); 422 ``cannot_finish`` where Finish does not apply, in the game's words."""
    games = games_of(request)
    words = request_words(request)
    player = player_of(request)
    return answer(await run_in_threadpool(games.finish, game_id, player, body.version, words))


@router.post("/games/{game_id}/auto", response_model=GameView, responses=ERRORS)
async def auto_move(game_id: str, body: VersionIn, request: Request) -> Response:
    """Plays the next automatic move up: a card that provably can never be needed anywhere but
    its foundation (decided from what the player sees), stored as a move that undo takes back;
    422 ``no_auto_move`` when none applies (the view's ``can_auto`` says whether one does)."""
    games = games_of(request)
    words = request_words(request)
    player = player_of(request)
    return answer(await run_in_threadpool(games.auto, game_id, player, body.version, words))


@router.get("/games/{game_id}/chance", response_model=ChanceOut, responses=ERRORS)
async def get_chance(game_id: str, version: int, request: Request) -> Response:
    """The estimated chance of winning from here with good play, from the completions of what
    the player knows (the same as the hint's); 409 ``stale`` when the game has moved on."""
    games = games_of(request)
    words = request_words(request)
    refuse_early(request)
    player, address = player_of(request), address_of(request)
    return answer(await run_in_threadpool(games.chance, game_id, player, version, words, address))


REVIEW_WAIT = 0.1
REVIEW_WAITS = 10
"""How long (``REVIEW_WAIT`` × this, in seconds) a review's ask waits for it before it answers 202."""


@router.get("/games/{game_id}/review", response_model=ReviewOut, responses=ERRORS)
async def get_review(game_id: str, request: Request) -> Response:
    """Once the game has ended (or a later game was started): whether the deal was winnable, and
    the move after which no line won any more; 409 ``in_play`` before. Worked out in the
    background: 202 with ``ready: false`` and ``Retry-After`` until it is ready."""
    games = games_of(request)
    words = request_words(request)
    player = player_of(request)
    review = await run_in_threadpool(games.review, game_id, player, address_of(request))
    for _ in range(REVIEW_WAITS):  # a short game's review is ready in a moment: answered at once
        if review is not None:
            break
        await asyncio.sleep(REVIEW_WAIT)
        review = await run_in_threadpool(games.review, game_id, player, address_of(request))
    body = review_answer(game_id, review, await run_in_threadpool(games.store.load, game_id, player), words)
    if review is None:  # worked out in the background: ask again
        return Response(
            json.dumps(body, ensure_ascii=False, separators=(",", ":")),
            status_code=202,
            media_type="application/json",
            headers={"Retry-After": "1"},
        )
    return answer(body)


class StepsOut(BaseModel):
    steps: list[StepOut] = Field(description="The positions worked out, from the first asked, in order")
    next: int | None = Field(description="The next position to ask for (null after the last one)")


@router.get("/games/{game_id}/review/steps", response_model=StepsOut, responses=ERRORS)
async def get_review_steps(
    game_id: str,
    request: Request,
    first: int = Query(alias="from", ge=0, description="The first position (moves played before it)"),
    count: int = Query(default=20, ge=1, le=BATCH_MOST, description="How many positions at most"),
) -> Response:
    """Positions ``from``… of an ended game's review, as ``/review/{n}`` gives each, in one
    admission: at most ``count``, fewer once about a second of work is spent (at least one);
    ``next`` says where to go on."""
    games = games_of(request)
    words = request_words(request)
    refuse_early(request)
    player, address = player_of(request), address_of(request)
    steps, moves = await run_in_threadpool(games.review_batch, game_id, player, first, count, address)
    after = steps[-1].index + 1
    return answer({"steps": [step_answer(s, words) for s in steps], "next": after if after <= moves else None})


@router.get("/games/{game_id}/review/{index}", response_model=StepOut, responses=ERRORS)
async def get_review_step(game_id: str, index: int, request: Request) -> Response:
    """One position of an ended game's review: winnable with every card known, and the chance
    the player had there with what they knew."""
    games = games_of(request)
    words = request_words(request)
    refuse_early(request)
    step = await run_in_threadpool(games.review_step, game_id, player_of(request), index, address_of(request))
    return answer(step_answer(step, words))


@router.get("/examples/{game}", responses=ERRORS, tags=["examples"])
async def get_example(game: str, request: Request, lang: str | None = None) -> Response:
    """The game's won example, step by step: where it starts, then for each step the move
    (its token and its words) and the board description, in ``lang`` (else the browser's)."""
    if lang is not None and normalize_locale(lang) is None:
        raise ServiceError(422, "bad_lang", "bad_lang", lang=lang[:20])
    words = request_words(request)
    data = await run_in_threadpool(showcase.api_steps, game, words.locale)
    if data is None:
        raise ServiceError(404, "not_found", "no_example")
    return answer(data)


# -- statistics --------------------------------------------------------------------------------

STATS_SINCE_COOKIE = "paciencia_stats_since"
"""When this browser last reset its statistics (seconds since the epoch); games started before
it are kept (and can be replayed) but not counted."""


def stats_since(request: Request) -> float | None:
    raw = request.cookies.get(STATS_SINCE_COOKIE, "")
    return float(raw) if raw.isascii() and raw.replace(".", "", 1).isdigit() else None


async def player_stats(request: Request) -> list[stats.Played]:
    store = request.app.state.store
    level = games_of(request).levels.known
    return await run_in_threadpool(stats.played, store, player_of(request), stats_since(request), level)


@router.get("/stats")
async def get_stats(request: Request) -> Response:
    """This browser's statistics: per game, variant and kind of deal (``groups``), and its
    games newest first (``history``); how they are counted is in ``paciencia/web/service/stats.py``."""
    return answer(stats.report(await player_stats(request), stats_since(request)))


class CSVResponse(Response):
    media_type = "text/csv"  # Starlette adds "; charset=utf-8"


@router.get("/stats.csv", response_class=CSVResponse, responses={200: {"description": "The history, one game a line"}})
async def get_stats_csv(request: Request) -> Response:
    """The history as CSV, for a spreadsheet."""
    body = stats.as_csv(await player_stats(request))
    headers = {"content-disposition": 'attachment; filename="paciencia-games.csv"'}
    return CSVResponse(body, headers=headers)


@router.post("/stats/reset")
async def reset_stats(request: Request) -> Response:
    """Counts from now on: the games stay (and their replays), the figures start again."""
    response = answer({"since": time.time()})
    response.set_cookie(STATS_SINCE_COOKIE, f"{time.time():.3f}", max_age=315360000, samesite="lax", path="/")
    return response


@router.get("/odds/{game}", responses=ERRORS, tags=["odds"])
async def get_odds(game: str) -> Response:
    """How often each variant of ``game`` can be won: our survey (counts, sample, seed, node
    budget, date) with the 95 % Wilson interval, the honest player's rate, the hardest deals,
    and the published figures with the rules each is for (``paciencia/web/service/odds.py``)."""
    found = odds.answer(game)
    if found is None:
        raise ServiceError(404, "not_found", "no_odds")
    return answer(found)
