"""``create_app(settings)``: the routes in one list, every error mapped to its answer in one place.

Middleware (plain ASGI, for speed): the player cookie that makes a browser the owner of its
games, the request body limit, and the security headers (a Content-Security-Policy that
forbids inline scripts; every asset comes from the site itself).
"""

from __future__ import annotations

import hashlib
import logging
import math
import multiprocessing
import os
import re
import signal
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import event
from sqlalchemy import exc as sa_exc
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.routing import Match, Route

from paciencia.engine.errors import PacienciaError
from paciencia.play.errors import GameClosed, GameNotFound, GameTooLong, LineRefused, ServiceError, StaleMove, answer
from paciencia.play.words import say
from paciencia.web import api, offline, pages
from paciencia.web.assets import static_folders
from paciencia.web.compress import CompressMiddleware, compressible, precompressed, wants_gzip
from paciencia.web.lang import request_words
from paciencia.web.levels import Levels
from paciencia.web.limits import Limits
from paciencia.web.players import Players, site_secret
from paciencia.web.service import Games
from paciencia.web.settings import Settings
from paciencia.web.store import Store, new_id
from paciencia.web.winnable import WinnableDeals

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("paciencia.web")
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
TEN_YEARS = 10 * 365 * 24 * 3600


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


def cookie_value(header: str, name: str) -> str | None:
    """One cookie's value from a Cookie header (ours are plain tokens: no quoting to undo)."""
    for part in header.split(";"):
        key, eq, value = part.strip().partition("=")
        if eq and key == name:
            return value
    return None


TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".png": "image/png",
}


_CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.S)
_BLANKS = re.compile(rb"\n[ \t]*(?=\S|\n)|\n{2,}")


def without_comments(css: bytes) -> bytes:
    """A stylesheet as sent: its comments and indentation are for the people who read the
    source (a quarter of site.css's bytes on the wire), not for browsers. Our stylesheets hold
    no ``/*`` inside a string."""
    return _BLANKS.sub(b"\n", _CSS_COMMENT.sub(b"", css)).strip() + b"\n"


