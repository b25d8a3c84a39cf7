"""The site's trust figures in one run (issue 21): kill -9, a database crash, many players, a
forged-cookie flood, the heaviest request one cookie can make, and the bytes a move writes; one
table at the end, a row per measurement.

Run: .venv/bin/python bench/trust.py [--quick] [--only kill,outage,players,flood,heavy,bytes,floods,linking,ranking]
     [--rounds N] [--movers N] [--players N] [--moves N] [--forged N] [--seconds S] ...
The full run takes 10 to 15 minutes on 2 cores; ``--quick`` 2 to 4 (fewer rounds, players and
seconds; the same rows). Options given beside ``--quick`` win over its figures.

Every server is a real ``paciencia serve`` process on a loopback port, in a session of its own
(so that a kill reaches its workers), on a new SQLite file or on a new schema of the one
PostgreSQL cluster this bench starts (``tests/postgres.py``; commits made durable with
``synchronous_commit = on`` for its role, since the tests' cluster turns it off). Players are
``web_servers.Player`` clients, each with its cookie and a loopback address of its own
(127.1.x.y), as players behind different addresses are; the flood and the heavy client come
from one address each. Every loop is bounded in requests and in time, every request by a
timeout, and every process the bench starts is stopped at the end. The bench measures what the
server does: it counts the answers it gets by status and asserts nothing (it exits 1 only when
an acknowledged move was lost, or a row could not be measured).

Rows:
- kill: players play Crescent moves as fast as they are answered while the server is killed
  with SIGKILL (its whole process group) at random moments and started again, ``--rounds``
  times: SQLite with one process; PostgreSQL with ``--workers 4`` (``--workers``); two processes on one SQLite
  file (one of them killed each round). A move answered 200 is acknowledged: after the rounds,
  each game is asked through the API (its version must be past every acknowledged move) and its
  stored record read (the token of every acknowledged move must be there, at its place).
  Also: how long the server took to answer again after each start.
- outage: players play on one server on PostgreSQL; PostgreSQL is stopped with ``pg_ctl stop -m
  immediate`` (a crash: connections cut, no checkpoint) and started again ``--outage`` seconds
  later. The answers during the outage by status, acknowledged moves lost (checked as above),
  and the time from PostgreSQL answering again to the first move answered 200.
- players: ``--players`` players x ``--moves`` moves (Crescent, a think time between moves),
  one server on SQLite: move latency p50/p99 seen by the players, and moves answered a second.
- flood: ``--ordinary`` players playing moves and asking a hint every 5 moves, first alone, then
  beside ``--forged`` clients with made-up ``paciencia_player`` cookies (one address, one
  connection each) that start a game and ask a hint on it as fast as they are answered: the
  players' move p99 in both runs and its ratio (target <= 2), and the flood's answers by status.
- heavy: one cookie owns a Klondike game of ``--long`` draws (built in the store directly:
  the longest record a game keeps); ``--heavy`` connections of that cookie ask, as fast as they
  are answered (twice a second after a refusal), for a new game replaying it up to its last
  move (``{"replay": id, "at": N}``), then for its review and review steps. Beside them the
  ordinary players: their move p50/p99 and hint p50 before and during each, and the server's
  memory (VmRSS, and its peak VmHWM).
- bytes: a Klondike game at move 100 and one at move 10,000 (``--far``; built in the store),
  then ``--window`` draws through the API on each: bytes written per move, on SQLite (what the
  server process wrote to files, /proc/<pid>/io ``wchar``, and the growth of the database and
  its WAL) and on PostgreSQL (WAL written, ``pg_current_wal_lsn()`` before and after).
- linking (issue 43): one server on SQLite. A player makes a one-time code; ``--guessers``
  addresses, each a new player, type codes with its right first word and wrong secret words as
  fast as answered: the answers by status until the code burns, and what its right words get
  then. One address typing codes for ``--seconds``: the tries it is answered (404) and refused
  (429). A code used once and typed again, and a code past its ten minutes (its row's expiry
  moved back): their answers. And the odds of a guess, from the code's words and tries.
- ranking (issue 43): one server on SQLite, today's FreeCell deal (dealt face up, so its code
  and table are in sight): a player plays the solver's line online at a person's pace (0.35 s a
  move), another as fast as answered, one sends it from offline onto the daily game (its clock
  the device's, 0 seconds), one wins a replay of their won daily game, one a pasted table of the
  deal: the ranking's entries (place, flagged) and who is not in it.
- floods: issue 36's floods from one cookie (``--lines`` connections, as fast as answered,
  twice a second after a 429) beside ``--ordinary`` players: offline lines of 6,000 moves (past
  the admission's bound: 413 at once, again and again) and of 5,000 (the longest it takes), on SQLite and
  PostgreSQL (``--no-postgres``: SQLite alone), and winnable-only new games on SQLite. The
  players' move p50 and p95 alone and beside each flood, the p95 ratio (target <= 2), the
  flood's answers, and how much the SQLite database grew.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from web_load import Browser, crescent_move
from web_servers import HOST, Player, ordinary, scale_player, start_server, wait_up
from web_site import ROOT, free_port, machine, percentile

sys.path.insert(0, str(ROOT))
from tests.postgres import PostgresServer, start_postgres

REQUEST_SECONDS = 30.0
"""A request not answered by then counts as a timeout (its connection is dropped)."""
HEAVY_SECONDS = 90.0
"""The same for a heavy request (a replay of a whole record, a review)."""
START_SECONDS = 120.0
"""A server that does not answer this long after its start is given up on."""
HEAVY_PAUSE = 0.5
"""How long a heavy client waits after a refusal: it asks again twice a second (not at once:
a flood of refusals is the flood row's measure, the cost of the work this one's)."""
MAX_REQUESTS = 100_000
"""Requests one client makes at most in one run of a row."""
NO_CONNECTION = -1
"""The status counted for a request whose connection was refused or closed before the answer."""
TIMEOUT = -2
STATUS_NAMES = {NO_CONNECTION: "no connection", TIMEOUT: "timeout"}
CRESCENT_CODE = "CR1-N-AAAAAAB"
KLONDIKE_CODE = "KL1-3-AAAAAAB"
LOAD_NICE = 5
"""The bench's clients run at this lower CPU priority; the servers it starts are put back to
the priority it had (when it may: as root), so that the load takes less from what it measures."""
BASE_NICE = os.getpriority(os.PRIO_PROCESS, 0)


# -- servers -----------------------------------------------------------------------------------


def unnice(pid: int, group: bool = False) -> None:
    """Puts a process (or group) back to the bench's own priority, where allowed."""
    with suppress(OSError):
        os.setpriority(os.PRIO_PGRP if group else os.PRIO_PROCESS, pid, BASE_NICE)


