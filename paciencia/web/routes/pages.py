"""The HTML pages (Jinja2): home, and for every registered game its table and rules; a language
menu on each.

Each page's language comes from its URL (``/pt-PT/…``); ``/`` sends the browser to the
language its Accept-Language asks for.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from paciencia.analysis.levels import LEVELS, NOT_WINNABLE
from paciencia.engine.errors import PacienciaError
from paciencia.games import REGISTRY, entry
from paciencia.games.examples import example
from paciencia.i18n import LOCALES, Vocabulary, Words, normalize_locale, vocabulary
from paciencia.play.errors import GameNotFound, ServiceError, answer
from paciencia.play.words import LANGUAGE_NAMES, plural_words, say, ui_words
from paciencia.web.http import assets
from paciencia.web.http.assets import script_names
from paciencia.web.http.lang import negotiate, request_words
from paciencia.web.routes import account, api, challenges
from paciencia.web.service import daily, odds, ranking, showcase, stats, tiles
from paciencia.web.service.devices import qr_data_url
from paciencia.web.service.games import review_answer
from paciencia.web.service.levels import has_levels

TEMPLATE_DIR = Path(__file__).parents[1] / "templates"
TEMPLATES = Jinja2Templates(directory=TEMPLATE_DIR)
TEMPLATES.env.loader = assets.template_loader(TEMPLATE_DIR)  # and each game's, as <name>/<file>
TEMPLATES.env.globals["game_file"] = assets.game_file
TEMPLATES.env.globals["levelled"] = has_levels  # the table offers "Winnable, hard" where a variant has levels
router = APIRouter(include_in_schema=False)


def _json_block(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` data block."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


LOOK_COOKIE = "paciencia_look"
LOOK_CHOICES = {"felt": ("green", "blue", "wood"), "back": ("red", "blue")}
LOOK_SWITCHES = ("contrast", "four", "left", "still", "nokeys")


def look(request: Request) -> dict[str, str]:
    """The table's look as this browser chose it (``felt:blue.back:red.contrast:1…``, written
    by the Look dialog, js/look.js): drawn into the page's ``<html>`` so the first paint has it.
    Anything unknown is dropped."""
    chosen = dict(part.partition(":")[::2] for part in request.cookies.get(LOOK_COOKIE, "").split(".") if part)
    out = {key: chosen[key] for key, allowed in LOOK_CHOICES.items() if chosen.get(key) in allowed}
    out.update({key: "1" for key in LOOK_SWITCHES if chosen.get(key) == "1"})
    return out


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
            "look": look(request),
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


def not_found(request: Request, game: bool = False) -> Response:
    """The 404 page: "no such game" for a game's path whose game this browser does not have
    (``game``), else "no such page"; a path whose first part is no language of ours offers each
    language's page for the rest of it (in the browser's language meanwhile)."""
    words = request_words(request)
    if request.url.path.startswith("/api/"):  # a path of the API's that no route of it has
        return JSONResponse({"error": "not_found", "message": say(words, "not_found")}, status_code=404)
    lang = words.locale
    first, _, rest = request.url.path.lstrip("/").partition("/")
    choices = [] if normalize_locale(first) else [(loc, LANGUAGE_NAMES[loc], f"/{loc}/{rest}") for loc in LOCALES]
    message = say(words, "not_found" if game else "page_not_found")
    return render(request, "not_found.html", lang, "/", status=404, message=message, choices=choices)


@router.api_route("/", methods=["GET", "HEAD"])
async def root(request: Request) -> Response:
    lang = negotiate(request.headers.get("accept-language"))
    return RedirectResponse(f"/{lang}/", status_code=307, headers={"vary": "Accept-Language"})


@router.api_route("/{lang}/", methods=["GET", "HEAD"])
async def home(lang: str, request: Request) -> Response:
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    return render(request, "home.html", lang, "/", games=await _cards(request, lang))


async def _cards(request: Request, lang: str, latest: bool = True) -> list[dict[str, Any]]:
    """The home page's tile of each registered game: its ``Table``, its name, the id of the
    player's game of it in play, if any, the variant this browser chose, a drawing of its table
    (``tiles.drawing``) and today's deal of that variant as this player stands on it
    (``daily``: not played, playing, won, lost or left)."""
    store = request.app.state.store
    player = request.state.player
    chosen = api.chosen_variants(request)
    levels = api.games_of(request).levels
    cards = []
    for name, found in REGISTRY.items():
        game_id = await run_in_threadpool(store.latest, player, name) if latest else None
        first = next(iter(found.game.variants))
        variant = chosen.get(name, first)
        example = str(found.game(first).code(1))  # a deal code's form
        card = {**asdict(found.table), "game": name, "latest": game_id, "example": example, "chosen": variant}
        card["drawing"] = tiles.drawing(name, lang)
        stand = await run_in_threadpool(daily.standing, store, player, name, variant, None, levels.daily_level)
        status = {"blocked": "lost"}.get(stand.get("status") or "", stand.get("status") or "not_played")
        card["daily"] = {"variant": variant, "played": stand["played"], "state": status}
        cards.append(card)
    return cards


@router.api_route("/{lang}", methods=["GET", "HEAD"])
async def home_slash(lang: str, request: Request) -> Response:
    found = _lang(lang)
    return RedirectResponse(f"/{found}/", status_code=308) if found else not_found(request)


@router.get("/{lang}/manifest.webmanifest")
async def manifest(lang: str, request: Request) -> Response:
    """The web app manifest: the site installs as an app (it still needs its server)."""
    if _lang(lang) != lang:
        return not_found(request)
    ui = ui_words(lang)
    static = f"/static/{request.app.state.asset_version}/img"
    body = {
        "name": ui["site"],
        "short_name": ui["site"],
        "description": ui["tagline"],
        "lang": lang,
        "start_url": f"/{lang}/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#0f3f2a",
        "theme_color": "#17553a",
        "icons": [
            {"src": f"{static}/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{static}/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": f"{static}/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": f"{static}/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JSONResponse(body, media_type="application/manifest+json")


# -- this browser's statistics ---------------------------------------------------------------


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _variant_name(ui: dict[str, str], game: str, variant: str) -> str:
    table = entry(game).table if game in REGISTRY else None
    key = (table.variant_titles.get(variant) if table else None) or f"variant_{game}_{variant}"
    return ui.get(key, variant)


def _game_name(ui: dict[str, str], game: str) -> str:
    table = entry(game).table if game in REGISTRY else None
    return ui[table.title] if table and table.title else game


@router.get("/{lang}/stats")
async def stats_page(lang: str, request: Request) -> Response:
    """This browser's statistics (``GET /api/stats`` as a page)."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    ui = ui_words(lang)
    found = await api.player_stats(request)
    groups = []
    for g in stats.summary(found):
        name = f"{_game_name(ui, g.game)} — {_variant_name(ui, g.game, g.variant)} — {ui['kind_' + g.kind]}"
        rate = "—" if g.win_rate is None else f"{g.win_rate:.0%}"
        average = "—" if g.average_moves is None else f"{g.average_moves:.0f}"
        groups.append(
            {
                **g.as_dict(),
                "name": name,
                "rate": rate,
                "best_time": _clock(g.best_time),
                "average_time": _clock(g.average_time),
                "fewest_moves": "—" if g.fewest_moves is None else g.fewest_moves,
                "average_moves": average,
                "levels": [(ui["level_" + lv], g.by_level[lv]) for lv in (*LEVELS, NOT_WINNABLE) if lv in g.by_level],
            }
        )
    history = [
        {
            **asdict(h),
            "name": f"{_game_name(ui, h.game)} — {_variant_name(ui, h.game, h.variant)}",
            "iso": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(h.created)),
            "date": time.strftime("%Y-%m-%d %H:%M", time.gmtime(h.created)),
            "result_text": ui["result_" + h.result],
            "time": _clock(h.seconds),
        }
        for h in reversed(found[-stats.HISTORY :])
    ]
    labels = {r: ui["result_" + r] for r in ("won", "lost", "left")}
    done = [h for h in found if h.result != "playing"][-stats.CHART :]
    counts = {r: sum(1 for h in done if h.result == r) for r in labels}
    recent = say(Words(lang), "recent_summary", count=len(done), **counts)
    return render(
        request,
        "stats.html",
        lang,
        "/stats",
        groups=groups,
        history=history,
        chart=stats.chart(found, labels),
        recent_words=recent,
    )


