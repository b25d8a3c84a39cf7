"""The site's middleware, one concern each, as ``app.MIDDLEWARE`` lists them (outermost first).

Each is plain ASGI (a request costs a few function calls, not a task or a thread): a move's
answer is the site's hottest path.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import ClientDisconnect, Request

from paciencia.play.words import say
from paciencia.web.db.limits import Limits
from paciencia.web.db.store import new_id
from paciencia.web.http.lang import request_words
from paciencia.web.http.players import Players
from paciencia.web.settings import Settings

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
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def error_response(
    status: int, error: str, message: str, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """The site's JSON error: ``{error, message, …}``."""
    return JSONResponse({"error": error, "message": message, **extra}, status_code=status, headers=headers)


def refuse(scope: Scope, status: int, error: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """``error_response`` in the request's language, the message the UI word named ``error``."""
    return error_response(status, error, say(request_words(Request(scope)), error), headers)


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


def header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def is_static(scope: Scope) -> bool:
    return str(scope["path"]).startswith("/static/")


def cookie_value(header: str, name: str) -> str | None:
    """One cookie's value from a Cookie header (ours are plain tokens: no quoting to undo)."""
    for part in header.split(";"):
        key, eq, value = part.strip().partition("=")
        if eq and key == name:
            return value
    return None


class HttpMiddleware:
    """Plain ASGI middleware of one concern, over HTTP requests alone (a lifespan or websocket
    scope passes through): a subclass writes ``http``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class SecurityHeaders(HttpMiddleware):
    """The content security policy, nosniff, the referrer policy, the server's time, and the
    cache policy (a static file for good, anything else never unless its route says so)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        path: str = scope["path"]
        static = is_static(scope)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
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
            await send(message)

        await self.app(scope, receive, with_headers)


DEVICE_PATHS = ("/devices/link", "/devices/join")
"""The paths whose routes may make this browser another player, or name its device."""


class PlayerCookie(HttpMiddleware):
    """Who is asking: the player a signed cookie names, else a new player (``state.player``,
    ``state.new_player``), whose cookie the answer sets. Only a signed cookie names a player: an
    id alone, whoever owns it, is a new player's request (ids are seen in logs and links; the
    signature is the proof). A static file never makes a player: a shared cache would hand its
    cookie to everyone.

    A player who linked browsers (``service/devices.py``): the cookie names a device too
    (``state.device``), and the ``gate`` says whose it still is (a removed device is no one's, a
    browser that joined another player is that player's: its cookie is set again), from memory
    or, a few times a minute per player, from the database off the event loop. A route that
    makes this browser another player (joining one) or names its device puts the new cookie's
    value in ``state.player_cookie``."""

    def __init__(self, app: ASGIApp, settings: Settings, players: Players, gate: Any = None) -> None:
        super().__init__(app)
        self.settings = settings
        self.players = players
        self.gate = gate

    async def _identity(self, given: str) -> tuple[str | None, str | None, bool]:
        """(player, device, whether the cookie is to be set again) of a cookie's value."""
        found = self.players.identity(given)
        if found is None:
            return None, None, False
        player, device = found
        if self.gate is None:
            return player, device, False
        owner = self.gate.cached(player, device)
        if owner is self.gate.UNKNOWN:
            owner = await run_in_threadpool(self.gate.resolve, player, device)
        if owner is None:
            return None, None, False
        return owner, device, owner != player

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        static = is_static(scope)
        player = device = None
        again = False
        if not static:
            cookies = header(scope, b"cookie")
            given = cookie_value(cookies.decode("latin-1"), self.settings.cookie_name) if cookies else None
            if given is not None:
                player, device, again = await self._identity(given)
        new_player = player is None and not static
        player = player or new_id()
        state = scope.setdefault("state", {})
        state.update(player=player, new_player=new_player, device=device)
        settings = self.settings

        def cookie(value: str) -> str:
            found = f"{settings.cookie_name}={value}; Path=/; Max-Age={TEN_YEARS}; HttpOnly"
            return found + "; SameSite=Lax" + ("; Secure" if settings.cookie_secure else "")

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                value = state.get("player_cookie")
                if value is None and (new_player or again):
                    value = self.players.cookie(player, device)
                if value is not None:
                    MutableHeaders(scope=message).append("set-cookie", cookie(value))
            await send(message)

        # A move's answer is the hottest path: it is sent as it is unless a cookie may be set.
        setting = new_player or again or str(scope["path"]).endswith(DEVICE_PATHS)
        await self.app(scope, receive, with_cookie if setting else send)


class ServerError(HttpMiddleware):
    """Whatever slipped past the handlers: logged with its traceback, and answered as the site's
    own JSON error (500) in the request's language; a client that hung up is no error."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except ClientDisconnect:
            return
        except Exception:
            log.exception("unexpected error on %s %s from %s", scope["method"], scope["path"], client_of(scope))
            if started:
                raise
            await refuse(scope, 500, "server_error")(scope, receive, send)


class NewPlayerFlood(HttpMiddleware):
    """An address past its rate of new games without a (valid) cookie is refused at once, before
    a route is run: a flood of made-up cookies costs a dictionary lookup each, not a request's
    work (the rate is ``Limits``', shared by every process)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        super().__init__(app)
        self.limits = limits

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        new_player = scope.get("state", {}).get("new_player")
        if new_player and (scope["method"], scope["path"]) == ("POST", "/api/games"):
            refused = self.limits.refused_for("games:" + client_of(scope))
            if refused > 0:
                wait = {"Retry-After": str(max(1, math.ceil(refused)))}
                await refuse(scope, 429, "too_many_games", wait)(scope, receive, send)
                return
        await self.app(scope, receive, send)


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


class CrossSite(HttpMiddleware):
    """A state-changing request from another site's page is refused (403), nothing changed."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] not in SAFE_METHODS:
            named = {k: bytes(v) for k, v in scope["headers"] if k in (b"origin", b"sec-fetch-site", b"host")}
            if cross_site(named):
                await refuse(scope, 403, "cross_site")(scope, receive, send)
                return
        await self.app(scope, receive, send)


class BodyTooLarge(Exception):
    pass


class BodyLimit(HttpMiddleware):
    """A body larger than ``max_body`` is refused: at once by its Content-Length (413), or as it
    arrives (``BodyTooLarge``, answered 413 by the error handlers)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        super().__init__(app)
        self.max_body = max_body

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        most = self.max_body
        length = header(scope, b"content-length")
        if length is not None:
            try:
                too_large = int(length) > most
            except ValueError:
                too_large = True
            if too_large:
                await refuse(scope, 413, "too_large")(scope, receive, send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > most:
                    raise BodyTooLarge()
            return message

        await self.app(scope, limited, send)
