"""The one service behind the API and the pages: create, load, play, hint and finish a game of
any registered game, through the game protocol alone.

Every method blocks (the database, replaying a record, the solver): the handlers call them off
the event loop. Errors are raised for ``app.py`` to map: the engine's ``PacienciaError`` family,
``GameNotFound``, ``StaleMove`` and ``ServiceError``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from paciencia.engine.protocol import Analysis, Game, Key, State, Status
from paciencia.games import REGISTRY, new_state, state_from_text
from paciencia.i18n import Words
from paciencia.web.daily import daily_code
from paciencia.web.store import SavedGame, StaleMove, Store, starting_state
from paciencia.web.views import arrival, game_view
from paciencia.web.winnable import NoWinnableDeal, WinnableDeals, random_code
from paciencia.web.words import say

log = logging.getLogger(__name__)

HINT_SECONDS = 0.2
"""The solver's time for a hint (the whole answer must come within 300 ms)."""
HINTS_AT_ONCE = 2
"""Hints worked out at the same time (one per core); the others wait their turn."""


class ServiceError(Exception):
    """A request the service refuses: ``status``, a stable ``error`` code and a UI word key."""

    def __init__(self, status: int, error: str, key: str, **kw: object) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.key = key
        self.kw = kw


@dataclass(frozen=True)
class Start:
    """How a new game starts: again from one of the player's games, from a table text, from a
    deal code, or a random deal of ``game`` (in ``variant``, proved winnable if ``winnable``)."""

    replay: str | None = None
    table: str | None = None
    code: str | None = None
    game: str = field(default_factory=lambda: next(iter(REGISTRY)))
    variant: str | None = None
    winnable: bool = False
    daily: bool = False

    @property
    def random(self) -> bool:
        return self.replay is None and self.table is None and self.code is None


def path_keys(state: State[Any]) -> set[Key]:
    """The keys of the positions earlier on the game's path (its undo history walked back)."""
    sim = state.copy()
    keys: set[Key] = set()
    while sim.can_undo:
        sim.undo()
        keys.add(sim.key())
    return keys


