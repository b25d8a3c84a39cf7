"""The Web Worker's side of offline play: ``static/js/offline/worker.js`` calls these under
Pyodide, with JSON text both ways."""

from __future__ import annotations

import gettext
import io
import json
from typing import Any

import paciencia.i18n as i18n
from paciencia.games import REGISTRY
from paciencia.offline.engine import Offline

OFFLINE = Offline()
_CATALOGS: dict[str, gettext.NullTranslations] = {i18n.DEFAULT_LOCALE: gettext.NullTranslations()}


def _translations(locale: str) -> gettext.NullTranslations:
    """The catalogs the page sent (``add_catalog``), in place of the server's Babel-compiled ones."""
    return _CATALOGS[locale]


i18n.translations = _translations  # Words looks it up when made


def add_catalog(locale: str, mo: Any) -> None:
    """A locale's words, as the server compiled them (``/offline/<hash>/words/<lang>.mo``)."""
    data = bytes(mo)
    _CATALOGS[locale] = gettext.GNUTranslations(io.BytesIO(data)) if data else gettext.NullTranslations()


def load(record: str) -> str:
    """Takes a game's record (the server's, or one kept from offline play); its id."""
    return OFFLINE.load(json.loads(record)).id


def request(method: str, url: str, body: str, lang: str) -> str:
    """One of the board's API requests: ``{status, body, record}`` (the game's record after it,
    for the page to keep)."""
    status, answer = OFFLINE.request(method, url, json.loads(body) if body else None, lang)
    game = OFFLINE.games.get(str(answer.get("id", ""))) if status < 400 else None
    return json.dumps({"status": status, "body": answer, "record": game.record() if game else None})


def records() -> str:
    """Every game's record (a new game leaves the others of its game: those changed too)."""
    return json.dumps([g.record() for g in OFFLINE.games.values()])


def say(key: str, lang: str) -> str:
    """One of the site's words in ``lang`` (those offline play says, which the page does not carry)."""
    from paciencia.play.words import say as said

    return said(i18n.Words(lang), key)


def warm() -> None:
    """Plays a little of every game, then forgets it: run before the page's memory snapshot is
    made (``worker.js``), so that what a first move needs is in it already, the modules imported
    lazily (each one compiled from source here, there being no ``.pyc``) and the caches filled."""
    for name in REGISTRY:
        status, view = OFFLINE.request("POST", "/api/games", {"game": name}, i18n.DEFAULT_LOCALE)
        game = OFFLINE.games[str(view["id"])] if status < 400 else None
        if game is None:
            continue
        for move in list(game.state.legal_moves())[:2]:
            OFFLINE.request("POST", f"/api/games/{game.id}/moves", {"move": str(move), "version": game.version}, "en")
        OFFLINE.request("POST", f"/api/games/{game.id}/moves", {"move": "U", "version": game.version}, "en")
        OFFLINE.request("POST", f"/api/games/{game.id}/auto", {"version": game.version}, "en")
        text = {**game.record(), "id": "warm", "start_kind": "text", "start": game.state.to_text(), "tokens": []}
        OFFLINE.load(text)
        OFFLINE.request("GET", "/api/games/warm", None, "en")
        OFFLINE.request("POST", f"/api/games/{game.id}/hint", {"version": game.version}, "en")
    say("offline_standin", i18n.DEFAULT_LOCALE)
    OFFLINE.games.clear()