def _challenge_row(found: dict[str, Any], ui: dict[str, str], words: Words) -> dict[str, Any]:
    """A challenge's row on the daily page: where this browser stands on it, and its figures."""
    row = {
        **found,
        "name": f"{_game_name(ui, found['game'])} — {_variant_name(ui, found['game'], found['variant'])}",
        "variant_name": _variant_name(ui, found["game"], found["variant"]),
        # where this browser stands on it: not played, playing, won, lost or left
        "state": {"blocked": "lost"}.get(found.get("status") or "", found.get("status") or "not_played"),
    }
    if found.get("level"):  # measured: said once the challenge is over (disclosure.challenge_level)
        row["level_text"] = say(words, "level_is", level=ui["level_" + found["level"]])
    if "seconds" in found:
        row["time"] = _clock(found["seconds"])
        beats = [(found["time_beats"], "daily_time"), (found["moves_beats"], "daily_moves")]
        row["compare"] = [
            say(words, key, share=f"{share:.0%}", count=found["winners"] - 1)
            for share, key in beats
            if share is not None
        ]
    elif found.get("told"):
        row["compare"] = [say(words, "daily_winners", count=found["players"], won=found["winners"])]
    return row


def _calendar(record: dict[str, Any], lang: str, ui: dict[str, str], words: Words) -> dict[str, Any]:
    """The month's calendar as the page draws it: weeks of seven days from Monday, each day with
    what was won; the month's name and the weekdays' in the page's language."""
    import datetime

    from babel.dates import format_date, get_day_names

    found = record["calendar"]
    month = found["month"]
    first = datetime.date.fromisoformat(month + "-01")
    locale = lang.replace("-", "_")
    cells: list[dict[str, Any] | None] = [None] * found["first_weekday"]
    for day in found["days"]:
        won = day["won"]
        names = [f"{_game_name(ui, w['game'])} — {_variant_name(ui, w['game'], w['variant'])}" for w in won]
        label = say(words, "calendar_won", count=len(won)) if won else ""
        cells.append({**day, "number": int(day["date"][-2:]), "names": names, "label": label})
    cells += [None] * (-len(cells) % 7)
    previous = (first - datetime.timedelta(days=1)).strftime("%Y-%m")
    following = (first + datetime.timedelta(days=32)).strftime("%Y-%m")
    days = get_day_names("wide", locale=locale)
    narrow = get_day_names("narrow", locale=locale)
    return {
        "title": say(words, "calendar_title", month=format_date(first, "LLLL y", locale=locale)),
        "weeks": [cells[i : i + 7] for i in range(0, len(cells), 7)],
        "weekdays": [(narrow[i], days[i]) for i in range(7)],
        "previous": previous,
        "next": following if following <= daily.today()[:7] else None,
        "weeks_won": [w for w in found["weeks"] if w["won"]],
    }