class Site:
    """The ``paciencia serve`` processes of one row on one database, each started (again) on its
    own port; every one still running is stopped at the end (``with``)."""

    def __init__(self, database: str, count: int = 1, extra: Sequence[str] = ()) -> None:
        self.database = database
        self.extra = tuple(extra)
        self.ports = [free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * count

    def __enter__(self) -> Site:
        try:
            for i in range(len(self.ports)):
                self.spawn(i)
            for i in range(len(self.ports)):
                self.wait(i)
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def spawn(self, i: int) -> None:
        proc = start_server(self.ports[i], self.database, *self.extra)
        unnice(proc.pid, group=True)
        self.procs[i] = proc

    def wait(self, i: int) -> None:
        proc = self.procs[i]
        assert proc is not None
        wait_up(self.ports[i], proc, START_SECONDS)

    def start(self, i: int) -> float:
        """Starts server ``i`` again: seconds until it answers a page."""
        t0 = time.monotonic()
        self.spawn(i)
        self.wait(i)
        return time.monotonic() - t0

    def kill(self, i: int) -> None:
        """SIGKILL to server ``i`` and its workers (its process group), as a crash."""
        proc = self.procs[i]
        if proc is None:
            return
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        self.procs[i] = None

    def stop(self) -> None:
        running = [p for p in self.procs if p is not None]
        for proc in running:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in running:
            with suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=20)
            with suppress(ProcessLookupError):  # workers left behind, or a server that would not stop
                os.killpg(proc.pid, signal.SIGKILL)
            with suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        self.procs = [None] * len(self.procs)

    def pids(self) -> list[int]:
        """The processes of every server (each one's group: the server and its workers)."""
        groups = {p.pid for p in self.procs if p is not None}
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with suppress(OSError, IndexError, ValueError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) in groups:
                    found.append(int(stat.parent.name))
        return found


def memory_mb(pids: Sequence[int]) -> tuple[float, float]:
    """(VmRSS summed over ``pids``, the largest VmHWM of one of them), in MB."""
    rss = 0.0
    peak = 0.0
    for pid in pids:
        with suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                key, _, value = line.partition(":")
                if key == "VmRSS":
                    rss += int(value.split()[0]) / 1024
                elif key == "VmHWM":
                    peak = max(peak, int(value.split()[0]) / 1024)
    return rss, peak


def written_bytes(pid: int) -> int:
    """What the process has passed to write() and its kin: files (the database, its WAL), not
    sockets (those are sent, not written)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise RuntimeError(f"no wchar for process {pid}")


class Cluster:
    """The bench's PostgreSQL cluster (``tests/postgres.py``), started on first use."""

    def __init__(self) -> None:
        self.server: PostgresServer | None = None

    def pg(self) -> PostgresServer:
        if self.server is None:
            import psycopg

            self.server = start_postgres()
            self._unnice()
            # The tests' cluster acknowledges commits before writing them out (faster); a crash
            # of it could then lose acknowledged moves that the site did store: not measured here.
            with psycopg.connect(self.server.admin, autocommit=True) as conn:
                conn.execute("ALTER ROLE paciencia SET synchronous_commit = on")
        return self.server

    def database(self) -> str:
        """A new, empty database (a schema) on the cluster: its URL."""
        return self.pg().create_database()

    def _unnice(self) -> None:
        assert self.server is not None
        with suppress(OSError, ValueError, IndexError):
            unnice(int((self.server.folder / "data" / "postmaster.pid").read_text().split()[0]))

    def crash(self) -> None:
        """``pg_ctl stop -m immediate``: connections cut, no checkpoint, as a crash."""
        pg = self.pg()
        pg._run("pg_ctl", "-D", str(pg.folder / "data"), "-m", "immediate", "stop")

    def restart(self) -> None:
        """Starts it again with the options it last ran with (``pg_ctl restart`` reads them from
        postmaster.opts), waiting until it accepts connections."""
        pg = self.pg()
        data = str(pg.folder / "data")
        pg._run("pg_ctl", "-D", data, "-l", str(pg.folder / "log"), "-w", "-t", "60", "restart")
        self._unnice()

    def wal_bytes(self) -> int:
        """The WAL position, in bytes from the cluster's start."""
        import psycopg

        with psycopg.connect(self.pg().admin, autocommit=True) as conn:
            row = conn.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint").fetchone()
            assert row is not None
            return int(row[0])

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


def stored_rows(database: str, query: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Rows read from the site's database, as the store sees it."""
    from sqlalchemy import create_engine, text

    from paciencia.web.db.migrate import database_url

    engine = create_engine(database_url(database))
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(query), params)]
    finally:
        engine.dispose()


# -- clients -----------------------------------------------------------------------------------


def address(group: int, i: int) -> str:
    """Client ``i``'s loopback address in ``group`` (1: players, 2: the flood, 3: heavy work)."""
    return f"127.{group}.{i // 250}.{i % 250 + 1}"


async def ask(
    player: Player, n: int, method: str, path: str, body: Any = None, seconds: float = REQUEST_SECONDS
) -> tuple[int, Any]:
    """(status, answer) of one request through the player's ``n``-th server in turn;
    ``NO_CONNECTION`` or ``TIMEOUT`` (and None) when there was no answer."""
    try:
        status, data, _ = await asyncio.wait_for(player.call(n, method, path, body), seconds)
        return status, data
    except TimeoutError:
        failed = TIMEOUT
    except (OSError, asyncio.IncompleteReadError, IndexError, ValueError):
        failed = NO_CONNECTION
    browser = player.browsers.pop(player.ports[n % len(player.ports)], None)
    if browser is not None:
        browser.writer.close()  # half-read: of no further use
    return failed, None


