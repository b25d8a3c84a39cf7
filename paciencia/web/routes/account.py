"""A player's record on every device (issue 43): one-time link codes, joining with one, the
player's devices (``service/devices.py``), and the whole record out and in (``service/record.py``).
Thin handlers: the work is the services', off the event loop; a route that makes this browser
another player, or names its device, hands the player cookie middleware the cookie to set."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from paciencia.play.words import say
from paciencia.web.http.lang import request_words
from paciencia.web.routes.api import ERRORS, address_of, answer, player_of
from paciencia.web.service import record
from paciencia.web.service.devices import CODE_SECONDS, Devices, qr_svg

router = APIRouter(prefix="/api", tags=["devices"])


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(min_length=1, max_length=200, description="The words the other device shows, as typed")


def devices_of(request: Request) -> Devices:
    found: Devices = request.app.state.devices
    return found


def device_of(request: Request) -> str | None:
    """The device this browser's cookie names (None: a cookie without one)."""
    found: str | None = request.state.device
    return found


def set_player(request: Request, player: str, device: str) -> None:
    """This browser's cookie, from this answer on: ``player`` on its device ``device``."""
    request.state.player_cookie = request.app.state.players.cookie(player, device)


def join_url(request: Request, lang: str, slug: str) -> str:
    """Where the other device types the code: the devices page, the code filled in."""
    return f"{str(request.base_url).rstrip('/')}/{lang}/devices?code={slug}"


async def make_code(request: Request) -> dict[str, Any]:
    """A new one-time code for this player (this browser made one of its devices)."""
    words = request_words(request)
    player, device = player_of(request), device_of(request)
    agent = request.headers.get("user-agent", "")
    code, this = await run_in_threadpool(
        devices_of(request).link, player, device, address_of(request), words.locale, agent
    )
    if this != device:
        set_player(request, player, this)
    url = join_url(request, words.locale, code.slug)
    return {
        "code": code.text,
        "expires": code.expires,
        "seconds": CODE_SECONDS,
        "url": url,
        "qr": await run_in_threadpool(qr_svg, url),
    }


async def join_with(request: Request, typed: str) -> tuple[dict[str, Any], str, str]:
    """Makes this browser the player whose code was typed: the answer, that player and this
    browser's device of theirs."""
    player, device = player_of(request), device_of(request)
    agent = request.headers.get("user-agent", "")
    owner, this, moved = await run_in_threadpool(
        devices_of(request).join, player, device, address_of(request), typed, agent
    )
    set_player(request, owner, this)
    message = say(request_words(request), "join_done", count=moved)
    return {"joined": True, "games": moved, "device": this, "message": message}, owner, this


@router.post("/devices/link", responses=ERRORS)
async def link_device(request: Request) -> Response:
    """A one-time code that makes another browser this player: ``{"code", "expires", "url",
    "qr"}``, four words in the page's language (and the same as a QR code of ``url``, an SVG),
    valid ten minutes and once; this player's earlier code no longer works. Rate-limited per
    player and address (429 ``too_many_links``)."""
    return answer(await make_code(request))


@router.post("/devices/join", responses=ERRORS)
async def join_device(body: JoinIn, request: Request) -> Response:
    """Makes this browser the player whose code is typed (accents, case and punctuation aside):
    this browser's games (and its other linked devices) go to that player, nothing is lost. 404
    ``link_unknown`` for a code not known (expired, used, burnt after its tries, mistyped: one
    answer), 409 ``link_self``, 429 ``too_many_joins`` past the player's or the address's tries."""
    return answer((await join_with(request, body.code))[0])


@router.get("/devices", responses=ERRORS)
async def list_devices(request: Request) -> Response:
    """This player's linked browsers (``id``, ``label``, ``created``, ``seen``, ``this``): none
    until a code was made."""
    found = await run_in_threadpool(devices_of(request).listed, player_of(request), device_of(request))
    return answer(found)


@router.delete("/devices/{device_id}", responses=ERRORS)
async def remove_device(device_id: str, request: Request) -> Response:
    """Removes one of this player's devices: its browser is a new player from its next request
    (its games stay this player's). 404 ``no_device`` for one not this player's."""
    player, this = player_of(request), device_of(request)
    return answer(await run_in_threadpool(devices_of(request).remove, player, device_id, address_of(request), this))


# -- the whole record, out and in ------------------------------------------------------------------


@router.get("/export", responses=ERRORS)
async def export_record(request: Request) -> Response:
    """This player's whole record as one JSON file: every game with a move made (its start, its
    moves, its clock, how it started and ended) and the handle. A game whose deal still hides
    cards from the player (in play, replayed, a running challenge) is written as its stand-in,
    as offline play carries it (``standin``: true); ``withheld`` counts those without one."""
    games = request.app.state.games
    player, address = player_of(request), address_of(request)
    await run_in_threadpool(games.admission.heavy, player, address)
    found = await run_in_threadpool(record.export, request.app.state.store, request.app.state.accounts, player)
    response = answer(found)
    response.headers["content-disposition"] = 'attachment; filename="paciencia-record.json"'
    return response


@router.post("/import", responses=ERRORS)
async def import_record(body: record.RecordIn, request: Request) -> Response:
    """Brings in a record made by ``GET /api/export`` on a site of this software, or a part of
    one (``first``: its first game's number in the file, for the words): every game is replayed
    and checked before any is kept, as an offline line is (422 ``import_refused`` names the game
    and why; 413 and 429 as for an offline line's moves); kept as this player's games, counted in
    the statistics and in no ranking; a game brought in already is not brought in again."""
    games = request.app.state.games
    player, address = player_of(request), address_of(request)
    words = request_words(request)
    found = await run_in_threadpool(
        record.bring_in,
        request.app.state.store,
        request.app.state.accounts,
        games.admission,
        player,
        address,
        body,
        words,
    )
    return answer(found)
