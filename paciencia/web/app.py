"""``create_app(settings)``: the routes in one list, every error mapped to its answer in one place.

Middleware (plain ASGI, for speed): the player cookie that makes a browser the owner of its
games, the request body limit, and the security headers (a Content-Security-Policy that
forbids inline scripts; every asset comes from the site itself).
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import event
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from paciencia.engine.errors import PacienciaError
from paciencia.play.errors import GameClosed, GameNotFound, GameTooLong, LineRefused, ServiceError, StaleMove, answer
from paciencia.play.words import say
from paciencia.web.db.accounts import Accounts
from paciencia.web.db.limits import Limits
from paciencia.web.db.store import Store
from paciencia.web.http.assets import static_folders
from paciencia.web.http.compress import CompressMiddleware
from paciencia.web.http.lang import request_words
from paciencia.web.http.middleware import (
    BodyLimit,
    BodyTooLarge,
    CrossSite,
    NewPlayerFlood,
    PlayerCookie,
    SecurityHeaders,
    ServerError,
    error_response,
)
from paciencia.web.http.players import Players, site_secret
from paciencia.web.http.static import StaticAssets
from paciencia.web.routes import account, api, challenges, offline, pages
from paciencia.web.service.devices import Devices, Gate
from paciencia.web.service.games import Games
from paciencia.web.service.hints import serving
from paciencia.web.service.levels import Levels
from paciencia.web.service.winnable import WinnableDeals
from paciencia.web.settings import Settings

log = logging.getLogger("paciencia.web")


def asset_version() -> str:
    """A short hash of every static file (the site's and the games'): asset URLs change when
    their content does."""
    digest = hashlib.sha256()
    for prefix, folder in static_folders().items():
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digest.update((prefix + "/" + path.relative_to(folder).as_posix()).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


# -- errors, all mapped here ---------------------------------------------------------------------


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def on_play_error(request: Request, exc: Exception) -> Response:
    """Every refusal of play, by the one mapping (``play.errors.answer``); a refusal that carries
    the game answers with its view as it stands (a stale move, a closed game)."""
    if isinstance(exc, GameNotFound) and not _wants_json(request):
        return pages.not_found(request, game=True)
    words = request_words(request)
    found = answer(exc, words, _token(request))
    assert found is not None
    body = dict(found.body)
    if found.game is not None:
        games: Games = request.app.state.games
        body["game"] = await run_in_threadpool(games.view, found.game.id, request.state.player, words)
    return JSONResponse(body, status_code=found.status, headers=found.headers or None)


def _token(request: Request) -> str:
    """The move token the request carried (kept by the moves handler), for the refusal's words."""
    return str(getattr(request.state, "token", ""))


async def on_validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    words = request_words(request)
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "malformed_json", say(words, "bad_request_plain"), detail="malformed JSON")
    detail = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg', '')}" for e in errors
    )
    return error_response(422, "bad_request", say(words, "bad_request_plain"), detail=detail)


async def on_too_large(request: Request, exc: Exception) -> Response:
    return error_response(413, "too_large", say(request_words(request), "too_large"))


async def on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if isinstance(exc.__cause__, BodyTooLarge):  # FastAPI wraps errors met while reading the body
        return await on_too_large(request, exc)
    if exc.status_code == 404 and not _wants_json(request):
        return pages.not_found(request)
    if exc.status_code == 400 and isinstance(exc.__cause__, (UnicodeDecodeError, RecursionError)):
        # A body that is not UTF-8, or JSON nested too deep for the parser: malformed JSON too.
        words = request_words(request)
        return error_response(400, "malformed_json", say(words, "bad_request_plain"), detail="malformed JSON")
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        return error_response(405, "method_not_allowed", say(request_words(request), "method_not_allowed"), headers)
    return error_response(exc.status_code, "http_error", str(exc.detail), headers)


async def api_fallback(request: Request) -> Response:
    """A path under ``/api/`` that no API route takes with this method: 405 with ``Allow`` when
    a route takes it with another method, else 404 (without it, ``GET /api/games`` would fall
    through to the pages' ``/{lang}/{game}`` and be answered 404)."""
    allowed: set[str] = set()
    for route in (r for router in API_ROUTERS for r in router.routes):
        if isinstance(route, Route):
            match, _ = route.matches(request.scope)
            if match is not Match.NONE:
                allowed |= route.methods or set()
    if allowed:
        raise StarletteHTTPException(405, headers={"Allow": ", ".join(sorted(allowed))})
    return error_response(404, "not_found", say(request_words(request), "not_found"))


ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
API_ROUTERS = (api.router, challenges.router, account.router)
"""The JSON API's routes, in the order they are matched (the fallback answers 405 for their paths)."""

DATABASE_RETRY_AFTER = 5
"""Seconds a client is told to wait when the database does not answer."""


def database_down(exc: BaseException) -> bool:
    """Whether a database error means the database cannot be reached (or is busy) rather than a
    fault of ours: a connection refused or dropped, a server restarting, a pool with no
    connection to give, SQLite's "database is locked"."""
    if isinstance(exc, sa_exc.DBAPIError):
        return exc.connection_invalidated or isinstance(exc, (sa_exc.OperationalError, sa_exc.InterfaceError))
    return isinstance(exc, (sa_exc.TimeoutError, sa_exc.DisconnectionError))