async def bounded(work: Awaitable[None], seconds: float, failures: Counter[str]) -> None:
    """``work`` (one client), given ``seconds`` at most; a client that fails is counted, and the
    others go on."""
    try:
        await asyncio.wait_for(work, seconds)
    except TimeoutError:
        failures["client stopped: out of time"] += 1
    except Exception as e:
        failures[f"client stopped: {type(e).__name__} {str(e)[:60]}"] += 1


def statuses(counts: Counter[int]) -> str:
    return ", ".join(f"{STATUS_NAMES.get(s, str(s))} x{n}" for s, n in sorted(counts.items())) or "none"


def ms(values: Sequence[float], p: float) -> str:
    if not values:
        return "n/a"
    return f"{statistics.median(values) if p == 50 else percentile(list(values), p):.1f}"


def seconds_of(values: Sequence[float]) -> str:
    if not values:
        return "n/a"
    return f"median {statistics.median(values):.1f} s, max {max(values):.1f} s"


@dataclass
class Ledger:
    """Every move acknowledged (answered 200), per game: the version it was played on and the
    token as stored, with the player whose game it is; and every move's answer."""

    acked: dict[str, dict[int, str]] = field(default_factory=dict)
    owner: dict[str, Player] = field(default_factory=dict)
    answers: Counter[int] = field(default_factory=Counter)
    timeline: list[tuple[float, int]] = field(default_factory=list)
    """(when answered, status) of every move."""

    def moves(self) -> int:
        return sum(len(v) for v in self.acked.values())


async def mover(ports: list[int], seed: int, stop: asyncio.Event, ledger: Ledger) -> None:
    """A player playing Crescent moves as fast as they are answered, each through the next
    server in turn, until ``stop``; after a failed move it asks for the game as it stands."""
    rng = random.Random(seed)
    player = Player(ports, address(1, seed))
    game: dict[str, Any] | None = None
    n = seed
    try:
        for _ in range(MAX_REQUESTS):
            if stop.is_set():
                return
            n += 1
            if not player.cookie:
                await ask(player, n, "GET", "/api/games/-")  # a 404 that brings the cookie
                if not player.cookie:
                    await asyncio.sleep(0.1)
                    continue
            if game is None:
                status, data = await ask(player, n, "POST", "/api/games", {"game": "crescent"})
                if status == 201 and isinstance(data, dict):
                    game = data
                    ledger.acked[data["id"]] = {}
                    ledger.owner[data["id"]] = player
                else:
                    await asyncio.sleep(0.1)
                continue
            token = crescent_move(game, rng)
            if token is None:
                game = None
                continue
            version = game["version"]
            body = {"move": token, "version": version}
            status, data = await ask(player, n, "POST", f"/api/games/{game['id']}/moves", body)
            ledger.answers[status] += 1
            ledger.timeline.append((time.monotonic(), status))
            if status == 200 and isinstance(data, dict):
                ledger.acked[game["id"]][version] = data.get("last") or token
                game = data
                continue
            if status == 409 and isinstance(data, dict) and isinstance(data.get("game"), dict):
                game = data["game"]  # stale (stored before its answer was lost) or closed
                continue
            await asyncio.sleep(0.05)
            status, data = await ask(player, n + 1, "GET", f"/api/games/{game['id']}")
            if status == 200 and isinstance(data, dict):
                game = data
    finally:
        await player.close()


@dataclass
class Lost:
    """Acknowledged moves lost, as the API says (the game's version is not past them) and as the
    stored record says (their token is not at their place; None: the record could not be read)."""

    by_api: int
    by_record: int | None
    unasked: int
    """Games the API did not answer for."""

    @property
    def total(self) -> int:
        return max(self.by_api, self.by_record or 0)

    def __str__(self) -> str:
        record = "n/a" if self.by_record is None else str(self.by_record)
        unasked = f", games not answered {self.unasked}" if self.unasked else ""
        return f"lost {self.total} (API version check {self.by_api}, stored record check {record}{unasked})"


async def check(ledger: Ledger, database: str) -> Lost:
    """Every acknowledged move looked for, through the API and in the stored record."""
    by_api = 0
    unasked = 0
    for game_id, acked in ledger.acked.items():
        if not acked:
            continue
        player = ledger.owner[game_id]
        for attempt in range(5):
            status, data = await ask(player, attempt, "GET", f"/api/games/{game_id}")
            if status == 200 and isinstance(data, dict):
                by_api += sum(1 for v in acked if v >= data["version"])
                break
            await asyncio.sleep(0.5)
        else:
            unasked += 1
        await player.close()
    ids = [g for g, acked in ledger.acked.items() if acked]
    stored: dict[tuple[str, int], str] = {}
    try:
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join(f":g{i}" for i in range(len(chunk)))
            rows = await asyncio.to_thread(
                stored_rows,
                database,
                f"SELECT game_id, n, token FROM moves WHERE game_id IN ({marks})",
                {f"g{i}": g for i, g in enumerate(chunk)},
            )
            stored.update({(str(g), int(n)): str(t) for g, n, t in rows})
    except Exception as e:  # a store that keeps its record otherwise: the API's word alone
        print(f"the stored record could not be read: {type(e).__name__}", file=sys.stderr)
        return Lost(by_api, None, unasked)
    by_record = sum(1 for g, acked in ledger.acked.items() for v, token in acked.items() if stored.get((g, v)) != token)
    return Lost(by_api, by_record, unasked)


# -- rows --------------------------------------------------------------------------------------


@dataclass
class Run:
    ns: argparse.Namespace
    cluster: Cluster
    folder: Path
    rows: list[tuple[str, str]] = field(default_factory=list)
    lost: int = 0
    failed: int = 0

    def sqlite(self, name: str) -> str:
        return f"sqlite:///{self.folder / name}.db"

    def row(self, label: str, figures: str) -> None:
        self.rows.append((label, figures))
        print(f"{label}: {figures}", file=sys.stderr, flush=True)


