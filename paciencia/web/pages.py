"""The HTML pages (Jinja2): home, the Crescent table, the rules; a language menu on each.

Each page's language comes from its URL (``/pt-PT/…``); ``/`` sends the browser to the
language its Accept-Language asks for.
"""

from __future__ import annotations

import json
from collections.abc import Callable
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


# -- the two games' pages: the same steps, each game's route a thin call ----------------------------


async def _resume(lang: str, request: Request, game: str, new: api.NewGame) -> Response:
    """Resumes this browser's latest game of ``game``, or deals one from ``new``."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    game_id = request.app.state.store.latest(request.state.player, game)
    if game_id is None:
        game_id = (await api.create(new, request)).id
    return RedirectResponse(f"/{lang}/{game}/{game_id}", status_code=303)


def _form_error(words: Words, e: Exception) -> str:
    if isinstance(e, api.ApiError):
        return say(words, e.key)
    if isinstance(e, InvalidCode):
        return f"{say(words, 'bad_code')} ({e})"
    if isinstance(e, InvalidPosition):
        return say(words, "bad_table", detail=str(e))
    if isinstance(e, GameNotFound):
        return say(words, "not_found")
    return str(e)


async def _new_from_form(lang: str, request: Request, body: Callable[[dict[str, str]], api.NewGame]) -> Response:
    """A game from a no-script form (its fields made into a ``NewGame`` by ``body``); its table, or
    the home page with the error."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    try:
        game = await api.create(body(form), request)
    except (PacienciaError, api.ApiError, GameNotFound, ValueError) as e:
        message = _form_error(Words(lang), e)
        return render(request, "home.html", lang, "/", status=422, latest=None, error=message)
    return RedirectResponse(f"/{lang}/{game.game}/{game.id}", status_code=303)


def _rules(lang: str, request: Request, game: str) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    return render(request, f"rules/{game}.{lang}.html", lang, f"/{game}/rules")


def _table(
    lang: str,
    game_id: str,
    request: Request,
    game: str,
    ui_more: Callable[[Words], dict[str, Any]] = lambda words: {},
) -> Response:
    """The table of one of this browser's games; a game of the other kind goes to its own page."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    saved = request.app.state.store.load(game_id, request.state.player)
    if saved.game != game:
        return RedirectResponse(f"/{lang}/{saved.game}/{game_id}", status_code=303)
    words = Words(lang)
    view = game_view(saved, words)
    return render(
        request,
        f"{game}.html",
        lang,
        f"/{game}/{game_id}",
        view=view,
        view_json=_json_block(view),
        ui_json=_json_block({**ui_words(lang), **ui_more(words)}),
    )


# -- Crescent ------------------------------------------------------------------------------------


@router.get("/{lang}/crescent")
async def crescent(lang: str, request: Request) -> Response:
    """Resumes this browser's Crescent game, or deals a new one."""
    return await _resume(lang, request, "crescent", api.NewGame())


@router.post("/{lang}/crescent/new")
async def crescent_new(lang: str, request: Request) -> Response:
    """The no-script way to start a game from a code or a table text (the page's forms)."""
    return await _new_from_form(
        lang,
        request,
        lambda form: api.NewGame(
            code=form.get("code") or None, table=form.get("table") or None, replay=form.get("replay")
        ),
    )


@router.get("/{lang}/crescent/rules")
async def crescent_rules(lang: str, request: Request) -> Response:
    return _rules(lang, request, "crescent")


@router.get("/{lang}/crescent/{game_id}")
async def crescent_table(lang: str, game_id: str, request: Request) -> Response:
    return _table(lang, game_id, request, "crescent")


# -- Klondike ------------------------------------------------------------------------------------


@router.get("/{lang}/klondike")
async def klondike(lang: str, request: Request) -> Response:
    """Resumes this browser's Klondike game, or deals a new one (draw three)."""
    return await _resume(lang, request, "klondike", api.NewGame(game="klondike"))


@router.post("/{lang}/klondike/new")
async def klondike_new(lang: str, request: Request) -> Response:
    """A new Klondike game from the home page's buttons (draw three or one) or a deal code."""
    return await _new_from_form(
        lang,
        request,
        lambda form: api.NewGame(game="klondike", code=form.get("code") or None, variant=form.get("variant") or None),
    )


@router.get("/{lang}/klondike/rules")
async def klondike_rules(lang: str, request: Request) -> Response:
    return _rules(lang, request, "klondike")


@router.get("/{lang}/klondike/{game_id}")
async def klondike_table(lang: str, game_id: str, request: Request) -> Response:
    # Card names for what the page says by itself (the run picker): every card of the deck.
    return _table(
        lang, game_id, request, "klondike", lambda words: {"card_names": [words.card_name(c) for c in range(52)]}
    )