def _last_day(ends: float) -> str:
    """The last day (UTC) of a period that ends at ``ends``."""
    return time.strftime("%Y-%m-%d", time.gmtime(ends - 1))


@router.get("/{lang}/daily")
async def daily_page(lang: str, request: Request, month: str | None = None) -> Response:
    """The daily challenges: today's deals (UTC), one per game and variant, grouped by game, and
    the week's challenge, with how this browser did on each (not played, in play, won, lost,
    left); its streak, the month's calendar of what it won and the month's badges."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    ui = ui_words(lang)
    words = Words(lang)
    groups: dict[str, dict[str, Any]] = {}
    for found in await challenges.daily_standings(request):
        row = _challenge_row(found, ui, words)
        name = _game_name(ui, found["game"])
        groups.setdefault(found["game"], {"game": found["game"], "name": name, "rows": []})["rows"].append(row)
    week = await challenges.week_standing(request)
    try:
        record = await challenges.player_record(request, month)
    except ServiceError:
        record = await challenges.player_record(request, None)
    streak = record["streak"]
    badges = [
        {**b, "text": ui["badge_" + b["badge"]], "progress_text": say(words, "badge_progress", **b)}
        for b in record["badges"]
    ]
    return render(
        request,
        "daily.html",
        lang,
        "/daily",
        groups=list(groups.values()),
        day=daily.today(),
        week=None if week is None else _challenge_row(week, ui, words),
        week_until=None if week is None else say(words, "week_until", date=_last_day(week["ends"])),
        streak_now=say(words, "streak_now", count=streak["current"]),
        streak_best=say(words, "streak_best", count=streak["best"]),
        streak=streak,
        calendar=_calendar(record, lang, ui, words),
        badges=badges,
    )


@router.get("/{lang}/daily/ranking")
async def ranking_page(
    lang: str,
    request: Request,
    game: str | None = None,
    variant: str | None = None,
    date: str | None = None,
    week: str | None = None,
) -> Response:
    """A challenge's ranking (``GET /api/daily/ranking`` as a page), what it can and cannot
    prove, and this browser's name on the rankings, shown or not (a form, no script)."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    ui = ui_words(lang)
    words = Words(lang)
    try:
        found = await challenges.ranking_answer(request, game, variant, date, week)
    except ServiceError as e:
        return render(request, "not_found.html", lang, "/daily", status=e.status, message=say(words, e.key))
    name = f"{_game_name(ui, found['game'])} — {_variant_name(ui, found['game'], found['variant'])}"
    when = found.get("week") or found.get("date")
    rows = [
        {
            **e,
            "who": ui["ranking_you"] if e["mine"] and not e["handle"] else e["handle"] or ui["ranking_anonymous"],
            "time": _clock(e["seconds"]),
            "result": ui["result_" + e["status"]],
            "gap": n > 0 and e["position"] != found["entries"][n - 1]["position"] + 1,  # the asker's places apart
        }
        for n, e in enumerate(found["entries"])
    ]
    query = f"week={found['week']}" if "week" in found else f"game={found['game']}&variant={found['variant']}"
    if "date" in found:
        query += f"&date={found['date']}"
    return render(
        request,
        "ranking.html",
        lang,
        f"/daily/ranking?{query}",
        title=say(words, "ranking_of", name=name, date=when),
        found=found,
        rows=rows,
        query=query,
        cannot=say(words, "ranking_cannot", seconds=f"{found['pace']:g}"),
        me_text=say(words, "ranking_shown", handle=found["me"]["handle"])
        if found["me"]["shown"]
        else ui["ranking_hidden"],
    )


