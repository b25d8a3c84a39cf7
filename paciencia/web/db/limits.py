"""Limits that keep one client from starving the others, kept in the database so that every
server process on it (``--workers N``, or several machines) counts as one.

- A token bucket per key (``hints:<player>``, ``games:<address>``): one row, refilled and
  taken from in one ``UPDATE`` whose condition is re-checked on the row it locks, so two
  processes never both take the last token. A take may cost more than one token (an offline
  line costs its moves), and several takes are made all or none, in one transaction and one
  ``UPDATE`` of them all (the player's bucket and its address's; a bucket short or not made yet
  is then looked at alone). ``paciencia/web/service/admission.py`` says what each path takes.
  A hint's admission is four statements (its turn, the hints under way, the buckets, its place)
  and its release one: they run for every hint, in the server (issue 39).
- The hints being worked out: a row per player (one hint per player at a time) with an expiry
  (a process killed mid-hint locks nobody out for longer than ``RUNNING_SECONDS``), and at most
  ``room`` rows in all. Admissions take turns on one ``limit_gate`` row (an ``UPDATE`` of it
  locks it until the transaction ends, on SQLite and PostgreSQL alike), so the count they
  check cannot change under them.

Each process also remembers the refusals it was given until they run out: it refuses again
without asking the database. That only refuses what the database would refuse (a bucket
refills at its own pace, whoever asks), never grants.
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, and_, bindparam, case, create_engine, delete, event, func, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from paciencia.web.db.store import sqlite_pragmas
from paciencia.web.db.tables import buckets, gate, running

RUNNING_SECONDS = 60.0
"""How long a hint's admission holds at most: past it a crashed process's row is ignored."""
PRUNE_EVERY = 60.0
"""Seconds between two clean-ups of full buckets (a full bucket is the same as none)."""


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket: refilled at ``per_minute``, holding ``burst`` at most."""

    per_minute: float
    burst: int

    def times(self, factor: float) -> Rate:
        return Rate(self.per_minute * factor, int(self.burst * factor))


@dataclass(frozen=True, slots=True)
class Take:
    """``cost`` tokens from the bucket ``key`` (made full at its first use)."""

    key: str
    rate: Rate
    cost: float = 1.0


