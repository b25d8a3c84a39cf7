"""Saved games on SQLAlchemy Core (an SQLite file by default).

A game is stored as its record: how it started (a deal code, or the table text of a pasted
position), the move tokens played since (``U`` undo and ``R`` redeal included), one row per
token in ``moves``, and the current table text. Replaying the tokens from the start rebuilds
the exact state, undo history included; the table text is kept beside them so that a game can
be looked at, or checked, without replaying it.

Every accepted move is written, and committed, before it is answered: one new ``moves`` row
and the game's row (version, status, table text: bounded by the cards, not the record), so a
move costs the same at move 10 and at move 10,000. A move names the version of the game it
was made on (how many tokens it had); the update only goes through when that version is still
the stored one, so two tabs (or two servers) on one game can never both move from the same
position, nor a retried request apply twice: the second is refused as stale.

A game is *closed* once it is over for good: won, left (its player started another of the same
game: its status is ``left``), or blocked and then reviewed. A closed game takes no more moves,
undo included, and only then is anything said of it that uses cards the player has not seen
(its deal code where the deal hides cards, its review), so that it can never help a game still
being played. A blocked game stays open until it is reviewed: the player may undo from it.

The server keeps recently used games in memory as ready ``State``s; the database stays the
truth (a cached game whose stored version has moved on is dropped and read again).

The store makes no move: the game's ``State`` does (``State.step``), and ``record`` stores
the token it played; the service puts the two together under ``held``.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    bindparam,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from paciencia.engine.errors import PacienciaError
from paciencia.engine.protocol import State, Status
from paciencia.games import new_state, state_from_text
from paciencia.games import starting_state as starting_state
from paciencia.play.errors import GameClosed as GameClosed
from paciencia.play.errors import GameNotFound as GameNotFound
from paciencia.play.errors import GameTooLong as GameTooLong
from paciencia.play.errors import StaleMove as StaleMove
from paciencia.play.held import MAX_TOKENS as MAX_TOKENS
from paciencia.play.held import HeldGame
from paciencia.play.views import LEFT as LEFT
from paciencia.web.db.deals import DailyResult as DailyResult
from paciencia.web.db.deals import Deals
from paciencia.web.db.deals import Known as Known
from paciencia.web.db.migrate import database_url, migrate
from paciencia.web.db.tables import games, moves

ID_BYTES = 16  # 128 random bits
LOCK_STRIPES = 64
WRITE_CHUNK = 200
"""Moves written a transaction when a game is stored with a record (``Store.create``): SQLite
has one writer, and a record of thousands of moves written at once holds every other player's
move back for as long (a few milliseconds a chunk)."""
SNAPSHOT_EVERY = 400
"""A new snapshot is tried once the record has grown this much past the last one."""
SNAPSHOT_LAG = 200
"""How far behind the current move a snapshot is taken: the undo history after a load must be
the one before it (a game may bound its undo, to 100 moves say), which the snapshot is checked for."""

# Built once: a move's write, and the version check before every answer, are the hot path.
_VERSION = select(games.c.version, games.c.closed, games.c.player).where(games.c.id == bindparam("game_id"))
_SAVE_MOVE = (
    update(games)
    .where(
        games.c.id == bindparam("game_id"),
        games.c.version == bindparam("old_version"),
        games.c.closed == 0,
    )
    .values(
        version=bindparam("new_version"),
        table_text=bindparam("new_table"),
        status=bindparam("new_status"),
        closed=bindparam("new_closed"),
        started=bindparam("new_started"),
        ended=bindparam("new_ended"),
        updated=bindparam("new_updated"),
        moves=bindparam("new_moves"),
    )
)
_APPEND = moves.insert().values(game_id=bindparam("game_id"), n=bindparam("n"), token=bindparam("token"))
_TOKENS = select(moves.c.token).where(moves.c.game_id == bindparam("game_id")).order_by(moves.c.n)


def _position(state: State[Any], version: int, now: float) -> dict[str, Any]:
    """A game row's columns for ``state`` at ``version`` (``Store.create``'s chunks)."""
    status = state.status
    return {
        "version": version,
        "table_text": state.to_text(),
        "status": status.value,
        "closed": int(status == Status.WON),
        "ended": None if status == Status.PLAYING else now,
        "updated": now,
        "moves": state.figures().moves,
    }


def new_id() -> str:
    """An unguessable id: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(ID_BYTES)


