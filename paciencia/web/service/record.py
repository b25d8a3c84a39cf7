"""A player's whole record as one file (``GET /api/export``), and that file brought in on another
site of this software (``POST /api/import``) with the same checks as a line sent from offline.

**Out.** Every game with a move made: its start (a deal code, or a table text) and its moves,
its clock, how it started and how it ended; and the player's handle. What names a deal is
written only where the disclosure rule tells it (``play.disclosure.told``, from the stored rows,
as the statistics ask it): a game whose deal still hides cards from its player (in play, a
replay of it in play) is written as its stand-in (``offline/standin.py``: the same position,
its unseen cards a completion of what the player knows), as offline play would carry it; a game
of a challenge still running is left out until it is over (a won game's stand-in is its whole
layout), and so is a game without a stand-in; ``withheld`` counts them.

**In.** Each game is replayed from its start, move by move, all or nothing for the file's part
sent at once (``play.token.check_line``: the first move refused, its number and why, in the
page's language), weighed by its moves against the player's and address's hour as an offline
line is (``Admission.line``: 413 past the longest, 429 past the hour), and stored as a game of
the player's with the clock its file gives, bounded (not to come, not before its start), marked
imported: counted in the statistics, in no ranking, calendar or streak. The same file sent again
adds nothing (each game's id here is made from the player and its id there).
"""

from __future__ import annotations

import base64
import hashlib
import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from paciencia.engine.errors import PacienciaError
from paciencia.games import GAMES, REGISTRY
from paciencia.i18n import Words
from paciencia.offline.standin import stand_in
from paciencia.play.disclosure import told
from paciencia.play.errors import GameNotFound, LineRefused, ServiceError, answer
from paciencia.play.held import MAX_TOKENS
from paciencia.play.token import check_line
from paciencia.play.views import LEFT
from paciencia.play.words import say
from paciencia.web.db.accounts import Accounts, Handle
from paciencia.web.db.store import Store, starting_state
from paciencia.web.service.admission import Admission

FORMAT = "paciencia-record"
VERSION = 1
SOURCES = ("random", "winnable", "text", "daily", "code", "replay", "offline")
"""How a game may have started (the statistics count by it); anything else is counted by its start."""


class RecordGame(BaseModel):
    """One game of a record, as ``export`` writes it."""

    model_config = ConfigDict(extra="ignore")
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_:-]+$")
    game: str = Field(max_length=16)
    start_kind: Literal["code", "text"]
    start: str = Field(min_length=1, max_length=8000)
    tokens: list[str] = Field(max_length=MAX_TOKENS)
    source: str | None = Field(default=None, max_length=8)
    level: str | None = Field(default=None, max_length=12)
    created: float = Field(ge=0, allow_inf_nan=False)
    started: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    ended: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    left: bool = False
    closed: bool = False


class RecordIn(BaseModel):
    """A record, or a part of one (``first``: the number, from 0, of its first game in the file)."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["paciencia-record"]
    version: Literal[1]
    first: int = Field(default=0, ge=0)
    done: int = Field(default=0, ge=0, description="Games the earlier parts of the file brought in (for the words)")
    handle: dict[str, Any] | None = None
    games: list[RecordGame] = Field(max_length=1000)


def export(store: Store, accounts: Accounts, player: str) -> dict[str, Any]:
    """The player's record, as the disclosure rule lets it be told now."""
    rows = store.played_rows(player)
    playing = store.open_starts(player)
    running = store.embargoed_codes()
    out: list[dict[str, Any]] = []
    withheld = 0
    for r in rows:
        tokens = store.tokens_of(r["id"])
        kind, start = r["start_kind"], r["start"]
        shown = kind == "text" or told(
            closed=bool(r["closed"]), replayed=r["start"] in playing, embargoed=r["start"] in running
        )
        standin = False
        if r["start"] in running and kind == "code":
            # A running challenge's game: not even its stand-in (a won one's is the whole layout,
            # which a second browser would play the ranked deal knowing) until it is over.
            withheld += 1
            continue
        if not shown:
            try:
                found = stand_in(starting_state(kind, start), tokens)
            except PacienciaError:
                found = None
            if found is None:
                withheld += 1
                continue
            kind, start, tokens, standin = "text", found.start, list(found.tokens), True
        out.append(
            {
                "id": r["id"],
                "game": r["game"],
                "start_kind": kind,
                "start": start,
                "tokens": tokens,
                "source": r["source"],
                "level": r["level"],
                "created": r["created"],
                "started": r["started"],
                "ended": r["ended"],
                "status": r["status"],
                "left": r["status"] == LEFT,
                "closed": bool(r["closed"]) and not standin,
                "standin": standin,
            }
        )
    handle = accounts.handle(player)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": time.time(),
        "handle": None if handle is None else {"adjective": handle.adjective, "animal": handle.animal},
        "games": out,
        "withheld": withheld,
    }


def import_id(player: str, given: str) -> str:
    """The id a game of a record is kept under here: the same for the same player and game."""
    digest = hashlib.sha256(f"import:{player}:{given}".encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _clock(g: RecordGame, now: float) -> tuple[float, float | None, float | None]:
    """The file's clock, bounded: nothing to come, no end before its start, no start before the game."""
    created = min(g.created, now)
    started = None if g.started is None else min(max(g.started, created), now)
    ended = None if g.ended is None else min(max(g.ended, started or created), now)
    return created, started, ended


def bring_in(
    store: Store,
    accounts: Accounts,
    admission: Admission,
    player: str,
    address: str | None,
    body: RecordIn,
    words: Words,
) -> dict[str, Any]:
    """Checks every game of ``body`` (all or nothing), then keeps those not kept already; a
    refusal names the game (its number in the file) and why, in ``words``' language."""
    admission.line(player, address, sum(max(1, len(g.tokens)) for g in body.games))
    checked = []
    for n, g in enumerate(body.games, body.first + 1):
        if g.game not in REGISTRY:
            raise ServiceError(422, "bad_record", "bad_record")
        try:
            state = starting_state(g.start_kind, g.start)
            if state.game.name != g.game or g.game not in GAMES:
                raise ServiceError(422, "bad_record", "bad_record")
            check_line(state, g.tokens)
        except LineRefused as e:
            found = answer(e.cause, words, e.move)
            why = found.body["message"] if found is not None else ""
            raise ServiceError(422, "import_refused", "import_refused", number=n, why=why) from None
        except PacienciaError:
            raise ServiceError(422, "bad_record", "bad_record") from None
        checked.append((g, state))
    kept = 0
    now = time.time()
    for g, state in checked:
        game_id = import_id(player, g.id)
        try:
            store.load(game_id, player)
            continue  # brought in already
        except GameNotFound:
            pass
        kind, start = ("code", str(state.code)) if g.start_kind == "code" else ("text", state.to_text())
        state.play_all(g.tokens)
        source = g.source if g.source in SOURCES else None
        saved = store.create(player, kind, start, state, source, g.tokens, game_id=game_id, leaves=False)
        created, started, ended = _clock(g, now)
        store.imported(saved, created, started, ended, g.left, g.closed)
        kept += 1
    if body.handle and accounts.handle(player) is None:
        adjective, animal = body.handle.get("adjective"), body.handle.get("animal")
        if isinstance(adjective, int) and isinstance(animal, int) and adjective >= 0 and animal >= 0:
            accounts.set_handle(player, Handle(adjective, animal, False), False)
    done = body.done + kept
    return {"imported": kept, "checked": len(checked), "message": say(words, "import_done", count=done)}
