"""Offline play, the server's part: the service worker, the engine's files for the browser, and
each game's record.

- ``/sw.js``: the service worker (``sw.js`` beside this file), served from the site's root so
  that it controls every page, with the list of the shell's assets made from the static mounts'
  own file lists (whatever serves ``/static/...`` says what it holds).
- ``/offline/manifest.json``: where the engine's files are. ``/offline/<hash>/engine.zip``: the
  project's pure Python engine, games, catalogs' reader and views, as the browser unpacks them
  into Pyodide (``play/`` as it is: it imports nothing of the site's stack);
  ``/offline/<hash>/words/<lang>.mo``: the page language's catalog, compiled (gettext's own
  format: the browser's ``Words`` reads it as the server's does, plural rule and contexts
  included).
- ``/offline/<versions>/table/<lang>/<game>``: ``game``'s table page for a new game offline (the
  versions: the site's assets' and the bundle's). The page keeps one of each game in its language,
  so that a game never played here, or a New game of the home page, opens offline: the view it
  carries is only the table's look (a deal of nobody's, ``NEW_GAME``); the page deals its own game
  on the device as it opens.
- ``/pyodide/<version>/<file>``: npm's ``pyodide`` (``offline/package.json`` pins it; installed
  by ``scripts/bootstrap`` when npm is there), its standard library cut to what the engine
  imports and each file compressed once (``http/offline_files.py``; the version names the cut
  too). Without it the site still works and the shell is still kept; only the offline engine
  is missing. The bundle and the catalogs are compressed once the same way.
- ``GET /api/games/{id}/record``: a game's record (start and moves), which the browser's engine
  replays. It names the deal, so it is given only where no card is hidden from the player (or
  the game is closed, or the player pasted the position): a game with hidden cards in play is
  played online, and one started offline deals in the browser.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import IntegrityError
from starlette.routing import Mount

from paciencia.games import REGISTRY
from paciencia.i18n import DEFAULT_LOCALE, LOCALES, Words, catalog_path, normalize_locale, vocabulary
from paciencia.offline.engine import OFFLINE_PREFIX, Offline
from paciencia.offline.standin import stand_in
from paciencia.play.disclosure import hide_unless_told
from paciencia.play.errors import GameNotFound, ServiceError
from paciencia.play.held import MAX_TOKENS
from paciencia.play.token import check_line, play_token
from paciencia.play.words import say
from paciencia.web.db.store import SavedGame, Store, starting_state
from paciencia.web.http.compress import accepted
from paciencia.web.http.lang import request_words
from paciencia.web.http.offline_files import (
    PYODIDE_FILES,
    Packed,
    bundle_files,
    packed,
    runtime_version,
    stored_zip,
)

router = APIRouter(include_in_schema=False)

SW_SOURCE = Path(__file__).parents[1] / "sw.js"
IMMUTABLE = "public, max-age=31536000, immutable"


@cache
def engine_zip() -> bytes:
    """The engine's bundle, made once (stored: it is compressed as a whole on the way): its bytes
    are the same for the same sources."""
    return stored_zip(sorted(bundle_files().items()))


@cache
def catalog_mo(locale: str) -> bytes:
    """The locale's words as one gettext ``.mo``: the site's catalog and each game's, merged in
    the order ``translations`` falls back through them (empty for English, the source)."""
    if locale == DEFAULT_LOCALE:
        return b""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = None
    for folder in vocabulary().catalogs:
        path = catalog_path(folder, locale)
        if not path.exists():
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=locale.replace("-", "_"))
        if merged is None:
            merged = catalog
            continue
        for message in catalog:  # a later catalog's words where the earlier ones have none
            found = merged.get(message.id, message.context) if message.id else message
            if found is None or not found.string:
                merged[message.id] = message
    buf = io.BytesIO()
    if merged is not None:
        write_mo(buf, merged)
    return buf.getvalue()


@cache
def bundle_version() -> str:
    """A hash of the engine's bundle and the catalogs: their URLs change when they do."""
    digest = hashlib.sha256(engine_zip())
    for folder in vocabulary().catalogs:
        for po in sorted(folder.rglob("*.po")):
            digest.update(po.read_bytes())
    return digest.hexdigest()[:10]


def sent(request: Request, packed: Packed, media_type: str) -> Response:
    """``packed`` as the client takes it (brotli once made, else gzip), cached for good."""
    body, coding = packed.answer(accepted(request.headers.get("accept-encoding", "")))
    headers = {"cache-control": IMMUTABLE, "vary": "Accept-Encoding"}
    if coding:
        headers["content-encoding"] = coding
    return Response(body, media_type=media_type, headers=headers)