@router.post("/{lang}/daily/ranking/me")
async def ranking_me_form(lang: str, request: Request) -> Response:
    """The no-script opt in or out: ``shown`` 1 or 0, then back to the ranking it came from."""
    if _lang(lang) != lang:
        return not_found(request)
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    games = api.games_of(request)
    player, address = api.player_of(request), api.address_of(request)
    try:
        await run_in_threadpool(games.admission.account, player, address)
    except ServiceError as e:
        return render(request, "not_found.html", lang, "/daily", status=e.status, message=say(Words(lang), e.key))
    await run_in_threadpool(ranking.opt, request.app.state.accounts, player, form.get("shown") == "1", Words(lang))
    back = form.get("back", "")
    safe = back if back.replace("=", "").replace("&", "").replace("-", "").isalnum() else ""
    return RedirectResponse(f"/{lang}/daily/ranking?{safe}", status_code=303)


async def _devices_page(
    request: Request,
    lang: str,
    status: int = 200,
    code: dict[str, Any] | None = None,
    message: str | None = None,
    error: str | None = None,
    typed: str = "",
) -> Response:
    """The devices page, with the code just made, what was done or what was refused."""
    words = Words(lang)
    player, device = api.player_of(request), getattr(request.state, "device", None)
    found = await run_in_threadpool(request.app.state.devices.listed, player, device)
    listed = [
        {**d, "dates": say(words, "device_dates", linked=_date(d["created"]), seen=_date(d["seen"]))}
        for d in found["devices"]
    ]
    if code is not None:
        code = {
            **code,
            "qr_url": await run_in_threadpool(qr_data_url, code["url"]),
            "help": say(words, "link_code_help", url=str(request.base_url).rstrip("/") + f"/{lang}/devices"),
            "expires_text": say(words, "link_expires", time=time.strftime("%H:%M", time.gmtime(code["expires"]))),
        }
    context = {"devices": listed, "code": code, "message": message, "error": error, "typed": typed}
    return render(request, "devices.html", lang, "/devices", status=status, **context)