def kill_row(run: Run, label: str, database: str, count: int, extra: Sequence[str]) -> None:
    ns = run.ns
    with Site(database, count, extra) as site:
        ledger = Ledger()
        restarts: list[float] = []
        problems: list[str] = []
        rng = random.Random(ns.seed)

        async def killer(stop: asyncio.Event) -> None:
            try:
                for _ in range(ns.rounds):
                    await asyncio.sleep(rng.uniform(*ns.between))
                    i = rng.randrange(count)
                    await asyncio.to_thread(site.kill, i)
                    try:
                        restarts.append(await asyncio.to_thread(site.start, i))
                    except RuntimeError as e:
                        problems.append(str(e))
                        await asyncio.to_thread(site.kill, i)
                        restarts.append(await asyncio.to_thread(site.start, i))
                await asyncio.sleep(1.0)  # moves on the servers as started again
            finally:
                stop.set()

        async def go() -> Lost:
            stop = asyncio.Event()
            failures: Counter[str] = Counter()
            limit = ns.rounds * (ns.between[1] + START_SECONDS) + 60
            await asyncio.gather(
                killer(stop), *(bounded(mover(site.ports, i, stop, ledger), limit, failures) for i in range(ns.movers))
            )
            problems.extend(f"{k} x{n}" for k, n in failures.items())
            return await check(ledger, database)

        lost = asyncio.run(go())
    run.lost += lost.total
    figures = (
        f"{len(restarts)} round{'' if len(restarts) == 1 else 's'}, {ns.movers} players: "
        f"{ledger.moves()} moves acknowledged in "
        f"{sum(1 for a in ledger.acked.values() if a)} games, {lost}; answering again after each start: "
        f"{seconds_of(restarts)}; move answers: {statuses(ledger.answers)}"
    )
    if problems:
        figures += f"; {'; '.join(problems[:3])}"
    run.row(label, figures)


def kill_rows(run: Run) -> None:
    kill_row(run, "kill -9, SQLite, 1 process", run.sqlite("kill1"), 1, ())
    workers = str(run.ns.workers)
    kill_row(run, f"kill -9, PostgreSQL, --workers {workers}", run.cluster.database(), 1, ("--workers", workers))
    kill_row(run, "kill -9, SQLite, 2 processes", run.sqlite("kill2"), 2, ())


def outage_row(run: Run) -> None:
    ns = run.ns
    database = run.cluster.database()
    with Site(database) as site:
        ledger = Ledger()
        marks: dict[str, float] = {}

        async def crasher(stop: asyncio.Event) -> None:
            try:
                await asyncio.sleep(ns.warm)
                marks["crash"] = time.monotonic()
                await asyncio.to_thread(run.cluster.crash)
                await asyncio.sleep(ns.outage)
                marks["restart"] = time.monotonic()
                await asyncio.to_thread(run.cluster.restart)
                marks["up"] = time.monotonic()
                deadline = time.monotonic() + 60  # until a move is stored again, then a little more
                while time.monotonic() < deadline and not any(
                    t > marks["up"] and s == 200 for t, s in ledger.timeline[-50:]
                ):
                    await asyncio.sleep(0.05)
                await asyncio.sleep(2.0)
            finally:
                stop.set()

        async def go() -> Lost:
            stop = asyncio.Event()
            failures: Counter[str] = Counter()
            limit = ns.warm + ns.outage + 180
            await asyncio.gather(
                crasher(stop), *(bounded(mover(site.ports, i, stop, ledger), limit, failures) for i in range(ns.movers))
            )
            return await check(ledger, database)

        lost = asyncio.run(go())
    run.lost += lost.total
    after = [t for t, s in ledger.timeline if s == 200 and t > marks.get("up", float("inf"))]
    first = min(after) if after else None
    during: Counter[int] = Counter(
        s for t, s in ledger.timeline if marks.get("crash", 0) <= t <= (first or float("inf"))
    )
    recovery = "no move stored after it" if first is None else f"{first - marks['up']:.2f} s"
    run.row(
        "PostgreSQL stopped -m immediate",
        f"down {marks.get('up', 0) - marks.get('crash', 0):.1f} s, {ns.movers} players: answers from the crash "
        f"to the first move stored after: {statuses(during)}; {ledger.moves()} moves acknowledged, {lost}; "
        f"PostgreSQL accepting again to the first move answered 200: {recovery}",
    )


def players_row(run: Run) -> None:
    ns = run.ns
    low, high = (float(x) / 1000 for x in ns.think_ms.split(":"))
    with Site(run.sqlite("players")) as site:
        seen: list[float] = []
        server: list[float] = []
        errors: list[str] = []
        failures: Counter[str] = Counter()

        async def go() -> None:
            limit = ns.moves * (high + REQUEST_SECONDS) + 60
            await asyncio.gather(
                *(
                    bounded(
                        scale_player(site.ports, i, ns.moves, seen, server, errors, (low, high), False, address(1, i)),
                        limit,
                        failures,
                    )
                    for i in range(ns.players)
                )
            )

        started = time.monotonic()
        asyncio.run(go())
        elapsed = time.monotonic() - started
    refused = Counter(e.split(": ", 1)[1].split(" ", 1)[0] for e in errors)
    run.row(
        f"{ns.players} players x {ns.moves} moves",
        f"SQLite, 1 process, think {ns.think_ms} ms: {len(seen)} moves in {elapsed:.1f} s"
        f" ({len(seen) / elapsed:.0f}/s); move latency p50 {ms(seen, 50)} ms, p99 {ms(seen, 99)} ms"
        f" (server time p50 {ms(server, 50)} ms, p99 {ms(server, 99)} ms);"
        f" not 200: {sum(refused.values())} {dict(refused)}" + (f"; {dict(failures)}" if failures else ""),
    )