def shell_assets(request: Request) -> list[str]:
    """Every file the site's static mounts serve, by URL: the shell the service worker keeps."""
    urls: list[str] = []
    for route in request.app.routes:
        files = getattr(getattr(route, "app", None), "files", None)
        if isinstance(route, Mount) and isinstance(files, dict):
            urls.extend(route.path + name for name in sorted(files))
    return urls


def engine_urls(assets: str) -> dict[str, Any]:
    """Where the browser finds the engine's files (``available``: Pyodide is installed), and each
    registered game's table for a new game offline (``tables`` + ``<lang>/<game>``)."""
    version = bundle_version()
    pyodide = runtime_version()
    base = f"/pyodide/{pyodide}/" if pyodide else None
    return {
        "available": base is not None,
        "pyodide": base,
        "pyodide_files": [base + name for name in PYODIDE_FILES] if base else [],
        "engine": f"/offline/{version}/engine.zip",
        "words": f"/offline/{version}/words/",
        "tables": f"/offline/{assets}-{version}/table/",
        "games": list(REGISTRY),
        "new_game": NEW_GAME,
    }


NEW_GAME = OFFLINE_PREFIX + "new"
"""The id of the view a new game's table page carries (``new_table``): the page deals as it opens."""


@router.get("/sw.js")
async def service_worker(request: Request) -> Response:
    head = {
        "version": request.app.state.asset_version + "-" + bundle_version(),
        "assets": shell_assets(request),
        "words": offline_words(),
    }
    body = f"const SHELL = {json.dumps(head, separators=(',', ':'))};\n" + SW_SOURCE.read_text(encoding="utf-8")
    # Never from the HTTP cache: a new version of the site reaches the worker on the next visit.
    return Response(body, media_type="text/javascript", headers={"cache-control": "no-cache"})


@cache
def offline_words() -> dict[str, dict[str, str]]:
    """What a page never kept says offline, in every language (sw.js's ``needsServer``): a page
    asked in a language whose pages this device never kept speaks it too (about 1 KB)."""
    return {
        lang: {"site": say(Words(lang), "site"), "needs": say(Words(lang), "offline_needs_server")} for lang in LOCALES
    }


@router.get("/offline/manifest.json")
async def manifest(request: Request) -> Response:
    body = json.dumps(engine_urls(request.app.state.asset_version))
    return Response(body, media_type="application/json", headers={"cache-control": "no-cache"})


@router.get("/offline/{versions}/table/{lang}/{game}")
async def new_table(versions: str, lang: str, game: str, request: Request) -> Response:
    """``game``'s table page for a new game offline, in ``lang``: the view of a deal of nobody's
    (made as the device makes a new game, never stored), under the id ``NEW_GAME``."""
    from paciencia.web.routes.pages import table_page  # the pages' module includes this router

    if versions != f"{request.app.state.asset_version}-{bundle_version()}" or game not in REGISTRY:
        return Response(status_code=404)
    if normalize_locale(lang) != lang:
        return Response(status_code=404)
    words = Words(lang)
    view = await run_in_threadpool(lambda: Offline().create({"game": game}).view(words, False))
    view["id"] = NEW_GAME
    page = table_page(request, lang, game, view)
    page.headers["cache-control"] = "private, no-cache"
    return page


@router.get("/offline/{version}/engine.zip")
async def engine_bundle(version: str, request: Request) -> Response:
    if version != bundle_version():
        return Response(status_code=404)
    found = await run_in_threadpool(lambda: packed("engine.zip", engine_zip()))
    return sent(request, found, "application/zip")


@router.get("/offline/{version}/words/{locale}.mo")
async def words_catalog(version: str, locale: str, request: Request) -> Response:
    found = normalize_locale(locale)
    if version != bundle_version() or found is None or found != locale:
        return Response(status_code=404)
    body = await run_in_threadpool(lambda: packed(f"words/{found}.mo", catalog_mo(found)))
    return sent(request, body, "application/octet-stream")


@router.get("/pyodide/{version}/{name}")
async def pyodide(version: str, name: str, request: Request) -> Response:
    if name not in PYODIDE_FILES or version != await run_in_threadpool(runtime_version):
        return Response(status_code=404)
    found = await run_in_threadpool(packed, name)
    return sent(request, found, PYODIDE_FILES[name])