@dataclass(slots=True, kw_only=True)
class SavedGame(HeldGame):
    """A game as the server holds it: its record and its state, ready to play (``HeldGame``),
    with whose it is and what the server keeps of it besides."""

    player: str
    created: float
    memo: dict[str, Any] = field(default_factory=dict)
    """What the game's hints keep between answers (``Game.analyse``); this game's alone."""
    analysing: threading.Lock = field(default_factory=threading.Lock)
    """Held while this game's hint is worked out: one analysis per game at a time."""
    snap_version: int = 0
    """The version of the stored snapshot (0: the start is the snapshot)."""
    snap_tried: int = 0
    """The version at which a snapshot was last tried in this process."""
    chosen_level: str | None = None
    """The level the player chose for this deal (it may be shown from the start)."""
    level: str | None = None
    """The deal's level where it is known (set by the service; shown only once closed, or chosen)."""
    level_pending: bool = False
    """The deal's level is being measured (the view says so once it may say the level)."""


def sqlite_pragmas(synchronous: str) -> Callable[[Any, Any], None]:
    """What an SQLite connection is set to on connect: WAL, a busy wait, and ``synchronous``.
    The games' own engine is FULL: a commit is on disk before a move is answered, power cut
    included (NORMAL, with WAL, loses the last commits to one); a move costs x1.13
    (bench/sqlite_synchronous.py). The limits' engine is NORMAL (limits.py says why)."""

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={synchronous}")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()

    return on_connect


