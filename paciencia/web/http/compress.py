"""Compressed answers for phones on slow networks: gzip (the standard library's), when the
client accepts it.

The static files are compressed once, at start (``precompressed``: the best level, since it is
paid once); pages and JSON answers as they go (``CompressMiddleware``: a middle level, since it
is paid on every answer, moves included). Every answer whose type could be compressed says
``Vary: Accept-Encoding``, compressed or not, so that a shared cache never hands a gzip body to a
client that did not ask for one.
"""

from __future__ import annotations

import gzip
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.datastructures import Headers, MutableHeaders

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COMPRESSIBLE = ("text/", "application/json", "image/svg+xml", "application/manifest+json")
MIN_SIZE = 1024  # below this, gzip's own header and the time outweigh what it saves
PAGE_LEVEL = 6


def compressible(content_type: str) -> bool:
    return content_type.lower().startswith(COMPRESSIBLE)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip: named (or ``*``) with a q above 0."""
    allowed: dict[str, bool] = {}
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name:
            allowed[name.strip().lower()] = q > 0
    if "gzip" in allowed:
        return allowed["gzip"]
    return allowed.get("x-gzip", allowed.get("*", False))


def precompressed(body: bytes) -> bytes:
    """``body`` gzipped once for good (no timestamp, so the same file gives the same bytes)."""
    return gzip.compress(body, compresslevel=9, mtime=0)


def wants_gzip(scope: Scope) -> bool:
    for key, value in scope.get("headers", ()):
        if key == b"accept-encoding":
            return accepts_gzip(value.decode("latin-1"))
    return False


class CompressMiddleware:
    """Gzips an answer of a compressible type, of one body of at least ``MIN_SIZE`` bytes, not
    encoded already (the static files come precompressed), for a client that accepts gzip."""

    def __init__(self, app: ASGIApp, level: int = PAGE_LEVEL) -> None:
        self.app = app
        self.level = level

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        gzip_ok = wants_gzip(scope)
        start: Message | None = None

        async def send_compressed(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = Headers(raw=message.get("headers", []))
                if "content-encoding" in headers or not compressible(headers.get("content-type", "")):
                    await send(message)  # passed through as it is, and so is its body
                    return
                MutableHeaders(scope=message).add_vary_header("Accept-Encoding")
                start = message
                return
            if start is None or message["type"] != "http.response.body":
                await send(message)
                return
            held, start = start, None
            body = message.get("body", b"")
            if gzip_ok and not message.get("more_body", False) and len(body) >= MIN_SIZE:
                body = gzip.compress(body, compresslevel=self.level, mtime=0)
                headers = MutableHeaders(scope=held)
                headers["content-encoding"] = "gzip"
                headers["content-length"] = str(len(body))
                message = {**message, "body": body}
            await send(held)
            await send(message)

        await self.app(scope, receive, send_compressed)