async def _players_game(request: Request, game_id: str, answer: Callable[[Any, str, str], dict[str, Any]]) -> Response:
    """``answer(store, game_id, player)`` off the event loop, as JSON; a new player has no games."""
    if request.state.new_player:
        raise GameNotFound(game_id)
    found = await run_in_threadpool(answer, request.app.state.store, game_id, request.state.player)
    return Response(json.dumps(found, ensure_ascii=False), media_type="application/json")


@router.get("/api/games/{game_id}/record")
async def record(game_id: str, request: Request) -> Response:
    """The game's record, for the browser's engine to replay offline: its start, its moves, and
    the figures the view takes from the store (its clock, whether it is over or left)."""
    return await _players_game(request, game_id, _record)


def _record(store: Any, game_id: str, player: str) -> dict[str, Any]:
    with store.lock(game_id):  # not while a move is half made
        saved = store.load(game_id, player)
        hide_unless_told(saved, store.replayed(saved))  # the record names the deal
        return {
            "id": saved.id,
            "game": saved.game,
            "start_kind": saved.start_kind,
            "start": saved.start,
            "tokens": list(saved.tokens),
            "started": saved.started,
            "ended": saved.ended,
            "winnable": saved.winnable,
            "left": saved.left,
            "closed": saved.closed,
        }


@router.get("/api/games/{game_id}/standin")
async def standin(game_id: str, request: Request) -> Response:
    """A stand-in for the game to play offline where its record stays here (``offline/standin.py``):
    the position the player sees, its unseen cards a completion of what they know. ``version``:
    the game's version it stands for (the page plays it offline only from there)."""
    return await _players_game(request, game_id, _standin)


def _standin(store: Any, game_id: str, player: str) -> dict[str, Any]:
    with store.lock(game_id):
        saved = store.load(game_id, player)
        start, tokens, version = starting_state(saved.start_kind, saved.start), list(saved.tokens), saved.version
        if saved.closed:
            error = "game_left" if saved.left else "game_over"
            raise ServiceError(409, error, error)
    found = stand_in(start, tokens)
    if found is None:
        raise ServiceError(409, "no_standin", "offline_not_kept")
    return {
        "id": game_id,
        "game": saved.game,
        "standin": True,
        "version": version,
        "start_kind": "text",
        "start": found.start,
        "tokens": list(found.tokens),
        "started": saved.started,
        "ended": None,
        "winnable": False,
        "left": False,
        "closed": False,
    }


# -- back online: the offline moves sent ---------------------------------------------------------


class OfflineLine(BaseModel):
    """A line played offline: on one of the player's games (``id``, whose record the server had
    up to ``base`` moves), or on a game started offline (``id`` null: its start given)."""

    model_config = ConfigDict(extra="forbid")
    id: str | None = Field(default=None, max_length=64)
    start_kind: Literal["code", "text"] = "code"
    start: str = Field(default="", max_length=8000)
    base: int = Field(default=0, ge=0)
    tokens: list[Annotated[str, Field(min_length=1, max_length=12)]] = Field(max_length=MAX_TOKENS)
    line: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    started: float | None = Field(
        default=None,
        ge=0,
        allow_inf_nan=False,
        description="When the line's game was first moved (the browser's clock)",
    )
    ended: float | None = Field(
        default=None, ge=0, allow_inf_nan=False, description="When it ended, if it did (the browser's clock)"
    )
    standin_for: str | None = Field(
        default=None, max_length=64, description="The game a line started offline stood in for (its stand-in's)"
    )

    @field_validator("started", "ended")
    @classmethod
    def _a_time_that_was(cls, value: float | None) -> float | None:
        # A time to come is no time a game was played (NaN, refused above, was stored as NULL:
        # a win in no time). A device's clock set a little ahead is clamped by keep_clock.
        if value is not None and value > time.time() + CLOCK_AHEAD:
            raise ValueError("a time still to come")
        return value


CLOCK_AHEAD = 24 * 3600
"""How far ahead of the server's clock a device's may be (a clock set wrong) before its times are refused."""


OLDEST_LINE = 30 * 24 * 3600
"""How far back an offline line's clock may go (seconds): past it, the browser's word is not taken."""