async def ordinary_players(port: int, count: int, seconds: float) -> tuple[list[float], list[float], Counter[str]]:
    """``count`` players (``web_servers.ordinary``: moves, a hint every 5) for ``seconds``:
    their move latencies, hint latencies, and how hints were refused or clients failed."""
    moves: list[float] = []
    hints: list[float] = []
    refused: list[int] = []
    failures: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(
            bounded(ordinary(port, i, deadline, moves, hints, refused, address(1, i)), seconds + 60, failures)
            for i in range(count)
        )
    )
    failures.update(f"hint {s}" for s in refused)
    return moves, hints, failures


async def forger(port: int, i: int, deadline: float, answers: Counter[str]) -> None:
    """A client with a made-up player cookie (never the one it is given), from the flood's one
    address: it starts a game and asks a hint on it, again and again, as fast as answered."""
    value = secrets.token_urlsafe(16) + ("" if i % 2 else "." + secrets.token_urlsafe(32))
    browser: Browser | None = None
    game_id: str | None = None
    try:
        for _ in range(MAX_REQUESTS):
            if time.monotonic() > deadline:
                return
            if browser is None:
                candidate = Browser(HOST, port, address(2, 0))
                try:
                    await asyncio.wait_for(candidate.open(), 10)
                    browser = candidate
                except (OSError, TimeoutError):
                    answers["connect failed"] += 1
                    await asyncio.sleep(0.2)
                    continue
            browser.cookie = f"paciencia_player={value}"
            what = "new game" if game_id is None else "hint"
            try:
                if game_id is None:
                    call = browser.call("POST", "/api/games", {"code": CRESCENT_CODE})
                else:
                    call = browser.call("POST", f"/api/games/{game_id}/hint", {"version": 0})
                status, data = await asyncio.wait_for(call, REQUEST_SECONDS)
            except (OSError, asyncio.IncompleteReadError, IndexError, ValueError, TimeoutError) as e:
                answers[f"{what} {'timeout' if isinstance(e, TimeoutError) else 'no connection'}"] += 1
                browser.writer.close()
                browser = None
                await asyncio.sleep(0.05)
                continue
            answers[f"{what} {status}"] += 1
            game_id = data["id"] if game_id is None and status == 201 and isinstance(data, dict) else None
            if status in (429, 503):
                await asyncio.sleep(0.005)  # an impatient client: it asks again at once
    finally:
        if browser is not None:
            browser.writer.close()


def flood_row(run: Run) -> None:
    ns = run.ns
    with Site(run.sqlite("flood")) as site:
        port = site.ports[0]
        calm = asyncio.run(ordinary_players(port, ns.ordinary, ns.seconds))
        answers: Counter[str] = Counter()

        async def flooded() -> tuple[list[float], list[float], Counter[str]]:
            deadline = time.monotonic() + ns.seconds
            flood = asyncio.gather(*(forger(port, i, deadline, answers) for i in range(ns.forged)))
            found = await ordinary_players(port, ns.ordinary, ns.seconds)
            await asyncio.wait_for(flood, REQUEST_SECONDS + 30)
            return found

        stormy = asyncio.run(flooded())
        rss, peak = memory_mb(site.pids())
    calm_p99 = percentile(calm[0], 99) if calm[0] else float("nan")
    stormy_p99 = percentile(stormy[0], 99) if stormy[0] else float("nan")
    served = sum(n for k, n in answers.items() if k.split()[-1] in ("200", "201"))
    refused = sum(n for k, n in answers.items() if k.endswith(" 429"))
    run.row(
        f"flood, {ns.forged} forged cookies",
        f"{ns.ordinary} players, {ns.seconds:.0f} s a run: move p99 alone {calm_p99:.1f} ms ({len(calm[0])} moves), "
        f"beside the flood {stormy_p99:.1f} ms ({len(stormy[0])} moves), ratio {stormy_p99 / calm_p99:.2f} "
        f"(target <= 2); their hint p50 {ms(calm[1], 50)} / {ms(stormy[1], 50)} ms"
        + (f", refused or failed {dict(stormy[2])}" if stormy[2] else "")
        + f"; the flood's {sum(answers.values())} requests: served {served}, refused 429 {refused}; "
        f"{dict(sorted(answers.items()))}; server RSS after {rss:.0f} MB (peak {peak:.0f} MB)",
    )


def offline_line(moves: int) -> Callable[[random.Random], tuple[str, str, Any]]:
    """A line of ``moves`` draws on a Klondike deal started offline, a new line each time (the
    issue's flood sent 7,800, compact; this client's JSON has spaces: 6,000 fit in 32 KB)."""

    def request(rng: random.Random) -> tuple[str, str, Any]:
        line = f"{moves:05d}{rng.getrandbits(64):016x}"
        body = {"start_kind": "code", "start": KLONDIKE_CODE, "tokens": ["D"] * moves, "line": line}
        return "POST", "/api/offline", body

    return request


def winnable_game(_rng: random.Random) -> tuple[str, str, Any]:
    return "POST", "/api/games", {"game": "klondike", "winnable_only": True}


def database_bytes(database: str) -> int:
    """An SQLite database's size on disk, its WAL included (0 for PostgreSQL: not measured)."""
    if not database.startswith("sqlite:///"):
        return 0
    path = database.removeprefix("sqlite:///")
    return sum(Path(path + tail).stat().st_size for tail in ("", "-wal") if Path(path + tail).exists())


def floods_rows(run: Run) -> None:
    """One cookie's flood beside the ordinary players, as issue 36 found it: offline lines
    (``--lines`` connections sending lines of 6,000 moves, and of 5,000, the longest taken) on
    SQLite and PostgreSQL, and winnable-only new games on SQLite. The players' move p95 beside
    each flood against their own alone, on the same server (target <= 2)."""
    ns = run.ns
    kinds = [("SQLite", run.sqlite("floods"))]
    if not ns.no_postgres:
        kinds.append(("PostgreSQL", run.cluster.database()))
    for kind, database in kinds:
        with Site(database) as site:
            floods = [(f"lines of {n} moves", offline_line(n)) for n in (6000, 5000)]
            if kind == "SQLite":
                floods.append(("winnable-only games", winnable_game))
            for label, figures in asyncio.run(flood_work(ns, site, database, floods)):
                run.row(f"{label} flood, {kind}", figures)