class Store(Deals):
    """Games and verdicts in the database, with the games in play kept in memory.

    Every method blocks (callers run them off the event loop). A cached game's state is read and
    changed only under ``lock(game_id)`` (one of a few locks, so games rarely wait for each
    other and never for a solver), which ``held``, ``load`` and ``close_game`` take once;
    ``record`` and ``room`` are called under ``held``. The cache has a lock of its own.
    """

    def __init__(self, url: str, cache_size: int = 2000, max_tokens: int = MAX_TOKENS) -> None:
        self.max_tokens = max_tokens
        self._locks = [threading.RLock() for _ in range(LOCK_STRIPES)]
        self._cache_lock = threading.Lock()
        url = database_url(url)
        # Many request threads share the pool; a server restarted under us is noticed, not failed on.
        options: dict[str, Any] = {"pool_size": 10, "max_overflow": 30, "pool_pre_ping": True}
        self.engine: Engine = create_engine(url, **(options if url.startswith("postgresql") else {}))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", sqlite_pragmas("FULL"))
        migrate(self.engine)
        self.cache: OrderedDict[str, SavedGame] = OrderedDict()
        self.cache_size = cache_size

    def close(self) -> None:
        self.cache.clear()
        self.engine.dispose()

    # -- cache ---------------------------------------------------------------------------------

    def lock(self, game_id: str) -> threading.RLock:
        """The lock under which game ``game_id``'s cached state is read or changed."""
        return self._locks[hash(game_id) % LOCK_STRIPES]

    def _remember(self, game: SavedGame) -> SavedGame:
        """Caches ``game``, unless another thread cached it first: the cached one is returned."""
        with self._cache_lock:
            found = self.cache.setdefault(game.id, game)
            self.cache.move_to_end(game.id)
            while len(self.cache) > self.cache_size:
                self.cache.popitem(last=False)
            return found

    def _cached(self, game_id: str) -> SavedGame | None:
        with self._cache_lock:
            found = self.cache.get(game_id)
            if found is not None:
                self.cache.move_to_end(game_id)
            return found

    def forget(self, game_id: str) -> None:
        with self._cache_lock:
            self.cache.pop(game_id, None)

    # -- games ---------------------------------------------------------------------------------

    def create(
        self,
        player: str,
        start_kind: str,
        start: str,
        state: State[Any],
        source: str | None = None,
        tokens: Sequence[str] = (),
        level: str | None = None,
        game_id: str | None = None,
        leaves: bool = True,
    ) -> SavedGame:
        """Stores a new game, and leaves the player's other games of the same game in play
        (``leaves``; a game brought in from another site's record leaves none).

        ``tokens``: the record the new game starts with, already played on ``state`` (a replay
        from a move of another game, a line sent from offline), written ``WRITE_CHUNK`` moves a
        transaction: the game's row comes with the first chunk, and each chunk moves its
        version on as moves would (with the table text there), so a write cut short leaves a
        game that loads and plays on from where it stopped, and no player waits on SQLite's
        one writer for more than a chunk. With ``game_id`` (a line's own id), a game of that id
        already stored for the player with a start of the same record (the same line, cut
        short, or being written by another request) is taken up where it stands: the line sent
        again completes it. Any other game of that id: ``IntegrityError``."""
        if len(tokens) > self.max_tokens:
            raise GameTooLong("new", self.max_tokens)
        now = time.time()
        tokens = list(tokens)
        game = SavedGame(
            id=game_id or new_id(),
            player=player,
            game=state.game.name,
            start_kind=start_kind,
            start=start,
            tokens=tokens,
            state=state,
            created=now,
            started=now if tokens else None,
            ended=now if state.status != Status.PLAYING else None,
            status=state.status,
            winnable=start_kind == "code" and self.proved_winnable(start),
            closed=state.status == Status.WON,
            chosen_level=level,
            embargo=self._embargo(start_kind, start),
        )
        first = len(tokens) if len(tokens) <= WRITE_CHUNK else WRITE_CHUNK
        head = state
        if first < len(tokens):
            head = starting_state(start_kind, start)
            head.play_all(tokens[:first])
        partial: State[Any] | None = head  # the position at the version written so far
        try:
            with self.engine.begin() as conn:
                if leaves:
                    conn.execute(
                        update(games)
                        .where(
                            games.c.player == player, games.c.game == game.game, games.c.status == Status.PLAYING.value
                        )
                        .values(status=LEFT, closed=1, ended=now, updated=now)
                    )
                conn.execute(
                    games.insert().values(
                        id=game.id,
                        player=player,
                        game=game.game,
                        start_kind=start_kind,
                        start=start,
                        created=now,
                        started=game.started,
                        source=source,
                        level=level,
                        **_position(head, first, now),
                    )
                )
                if first:
                    conn.execute(
                        _APPEND, [{"game_id": game.id, "n": i, "token": t} for i, t in enumerate(tokens[:first])]
                    )
            at, resumed = first, False
        except IntegrityError:
            if game_id is None:
                raise
            at, resumed = self._taken_up(game, -1), True
            partial = None
        while at < len(tokens):
            chunk = tokens[at : at + WRITE_CHUNK]
            if partial is None:
                partial = starting_state(start_kind, start)
                partial.play_all(tokens[:at])
            partial.play_all(chunk)  # outside the transaction: the writer is free meanwhile
            with self.engine.begin() as conn:
                done = conn.execute(
                    update(games)
                    .where(games.c.id == game.id, games.c.version == at, games.c.closed == 0)
                    .values(**_position(partial, at + len(chunk), now))
                ).rowcount
                if done == 1:
                    conn.execute(_APPEND, [{"game_id": game.id, "n": at + i, "token": t} for i, t in enumerate(chunk)])
            if done == 1:
                at += len(chunk)
                continue
            at, resumed = self._taken_up(game, at), True  # moved on meanwhile: the same line sent again?
            partial = None
        self.forget(game.id)  # a copy loaded while the record was being written is behind it
        if resumed:  # the game as stored (its clock is the first request's)
            return self.load(game.id, player)
        return self._remember(game)

    def _taken_up(self, game: SavedGame, at: int) -> int:
        """How far the stored game of ``game``'s id stands into ``game``'s record, when it is a
        game of the same player and start whose record is a start of it; else the error for
        the write that found it (``IntegrityError`` for an id taken, ``StaleMove``)."""
        self.forget(game.id)
        try:
            stored = self.load(game.id, game.player)
        except GameNotFound:
            if at < 0:
                raise IntegrityError("INSERT INTO games", None, Exception(f"game {game.id} is another's")) from None
            raise
        same = (stored.start_kind, stored.start) == (game.start_kind, game.start)
        if same and stored.tokens == game.tokens[: len(stored.tokens)] and stored.version > at:
            return stored.version
        if at < 0:
            raise IntegrityError("INSERT INTO games", None, Exception(f"game {game.id} is stored already"))
        raise GameClosed(stored) if stored.closed else StaleMove(stored)

    def load(self, game_id: str, player: str) -> SavedGame:
        with self.lock(game_id):
            return self._load(game_id, player)

    def _load(self, game_id: str, player: str) -> SavedGame:
        cached = self._cached(game_id)
        if cached is not None:
            # Another server may have moved the game on, or left it, or a device that joined its
            # player may have brought it to another (``move_games``): the stored version, status
            # and player are asked every time.
            with self.engine.connect() as conn:
                stored = conn.execute(_VERSION, {"game_id": game_id}).first()
            fresh = stored is not None and stored[0] == cached.version and bool(stored[1]) == cached.closed
            if fresh and stored is not None and stored[2] == cached.player:
                if cached.player != player:
                    raise GameNotFound(game_id)
                return cached
            self.forget(game_id)
            if stored is None:
                raise GameNotFound(game_id)
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None or row["player"] != player:
                raise GameNotFound(game_id)
            tokens = list(conn.execute(_TOKENS, {"game_id": game_id}).scalars())
        if len(tokens) != row["version"]:  # a move committed between the two reads
            return self._load(game_id, player)
        snap = row["snap_version"] if row["snap_text"] is not None else 0
        state = state_from_text(row["snap_text"]) if snap else starting_state(row["start_kind"], row["start"])
        state.play_all(tokens[snap:])
        game = SavedGame(
            id=row["id"],
            player=row["player"],
            game=row["game"],
            start_kind=row["start_kind"],
            start=row["start"],
            tokens=tokens,
            state=state,
            created=row["created"],
            started=row["started"],
            ended=row["ended"],
            status=state.status,
            winnable=row["start_kind"] == "code" and self.proved_winnable(row["start"]),
            snap_version=snap,
            snap_tried=snap,
            left=row["status"] == LEFT,
            closed=bool(row["closed"]),
            chosen_level=row["level"],
            embargo=self._embargo(row["start_kind"], row["start"]),
        )
        return self._remember(game)

    def _embargo(self, start_kind: str, start: str) -> float | None:
        """Until when the deal is kept from everyone (``play.disclosure.embargoed``): a running
        challenge's deal that hides cards when dealt (one dealt face up tells nothing more than
        its first position, which anyone who starts the challenge sees)."""
        if start_kind != "code":
            return None
        until = self.embargo(start)
        if until is None or new_state(start).observe().code is not None:
            return None
        return until

    @contextmanager
    def held(self, game_id: str, player: str, version: int | None = None) -> Iterator[SavedGame]:
        """The game under its lock, for one step on it and the answer about it (nothing else
        moves it on in between). With ``version``: the game as it is at that version and still
        taking moves; ``StaleMove`` when it has moved on, ``GameClosed`` when it is over for good."""
        with self.lock(game_id):
            yield self._load(game_id, player) if version is None else self._at(game_id, player, version)

    def _at(self, game_id: str, player: str, version: int) -> SavedGame:
        game = self._load(game_id, player)
        if version > game.version:  # another server moved it on: our copy is the stale one
            self.forget(game_id)
            game = self._load(game_id, player)
        if game.closed:
            raise GameClosed(game)
        if version != game.version:
            raise StaleMove(game)
        return game

    def room(self, game: SavedGame) -> None:
        """``GameTooLong`` when ``game``'s record is as long as a record may be (before a move
        is made on it)."""
        if game.version >= self.max_tokens:
            raise GameTooLong(game.id, self.max_tokens)

    def record(self, game: SavedGame, token: str) -> None:
        """Stores ``token``, just played on ``game.state`` (under ``held``, at the version the
        move was checked at): a new ``moves`` row and the game's row, in one transaction. When
        the stored game has moved on meanwhile (another server), or was left, our copy is
        dropped and ``StaleMove`` or ``GameClosed`` raised with the stored one; on any other
        failure it is dropped too (its state has the move the database lacks)."""
        version = game.version
        state = game.state
        now = time.time()
        status = state.status
        started = game.started if game.started is not None else now
        ended = None if status == Status.PLAYING else (game.ended or now)
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    _SAVE_MOVE,
                    {
                        "game_id": game.id,
                        "old_version": version,
                        "new_version": version + 1,
                        "new_table": state.to_text(),
                        "new_status": status.value,
                        "new_closed": int(status == Status.WON),
                        "new_started": started,
                        "new_ended": ended,
                        "new_updated": now,
                        "new_moves": state.figures().moves,
                    },
                ).rowcount
                if done == 1:
                    conn.execute(_APPEND, {"game_id": game.id, "n": version, "token": token})
        except Exception:
            self.forget(game.id)
            raise
        if done != 1:
            self.forget(game.id)
            stored = self._load(game.id, game.player)
            raise GameClosed(stored) if stored.closed else StaleMove(stored)
        game.tokens.append(token)
        game.started = started
        game.ended = ended
        game.status = status
        game.closed = status == Status.WON
        if game.version - max(game.snap_version, game.snap_tried) >= SNAPSHOT_EVERY:
            self._snapshot(game)

    def close_game(self, game_id: str, player: str) -> SavedGame:
        """Closes a game once what uses its whole deal is to be said of it (its review, once
        blocked): it takes no more moves from then on. Returns it, closed."""
        with self.lock(game_id):
            game = self._load(game_id, player)
            if game.closed:
                return game
            with self.engine.begin() as conn:
                conn.execute(
                    update(games)
                    .where(games.c.id == game_id, games.c.version == game.version)
                    .values(closed=1, updated=time.time())
                )
            self.forget(game_id)
            return self._load(game_id, player)

    def _snapshot(self, game: SavedGame) -> None:
        """Stores the position ``SNAPSHOT_LAG`` moves back, if loading from it and replaying the
        moves after it gives this very state, undo history included."""
        game.snap_tried = game.version
        live = game.state
        if len(live.move_stack) > SNAPSHOT_LAG:  # the undo history reaches further back
            return
        at = game.version - SNAPSHOT_LAG
        if game.snap_version:
            with self.engine.connect() as conn:
                snap_text = conn.execute(select(games.c.snap_text).where(games.c.id == game.id)).scalar()
            base = state_from_text(str(snap_text))
        else:
            base = starting_state(game.start_kind, game.start)
        try:
            base.play_all(game.tokens[game.snap_version : at])
            text = base.to_text()
            check = state_from_text(text)
            check.play_all(game.tokens[at:])
        except PacienciaError:  # an undo reaches back past the snapshot
            return
        if check.to_text() != live.to_text() or list(map(str, check.move_stack)) != list(map(str, live.move_stack)):
            return
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game.id).values(snap_version=at, snap_text=text))
        game.snap_version = at

    def offline_clock(self, game: SavedGame, started: float | None, ended: float | None) -> None:
        """Keeps the clock a line from offline brought (``web/offline.keep_clock``), and marks
        the game as one such a line went onto: the daily comparison leaves it out."""
        with self.lock(game.id), self.engine.begin() as conn:
            conn.execute(
                update(games).where(games.c.id == game.id).values(started=started, ended=ended, from_offline=1)
            )
            game.started, game.ended = started, ended

    def imported(
        self, game: SavedGame, created: float, started: float | None, ended: float | None, left: bool, closed: bool
    ) -> SavedGame:
        """Keeps what a game brought in from another site's record was there: its clock (its
        file's word, bounded by ``service/record.py``), whether it was left for a newer game or
        closed; and marks it imported: it counts in its player's statistics, in no ranking,
        calendar or streak. The game as stored now."""
        values: dict[str, Any] = {"created": created, "started": started, "ended": ended, "from_offline": 1}
        values.update({"imported": 1, "updated": max(t for t in (created, started, ended) if t is not None)})
        if left or closed:
            values.update(closed=1, ended=ended if ended is not None else values["updated"])
        if left:
            values.update(status=LEFT)
        with self.lock(game.id), self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game.id).values(**values))
        self.forget(game.id)
        return self.load(game.id, game.player)

    def tokens_of(self, game_id: str) -> list[str]:
        """A stored game's record (its tokens), read without replaying it."""
        with self.engine.connect() as conn:
            return list(conn.execute(_TOKENS, {"game_id": game_id}).scalars())

    def move_games(self, from_player: str, to_player: str) -> int:
        """Gives every game of ``from_player`` to ``to_player`` (a browser joining a player it was
        linked to: nothing of either is lost); how many moved. A copy cached in another process
        is read again there (``_load`` asks whose a game is)."""
        with self.engine.begin() as conn:
            ids = list(conn.execute(select(games.c.id).where(games.c.player == from_player)).scalars())
            conn.execute(update(games).where(games.c.player == from_player).values(player=to_player))
        for game_id in ids:
            self.forget(game_id)
        return len(ids)

    def played_rows(self, player: str, since: float | None = None) -> list[dict[str, Any]]:
        """The player's games with a move made (since ``since``), oldest first, as stored rows
        (the statistics' figures)."""
        query = select(games).where(games.c.player == player, games.c.version > 0).order_by(games.c.created)
        if since is not None:
            query = query.where(games.c.created >= since)
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(query).mappings().all()]

    def open_starts(self, player: str) -> set[str]:
        """The starts (deal codes, table texts) of the player's games not closed: while one is
        played, nothing that uses its whole deal is said of any game of the same start (a game
        left for a replay of it, say)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.start).where(games.c.player == player, games.c.closed == 0))
            return set(found.scalars())

    def replayed(self, game: SavedGame) -> bool:
        """Whether another of the player's games plays ``game``'s deal: what the disclosure rule
        (``play.disclosure.deal_told``) asks of a closed game; a game in play is itself the one."""
        return game.closed and game.start in self.open_starts(game.player)

    def player_starts(self, player: str, game: str) -> set[str]:
        """The starts of every game of this kind the player has had (a chosen level's draw
        avoids them)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.start).where(games.c.player == player, games.c.game == game))
            return set(found.scalars())

    def latest(self, player: str, game: str) -> str | None:
        """The id of the player's most recently touched game of this kind that is still on."""
        with self.engine.connect() as conn:
            return conn.execute(
                select(games.c.id)
                .where(games.c.player == player, games.c.game == game, games.c.status == Status.PLAYING.value)
                .order_by(games.c.updated.desc())
                .limit(1)
            ).scalar()

    # -- verdicts ------------------------------------------------------------------------------