class StaticAssets:
    """The site's own assets, read once at start and answered from memory (no thread hop per file).

    They are few and small (a first visit moves at most 45 KB), and their URLs carry a hash of
    their content, so they are cached by browsers for good. The text ones are gzipped once, here,
    and sent so to a client that accepts it.
    """

    def __init__(self, folders: dict[str, Path]) -> None:
        """``folders``: each folder by the path its files are served under (``static_folders``)."""
        self.files: dict[str, tuple[bytes, bytes]] = {}
        self.gzipped: dict[str, bytes] = {}
        for prefix, directory, path in ((p, d, f) for p, d in folders.items() for f in d.rglob("*")):
            if path.is_file() and path.suffix in TYPES:
                name = prefix + "/" + path.relative_to(directory).as_posix()
                body = path.read_bytes()
                if path.suffix == ".css":
                    body = without_comments(body)
                self.files[name] = (body, TYPES[path.suffix].encode())
                packed = precompressed(self.files[name][0]) if compressible(TYPES[path.suffix]) else b""
                if packed and len(packed) < len(self.files[name][0]):
                    self.gzipped[name] = packed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        name = scope["path"][len(scope.get("root_path", "")) :] or "/"
        found = self.files.get(name)
        if scope["type"] != "http" or found is None:
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"not found"})
            return
        if scope["method"] not in ("GET", "HEAD"):
            headers = [(b"content-type", b"text/plain"), (b"allow", b"GET, HEAD")]
            await send({"type": "http.response.start", "status": 405, "headers": headers})
            await send({"type": "http.response.body", "body": b"method not allowed"})
            return
        body, kind = found
        headers = [(b"content-type", kind)]
        if name in self.gzipped:
            headers.append((b"vary", b"Accept-Encoding"))
            if wants_gzip(scope):
                body = self.gzipped[name]
                headers.append((b"content-encoding", b"gzip"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


class BodyTooLarge(Exception):
    pass


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def cross_site(headers: dict[bytes, bytes]) -> bool:
    """Whether a state-changing request comes from a page of another origin (CSRF).

    The rule: a browser names where a request comes from. ``Sec-Fetch-Site`` other than
    ``same-origin`` or ``none`` (typed by the user) is refused; without it, an ``Origin``
    whose host and port differ from the request's ``Host`` is refused (the scheme is left out,
    so that a TLS-terminating proxy in front changes nothing). A request naming neither is no
    browser's cross-site request (browsers send Origin on every cross-origin POST): command-line
    clients and scripts go through.
    """
    site = headers.get(b"sec-fetch-site")
    if site is not None:
        return site not in (b"same-origin", b"none")
    origin = headers.get(b"origin")
    if origin is None:
        return False
    host = headers.get(b"host", b"")
    _scheme, sep, netloc = origin.partition(b"://")
    return not sep or netloc.lower() != host.lower()


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class SiteMiddleware:
    """Player cookie, body limit, cross-site refusal, security and cache headers, and the JSON
    answer to an unexpected error."""

    def __init__(self, app: ASGIApp, settings: Settings, players: Players, limits: Limits) -> None:
        self.app = app
        self.settings = settings
        self.players = players
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        settings = self.settings
        players = self.players
        player = None
        given = None
        length = None
        named: dict[bytes, bytes] = {}
        for key, value in scope["headers"]:
            if key == b"cookie":
                found = cookie_value(value.decode("latin-1"), settings.cookie_name)
                if found is not None:
                    given = found
            elif key == b"content-length":
                length = value
            elif key in (b"origin", b"sec-fetch-site", b"host"):
                named[key] = value
        started = time.perf_counter()
        path: str = scope["path"]
        static = path.startswith("/static/")
        # Only a signed cookie names a player: an id alone, whoever owns it, is a new player's
        # request (ids are seen in logs and links; the signature is the proof).
        if given is not None and not static:
            player = players.verified(given)
        # A static file never makes a player: a shared cache would hand its cookie to everyone.
        new_player = player is None and not static
        # An address past its rate of games without a (valid) cookie is refused at once, before
        # a route is run: a flood of made-up cookies costs a dictionary lookup each, not a
        # request's work.
        refused = self.limits.refused_for("games:" + _client(scope)) if new_player else 0.0
        flooded = refused > 0 and scope["method"] == "POST" and path == "/api/games"
        if player is None:
            player = new_id()
        scope.setdefault("state", {}).update(player=player, new_player=new_player)
        started_response = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started_response
            if message["type"] == "http.response.start":
                started_response = True
                headers = MutableHeaders(scope=message)
                # The policy governs documents; a script or stylesheet carries it for nothing (an
                # SVG keeps it: opened by itself, it is a document).
                if not static or path.endswith(".svg"):
                    headers["content-security-policy"] = CSP
                headers["x-content-type-options"] = "nosniff"
                if not static:  # a file's answer needs neither: every byte of a first visit counts
                    headers["referrer-policy"] = "same-origin"
                    headers["server-timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
                if static and message["status"] == 200:
                    headers["cache-control"] = "public, max-age=31536000, immutable"
                elif static or "cache-control" not in headers:
                    headers["cache-control"] = "no-store"
                if new_player:
                    value = players.cookie(player)
                    cookie = f"{settings.cookie_name}={value}; Path=/; Max-Age={TEN_YEARS}; HttpOnly; SameSite=Lax"
                    headers.append("set-cookie", cookie + ("; Secure" if settings.cookie_secure else ""))
            await send(message)

        if flooded:
            words = request_words(Request(scope))
            wait = {"Retry-After": str(max(1, math.ceil(refused)))}
            response = error_response(429, "too_many_games", say(words, "too_many_games"), wait)
            await response(scope, receive, send_with_headers)
            return

        if scope["method"] not in SAFE_METHODS and cross_site(named):
            response = error_response(403, "cross_site", say(request_words(Request(scope)), "cross_site"))
            await response(scope, receive, send_with_headers)
            return

        if length is not None:
            try:
                too_large = int(length) > settings.max_body
            except ValueError:
                too_large = True
            if too_large:
                response = error_response(413, "too_large", say(request_words(Request(scope)), "too_large"))
                await response(scope, receive, send_with_headers)
                return
        seen = 0

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > settings.max_body:
                    raise BodyTooLarge()
            return message

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except ClientDisconnect:
            return  # the client hung up mid-request: no one to answer, nothing wrong here
        except Exception:
            # Whatever slipped past the handlers: logged, and answered as the site's own error.
            log.exception("unexpected error on %s %s from %s", scope["method"], path, _client(scope))
            if started_response:
                raise
            words = request_words(Request(scope))
            response = error_response(500, "server_error", say(words, "server_error"))
            await response(scope, receive, send_with_headers)


def error_response(
    status: int, error: str, message: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    return JSONResponse({"error": error, "message": message, **extra}, status_code=status, headers=headers)


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
    for route in api.router.routes:
        if isinstance(route, Route):
            match, _ = route.matches(request.scope)
            if match is not Match.NONE:
                allowed |= route.methods or set()
    if allowed:
        raise StarletteHTTPException(405, headers={"Allow": ", ".join(sorted(allowed))})
    return error_response(404, "not_found", say(request_words(request), "not_found"))


ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

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
    app.state.asset_version = version
    app.include_router(api.router)
    app.include_router(offline.router)  # before the API's fallback and the pages' /{lang}/…
    app.add_api_route("/api/{rest:path}", api_fallback, methods=ALL_METHODS, include_in_schema=False)
    app.include_router(pages.router)
    app.mount(f"/static/{version}", StaticAssets(static_folders()), name="static")
    app.add_middleware(SiteMiddleware, settings=settings, players=app.state.players, limits=app.state.limits)
    app.add_middleware(CompressMiddleware)  # outermost: the site's own errors are compressed too
    return app


def app_from_environment() -> FastAPI:
    """The app of one worker of ``paciencia serve --workers N`` (uvicorn's factory)."""
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