async def flood_work(
    ns: argparse.Namespace,
    site: Site,
    database: str,
    floods: list[tuple[str, Callable[[random.Random], tuple[str, str, Any]]]],
) -> list[tuple[str, str]]:
    port = site.ports[0]
    rows: list[tuple[str, str]] = []
    for label, request in floods:
        calm = await ordinary_players(port, ns.ordinary, ns.seconds)
        heavy, _ = await own_player(port, address(3, len(rows)))
        try:
            size0 = database_bytes(database)
            work = asyncio.ensure_future(hammer(heavy, ns.lines, ns.seconds, request))
            moves, _hints, refused = await ordinary_players(port, ns.ordinary, ns.seconds)
            answers, _times = await asyncio.wait_for(work, HEAVY_SECONDS + 30)
            grown = (database_bytes(database) - size0) / 1e6
        finally:
            await heavy.close()
        calm95, stormy95 = (percentile(x, 95) if x else float("nan") for x in (calm[0], moves))
        rows.append(
            (
                label,
                f"{ns.lines} connections of one cookie for {ns.seconds:.0f} s: {statuses(answers)}; "
                f"{ns.ordinary} players' move p50 {ms(calm[0], 50)} -> {ms(moves, 50)} ms, "
                f"p95 {calm95:.1f} -> {stormy95:.1f} ms, ratio {stormy95 / calm95:.2f} (target <= 2; "
                f"{len(calm[0])} / {len(moves)} moves)"
                + (f", refused or failed {dict(refused)}" if refused else "")
                + (f"; database grew {grown:.1f} MB" if database.startswith("sqlite") else ""),
            )
        )
    return rows


def long_game(database: str, player: str, code: str, length: int) -> str:
    """A new game of ``player``'s from ``code`` with ``length`` draws played (Klondike's stock
    turned round and round), stored as the store stores a replay: its id."""
    from paciencia.games import new_state
    from paciencia.web.db.store import Store

    tokens = ["D"] * length
    state = new_state(code)
    state.play_all(tokens)
    store = Store(database)
    try:
        return store.create(player, "code", code, state, "code", tokens).id
    finally:
        store.close()


async def own_player(port: int, local: str) -> tuple[Player, str]:
    """A player with a cookie, and its id as the store keeps it (from the game it starts)."""
    player = Player([port], local)
    status, data = await ask(player, 0, "POST", "/api/games", {"code": KLONDIKE_CODE})
    if status != 201 or not isinstance(data, dict):
        raise RuntimeError(f"a new game was answered {status}: {str(data)[:200]}")
    return player, data["id"]


def owner_of(database: str, game_id: str) -> str:
    rows = stored_rows(database, "SELECT player FROM games WHERE id = :id", {"id": game_id})
    return str(rows[0][0])


async def hammer(
    player: Player, connections: int, seconds: float, request: Callable[[random.Random], tuple[str, str, Any]]
) -> tuple[Counter[int], list[float]]:
    """``connections`` connections of one player's asking ``request(rng)`` (method, path, body)
    as fast as answered for ``seconds``: answers by status, and the 2xx ones' latencies."""
    answers: Counter[int] = Counter()
    times: list[float] = []
    deadline = time.monotonic() + seconds

    async def one(i: int) -> None:
        rng = random.Random(i)
        mine = Player(player.ports, player.local)
        mine.cookie = player.cookie
        try:
            for _ in range(MAX_REQUESTS):
                if time.monotonic() > deadline:
                    return
                method, path, body = request(rng)
                t0 = time.perf_counter()
                status, _ = await ask(mine, 0, method, path, body, HEAVY_SECONDS)
                answers[status] += 1
                if 200 <= status < 300:
                    times.append(time.perf_counter() - t0)
                if status in (429, 503, NO_CONNECTION):
                    await asyncio.sleep(HEAVY_PAUSE)
        finally:
            await mine.close()

    await asyncio.gather(*(one(i) for i in range(connections)))
    return answers, times


def heavy_row(run: Run) -> None:
    ns = run.ns
    database = run.sqlite("heavy")
    with Site(database) as site:
        run.row(f"heaviest request, {ns.long}-move game", "; ".join(asyncio.run(heavy_work(ns, site, database))))


async def heavy_work(ns: argparse.Namespace, site: Site, database: str) -> list[str]:
    port = site.ports[0]
    pids = site.pids()
    heavy, first = await own_player(port, address(3, 0))
    try:
        started = time.monotonic()
        owner = await asyncio.to_thread(owner_of, database, first)
        long_id = await asyncio.to_thread(long_game, database, owner, KLONDIKE_CODE, ns.long)
        figures = [f"a Klondike game of {ns.long} draws (stored in {time.monotonic() - started:.1f} s)"]
        before = await ordinary_players(port, ns.ordinary, ns.seconds)
        rss, peak = memory_mb(pids)
        figures.append(
            f"{ns.ordinary} players before: move p50 {ms(before[0], 50)} ms, p99 {ms(before[0], 99)} ms, "
            f"hint p50 {ms(before[1], 50)} ms; server RSS {rss:.0f} MB (peak {peak:.0f} MB)"
        )

        async def phase(name: str, request: Callable[[random.Random], tuple[str, str, Any]]) -> None:
            work = asyncio.ensure_future(hammer(heavy, ns.heavy, ns.seconds, request))
            moves, hints, refused = await ordinary_players(port, ns.ordinary, ns.seconds)
            answers, times = await asyncio.wait_for(work, HEAVY_SECONDS + 30)
            rss, peak = memory_mb(pids)
            figures.append(
                f"{name} from {ns.heavy} connections of one cookie: {statuses(answers)}"
                + (f", answered 2xx in p50 {statistics.median(times):.2f} s, max {max(times):.2f} s" if times else "")
                + f"; players meanwhile: move p50 {ms(moves, 50)} ms, p99 {ms(moves, 99)} ms "
                f"({len(moves)} moves vs {len(before[0])}), hint p50 {ms(hints, 50)} ms"
                + (f" {dict(refused)}" if refused else "")
                + f"; server RSS after {rss:.0f} MB (peak {peak:.0f} MB)"
            )

        replay = {"replay": long_id, "at": ns.long}
        await phase(f"replays to move {ns.long}", lambda _r: ("POST", "/api/games", replay))
        # The review is said once no game of the same deal is open: a new game of another deal
        # leaves the last replay.
        await ask(heavy, 0, "POST", "/api/games", {"code": "KL1-3-AAAAAAC"})

        def review(rng: random.Random) -> tuple[str, str, Any]:
            if rng.random() < 0.5:
                return "GET", f"/api/games/{long_id}/review", None
            return "GET", f"/api/games/{long_id}/review/{rng.randrange(ns.long + 1)}", None

        await phase("reviews (and review steps)", review)
        await asyncio.sleep(2)
        rss, _ = memory_mb(pids)
        figures.append(f"server RSS 2 s later {rss:.0f} MB")
        return figures
    finally:
        await heavy.close()


