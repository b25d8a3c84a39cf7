"""The connection guard: uvicorn's HTTP protocol with deadlines and connection caps.

uvicorn closes an idle kept-alive connection, but a connection that sends its headers (or its
body) a byte at a time is kept for ever, and every open connection holds a file descriptor:
enough of them from one address stopped every other request. So each process:

- closes a connection whose request headers are not complete ``header_timeout`` seconds after
  it opened (or after the first byte of its next request), answering 408;
- closes one whose body is not complete ``body_timeout`` seconds after its headers, answering
  408 ``too_slow`` in the request's language when nothing was answered yet;
- refuses a connection past ``max_connections`` open ones, or past ``per_address`` from one
  address, with 503 and closes it at once (no request is read from it).

The figures come from the environment (``PACIENCIA_HEADER_TIMEOUT`` …), so that every worker
process of ``paciencia serve --workers N`` has the same; each process counts its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
from collections import Counter
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, cast

from starlette.requests import Request
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from paciencia.play.words import say
from paciencia.web.http.lang import request_words

RESERVED_FILES = 100
"""File descriptors kept for the database, the logs and the solvers, whatever the cap."""


def env_figure(name: str, default: float) -> float:
    raw = os.environ.get(name, "")
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if value > 0 else default


def open_files_limit() -> int:
    """Raises this process's limit of open files to the most it may have; that limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


@dataclass(frozen=True, slots=True)
class Limits:
    header_timeout: float = 10.0
    body_timeout: float = 20.0
    max_connections: int = 2000
    per_address: int = 100

    @classmethod
    def from_environment(cls) -> Limits:
        d = cls()
        most = max(10, open_files_limit() - RESERVED_FILES)
        return cls(
            header_timeout=env_figure("PACIENCIA_HEADER_TIMEOUT", d.header_timeout),
            body_timeout=env_figure("PACIENCIA_BODY_TIMEOUT", d.body_timeout),
            max_connections=min(most, int(env_figure("PACIENCIA_MAX_CONNECTIONS", d.max_connections))),
            per_address=int(env_figure("PACIENCIA_MAX_CONNECTIONS_PER_ADDRESS", d.per_address)),
        )


LIMITS: Limits | None = None
OPEN: Counter[str] = Counter()
"""Open connections per client address, in this process (one event loop: no lock needed)."""

REFUSED = b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 5\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
HEADERS_TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


def limits() -> Limits:
    global LIMITS
    if LIMITS is None:
        LIMITS = Limits.from_environment()
    return LIMITS


class GuardedHttp(HttpToolsProtocol):
    """``HttpToolsProtocol`` with a deadline per request phase and the connection caps."""

    address: str | None = None
    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        found = limits()
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if len(self.connections) >= found.max_connections or OPEN[address] >= found.per_address:
            transport.write(REFUSED)
            transport.close()
            return
        OPEN[address] += 1
        self.address = address
        super().connection_made(transport)
        self._arm(found.header_timeout, self._headers_late)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:  # refused: nothing was counted or set up
            return
        self._disarm()
        OPEN[self.address] -= 1
        if OPEN[self.address] <= 0:
            del OPEN[self.address]
        self.address = None
        super().connection_lost(exc)

    def _arm(self, seconds: float, then: object) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(seconds, then)  # type: ignore[arg-type]

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    # The parser's callbacks mark the phases of each request.
    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.deadline is None:  # the next request on a kept-alive connection
            self._arm(limits().header_timeout, self._headers_late)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._arm(limits().body_timeout, self._body_late)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _headers_late(self) -> None:
        self.deadline = None
        if not self.transport.is_closing():
            self.transport.write(HEADERS_TIMED_OUT)
            self.transport.close()

    def _body_late(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            words = request_words(Request(cast("MutableMapping[str, Any]", self.scope)))
            body = json.dumps({"error": "too_slow", "message": say(words, "too_slow")}, ensure_ascii=False).encode()
            head = (
                b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
            )
            self.transport.write(head + body)
        if cycle is not None:
            # The app waiting for the rest of the body hears that the client is gone, and
            # whatever it answers now is dropped: the 408 was the answer.
            cycle.disconnected = True
            cycle.message_event.set()
        self.transport.close()
