"""The board's API, answered in the browser: a game's record replayed by the project's own
rules, each answer the view the server would send, each refusal its error with its words.

``OfflineGame`` is the game as the browser keeps it: a ``HeldGame`` as the store's ``SavedGame`` is;
``Offline.request`` takes what ``static/js/api.js`` would send and answers ``(status, body)``.
What the server alone can do (hints, the chance, winnable and daily deals, reviews) is
answered 503 ``offline`` in the page's words.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.engine.errors import IllegalMove, InvalidCode, InvalidMove, InvalidPosition, PacienciaError
from paciencia.engine.protocol import Observation, Played, State, Status
from paciencia.games import REGISTRY, new_state, state_from_text
from paciencia.i18n import Words
from paciencia.web.held import HeldGame

LEFT = "left"
"""A game left for a newer one of the same game (the store's ``LEFT``)."""
MAX_TOKENS = 20_000
"""The longest record (the store's ``MAX_TOKENS``)."""
OFFLINE_PREFIX = "offline-"
"""The id of a game started offline, until the server stores it."""


def starting_state(start_kind: str, start: str) -> State[Any]:
    return new_state(start) if start_kind == "code" else state_from_text(start)


@dataclass(slots=True, kw_only=True)
class OfflineGame(HeldGame):
    """A game as the browser holds it offline: its record and its state, ready to play
    (``HeldGame``), with what offline play keeps besides."""

    base: int = 0
    """How many of ``tokens`` the server has: the rest were played offline."""
    line: str = ""
    """The offline line's key, made at its first move (the server keeps a line once by it)."""
    standin_for: str = ""
    """The game this one stands in for offline (``offline/standin.py``): back online it is
    kept as a game of its own, and the server says so."""
    played: tuple[Observation, Played[Any]] | None = None
    """The last token played here and the position before it (a move's answer says it)."""

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> OfflineGame:
        """The game a record names (``record()``'s form, or the server's ``/record``)."""
        state = starting_state(record["start_kind"], record["start"])
        tokens = [str(t) for t in record["tokens"]]
        state.play_all(tokens)
        return cls(
            id=str(record["id"]),
            game=state.game.name,
            start_kind=record["start_kind"],
            start=record["start"],
            tokens=tokens,
            state=state,
            started=record.get("started"),
            ended=record.get("ended"),
            status=state.status,
            winnable=bool(record.get("winnable", False)),
            left=bool(record.get("left", False)),
            closed=bool(record.get("closed", False)) or state.status == Status.WON,
            base=int(record.get("base", len(tokens))),
            line=str(record.get("line") or ""),
            standin_for=str(record.get("standin_for") or ""),
        )

    def record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "start_kind": self.start_kind,
            "start": self.start,
            "tokens": list(self.tokens),
            "started": self.started,
            "ended": self.ended,
            "winnable": self.winnable,
            "left": self.left,
            "closed": self.closed,
            "base": self.base,
            "line": self.line,
            "standin_for": self.standin_for,
        }

    def elapsed(self, now: float | None = None) -> float:
        if self.started is None:
            return 0.0
        return max(0.0, (self.ended if self.ended is not None else (now or time.time())) - self.started)

    def play(self, token: str) -> None:
        """Plays one token as the service does (``State.step``, then the store's record of it):
        raises before changing anything."""
        before = self.observation()
        played = self.state.step(token)
        now = time.time()
        self.line = self.line or secrets.token_hex(8)
        self.status = self.state.status
        self.started = self.started if self.started is not None else now
        self.ended = None if self.status == Status.PLAYING else (self.ended or now)
        self.closed = self.status == Status.WON
        self.tokens.append(played.token)
        self.played = (before, played)

    def view(self, words: Words, answers_move: bool) -> dict[str, Any]:
        """The view the server's ``service.view`` makes of the same game."""
        from paciencia.web.views import game_view

        can_auto = self.in_play and self.state.auto_move() is not None
        return game_view(self.meta(), self.observation(), words, self.played if answers_move else None, can_auto)


