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
from paciencia.engine.errors import PacienciaError
from paciencia.engine.protocol import Observation, Played, State, Status
from paciencia.games import REGISTRY, new_state, state_from_text
from paciencia.i18n import Words
from paciencia.play.disclosure import deal_told
from paciencia.play.errors import GameClosed, GameNotFound, GameTooLong, ServiceError, StaleMove, answer
from paciencia.play.held import MAX_TOKENS, HeldGame
from paciencia.play.token import play_token
from paciencia.play.views import game_view
from paciencia.play.words import game_key

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
        """Plays one token by the one way there is (``play.token``), this game its own keeper:
        raises before changing anything."""
        self.played = play_token(DEVICE, self, token)

    def view(self, words: Words, answers_move: bool) -> dict[str, Any]:
        """The view the server's ``Games.answer`` makes of the same game, by the same disclosure
        rule (no other game on the device hides this one's deal: it holds its record already)."""
        can_auto = self.in_play and self.state.auto_move() is not None
        meta = self.meta(deal_told=deal_told(self, replayed=False))
        return game_view(meta, self.observation(), words, self.played if answers_move else None, can_auto)


class Device:
    """The browser's ``Keeper`` (``play.token``): the record is the game's own, in memory."""

    @staticmethod
    def room(game: OfflineGame) -> None:
        if game.version >= MAX_TOKENS:
            raise GameTooLong(game.id, MAX_TOKENS)

    @staticmethod
    def record(game: OfflineGame, token: str) -> None:
        """Keeps ``token`` as the store does: the clock, the status, the line's key."""
        now = time.time()
        game.line = game.line or secrets.token_hex(8)
        game.status = game.state.status
        game.started = game.started if game.started is not None else now
        game.ended = None if game.status == Status.PLAYING else (game.ended or now)
        game.closed = game.status == Status.WON
        game.tokens.append(token)


DEVICE = Device()


_GAME = re.compile(r"^/api/games/([^/?]+)(/[a-z]+)?$")


class Offline:
    """The games this page plays offline, and the API over them: the server's own refusals, made
    by the same errors and answered by the same mapping (``play.errors.answer``)."""

    def __init__(self) -> None:
        self.games: dict[str, OfflineGame] = {}

    def load(self, record: dict[str, Any]) -> OfflineGame:
        game = OfflineGame.from_record(record)
        self.games[game.id] = game
        return game

    def request(self, method: str, url: str, body: dict[str, Any] | None, lang: str) -> tuple[int, dict[str, Any]]:
        """``(status, body)`` for one of the board's requests, as the server answers it."""
        words = Words(lang)
        path = url.split("?", 1)[0]
        body = body or {}
        token = ""
        try:
            if method == "POST" and path == "/api/games":
                return 201, self.create(body).view(words, False)
            found = _GAME.match(path)
            if found is None:
                raise ServiceError(503, "offline", "offline_needs_server")
            game_id, action = found.group(1), found.group(2) or ""
            if method == "GET" and action == "":
                return 200, self.game(game_id).view(words, False)
            if method == "POST" and action in ("/moves", "/finish", "/auto"):
                game = self.at(game_id, int(body.get("version", -1)))
                token = str(body.get("move", "")) if action == "/moves" else self.step(game, action)
                game.play(token)
                return 200, game.view(words, True)
            raise ServiceError(503, "offline", "offline_needs_server")
        except (ServiceError, PacienciaError, GameNotFound, GameClosed, StaleMove, GameTooLong) as e:
            found_answer = answer(e, words, token)
            assert found_answer is not None
            out = dict(found_answer.body)
            if found_answer.game is not None:
                out["game"] = self.games[found_answer.game.id].view(words, False)
            return found_answer.status, out

    def game(self, game_id: str) -> OfflineGame:
        found = self.games.get(game_id)
        if found is None:
            raise GameNotFound(game_id)
        return found

    def at(self, game_id: str, version: int) -> OfflineGame:
        """The game, if it takes a request made on ``version`` (409 as the server's otherwise)."""
        game = self.game(game_id)
        if game.closed:
            raise GameClosed(game)
        if version != game.version:
            raise StaleMove(game)
        return game

    @staticmethod
    def step(game: OfflineGame, action: str) -> str:
        """The token Finish or the automatic move plays now, as the service finds it."""
        state = game.state
        if action == "/finish":
            if "finish" not in state.game.capabilities:
                raise ServiceError(422, "no_finish", "no_finish")
            move = state.finish_move() if game.status == Status.PLAYING else None
            if move is None:
                raise ServiceError(422, "cannot_finish", game_key(game.game, "cannot_finish"))
            return str(move)
        move = state.auto_move() if game.status == Status.PLAYING else None
        if move is None:
            raise ServiceError(422, "no_auto_move", "no_auto_move")
        return str(move)

    def create(self, body: dict[str, Any]) -> OfflineGame:
        """A new game as ``Games.create`` starts it: a code, a table text, a replay of one of
        these games, or a random deal (a winnable or daily deal needs the server)."""
        if body.get("replay"):
            old = self.game(str(body["replay"]))
            kind, start, winnable = old.start_kind, old.start, old.winnable
            if body.get("at") is not None:
                raise ServiceError(503, "offline", "offline_needs_server")
        elif body.get("table"):
            kind, start, winnable = "text", state_from_text(str(body["table"])).to_text(), False
        elif body.get("code"):
            kind, start, winnable = "code", str(new_state(str(body["code"])).code), False
        else:
            kind, start, winnable = "code", self.random_code(body), False
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
    def random_code(body: dict[str, Any]) -> str:
        name = str(body.get("game") or next(iter(REGISTRY)))
        found = REGISTRY.get(name)
        if found is None:
            raise ServiceError(422, "bad_game", "bad_request", detail=f"no game named {name!r}")
        variant = str(body.get("variant") or next(iter(found.game.variants)))
        if variant not in found.game.variants:
            raise ServiceError(422, "bad_variant", "bad_variant")
        if "solve" in found.game.capabilities and (body.get("winnable_only") or body.get("daily")):
            raise ServiceError(503, "offline", "offline_winnable")
        cls = found.game
        return str(DealCode(cls.prefix, cls.version, variant, secrets.randbelow(DEAL_COUNT)))