async def draws(player: Player, game_id: str, version: int, count: int) -> int:
    """``count`` draws on the game from ``version``, one after the other: how many were answered 200."""
    for done in range(count):
        status, game = await ask(player, 0, "POST", f"/api/games/{game_id}/moves", {"move": "D", "version": version})
        if status != 200 or not isinstance(game, dict):
            return done
        version = game["version"]
    return count


def bytes_rows(run: Run) -> None:
    for kind in ("SQLite", "PostgreSQL"):
        database = run.sqlite("bytes") if kind == "SQLite" else run.cluster.database()
        with Site(database) as site:
            run.row(f"bytes per move, {kind}", "; ".join(asyncio.run(bytes_work(run, site, database))))


async def bytes_work(run: Run, site: Site, database: str) -> list[str]:
    ns = run.ns
    proc = site.procs[0]
    assert proc is not None
    sqlite = database.startswith("sqlite:///")
    files = [Path(database.removeprefix("sqlite:///") + tail) for tail in ("", "-wal")]

    def measure() -> int:
        """Bytes so far: what the server process wrote (SQLite), the WAL position (PostgreSQL)."""
        return written_bytes(proc.pid) if sqlite else run.cluster.wal_bytes()

    def size() -> int:
        return sum(f.stat().st_size for f in files if f.exists())

    player, first = await own_player(site.ports[0], address(1, 0))
    try:
        owner = await asyncio.to_thread(owner_of, database, first)
        figures = []
        for at in (100, ns.far):
            game_id = await asyncio.to_thread(long_game, database, owner, KLONDIKE_CODE, at)  # leaves the one before
            status, game = await ask(player, 0, "GET", f"/api/games/{game_id}")  # loaded before measuring
            if status != 200 or not isinstance(game, dict):
                figures.append(f"at move {at}: the game was answered {status}")
                continue
            bytes0, size0 = await asyncio.to_thread(measure), size()
            done = await draws(player, game_id, game["version"], ns.window)
            if not done:
                figures.append(f"at move {at}: no draw answered 200")
                continue
            per_move = (await asyncio.to_thread(measure) - bytes0) / done / 1024
            if sqlite:
                grown = (size() - size0) / done / 1024
                figures.append(
                    f"at move {at}: {per_move:.1f} KB written per move"
                    f" (files grew {grown:.2f} KB per move; {done} draws)"
                )
            else:
                figures.append(f"at move {at}: {per_move:.1f} KB of WAL per move ({done} draws)")
        return figures
    finally:
        await player.close()


# -- issue 43: linking devices, the daily ranking ------------------------------------------------


def expire_codes(database: str) -> None:
    """Every link code's ten minutes over (its row's expiry moved back), as the store would find it later."""
    from sqlalchemy import create_engine, text

    from paciencia.web.db.migrate import database_url

    engine = create_engine(database_url(database))
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE link_codes SET expires = :t"), {"t": time.time() - 1})
    finally:
        engine.dispose()


def linking_row(run: Run) -> None:
    from paciencia.web.service.admission import CODE_TRIES
    from paciencia.web.service.devices import ODDS

    ns = run.ns
    database = run.sqlite("linking")
    with Site(database) as site:
        ports = site.ports

        async def go() -> str:
            owner = Player(ports, address(1, 0))
            await owner.open()
            status, code = await ask(owner, 0, "POST", "/api/devices/link")
            assert status == 200, code
            words = code["code"].split()
            wrong = " ".join([words[0], *["zzz"] * (len(words) - 1)])
            tries: Counter[int] = Counter()
            for i in range(ns.guessers):  # a new player from an address of its own each
                guesser = Player(ports, address(4, i))
                tries[(await ask(guesser, 0, "POST", "/api/devices/join", {"code": wrong}))[0]] += 1
                await guesser.close()
            late = Player(ports, address(4, ns.guessers))
            right_after = (await ask(late, 0, "POST", "/api/devices/join", {"code": code["code"]}))[0]
            # One address, one new player a try, for --seconds.
            one: Counter[int] = Counter()
            deadline = time.monotonic() + ns.seconds
            n = 0
            while time.monotonic() < deadline and n < MAX_REQUESTS:
                guesser = Player(ports, address(5, 0))
                one[(await ask(guesser, 0, "POST", "/api/devices/join", {"code": "lobo lobo lobo lobo"}))[0]] += 1
                await guesser.close()
                n += 1
            # Used once, then again; and one past its ten minutes.
            status, fresh = await ask(owner, 0, "POST", "/api/devices/link")
            joiner = Player(ports, address(6, 0))
            first = (await ask(joiner, 0, "POST", "/api/devices/join", {"code": fresh["code"]}))[0]
            again = (await ask(Player(ports, address(6, 1)), 0, "POST", "/api/devices/join", {"code": fresh["code"]}))[
                0
            ]
            status, old = await ask(owner, 0, "POST", "/api/devices/link")
            await asyncio.to_thread(expire_codes, database)
            expired = (await ask(Player(ports, address(6, 2)), 0, "POST", "/api/devices/join", {"code": old["code"]}))[
                0
            ]
            await owner.close()
            return (
                f"{ns.guessers} addresses knowing the first word: {statuses(tries)} (the code's {CODE_TRIES} tries), "
                f"its right words then {right_after}; one address for {ns.seconds:.0f} s: {statuses(one)}; "
                f"used once {first}, again {again}; past ten minutes {expired}; a guess's odds {ODDS[0]} in "
                f"{ODDS[1]:,} (one in {ODDS[1] // ODDS[0]:,})"
            )

        figures = asyncio.run(go())
    run.row("linking devices, SQLite", figures)