class Refusal(Exception):
    """An error answer: ``status`` and the body the server would send."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


def refused(status: int, error: str, message: str, **extra: Any) -> Refusal:
    """The error answer ``app.py`` would make: ``{error, message, …}``."""
    return Refusal(status, {"error": error, "message": message, **extra})


_GAME = re.compile(r"^/api/games/([^/?]+)(/[a-z]+)?$")


class Offline:
    """The games this page plays offline, and the API over them."""

    def __init__(self) -> None:
        self.games: dict[str, OfflineGame] = {}

    def load(self, record: dict[str, Any]) -> OfflineGame:
        game = OfflineGame.from_record(record)
        self.games[game.id] = game
        return game

    def request(self, method: str, url: str, body: dict[str, Any] | None, lang: str) -> tuple[int, dict[str, Any]]:
        """``(status, body)`` for one of the board's requests, as the server answers it."""
        from paciencia.web.words import say

        words = Words(lang)
        path = url.split("?", 1)[0]
        try:
            if method == "POST" and path == "/api/games":
                return 201, self.view(self.create(body or {}, words), words, False)
            found = _GAME.match(path)
            if found is None:
                raise refused(503, "offline", say(words, "offline_needs_server"))
            game_id, action = found.group(1), found.group(2) or ""
            if method == "GET" and action == "":
                return 200, self.view(self.game(game_id, words), words, False)
            if method == "POST" and action in ("/moves", "/finish", "/auto"):
                game = self.at(game_id, int((body or {}).get("version", -1)), words)
                token = str((body or {}).get("move", "")) if action == "/moves" else self.step(game, action, words)
                self.play(game, token, words)
                return 200, self.view(game, words, True)
            raise refused(503, "offline", say(words, "offline_needs_server"))
        except Refusal as e:
            return e.status, e.body

    @staticmethod
    def view(game: OfflineGame, words: Words, answers_move: bool) -> dict[str, Any]:
        return game.view(words, answers_move)

    def game(self, game_id: str, words: Words) -> OfflineGame:
        from paciencia.web.words import say

        found = self.games.get(game_id)
        if found is None:
            raise refused(404, "not_found", say(words, "not_found"))
        return found

    def at(self, game_id: str, version: int, words: Words) -> OfflineGame:
        """The game, if it takes a request made on ``version`` (409 as the server's otherwise)."""
        from paciencia.web.words import say

        game = self.game(game_id, words)
        if game.closed:
            error = "game_left" if game.left else "game_over"
            raise refused(409, error, say(words, error), game=self.view(game, words, False))
        if version != game.version:
            raise refused(409, "stale", say(words, "stale"), game=self.view(game, words, False))
        return game

    @staticmethod
    def step(game: OfflineGame, action: str, words: Words) -> str:
        """The token Finish or the automatic move plays now, as the service finds it."""
        from paciencia.web.words import game_key, say

        state = game.state
        if action == "/finish":
            if "finish" not in state.game.capabilities:
                raise refused(422, "no_finish", say(words, "no_finish"))
            move = state.finish_move() if game.status == Status.PLAYING else None
            if move is None:
                raise refused(422, "cannot_finish", say(words, game_key(game.game, "cannot_finish")))
            return str(move)
        move = state.auto_move() if game.status == Status.PLAYING else None
        if move is None:
            raise refused(422, "no_auto_move", say(words, "no_auto_move"))
        return str(move)

    @staticmethod
    def play(game: OfflineGame, token: str, words: Words) -> None:
        from paciencia.web.words import say

        if game.version >= MAX_TOKENS:
            raise refused(422, "too_long", say(words, "too_long", count=MAX_TOKENS))
        try:
            game.play(token)
        except IllegalMove as e:
            raise Refusal(
                422, {"error": "illegal_move", "message": words.reason(e.reason), "reason": str(e.reason)}
            ) from None
        except InvalidMove as e:
            message = say(words, "bad_move", move=token)
            raise Refusal(422, {"error": "malformed_move", "message": message, "detail": str(e)}) from None

    def create(self, body: dict[str, Any], words: Words) -> OfflineGame:
        """A new game as ``Games.create`` starts it: a code, a table text, a replay of one of
        these games, or a random deal (a winnable or daily deal needs the server)."""
        from paciencia.web.words import position_message, say

        try:
            if body.get("replay"):
                old = self.game(str(body["replay"]), words)
                kind, start, winnable = old.start_kind, old.start, old.winnable
                if body.get("at") is not None:
                    raise refused(503, "offline", say(words, "offline_needs_server"))
            elif body.get("table"):
                kind, start, winnable = "text", state_from_text(str(body["table"])).to_text(), False
            elif body.get("code"):
                kind, start, winnable = "code", str(new_state(str(body["code"])).code), False
            else:
                kind, start, winnable = "code", self.random_code(body, words), False
        except InvalidCode as e:
            raise Refusal(422, {"error": "bad_code", "message": say(words, "bad_code"), "detail": str(e)}) from None
        except InvalidPosition as e:
            message = position_message(words, e)
            raise Refusal(
                422, {"error": "bad_position", "message": message, "reason": e.reason, "detail": str(e)}
            ) from None
        except PacienciaError as e:
            raise Refusal(422, {"error": "bad_input", "message": say(words, "bad_input"), "detail": str(e)}) from None
        state = starting_state(kind, start)
        now = time.time()
        for other in self.games.values():  # as the store leaves the player's games of this game in play
            if other.game == state.game.name and other.status == Status.PLAYING and not other.left:
                other.left = other.closed = True
                other.ended = other.ended or now
        game_id = OFFLINE_PREFIX + secrets.token_hex(8)
        game = OfflineGame(
            id=game_id,
            game=state.game.name,
            start_kind=kind,
            start=start,
            tokens=[],
            state=state,
            status=state.status,
            winnable=winnable,
        )
        game.ended = now if state.status != Status.PLAYING else None
        game.closed = state.status == Status.WON
        self.games[game_id] = game
        return game

    @staticmethod
    def random_code(body: dict[str, Any], words: Words) -> str:
        from paciencia.web.words import say

        name = str(body.get("game") or next(iter(REGISTRY)))
        found = REGISTRY.get(name)
        if found is None:
            raise refused(422, "bad_game", say(words, "bad_request", detail=f"no game named {name!r}"))
        variant = str(body.get("variant") or next(iter(found.game.variants)))
        if variant not in found.game.variants:
            raise refused(422, "bad_variant", say(words, "bad_variant"))
        if "solve" in found.game.capabilities and (body.get("winnable_only") or body.get("daily")):
            raise refused(503, "offline", say(words, "offline_winnable"))
        cls = found.game
        return str(DealCode(cls.prefix, cls.version, variant, secrets.randbelow(DEAL_COUNT)))
