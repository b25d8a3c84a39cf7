"""The daily challenges' API: today's deals and the week's challenge as this player stands on
each, their streak, calendar and badges (``GET /api/daily``), and the daily ranking
(``GET /api/daily/ranking``, ``POST /api/daily/ranking/me``). Thin handlers: the work is
``service/daily.py``'s and ``service/ranking.py``'s, off the event loop."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool

from paciencia.play.errors import ServiceError
from paciencia.web.routes.api import ERRORS, answer, games_of, player_of
from paciencia.web.service import daily

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