class Games:
    def __init__(self, store: Store, winnable: WinnableDeals, hints_at_once: int = HINTS_AT_ONCE) -> None:
        self.store = store
        self.winnable = winnable
        self.hinting = threading.BoundedSemaphore(hints_at_once)

    def viewed(self, words: Words, answers_move: bool, step: Callable[..., SavedGame], *args: Any) -> dict[str, Any]:
        """``step(*args)``'s game as its view. A step on a game (its id the first argument: load,
        play, finish) and its view are made under that game's lock, so that no other thread
        moves it on in between; a new game is made first (a winnable deal may be solved), then
        locked to be viewed."""
        if step == self.create:
            saved = step(*args)
            with self.store.lock(saved.id):
                return game_view(saved, words, answers_move)
        with self.store.lock(args[0]):
            return game_view(step(*args), words, answers_move)

    # -- create, load, play ----------------------------------------------------------------------

    def _random_variant(self, start: Start) -> str:
        found = REGISTRY.get(start.game)
        if found is None:
            raise ServiceError(422, "bad_game", "bad_request", detail=f"no game named {start.game!r}")
        variants = found.game.variants
        variant = start.variant or next(iter(variants))
        if variant not in variants:
            raise ServiceError(422, "bad_variant", "bad_variant")
        return variant

    def _begin(self, start: Start, player: str) -> tuple[str, str, State[Any], str]:
        """The start's record (kind, text), its state, and its source for the statistics."""
        if start.replay is not None:
            old = self.store.load(start.replay, player)
            return old.start_kind, old.start, starting_state(old.start_kind, old.start), "replay"
        if start.table is not None:
            state = state_from_text(start.table)
            return "text", state.to_text(), state, "text"
        if start.code is not None:
            state = new_state(start.code)
            return "code", str(state.code), state, "code"
        variant = self._random_variant(start)
        if start.daily and "solve" in REGISTRY[start.game].game.capabilities:
            try:
                code = daily_code(self.store, self.winnable, start.game, variant)
            except NoWinnableDeal:
                raise ServiceError(503, "no_winnable_deal", "no_winnable") from None
            return "code", code, new_state(code), "daily"
        if start.winnable and "solve" in REGISTRY[start.game].game.capabilities:
            try:
                code = self.winnable.draw(start.game, variant)
            except NoWinnableDeal:
                raise ServiceError(503, "no_winnable_deal", "no_winnable") from None
            return "code", code, new_state(code), "winnable"
        code = random_code(start.game, variant)
        return "code", code, new_state(code), "random"

    def create(self, start: Start, player: str) -> SavedGame:
        kind, text, state, source = self._begin(start, player)
        return self.store.create(player, kind, text, state, source)

    def load(self, game_id: str, player: str) -> SavedGame:
        return self.store.load(game_id, player)

    def play(self, game_id: str, player: str, token: str, version: int) -> SavedGame:
        return self.store.play(game_id, player, token, version)

    def _at(self, game_id: str, player: str, version: int) -> SavedGame:
        saved = self.store.load(game_id, player)
        if version != saved.version:
            raise StaleMove(saved)
        return saved

    def finish(self, game_id: str, player: str, version: int) -> SavedGame:
        """Plays the next step of Finish, where the game has Finish and it applies now."""
        with self.store.lock(game_id):  # the step is worked out on the stored state itself
            saved = self._at(game_id, player, version)
            if "finish" not in saved.state.game.capabilities:
                raise ServiceError(422, "no_finish", "no_finish")
            move = saved.state.finish_move() if saved.status == Status.PLAYING else None
            if move is None:
                raise ServiceError(422, "cannot_finish", "kl_cannot_finish")
            return self.store.play(game_id, player, str(move), version)

    # -- hints -----------------------------------------------------------------------------------

    def hint(self, game_id: str, player: str, version: int, words: Words) -> dict[str, Any]:
        """A move worth playing now, or why there is none (``HintOut``)."""
        with self.store.lock(game_id):
            saved = self._at(game_id, player, version)
            state = saved.state.copy()
        if not state.legal_moves():
            return {"kind": "none", "message": words.status(Status.BLOCKED.value)}
        avoid = path_keys(state)
        with saved.analysing, self.hinting:  # a second hint on this game waits without a slot
            analysis = self._analyse(saved, state.copy(), avoid)
        return hint_answer(state, analysis, words)

    def _analyse(self, saved: SavedGame, state: State[Any], avoid: set[Key]) -> Analysis:
        game = state.game
        try:
            return game.analyse(state, HINT_SECONDS, avoid, saved.memo)
        except Exception:
            log.exception("hint analysis failed; falling back to a plain move")
            return Game.analyse(game, state, HINT_SECONDS, avoid, {})


def hint_answer(state: State[Any], analysis: Analysis, words: Words) -> dict[str, Any]:
    """An ``Analysis`` as ``HintOut``: the move's places for the page to show it moving, and the
    words to say while it does (or the notice's title and words)."""
    if analysis.kind == "no_useful":
        return {"kind": "no_useful", "title": say(words, "title_no_useful"), "message": say(words, "kl_no_useful")}
    if analysis.kind == "lost":
        return {"kind": "lost", "title": say(words, "title_lost"), "message": say(words, "cr_lost")}
    if analysis.kind != "move" or analysis.token is None:
        return {"kind": "none", "message": words.status(Status.BLOCKED.value)}
    move = state.resolve(state.game.parse_move(analysis.token))
    src, n, dst = move.places()
    obs = state.observe()
    action = next((a for a in obs.actions if a.token == str(move)), None)
    if action is not None:
        message = say(words, "hint_" + action.name)
    else:
        assert src is not None and dst is not None
        cards = obs.place(src).cards
        card = cards[-n] if n <= len(cards) else cards[-1]
        message = say(words, "hint_move", move=arrival(words, obs.place(dst), card, n))
    return {"kind": "move", "move": str(move), "src": src, "n": n, "dst": dst, "message": message}
