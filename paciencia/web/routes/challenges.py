"""The daily challenges' API: today's deals and the week's challenge as this player stands on
each, their streak, calendar and badges (``GET /api/daily``), and the daily ranking
(``GET /api/daily/ranking``, ``POST /api/daily/ranking/me``). Thin handlers: the work is
``service/daily.py``'s and ``service/ranking.py``'s, off the event loop."""

from __future__ import annotations

import datetime
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from paciencia.games import REGISTRY
from paciencia.play.disclosure import challenge_over
from paciencia.play.errors import ServiceError
from paciencia.web.db.store import Store
from paciencia.web.http.lang import request_words
from paciencia.web.routes.api import ERRORS, address_of, answer, games_of, player_of
from paciencia.web.service import daily, ranking

router = APIRouter(prefix="/api", tags=["daily"])


async def daily_standings(request: Request) -> list[dict[str, Any]]:
    """Today's deal of every game and variant, as this player stands on it."""
    store = request.app.state.store
    player = player_of(request)
    levels = games_of(request).levels
    out = []
    for name, variant in daily.pairs():
        out.append(await run_in_threadpool(daily.standing, store, player, name, variant, None, levels.daily_level))
    return out


async def week_standing(request: Request) -> dict[str, Any]:
    """The week's challenge as this player stands on it."""
    games = games_of(request)
    return await run_in_threadpool(daily.week_standing, games.store, player_of(request), None, games.levels.daily_level)


async def player_record(request: Request, month: str | None) -> dict[str, Any]:
    """The player's streak, the month's calendar and badges (422 ``bad_month`` for what is no month)."""
    try:
        found = daily.month_of(month)
    except ValueError:
        raise ServiceError(422, "bad_month", "bad_month") from None
    return await run_in_threadpool(daily.record, request.app.state.store, player_of(request), found)


@router.get("/daily", responses=ERRORS)
async def get_daily(request: Request, month: str | None = None) -> Response:
    """Today's deals (UTC), one per game and variant, and the challenge of the week: each with
    its ``game``, ``variant``, ``level`` (where the game has levels), ``code`` (null until the
    day, or the week, is over: it would show every card) and where this browser stands on it
    (``played``, ``ended``, ``status``; once its game is over, how its time and moves compare
    with everyone who won it). Beside them the ``streak`` (days in a row with a daily won), the
    ``calendar`` of ``month`` (``YYYY-MM``, default this one: what was won each day) and the
    month's ``badges``."""
    body: dict[str, Any] = {"day": daily.today(), "week": daily.this_week()}
    body["deals"] = await daily_standings(request)
    body["challenge"] = await week_standing(request)
    body.update(await player_record(request, month))
    return answer(body)


# -- the daily ranking -------------------------------------------------------------------------


class RankingMe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    shown: bool = Field(strict=True, description="true: this player's handle shows on the rankings; false: it does not")


def _day(date: str | None) -> str:
    """The day asked for (``YYYY-MM-DD``, today or before), else 422 ``bad_date``."""
    if date is None:
        return daily.today()
    try:
        found = datetime.date.fromisoformat(date)
    except ValueError:
        raise ServiceError(422, "bad_date", "bad_date") from None
    if len(date) != 10 or found.isoformat() > daily.today() or found.year < 2000:
        raise ServiceError(422, "bad_date", "bad_date")
    return found.isoformat()


def _week(week: str) -> str:
    """The week asked for (``YYYY-Www``, this one or before), else 422 ``bad_date``."""
    try:
        daily.week_start(week)
    except ValueError:
        raise ServiceError(422, "bad_date", "bad_date") from None
    if len(week) != 8 or week > daily.this_week():
        raise ServiceError(422, "bad_date", "bad_date")
    return week


def challenge_of(
    store: Store, game: str | None, variant: str | None, date: str | None, week: str | None
) -> daily.Challenge:
    """The challenge a ranking is asked of (422 ``bad_challenge``, ``bad_date`` for none)."""
    if week is not None:
        return daily.week_challenge(store, _week(week))
    if game is None or game not in REGISTRY or variant not in REGISTRY[game].game.variants:
        raise ServiceError(422, "bad_challenge", "bad_challenge")
    return daily.day_challenge(store, game, variant, _day(date))


async def ranking_answer(
    request: Request, game: str | None, variant: str | None, date: str | None, week: str | None
) -> dict[str, Any]:
    store: Store = request.app.state.store
    found = await run_in_threadpool(challenge_of, store, game, variant, date, week)
    words = request_words(request)
    body = await run_in_threadpool(
        ranking.ranking,
        store,
        request.app.state.accounts,
        player_of(request),
        words,
        found.code,
        found.since,
        found.until,
    )
    told = found.code if challenge_over(found.until) else None  # the disclosure rule's word
    return {**found.named(), "code": told, "ends": found.until, **body}


@router.get("/daily/ranking", responses=ERRORS)
async def get_ranking(
    request: Request,
    game: str | None = None,
    variant: str | None = None,
    date: str | None = Query(default=None, description="A day so far, YYYY-MM-DD (default: today, UTC)"),
    week: str | None = Query(default=None, description="The challenge of that week instead, YYYY-Www"),
) -> Response:
    """A daily deal's ranking (``game``, ``variant``, ``date``), or a week's challenge's
    (``week``): ``{"entries": [{"place", "position", "handle", "status", "seconds", "moves",
    "flagged", "mine"}…], "total": …}``: the first 100 places and the asker's own with two
    either side (``position``: where in the whole ranking), of ``total`` ranked. Won games
    first (fastest first on the server's clock, then fewest moves), then lost, then left; a time
    below the solver's line at a human pace is ``flagged`` and takes no place. Only each
    player's first game of the deal counts, played online (no offline line, replay, pasted
    table or imported game). A handle is null unless its player opted in. While the challenge
    runs the entries are told to a player only once their own game of it is over (``shown``
    false before)."""
    return answer(await ranking_answer(request, game, variant, date, week))


@router.post("/daily/ranking/me", responses=ERRORS)
async def rank_me(body: RankingMe, request: Request) -> Response:
    """Opts this player's handle in or out of the rankings (``shown``): an adjective and an
    animal drawn the first time, said in each reader's language; no free text."""
    games = games_of(request)
    player, address = player_of(request), address_of(request)
    await run_in_threadpool(games.admission.account, player, address)
    words = request_words(request)
    return answer(await run_in_threadpool(ranking.opt, request.app.state.accounts, player, body.shown, words))