class Refused(Exception):
    """Not now: ``reason`` (``hint_running``, ``busy``, ``too_many``), ``wait`` seconds at least."""

    def __init__(self, reason: str, wait: float, running: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait = wait
        self.running = running

    @property
    def retry_after(self) -> str:
        return str(max(1, math.ceil(self.wait)))


def _now() -> Any:
    return bindparam("now", type_=Float)


def _filled(rate: Any, burst: Any) -> Any:
    """The bucket's tokens at ``now`` (a clock behind the row's adds nothing, takes nothing);
    ``rate`` (a second) and ``burst`` are numbers or expressions of the row."""
    elapsed = case((_now() > buckets.c.updated, _now() - buckets.c.updated), else_=0.0)
    filled = buckets.c.tokens + elapsed * rate
    return case((filled > burst, burst), else_=filled)


def limits_engine(engine: Engine) -> Engine:
    """The engine the limits write with: on an SQLite file, connections of their own whose commits
    do not wait for the disk (``synchronous=NORMAL``: in WAL mode a commit is then written, not
    synced; the next synced commit, a move's, syncs it too). SQLite has one writer, and a hint's
    two commits synced held it for two syncs (~4 ms each here), which the moves waited for; a
    power cut may lose the last limits' rows written, a token or a hint's place given back,
    never a move. Elsewhere (PostgreSQL) the store's engine."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return engine
    own = create_engine(engine.url)
    event.listen(own, "connect", sqlite_pragmas("NORMAL"))
    return own


class Limits:
    """The shared limits on one database (``engine``: the store's; ``limits_engine`` says what
    they write with)."""

    def __init__(self, engine: Engine, keys: int = 10_000) -> None:
        self.engine = engine = limits_engine(engine)
        self.keys = keys
        self._refused: OrderedDict[str, float] = OrderedDict()  # key: refused until (time.time())
        self._lock = threading.Lock()
        self._pruned = 0.0
        self._full_after = 0.0  # the longest a bucket seen here takes to fill from empty
        with engine.connect() as conn:
            made = conn.execute(select(gate.c.id).where(gate.c.id == 1)).first() is not None
        if not made:  # the migration makes it: this is for a database it did not make
            try:
                with engine.begin() as conn:
                    conn.execute(gate.insert().values(id=1, turns=0))
            except IntegrityError:
                pass  # another process made it first

    # -- this process's memory of refusals (refuses, never grants) ------------------------------

    def refused_for(self, key: str, now: float | None = None) -> float:
        """Seconds ``key`` was told to wait that are not over yet (0: ask the database)."""
        now = time.time() if now is None else now
        with self._lock:
            until = self._refused.get(key)
            if until is None:
                return 0.0
            if until <= now:
                del self._refused[key]
                return 0.0
            return until - now

    def _remember(self, key: str, wait: float, now: float) -> None:
        with self._lock:
            self._refused[key] = now + wait
            self._refused.move_to_end(key)
            while len(self._refused) > self.keys:
                self._refused.popitem(last=False)

    # -- token buckets ---------------------------------------------------------------------------

    def take(self, key: str, per_minute: float, burst: int, now: float | None = None) -> float:
        """One action for ``key``: 0 when allowed, else the seconds until one is."""
        return self.take_all([Take(key, Rate(per_minute, burst))], now)

    def take_all(self, takes: Sequence[Take], now: float | None = None) -> float:
        """Each take's cost from its bucket, all or none (one transaction): 0 when allowed,
        else the seconds until all would be, as far as is known now."""
        now = time.time() if now is None else now
        known = max((self.refused_for(t.key, now) for t in takes), default=0.0)
        if known > 0:
            return known
        with self.engine.connect() as conn, conn.begin() as transaction:
            wait = self._take_all(conn, takes, now)
            if wait > 0:
                transaction.rollback()  # a refusal takes nothing from the buckets that had room
        self._prune(now)
        return wait

    def _take_all(self, conn: Connection, takes: Sequence[Take], now: float) -> float:
        """Each take's cost from its bucket, in one ``UPDATE`` of them all (the player's bucket and
        its address's: one statement, not one each); the buckets short or not made yet are then
        looked at one by one. A wait above 0 leaves the takes made in ``conn``'s transaction, for
        the caller to roll back."""
        if len({t.key for t in takes}) != len(takes):  # the same bucket twice: one after the other
            return max((self._take(conn, t.key, t.rate, t.cost, now) for t in takes), default=0.0)
        took = self._take_together(conn, takes, now) if len(takes) > 1 else set()
        wait = 0.0
        for t in takes:
            if t.key not in took:
                wait = max(wait, self._take(conn, t.key, t.rate, t.cost, now))
        return wait

    def _take_together(self, conn: Connection, takes: Sequence[Take], now: float) -> set[str]:
        """The keys of ``takes`` whose cost one ``UPDATE`` took (each bucket's refill and condition
        its own, chosen by its key)."""
        by_key = {t.key: t for t in takes}
        rate = case({k: t.rate.per_minute / 60.0 for k, t in by_key.items()}, value=buckets.c.key)
        burst = case({k: float(t.rate.burst) for k, t in by_key.items()}, value=buckets.c.key)
        cost = case({k: t.cost for k, t in by_key.items()}, value=buckets.c.key)
        for t in takes:
            self._note_full(t.rate)
        filled = _filled(rate, burst)
        done = conn.execute(
            update(buckets)
            .where(buckets.c.key.in_(list(by_key)), filled >= cost)
            .values(tokens=filled - cost, updated=case((_now() > buckets.c.updated, _now()), else_=buckets.c.updated))
            .returning(buckets.c.key),
            {"now": now},
        )
        return {str(key) for key in done.scalars()}

    def _note_full(self, rate: Rate) -> None:
        """Remembers how long a bucket of ``rate`` takes to fill from empty (what pruning waits for)."""
        per_second = rate.per_minute / 60.0
        self._full_after = max(self._full_after, rate.burst / per_second if per_second > 0 else math.inf)

    def _take(self, conn: Connection, key: str, rate_of: Rate, cost: float, now: float) -> float:
        rate = rate_of.per_minute / 60.0
        burst = rate_of.burst
        self._note_full(rate_of)
        filled = _filled(rate, float(burst))
        while True:
            took = conn.execute(
                update(buckets)
                .where(buckets.c.key == key, filled >= cost)
                .values(
                    tokens=filled - cost, updated=case((_now() > buckets.c.updated, _now()), else_=buckets.c.updated)
                ),
                {"now": now},
            ).rowcount
            if took == 1:
                return 0.0
            left = conn.execute(select(filled).where(buckets.c.key == key), {"now": now}).scalar()
            if left is not None:
                if rate <= 0 or cost > burst:
                    return math.inf
                # Remembered here: the wait for one token, which no smaller ask can beat.
                if float(left) < 1:
                    self._remember(key, (1 - float(left)) / rate, now)
                return (cost - float(left)) / rate
            if burst < cost:
                return math.inf
            try:
                with conn.begin_nested():  # a first action: a new bucket, its cost taken
                    conn.execute(buckets.insert().values(key=key, tokens=float(burst) - cost, updated=now))
                return 0.0
            except IntegrityError:
                continue  # another process made it first: take from that one

    def _prune(self, now: float) -> None:
        if now - self._pruned < PRUNE_EVERY or not math.isfinite(self._full_after):
            return
        self._pruned = now
        with self.engine.begin() as conn:
            conn.execute(delete(buckets).where(buckets.c.updated < now - self._full_after))

    # -- hints being worked out ----------------------------------------------------------------

    def admit(self, player: str, room: int, takes: Sequence[Take], now: float | None = None) -> str:
        """A place among the hints being worked out for ``player``'s hint: its ticket for
        ``release``; ``Refused`` when the player has one already, when ``room`` are taken, or
        when a bucket of ``takes`` is short (then nothing is taken)."""
        now = time.time() if now is None else now
        known = max((self.refused_for(t.key, now) for t in takes), default=0.0)
        if known > 0:
            raise Refused("too_many", known)
        ticket = secrets.token_hex(8)
        with self.engine.begin() as conn:
            conn.execute(update(gate).where(gate.c.id == 1).values(turns=gate.c.turns + 1))  # our turn
            live = running.c.expires >= now
            count, mine, lapsed = conn.execute(
                select(
                    func.coalesce(func.sum(case((live, 1), else_=0)), 0),
                    func.coalesce(func.sum(case((and_(live, running.c.player == player), 1), else_=0)), 0),
                    func.coalesce(func.sum(case((live, 0), else_=1)), 0),
                )
            ).one()
            if mine:
                raise Refused("hint_running", 1)
            if count >= room:
                raise Refused("busy", 1, int(count))
            if lapsed:  # a process killed mid-hint: its row no longer counts, and goes now
                conn.execute(delete(running).where(running.c.expires < now))
            wait = self._take_all(conn, takes, now)
            if wait > 0:
                raise Refused("too_many", wait)  # the transaction rolls back: nothing taken
            conn.execute(running.insert().values(player=player, ticket=ticket, expires=now + RUNNING_SECONDS))
        return ticket

    def release(self, player: str, ticket: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(running).where(running.c.player == player, running.c.ticket == ticket))