def _date(seconds: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(seconds))


@router.get("/{lang}/devices")
async def devices_page(lang: str, request: Request, code: str | None = None) -> Response:
    """This browser's devices: link another, join one, remove one; the record out and in. A
    ``code`` in the address (a QR code scanned) fills the join form in: joining stays a button."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    typed = " ".join(code.replace("-", " ").split())[:200] if code else ""
    return await _devices_page(request, lang, typed=typed)


@router.post("/{lang}/devices/link")
async def devices_link(lang: str, request: Request) -> Response:
    if _lang(lang) != lang:
        return not_found(request)
    try:
        code = await account.make_code(request)
    except ServiceError as e:
        return await _devices_page(request, lang, status=e.status, error=say(Words(lang), e.key))
    return await _devices_page(request, lang, code=code)


@router.post("/{lang}/devices/join")
async def devices_join(lang: str, request: Request) -> Response:
    if _lang(lang) != lang:
        return not_found(request)
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    typed = form.get("code", "")[:200]
    try:
        joined, owner, this = await account.join_with(request, typed)
    except ServiceError as e:
        return await _devices_page(request, lang, status=e.status, error=say(Words(lang), e.key), typed=typed)
    request.state.player, request.state.device = owner, this  # the page as the player it joined
    return await _devices_page(request, lang, message=joined["message"])


@router.post("/{lang}/devices/{device_id}/remove")
async def devices_remove(lang: str, device_id: str, request: Request) -> Response:
    if _lang(lang) != lang:
        return not_found(request)
    player, this = api.player_of(request), getattr(request.state, "device", None)
    devices = request.app.state.devices
    try:
        await run_in_threadpool(devices.remove, player, device_id, api.address_of(request), this)
    except ServiceError as e:
        return await _devices_page(request, lang, status=e.status, error=say(Words(lang), e.key))
    return RedirectResponse(f"/{lang}/devices", status_code=303)


@router.post("/{lang}/stats/reset")
async def stats_reset(lang: str, request: Request) -> Response:
    """The no-script reset: with its box ticked, counting starts again; the page comes back."""
    if _lang(lang) != lang:
        return not_found(request)
    form = parse_qs((await request.body()).decode("utf-8", "replace"))
    response = RedirectResponse(f"/{lang}/stats", status_code=303)
    if form.get("confirm") == ["1"]:
        response.set_cookie(api.STATS_SINCE_COOKIE, f"{time.time():.3f}", max_age=315360000, samesite="lax", path="/")
    return response


# -- every game's pages: the same steps and routes for each registered game -------------------


def _entry(request: Request, lang: str, game: str) -> Response | None:
    """A redirect or a 404 page when the language or the game is not one of ours."""
    if (redirect := _canonical(request, lang)) is not None:
        return redirect
    return None if game in REGISTRY else not_found(request)


def _form_error(words: Words, e: Exception) -> str:
    """A form's refusal in the page's words: the API's, by the one mapping."""
    found = answer(e, words)
    return str(found.body["message"]) if found is not None else say(words, "bad_input")