def ranking_row(run: Run) -> None:
    from paciencia.games import new_state
    from paciencia.solver import solve

    database = run.sqlite("ranking")
    with Site(database) as site:
        ports = site.ports

        async def daily_game(player: Player) -> dict[str, Any]:
            status, game = await ask(
                player, 0, "POST", "/api/games", {"game": "freecell", "variant": "4", "daily": True}
            )
            assert status == 201, game
            found: dict[str, Any] = game
            return found

        async def play(player: Player, game: dict[str, Any], line: list[str], pause: float = 0.0) -> dict[str, Any]:
            view = game
            for token in line:
                status, view = await ask(
                    player, 0, "POST", f"/api/games/{view['id']}/moves", {"move": token, "version": view["version"]}
                )
                assert status == 200, view
                if pause:
                    await asyncio.sleep(pause)
            return view

        async def go() -> str:
            people = [Player(ports, address(7, i)) for i in range(5)]
            for p in people:
                await p.open()
            paced, scripted, offline, replayer, paster = people
            first = await daily_game(paced)
            code = first["code"]  # dealt face up: in sight
            line = [str(m) for m in (await asyncio.to_thread(solve, new_state(code), 10.0, 2_000_000)).line]
            await play(paced, first, line, 0.35)
            await play(scripted, await daily_game(scripted), line)
            mine = await daily_game(offline)
            now = time.time()
            body = {"id": mine["id"], "base": 0, "tokens": line, "line": "bench-line-1", "started": now, "ended": now}
            sent = (await ask(offline, 0, "POST", "/api/offline", body))[0]
            first_try = await play(replayer, await daily_game(replayer), line[:1])
            _status, replay = await ask(replayer, 0, "POST", "/api/games", {"replay": first_try["id"]})
            await play(replayer, replay, line)
            _status, pasted = await ask(paster, 0, "POST", "/api/games", {"table": new_state(code).to_text()})
            await play(paster, pasted, line)
            _status, ranking = await ask(paced, 0, "GET", "/api/daily/ranking?game=freecell&variant=4")
            entries = ranking["entries"]
            listed = ", ".join(
                f"{e['place'] or '-'} {e['status']} {e['seconds']} s {e['moves']} moves" + (" flagged" * e["flagged"])
                for e in entries
            )
            for p in people:
                await p.close()
            return (
                f"{len(line)} moves at 0.35 s, at full speed, from offline (0 s, answered {sent}), a replay after a "
                f"first game of 1 move, a pasted table: {len(entries)} entries: {listed}"
            )

        figures = asyncio.run(go())
    run.row("daily ranking, SQLite", figures)


ROWS: dict[str, Callable[[Run], None]] = {
    "kill": kill_rows,
    "outage": outage_row,
    "players": players_row,
    "flood": flood_row,
    "heavy": heavy_row,
    "bytes": bytes_rows,
    "floods": floods_rows,
    "linking": linking_row,
    "ranking": ranking_row,
}
FULL = {
    "rounds": 5,
    "workers": 4,
    "movers": 8,
    "between": "2:5",
    "warm": 4.0,
    "outage": 5.0,
    "players": 100,
    "moves": 100,
    "think_ms": "200:800",
    "forged": 300,
    "ordinary": 10,
    "seconds": 20.0,
    "heavy": 40,
    "long": 20_000,
    "window": 100,
    "far": 10_000,
    "lines": 4,
    "guessers": 20,
}
QUICK = {**FULL, "rounds": 1, "movers": 4, "between": "1:2", "warm": 2.0, "outage": 3.0, "players": 20}
QUICK.update({"moves": 20, "seconds": 5.0, "heavy": 8, "forged": 150})


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, players and seconds (about 2 minutes)")
    parser.add_argument("--only", default=",".join(ROWS), help=f"rows to measure, of {','.join(ROWS)}")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--no-postgres", action="store_true", help="the floods row on SQLite alone")
    for name, value in FULL.items():
        flag = "--" + name.replace("_", "-")
        kind = type(value)
        parser.add_argument(flag, type=kind, default=None, help=f"default {value}, with --quick {QUICK[name]}")
    ns = parser.parse_args()
    for name, value in (QUICK if ns.quick else FULL).items():
        if getattr(ns, name) is None:
            setattr(ns, name, value)
    ns.between = tuple(float(x) for x in ns.between.split(":"))
    unknown = set(ns.only.split(",")) - set(ROWS)
    if unknown:
        parser.error(f"no such rows: {', '.join(sorted(unknown))}")
    return ns


@contextmanager
def bench_folder() -> Iterator[Path]:
    """A folder for the databases, and the servers' data folder (their secret) inside it."""
    with tempfile.TemporaryDirectory(prefix="paciencia-trust-") as tmp:
        folder = Path(tmp)
        os.environ["XDG_DATA_HOME"] = str(folder / "data")
        os.environ["PACIENCIA_SECRET"] = secrets.token_hex(32)  # one secret for every process on a database
        yield folder


def main() -> int:
    ns = options()
    started = time.monotonic()
    os.nice(LOAD_NICE)
    with ExitStack() as stack:
        folder = stack.enter_context(bench_folder())
        cluster = Cluster()
        stack.callback(cluster.stop)
        run = Run(ns, cluster, folder)
        for name in ns.only.split(","):
            try:
                ROWS[name](run)
            except Exception as e:
                run.failed += 1
                traceback.print_exc()
                run.row(name, f"could not be measured: {type(e).__name__}: {str(e)[:300]}")
    width = max(len(label) for label, _ in run.rows)
    print(f"paciencia trust figures ({'quick' if ns.quick else 'full'} run, {time.monotonic() - started:.0f} s)")
    print(machine())
    for label, figures in run.rows:
        print(f"{label:<{width}}  {figures}")
    return 1 if run.lost or run.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