def keep_clock(store: Store, saved: SavedGame, body: OfflineLine, moved_offline: bool) -> SavedGame:
    """The game's clock as the browser kept it offline, where the server's own is not there:
    when the game was first moved offline (``moved_offline``), and when it ended. The server
    replayed the line just now, so its own clock would say the game took no time at all (and a
    win would be the fastest ever). The browser's word is bounded: not before the game was made
    (for a line started offline: not older than ``OLDEST_LINE``), not after now."""
    now = time.time()
    low = saved.created if body.id is not None and not body.id.startswith(OFFLINE_PREFIX) else now - OLDEST_LINE
    started, ended = saved.started, saved.ended
    if moved_offline and body.started is not None and saved.started is not None:
        started = min(max(body.started, low), saved.started)
    if saved.ended is not None and body.ended is not None and started is not None:
        ended = min(max(body.ended, started), saved.ended)
    # Marked even where the clock stays the server's: the line's moves came at once, and the
    # daily comparison leaves the game out (daily.standing).
    store.offline_clock(saved, started, ended)
    return saved


def line_id(player: str, line: str) -> str:
    """The id a line kept as its own game is stored under: the same for the same line of the
    same player, so that a line sent twice (an answer lost on the way) makes one game."""
    digest = hashlib.sha256(f"offline:{player}:{line}".encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def take_line(store: Store, player: str, body: OfflineLine) -> tuple[SavedGame, bool]:
    """Plays an offline line on the server: onto its game, move by move as it was played, when
    the game still stands where the line left it; else as a game of its own from the same start
    (``True``: kept apart). The whole line is checked before any of it is stored, so nothing
    changes when a move is refused (``LineRefused``: its number, the move, why).

    The line is checked on what the device was shown, never on unseen cards: onto one of the
    player's games only where the disclosure rule tells that game's deal (the device had its
    record); otherwise the device played a stand-in, whose line comes as a start of its own
    (``start_kind`` text), or a deal it dealt itself (its code): its own cards either way."""
    if body.id is not None and not body.id.startswith(OFFLINE_PREFIX):
        with store.lock(body.id):
            saved = store.load(body.id, player)
            if saved.tokens == body.tokens:
                return saved, False  # sent already
            hide_unless_told(saved, store.replayed(saved))
            kind, start = saved.start_kind, saved.start
            if not saved.closed and saved.version == body.base and saved.tokens == body.tokens[: body.base]:
                check_line(saved.state, body.tokens[body.base :], body.base)
                first = saved.started is None
                for n, token in enumerate(body.tokens[body.base :], body.base):
                    with store.held(body.id, player, n) as saved:
                        play_token(store, saved, token)
                return keep_clock(store, saved, body, first), False
    else:
        kind, start = body.start_kind, body.start
    state = starting_state(kind, start)
    kind, start = ("code", str(state.code)) if kind == "code" else ("text", state.to_text())
    check_line(state, body.tokens)
    state.play_all(body.tokens)
    game_id = line_id(player, body.line)
    try:
        kept = store.load(game_id, player)
        if not (len(kept.tokens) < len(body.tokens) and kept.tokens == body.tokens[: len(kept.tokens)]):
            return kept, True  # sent already
        # else a write cut short (``Store.create`` writes a line in chunks): taken up below
    except GameNotFound:
        pass
    try:
        saved = store.create(player, kind, start, state, "offline", body.tokens, game_id=game_id)
        return keep_clock(store, saved, body, True), True
    except IntegrityError:  # the same line, sent twice at once
        return store.load(game_id, player), True


@router.post("/api/offline")
async def offline_line(body: OfflineLine, request: Request) -> Response:
    """Takes a line played offline: ``{game, kept_apart, message}``, the game's view (its own
    game's when it was kept apart, and the message then says so)."""
    if request.state.new_player:
        raise GameNotFound(body.id or "")
    store: Store = request.app.state.store
    games = request.app.state.games
    words = request_words(request)
    player = request.state.player
    # Before any of the line is replayed or stored: its moves from the player's and the
    # address's hour (429), or 413 for a line longer than any hour gives.
    address = request.client.host if request.client else "?"
    await run_in_threadpool(games.admission.line, player, address, len(body.tokens))
    saved, apart = await run_in_threadpool(take_line, store, player, body)
    view = await run_in_threadpool(games.view, saved.id, player, words)
    if apart and body.id and not body.id.startswith(OFFLINE_PREFIX):
        message = say(words, "offline_kept_apart")
    elif body.standin_for:
        message = say(words, "offline_standin_kept")
    else:
        message = ""
    return Response(
        json.dumps({"game": view, "kept_apart": apart, "message": message}, ensure_ascii=False),
        media_type="application/json",
    )