@router.get("/{lang}/{game}")
async def resume(lang: str, game: str, request: Request) -> Response:
    """Resumes this browser's latest game of ``game``, or deals one (of the variant this browser
    last chose, else the first)."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    store = request.app.state.store
    game_id = await run_in_threadpool(store.latest, request.state.player, game)
    if game_id is None:
        variant = api.chosen_variants(request).get(game)
        game_id = (await api.create(api.NewGame(game=game, variant=variant), request)).id
    return RedirectResponse(f"/{lang}/{game}/{game_id}", status_code=303)


@router.post("/{lang}/{game}/new")
async def new_from_form(lang: str, game: str, request: Request) -> Response:
    """The no-script way to start a game (the home page's and the table's forms): a deal code,
    a table text, a replay, or a random deal of a variant; its table, or the home page with the error."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items() if v}
    try:
        body = api.NewGame(
            game=game,
            code=form.get("code") or None,
            table=form.get("table") or None,
            replay=form.get("replay") or None,
            variant=form.get("variant") or None,
            daily=form.get("daily") == "1",
            week=form.get("week") == "1",
        )
        saved = await api.create(body, request)
    except (PacienciaError, ServiceError, GameNotFound, ValueError) as e:
        message = _form_error(Words(lang), e)
        cards = await _cards(request, lang, False)
        return render(request, "home.html", lang, "/", status=422, games=cards, error=message)
    response = RedirectResponse(f"/{lang}/{saved.game}/{saved.id}", status_code=303)
    if body.variant:  # the choice is remembered, as the table's buttons remember it
        value = api.with_variant(request, game, body.variant)
        response.set_cookie(api.VARIANT_COOKIE, value, max_age=315360000, samesite="lax", path="/")
    return response


@router.api_route("/{lang}/{game}/rules", methods=["GET", "HEAD"])
async def rules(lang: str, game: str, request: Request) -> Response:
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    if not assets.has_template(game, f"rules.{lang}.html"):
        return not_found(request)
    template = f"{game}/rules.{lang}.html"
    # The schemas: positions of the game's example (its start and its named steps), drawn as
    # the table draws them, each linked to its step on the Examples page.
    found = example(game)
    all_steps = await run_in_threadpool(showcase.steps, game, lang) if found is not None else None
    schemas: dict[str, Any] = {}
    steps_of: dict[str, int] = {}
    if found is not None and all_steps is not None:
        steps_of = {"start": 0, **dict(found.marks)}
        schemas = {name: all_steps[k] for name, k in steps_of.items()}
    return render(
        request,
        template,
        lang,
        f"/{game}/rules",
        game=game,
        schemas=schemas,
        spreads=entry(game).table.spreads,
        steps_of=steps_of,
        examples_url=f"/{lang}/{game}/examples" if found is not None else "",
        odds_url=f"/{lang}/{game}/odds" if game in odds.games() else "",
    )


@router.api_route("/{lang}/{game}/odds", methods=["GET", "HEAD"])
async def odds_page(lang: str, game: str, request: Request) -> Response:
    """How often each variant of ``game`` can be won (``odds.page``); 404 for a game without figures."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    found = odds.page(game, lang)
    if found is None:
        return not_found(request)
    ui = ui_words(lang)
    title = say(Words(lang), "odds_title", game=_game_name(ui, game))
    names = {s["variant"]: _variant_name(ui, game, s["variant"]) for s in found["sections"]}
    return render(request, "odds.html", lang, f"/{game}/odds", game=game, title=title, names=names, **found)


@router.get("/{lang}/{game}/examples")
async def examples_page(lang: str, game: str, request: Request) -> Response:
    """The game's won example on the board, step by step (``?step=N``: that step first); 404
    for a game without one."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    all_steps = await run_in_threadpool(showcase.steps, game, lang)
    if all_steps is None:
        return not_found(request)
    last = len(all_steps) - 1
    raw = request.query_params.get("step", "0")
    step = min(int(raw), last) if raw.isdigit() else 0
    spec = entry(game).table
    ui = ui_words(lang)
    view = all_steps[step]
    name = ui[spec.title] if spec.title else game
    data = {
        "steps": showcase.page_steps(all_steps, tuple(field for _, field, _ in spec.counters)),
        "reading": view["reading"],
        "deck": view["deck"],
        "ui": {k: ui[k] for k in ("ex_step", "ex_play", "ex_pause")},
    }
    return render(
        request,
        "examples.html",
        lang,
        f"/{game}/examples",
        view=view,
        step=step,
        last=last,
        step_text=say(Words(lang), "ex_step", step=step, steps=last),
        title=say(Words(lang), "ex_title", game=name),
        intro=ui.get(f"ex_intro_{game}", ""),
        data_json=_json_block(data),
        table={**asdict(spec), "game": game},
    )


ENGINE_SAYS = ("offline_standin", "offline_not_kept")
"""Words only offline play says (the engine's worker, from its own catalog; the server says
``offline_standin_kept`` in its answer): not in the page."""