class Outage:
    """One log line when the database stops answering and one when it answers again, however
    many requests fail in between (a traceback per request would bury everything else).

    The end is a statement that succeeds a second or more after the last failure, so that a
    recovering pool whose old connections still fail for a moment does not log a line each.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.since: float | None = None
        self.last_failure = 0.0
        self.failed = 0

    def failure(self, exc: BaseException) -> None:
        with self._lock:
            now = time.monotonic()
            self.last_failure = now
            self.failed += 1
            if self.since is None:
                self.since = now
                self.failed = 1
                # The driver's own first line: no SQL, no parameters (player ids are secrets).
                cause = getattr(exc, "orig", None) or exc
                first = (str(cause).strip().splitlines() or [""])[0][:300]
                log.error("database unreachable (%s: %s); answering 503 until it is back", type(cause).__name__, first)

    def success(self) -> None:
        if self.since is None:  # the usual case: no lock
            return
        with self._lock:
            if self.since is None or time.monotonic() - self.last_failure < 1.0:
                return
            log.warning(
                "database back after %.1f s; %d requests were answered 503",
                time.monotonic() - self.since,
                self.failed,
            )
            self.since = None


async def on_database(request: Request, exc: Exception) -> Response:
    """A database that does not answer: 503, and the truth that the outcome is not known (a
    commit may have been made just before the connection broke). A retried move with the same
    version is then refused as stale if it was stored, so nothing is played twice."""
    if not database_down(exc):
        raise exc  # a fault of ours: logged with its traceback and answered 500 by the middleware
    request.app.state.outage.failure(exc)
    headers = {"Retry-After": str(DATABASE_RETRY_AFTER)}
    return error_response(503, "database_down", say(request_words(request), "database_down"), headers)


EXCEPTION_HANDLERS: dict[type[Exception], Callable[[Request, Exception], Awaitable[Response]]] = {
    ServiceError: on_play_error,
    LineRefused: on_play_error,
    GameNotFound: on_play_error,
    StaleMove: on_play_error,
    GameClosed: on_play_error,
    GameTooLong: on_play_error,
    PacienciaError: on_play_error,
    RequestValidationError: on_validation,
    BodyTooLarge: on_too_large,
    StarletteHTTPException: on_http,
    sa_exc.DBAPIError: on_database,
    sa_exc.TimeoutError: on_database,
    sa_exc.DisconnectionError: on_database,
}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    version = asset_version()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        app.state.games.hints.start()
        yield
        app.state.games.hints.close()
        app.state.winnable.close()
        app.state.games.levels.close()
        app.state.store.close()

    app = FastAPI(
        title="paciencia",
        summary="Solitaire: games live on the server; the browser only shows them.",
        version="1",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
    )
    app.state.settings = settings
    app.state.store = Store(settings.database_url, settings.cache_size)
    app.state.outage = outage = Outage()
    event.listen(app.state.store.engine, "after_cursor_execute", lambda *_args: outage.success())
    app.state.winnable = WinnableDeals(app.state.store, settings.winnable_pool, settings.winnable_attempts)
    app.state.limits = Limits(app.state.store.engine)
    app.state.accounts = Accounts(app.state.store.engine)
    app.state.players = Players(site_secret())
    app.state.games = Games(
        app.state.store,
        app.state.winnable,
        settings.hint_workers,
        settings.hint_queue,
        settings.hints_per_minute,
        app.state.limits,
        Levels(app.state.store, settings.measure_levels),
    )
    app.state.gate = Gate(app.state.accounts)
    app.state.devices = Devices(app.state.store, app.state.accounts, app.state.games.admission, app.state.gate)
    app.state.asset_version = version
    # The routes, in the order they are matched.
    for router in API_ROUTERS:
        app.include_router(router)
    app.include_router(offline.router)  # before the API's fallback and the pages' /{lang}/…
    app.add_api_route("/api/{rest:path}", api_fallback, methods=ALL_METHODS, include_in_schema=False)
    app.include_router(pages.router)
    app.mount(f"/static/{version}", StaticAssets(static_folders()), name="static")
    # The middleware, outermost first: the site's own errors are compressed and carry the
    # headers and the new player's cookie; a refusal comes before any route's work.
    middleware: list[tuple[type[Any], dict[str, Any]]] = [
        (CompressMiddleware, {}),
        (SecurityHeaders, {}),
        (PlayerCookie, {"settings": settings, "players": app.state.players, "gate": app.state.gate}),
        (ServerError, {}),
        (NewPlayerFlood, {"limits": app.state.limits}),
        (CrossSite, {}),
        (BodyLimit, {"max_body": settings.max_body}),
    ]
    for cls, options in reversed(middleware):  # add_middleware puts each outside the ones before
        app.add_middleware(cls, **options)
    return app


def app_from_environment() -> FastAPI:
    """The app of one worker of ``paciencia serve --workers N`` (uvicorn's factory)."""
    serving()
    app = create_app(Settings.from_environment())
    # The parent as recorded when this process was spawned: it may already be gone by now.
    parent = multiprocessing.parent_process()
    pid = parent.pid if parent is not None and parent.pid is not None else os.getppid()
    threading.Thread(target=_leave_with_parent, args=(pid,), name="parent-watch", daemon=True).start()
    return app


def _leave_with_parent(parent: int) -> None:
    """Stops this worker when the process that started it is gone (killed with -9, say).

    uvicorn's workers outlive their parent: orphans kept the port, so the server started after
    the crash could not listen on it (it exited "Address already in use"), and the orphans went
    on serving, unwatched, whatever code they had loaded. Now an orphan stops as a worker stops
    (SIGTERM: it finishes the requests it has), and ends for good if that has not worked soon.
    """
    while os.getppid() == parent:
        time.sleep(0.2)
    log.warning("server process %d is gone: worker %d stops", parent, os.getpid())
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(10)
    os._exit(1)
