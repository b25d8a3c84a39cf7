"""Phones on slow networks: pages, JSON answers and static files come gzipped to a client that
accepts it, and as they are to one that does not, with ``Vary: Accept-Encoding``; the board's
markup comes inside the first round trip.

A real server on a loopback port, read with urllib (which never decodes a body by itself), so
that the bytes counted are the bytes sent."""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest

from paciencia.web.http.compress import accepted, accepts_gzip
from tests.browser.conftest import LiveServer

FIRST_TRIP = 14_600
SERVER_HEADERS = 64  # what uvicorn adds to the site's own headers (date, server), and the status line


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("compressed") / "games.sqlite3")
    server.start()
    yield server
    server.stop()


class Answer:
    def __init__(self, status: int, headers: dict[str, str], raw: bytes, head_size: int) -> None:
        self.status, self.headers, self.raw, self.head_size = status, headers, raw, head_size

    @property
    def body(self) -> bytes:
        coding = self.headers.get("content-encoding")
        if coding == "br":
            return bytes(brotli.decompress(self.raw))
        return gzip.decompress(self.raw) if coding == "gzip" else self.raw


def get(url: str, encoding: str | None, cookie: str = "", method: str = "GET", data: bytes | None = None) -> Answer:
    headers = {"Cookie": cookie} if cookie else {}
    if encoding is not None:
        headers["Accept-Encoding"] = encoding
    if data is not None:
        headers["Content-Type"] = "application/json"
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers, method=method)) as res:
        raw = res.read()
        pairs = list(res.headers.items())
        head = sum(len(k) + len(v) + 4 for k, v in pairs) + SERVER_HEADERS
        found = {k.lower(): v for k, v in pairs}
        return Answer(res.status, found, raw, head)


def new_game(site: LiveServer, game: str) -> tuple[str, str]:
    """A new player's game of ``game``: its table's path and the player's cookie."""
    body = json.dumps({"game": game}).encode()
    json_type = {"Content-Type": "application/json"}
    res = urllib.request.urlopen(urllib.request.Request(site.url + "/api/games", data=body, headers=json_type))
    cookie = res.headers["Set-Cookie"].split(";")[0]
    view = json.loads(res.read())
    return f"/en/{game}/{view['id']}", cookie


def paths(site: LiveServer) -> list[tuple[str, str]]:
    """One of each kind of answer: a page, a JSON answer, a script, a stylesheet, an image."""
    path, cookie = new_game(site, "klondike")
    page = get(site.url + path, None, cookie).body.decode()
    static = re.search(r'/static/[^/"]+/', page)
    assert static
    root = static.group(0)
    game = path.rsplit("/", 1)[1]
    return [
        (path, cookie),
        (f"/api/games/{game}", cookie),
        (root + "js/render.js", ""),
        (root + "css/site.css", ""),
        (root + "img/court-k.svg", ""),
    ]


ACCEPTING: list[str | None] = ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8, *;q=0.1", "*"]
REFUSING: list[str | None] = [None, "identity", "br", "gzip;q=0", "*;q=0", "deflate, gzip;q=0"]
ENCODING: dict[str | None, str | None] = {
    # What the answer comes in: brotli where it is taken, else gzip, else nothing.
    "gzip": "gzip",
    "gzip, deflate, br": "br",
    "br;q=1.0, gzip;q=0.8, *;q=0.1": "br",
    "*": "br",
    "br": "br",
    "br;q=0, gzip": "gzip",
    "gzip;q=0, br": "br",
    None: None,
    "identity": None,
    "gzip;q=0": None,
    "*;q=0": None,
    "deflate, gzip;q=0": None,
}


@pytest.mark.parametrize("header", ACCEPTING + REFUSING)
def test_the_accept_encoding_header_is_read_as_written(header: str | None) -> None:
    assert accepts_gzip(header or "") is (header in ACCEPTING)


@pytest.mark.parametrize("header", list(ENCODING))
def test_brotli_comes_first_where_it_is_taken(header: str | None) -> None:
    found = accepted(header or "")
    assert ("br" if "br" in found else "gzip" if "gzip" in found else None) == ENCODING[header]


def test_compressed_when_accepted_and_plain_otherwise(site: LiveServer) -> None:
    for path, cookie in paths(site):
        plain = get(site.url + path, "identity", cookie)
        assert plain.status == 200, path
        assert "content-encoding" not in plain.headers, path
        assert "accept-encoding" in plain.headers.get("vary", "").lower(), path
        for header in (h for h, coding in ENCODING.items() if coding):
            packed = get(site.url + path, header, cookie)
            assert packed.headers.get("content-encoding") == ENCODING[header], (path, header)
            assert "accept-encoding" in packed.headers["vary"].lower(), path
            assert int(packed.headers["content-length"]) == len(packed.raw) < len(plain.raw), path
            assert packed.body == plain.raw or path.startswith("/en/"), path  # a page's clock and tokens may differ
            assert packed.headers["content-type"] == plain.headers["content-type"], path
        for refusing in (h for h, coding in ENCODING.items() if not coding):
            assert "content-encoding" not in get(site.url + path, refusing, cookie).headers, (path, refusing)


def test_a_move_answer_is_compressed_too(site: LiveServer) -> None:
    path, cookie = new_game(site, "klondike")
    game = path.rsplit("/", 1)[1]
    move = json.dumps({"move": "D", "version": 0}).encode()
    packed = get(site.url + f"/api/games/{game}/moves", "gzip", cookie, "POST", move)
    assert packed.status == 200 and packed.headers["content-encoding"] == "gzip"
    assert json.loads(packed.body)["moves"] == 1
    move = json.dumps({"move": "D", "version": 1}).encode()
    packed = get(site.url + f"/api/games/{game}/moves", "br, gzip", cookie, "POST", move)
    assert packed.status == 200 and packed.headers["content-encoding"] == "br"
    assert json.loads(packed.body)["moves"] == 2


def test_small_and_binary_answers_are_left_as_they_are(site: LiveServer) -> None:
    root = re.search(r'/static/[^/"]+/', get(site.url + "/en/", None).body.decode())
    assert root
    png = get(site.url + root.group(0) + "img/icon-192.png", "gzip")
    assert png.status == 200 and "content-encoding" not in png.headers
    assert png.raw == (Path(__file__).parents[2] / "paciencia/web/static/img/icon-192.png").read_bytes()


@pytest.mark.parametrize("game", ["crescent", "klondike"])
def test_the_board_comes_in_the_first_round_trip(site: LiveServer, game: str) -> None:
    """The board's markup (``#board``'s section) ends within the first 14.6 KB of the answer
    (headers counted), compressed as a streaming gzip sends it (brotli's is smaller still). (What
    a whole first visit moves is counted in real Chromium: tests/browser/test_page_weight.py.)"""
    path, cookie = new_game(site, game)
    page = get(site.url + path, "gzip, deflate", cookie)
    assert page.headers["content-encoding"] == "gzip"
    raw = page.body
    end = raw.index(b"</section>", raw.index(b'id="board"')) + len(b"</section>")
    z = zlib.compressobj(6, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    upto = len(z.compress(raw[:end]) + z.flush(zlib.Z_SYNC_FLUSH)) + page.head_size
    assert upto <= FIRST_TRIP, f"the board's markup ends {upto} B into the answer"
