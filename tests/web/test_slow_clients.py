"""Slow and greedy clients against a real ``paciencia serve`` on loopback, with real sockets:
connections whose headers or body do not arrive in time are closed (a body with a 408 in the
request's language), connections past the per-address cap are refused at once, and an ordinary
client is answered all along."""

from __future__ import annotations

import json
import selectors
import socket
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from paciencia.i18n import Words
from paciencia.play.words import say
from tests.postgres import free_port
from tests.web.test_servers import serve_process

TIMEOUT = 2  # seconds, the server's header and body deadlines in this test
PER_ADDRESS = 60
ATTACKER = "127.0.0.2"  # all of 127/8 is loopback: the slow clients come from an address of their own


@contextmanager
def server(tmp_path: Path, **env: str) -> Iterator[int]:
    port = free_port()
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with serve_process(port, database, tmp_path / "server.log", **env):
        yield port


def connect(port: int, first: bytes) -> socket.socket:
    sock = socket.socket()
    sock.bind((ATTACKER, 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(first)
    sock.setblocking(False)
    return sock


def read_until_closed(socks: list[socket.socket], seconds: float, trickle: list[socket.socket]) -> dict[int, bytes]:
    """What each socket received, once every one was closed by the server (or the bound passed);
    the ``trickle`` ones send a header byte now and then meanwhile, as a slowloris does."""
    got: dict[int, bytes] = {s.fileno(): b"" for s in socks}
    closed: set[int] = set()
    sel = selectors.DefaultSelector()
    for s in socks:
        sel.register(s, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    next_byte = time.monotonic()
    while len(closed) < len(socks) and time.monotonic() < deadline:
        for key, _ in sel.select(timeout=0.2):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                data = b""
            if data:
                got[sock.fileno()] += data
            else:
                closed.add(sock.fileno())
                sel.unregister(sock)
        if time.monotonic() >= next_byte:
            next_byte += 0.3
            for s in trickle:
                if s.fileno() not in closed:
                    with suppress(OSError):
                        s.send(b"x")
    open_left = len(socks) - len(closed)
    assert open_left == 0, f"{open_left} slow connections still open after {seconds} s"
    return got


def ordinary_get(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=10) as res:
        return int(res.status)


def test_slow_headers_and_bodies_are_closed_and_one_address_cannot_take_every_connection(tmp_path: Path) -> None:
    env = {
        "PACIENCIA_HEADER_TIMEOUT": str(TIMEOUT),
        "PACIENCIA_BODY_TIMEOUT": str(TIMEOUT),
        "PACIENCIA_MAX_CONNECTIONS_PER_ADDRESS": str(PER_ADDRESS),
    }
    with server(tmp_path, **env) as port:
        started = time.monotonic()
        heads = [connect(port, b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") for _ in range(PER_ADDRESS // 2)]
        body_start = (
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Accept-Language: pt-PT\r\nContent-Length: 200\r\n\r\n{"
        )
        bodies = [connect(port, body_start) for _ in range(PER_ADDRESS // 2)]
        # The address has its share: more connections from it are refused at once...
        extra = [connect(port, b"") for _ in range(20)]
        refused = read_until_closed(extra, 30, [])
        assert all(answer.startswith(b"HTTP/1.1 503") for answer in refused.values()), refused
        # ...while another address is answered, the slow ones still open.
        assert ordinary_get(port) == 200
        got = read_until_closed(heads + bodies, TIMEOUT + 60, heads[:10])
        assert time.monotonic() - started < TIMEOUT + 60
        assert ordinary_get(port) == 200
    for s in heads:
        assert got[s.fileno()].startswith(b"HTTP/1.1 408"), got[s.fileno()]
    expected = say(Words("pt-PT"), "too_slow")
    for s in bodies:
        head, _, body = got[s.fileno()].partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408"), head
        assert json.loads(body) == {"error": "too_slow", "message": expected}
    for s in heads + bodies + extra:
        s.close()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log[:4000]


HANG_UPS = [
    # a form's body cut short (the no-script new-game form reads it itself)
    b"POST /en/klondike/new HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncode=",
    # a JSON body cut short
    b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    # a whole request, then gone before the answer
    b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
]


def test_clients_hanging_up_mid_request_log_nothing(tmp_path: Path) -> None:
    with server(tmp_path) as port:
        for i in range(50):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(HANG_UPS[i % len(HANG_UPS)])
            sock.close()
        # Hung up and forgotten: the server answers the next client, and has said nothing.
        wait = time.monotonic() + 60
        while ordinary_get(port) != 200 and time.monotonic() < wait:
            time.sleep(0.1)
        # The last hang-up was handled before this request's answer: read the log after one more.
        assert ordinary_get(port) == 200
    lines = (tmp_path / "server.log").read_text().splitlines()
    said = ("paciencia: playing at", "paciencia: opening the database")  # the start-up's own lines
    assert [line for line in lines if not line.startswith(said)] == []
