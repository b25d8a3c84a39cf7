"""Compressed answers for phones on slow networks: brotli (Google's ``brotli`` binding) where the
client accepts it, else gzip (the standard library's), else none.

The static files are compressed once, at start (``precompressed``, ``precompressed_br``: the
best levels, since they are paid once); pages and JSON answers as they go
(``CompressMiddleware``: a middle level, since it is paid on every answer, moves included).
Every answer whose type could be compressed says ``Vary: Accept-Encoding``, compressed or not,
so that a shared cache never hands a compressed body to a client that did not ask for it.
"""

from __future__ import annotations

import gzip
from collections.abc import Awaitable, Callable, MutableMapping
from functools import lru_cache
from typing import Any

import brotli  # type: ignore[import-untyped]
from starlette.datastructures import Headers, MutableHeaders

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COMPRESSIBLE = ("text/", "application/json", "image/svg+xml", "application/manifest+json")
MIN_SIZE = 1024  # below this, gzip's own header and the time outweigh what it saves
PAGE_LEVEL = 6
PAGE_QUALITY = 4
"""Brotli's quality for answers made as they go: under gzip-6's time, smaller bodies (bench/brotli_sizes.py)."""


def compressible(content_type: str) -> bool:
    return content_type.lower().startswith(COMPRESSIBLE)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip: named (or ``*``) with a q above 0."""
    return "gzip" in accepted(accept_encoding)


def accepted(accept_encoding: str) -> set[str]:
    """The encodings of ours (``br``, ``gzip``) an ``Accept-Encoding`` header allows: each named
    (or ``*``, where it is not named) with a q above 0."""
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
    anything = allowed.get("*", False)
    out = set()
    if allowed.get("br", anything):
        out.add("br")
    if allowed.get("gzip", allowed.get("x-gzip", anything)):
        out.add("gzip")
    return out


@lru_cache(maxsize=256)
def precompressed(body: bytes) -> bytes:
    """``body`` gzipped once for good (no timestamp, so the same file gives the same bytes).
    Kept per process by content: an app made again (a test's, a worker's) finds its assets packed."""
    return gzip.compress(body, compresslevel=9, mtime=0)


@lru_cache(maxsize=256)
def precompressed_br(body: bytes) -> bytes:
    """``body`` in brotli at its best quality, once for good (kept per process, as ``precompressed``:
    brotli's best quality took two thirds of an app's making)."""
    return bytes(brotli.compress(body, quality=11))


def wants_gzip(scope: Scope) -> bool:
    return "gzip" in _accepted(scope)


def _accepted(scope: Scope) -> set[str]:
    for key, value in scope.get("headers", ()):
        if key == b"accept-encoding":
            return accepted(value.decode("latin-1"))
    return set()


def encoding(scope: Scope) -> str | None:
    """The encoding to answer the request in: brotli before gzip, where the client takes it."""
    found = _accepted(scope)
    return "br" if "br" in found else "gzip" if "gzip" in found else None


class CompressMiddleware:
    """Compresses an answer of a compressible type, of one body of at least ``MIN_SIZE`` bytes,
    not encoded already (the static files come precompressed), for a client that accepts brotli
    or gzip."""

    def __init__(self, app: ASGIApp, level: int = PAGE_LEVEL, quality: int = PAGE_QUALITY) -> None:
        self.app = app
        self.level = level
        self.quality = quality

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        coding = encoding(scope)
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
            if coding and not message.get("more_body", False) and len(body) >= MIN_SIZE:
                if coding == "br":
                    body = bytes(brotli.compress(body, quality=self.quality))
                else:
                    body = gzip.compress(body, compresslevel=self.level, mtime=0)
                headers = MutableHeaders(scope=held)
                headers["content-encoding"] = coding
                headers["content-length"] = str(len(body))
                message = {**message, "body": body}
            await send(held)
            await send(message)

        await self.app(scope, receive, send_compressed)