@cache
def _table_words(game: str, lang: str, vocab: Vocabulary) -> dict[str, str]:
    """The UI words of ``game``'s table in ``lang``: those its scripts may say (once per game,
    language and vocabulary, not per request)."""
    return {k: v for k, v in ui_words(lang).items() if said_by_scripts(game, k)}


def said_by_scripts(game: str, key: str) -> bool:
    """Whether a UI word may be said by the scripts of ``game``'s table: they name it, or a
    family it belongs to (a name ending in ``_`` that starts it), and offline play's engine
    does not say it from its own catalog."""
    names = script_names(game)
    if key.startswith(ENGINE_SAYS):
        return False
    return key in names or any(key[: i + 1] in names for i, c in enumerate(key) if c == "_")


@router.api_route("/{lang}/{game}/{game_id}", methods=["GET", "HEAD"])
async def table(lang: str, game: str, game_id: str, request: Request) -> Response:
    """The table of one of this browser's games; a game of another kind goes to its own page."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    words = Words(lang)
    games = request.app.state.games
    view = await run_in_threadpool(games.view, game_id, request.state.player, words)
    if view["game"] != game:
        return RedirectResponse(f"/{lang}/{view['game']}/{game_id}", status_code=303)
    return table_page(request, lang, game, view)


def table_page(request: Request, lang: str, game: str, view: dict[str, Any]) -> Response:
    """``game``'s table page showing ``view`` (also offline play's table of a new game, which the
    device deals: ``web/routes/offline.py``)."""
    words = Words(lang)
    spec = entry(game).table
    # The words the table's scripts may say, no more (every byte of a first visit counts).
    # The card names: a selection names the card picked up (and the run picker a run's first).
    ui: dict[str, object] = {**_table_words(game, lang, vocabulary()), "plurals": plural_words(lang)}
    ui = {**ui, "card_names": card_names(words)}
    return render(
        request,
        "table.html",
        lang,
        f"/{game}/{view['id']}",
        view=view,
        view_json=_json_block(page_view(view)),
        ui_json=_json_block(ui),
        table={
            **asdict(spec),
            "game": game,
            "winnable": "solve" in entry(game).game.capabilities,
            "examples": example(game) is not None,
            "example": str(entry(game).game(next(iter(entry(game).game.variants))).code(1))[:-7] + "…",
        },
    )


@router.get("/{lang}/{game}/{game_id}/review")
async def review(lang: str, game: str, game_id: str, request: Request) -> Response:
    """The review of one of this browser's ended games: the deal's verdict, the losing move and
    the record, each position's verdict and chance filled in by review.js."""
    if (refused := _entry(request, lang, game)) is not None:
        return refused
    words = Words(lang)
    games = request.app.state.games
    player = request.state.player
    saved = await run_in_threadpool(games.store.load, game_id, player)
    if saved.game != game:
        return RedirectResponse(f"/{lang}/{saved.game}/{game_id}/review", status_code=303)
    try:
        found = await run_in_threadpool(games.review, game_id, player, api.address_of(request))
    except ServiceError as e:
        return render(
            request, "not_found.html", lang, f"/{game}/{game_id}/review", status=e.status, message=say(words, e.key)
        )
    summary = review_answer(game_id, found, saved, words)
    return render(
        request,
        "review.html",
        lang,
        f"/{game}/{game_id}/review",
        game=game,
        game_id=game_id,
        tokens=list(saved.tokens),
        summary=summary,
        verdicts={i: say(words, "position_" + v) for i, v in (found.verdicts.items() if found else ())},
        code=None if saved.start_kind == "text" else str(saved.state.code),  # a pasted header's code is unchecked
    )


def page_view(view: dict[str, Any]) -> dict[str, Any]:
    """The view as the page carries it: without what the board never reads (the whole
    description, each place's top card again), which the page's HTML already shows."""
    places = [{k: v for k, v in p.items() if k not in ("card", "face")} for p in view["places"]]
    return {**{k: v for k, v in view.items() if k not in ("description", "ranks")}, "places": places}


def card_names(words: Words) -> list[str]:
    """Every card's name, for what a table says by itself (the run picker)."""
    return [words.card_name(c) for c in range(52)]
