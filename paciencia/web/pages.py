"""The HTML pages (Jinja2): home, the Crescent table, the rules; a language menu on each.

Each page's language comes from its URL (``/pt-PT/…``); ``/`` sends the browser to the
language its Accept-Language asks for.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from paciencia.engine.errors import InvalidCode, InvalidPosition, PacienciaError
from paciencia.i18n import LOCALES, Words, normalize_locale
from paciencia.web import api
from paciencia.web.lang import negotiate, request_words
from paciencia.web.store import GameNotFound
from paciencia.web.views import game_view
from paciencia.web.words import LANGUAGE_NAMES, say, ui_words

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")
router = APIRouter(include_in_schema=False)


def _json_block(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` data block."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def render(request: Request, template: str, lang: str, rest: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in ``lang``; ``rest`` is its path after the language, for the language menu."""
    words = Words(lang)
    return TEMPLATES.TemplateResponse(
        request,
        template,
        {
            "lang": lang,
            "ui": ui_words(lang),
            "words": words,
            "languages": [(loc, LANGUAGE_NAMES[loc]) for loc in LOCALES],
            "rest": rest,
            "static": f"/static/{request.app.state.asset_version}",
            "winnable_only": request.cookies.get(api.WINNABLE_COOKIE) == "1",
            **context,
        },
        status_code=status,
    )


def _lang(lang: str) -> str | None:
    return normalize_locale(lang)


def _canonical(request: Request, lang: str) -> Response | None:
    """A redirect to the canonical spelling of the language in the path, or a 404 page."""
    found = _lang(lang)
    if found is None:
        return not_found(request)
    if found != lang:
        path = "/" + found + request.url.path[len(lang) + 1 :]
        return RedirectResponse(path, status_code=308)
    return None


def not_found(request: Request) -> HTMLResponse:
    lang = request_words(request).locale
    return render(request, "not_found.html", lang, "/", status=404)


@router.get("/")
async def root(request: Request) -> Response:
    lang = negotiate(request.headers.get("accept-language"))
    return RedirectResponse(f"/{lang}/", status_code=307, headers={"vary": "Accept-Language"})


@router.get("/{lang}/")
async def home(lang: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    store = request.app.state.store
    latest = store.latest(request.state.player, "crescent")
    latest_klondike = store.latest(request.state.player, "klondike")
    return render(request, "home.html", lang, "/", latest=latest, latest_klondike=latest_klondike)


@router.get("/{lang}")
async def home_slash(lang: str, request: Request) -> Response:
    found = _lang(lang)
    return RedirectResponse(f"/{found}/", status_code=308) if found else not_found(request)


@router.get("/{lang}/crescent")
async def crescent(lang: str, request: Request) -> Response:
    """Resumes this browser's Crescent game, or deals a new one."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    game_id = request.app.state.store.latest(request.state.player, "crescent")
    if game_id is None:
        game_id = (await api.create(api.NewGame(), request)).id
    return RedirectResponse(f"/{lang}/crescent/{game_id}", status_code=303)


@router.post("/{lang}/crescent/new")
async def crescent_new(lang: str, request: Request) -> Response:
    """The no-script way to start a game from a code or a table text (the page's forms)."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    try:
        body = api.NewGame(code=form.get("code") or None, table=form.get("table") or None, replay=form.get("replay"))
        game = await api.create(body, request)
    except (PacienciaError, api.ApiError, GameNotFound, ValueError) as e:
        words = Words(lang)
        if isinstance(e, api.ApiError):
            message = say(words, e.key)
        elif isinstance(e, InvalidCode):
            message = f"{say(words, 'bad_code')} ({e})"
        elif isinstance(e, InvalidPosition):
            message = say(words, "bad_table", detail=str(e))
        elif isinstance(e, GameNotFound):
            message = say(words, "not_found")
        else:
            message = str(e)
        return render(request, "home.html", lang, "/", status=422, latest=None, error=message)
    return RedirectResponse(f"/{lang}/{game.game}/{game.id}", status_code=303)


@router.get("/{lang}/crescent/rules")
async def crescent_rules(lang: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    return render(request, f"rules/crescent.{lang}.html", lang, "/crescent/rules")


@router.get("/{lang}/crescent/{game_id}")
async def crescent_table(lang: str, game_id: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    saved = request.app.state.store.load(game_id, request.state.player)
    if saved.game != "crescent":
        return RedirectResponse(f"/{lang}/{saved.game}/{game_id}", status_code=303)
    view = game_view(saved, Words(lang))
    return render(
        request,
        "crescent.html",
        lang,
        f"/crescent/{game_id}",
        view=view,
        view_json=_json_block(view),
        ui_json=_json_block(ui_words(lang)),
    )


# -- Klondike ------------------------------------------------------------------------------------


@router.get("/{lang}/klondike")
async def klondike(lang: str, request: Request) -> Response:
    """Resumes this browser's Klondike game, or deals a new one (draw three)."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    game_id = request.app.state.store.latest(request.state.player, "klondike")
    if game_id is None:
        game_id = (await api.create(api.NewGame(game="klondike"), request)).id
    return RedirectResponse(f"/{lang}/klondike/{game_id}", status_code=303)


@router.post("/{lang}/klondike/new")
async def klondike_new(lang: str, request: Request) -> Response:
    """A new Klondike game from the home page's buttons (draw three or one) or a deal code."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    try:
        body = api.NewGame(game="klondike", code=form.get("code") or None, variant=form.get("variant") or None)
        game = await api.create(body, request)
    except (PacienciaError, api.ApiError, ValueError) as e:
        words = Words(lang)
        if isinstance(e, api.ApiError):
            message = say(words, e.key)
        elif isinstance(e, InvalidCode):
            message = f"{say(words, 'bad_code')} ({e})"
        else:
            message = str(e)
        return render(request, "home.html", lang, "/", status=422, latest=None, error=message)
    return RedirectResponse(f"/{lang}/{game.game}/{game.id}", status_code=303)


@router.get("/{lang}/klondike/rules")
async def klondike_rules(lang: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    return render(request, f"rules/klondike.{lang}.html", lang, "/klondike/rules")


@router.get("/{lang}/klondike/{game_id}")
async def klondike_table(lang: str, game_id: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    saved = request.app.state.store.load(game_id, request.state.player)
    if saved.game != "klondike":
        return RedirectResponse(f"/{lang}/{saved.game}/{game_id}", status_code=303)
    words = Words(lang)
    view = game_view(saved, words)
    # Card names for what the page says by itself (the run picker): every card of the deck.
    names = [words.card_name(c) for c in range(52)]
    return render(
        request,
        "klondike.html",
        lang,
        f"/klondike/{game_id}",
        view=view,
        view_json=_json_block(view),
        ui_json=_json_block({**ui_words(lang), "card_names": names}),
    )
