"""Moves beside hints: does asking hints slow everyone's moves? (issue 39's target: with 20
players and hints in the mix, the moves' p95 <= 1.2x moves alone and the hint's p95 <= 300 ms
through the API, on SQLite and on PostgreSQL with ``--workers 2``.)

Run: .venv/bin/python bench/hint_mix.py [--backends sqlite:1,postgres:2] [--players 20]
     [--seconds 20] [--rounds 3] [--think-ms 200:800] [--hints 0.10] [--chances 0.05]
     [--games klondike:3,crescent:N,freecell:4,spider:1,pyramid:3,tripeaks:1] [--game-moves 60]
     [--tree DIR] [--server-log FILE]

For each backend (``name:workers``): ``paciencia serve`` on 127.0.0.1, on a new SQLite file or on
a new PostgreSQL cluster in a temporary folder (as bench/web_servers.py and the tests start one),
with that many worker processes, run from ``--tree`` (default this checkout: another commit's
server is measured from its ``git archive`` with its C loops built, ``setup.py build_ext
--inplace``). ``--players`` players, each a browser of its own (its cookie, its keep-alive
connection, its own loopback address, so the address buckets are as many people's), deal the
games of ``--games`` in turn and play legal moves chosen from the destinations, takes and actions
the server sends (an undo now and then, a new deal when the game ends or reaches
``--game-moves``), with a think time between requests. They run in a process of their own, in an
autogroup of their own at nice 10, below the server. Two phases take turns, ``--rounds`` times
each, ``--seconds`` each, in the order alone, mixed, mixed, alone, ... (balanced against a drift
of the machine's load):

- alone: every request a move;
- mixed: of the requests, ``--hints`` are ``POST /api/games/{id}/hint`` and ``--chances``
  ``GET /api/games/{id}/chance`` (the page's two heavy asks); a hint's move is played next, as
  the page plays it; one that says the game is lost (or has no move) is followed by a new deal.

A phase records nothing until a second after it began and no hint or chance of the phase before
is still waiting (a mixed phase's last hints do not land in the next alone phase). A mixed
warm-up comes first (``--warmup``), unrecorded. Each request is bounded (60 s), the whole run by
``--seconds`` and ``MAX_REQUESTS``.

Prints per backend and phase (each round, then all rounds together): the moves' p50/p95/p99 as
the players saw them (request written to answer read) and the server's own (its Server-Timing
header), the hints' and chances' p50/p95 (both), the answers 429 per kind, the CPU used (the
server's processes, PostgreSQL's, the players', in cores) and the machine's (every core, all
agents together) with the load average; the hints and chances per game and the hints' kinds;
the moves' server-side p50/p95 by game and by whether they played a hint's move, alone and mixed
(a hint that slows the others' moves, or a hint's move that costs more than another); the time
the server's threads, its hint processes' and the database's spent waiting for a core (the run
queue's wait, ms a second: how much of the processor the hints take from the server and the
database on a busy machine); when each phase began (to set beside the server's and the
database's logs); then the ratio of the moves' p95 mixed to alone and the verdict. Exits 1 when a
target is missed on any backend (or a move was refused, or a hint or chance was answered 429).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from web_servers import Player, postgres, start_server, wait_up
from web_site import ROOT, free_port, machine, percentile

MAX_REQUESTS = 500_000
GAME_MOVES = 60
"""By default a game past this many moves is left for a new deal. Random play goes on for
hundreds of moves (in Spider for ever) in positions where little is left to work out: with 300,
the hints were half as costly (p50 28 ms against 52 ms with 30, SQLite, main at 81370c7), the
deals' early positions, where a person asks and the server works most, too rare."""
CALL_TIMEOUT = 60.0
SETTLE = 1.0
"""Seconds at a phase's start before anything is recorded."""
SETTLE_MOST = 30.0
"""Longest wait, past ``SETTLE``, for the previous phase's hints and chances to be answered."""
RATIO_TARGET = 1.2
HINT_TARGET_MS = 300.0
DEFAULT_GAMES = "klondike:3,crescent:N,freecell:4,spider:1,pyramid:3,tripeaks:1"
TICK = os.sysconf("SC_CLK_TCK")


# -- what a player plays -----------------------------------------------------------------------


def choose(game: dict[str, Any], rng: random.Random, most: int = GAME_MOVES) -> str | None:
    """A legal move from the view (a move between places, a take, or one of the game's actions),
    an undo now and then; None for a new deal (the game is over, too long, or has no move)."""
    if game["status"] != "playing" or game["moves"] >= most:
        return None
    if game["can_undo"] and rng.random() < 0.05:
        return "U"
    moves = [f"{src}-{dst}" for src, dsts in game["dests"].items() for dst in dsts]
    moves += [token for takes in game["takes"].values() for _partner, token in takes]
    actions = [a["token"] for a in game["actions"] if a["enabled"]]
    if moves and (rng.random() < 0.6 or not actions):
        return rng.choice(moves)
    return rng.choice(actions) if actions else None


# -- phases and what they record ---------------------------------------------------------------


@dataclass
class Sample:
    """What one phase (one round of alone or mixed) recorded."""

    kind: str
    round: int
    seconds: float = 0.0
    moves: list[float] = field(default_factory=list)
    move_server: list[float] = field(default_factory=list)
    move_kinds: list[tuple[str, bool]] = field(default_factory=list)
    """Each move's game, and whether it played a hint's move (beside ``move_server``)."""
    hints: list[float] = field(default_factory=list)
    hint_server: list[float] = field(default_factory=list)
    chances: list[float] = field(default_factory=list)
    chance_server: list[float] = field(default_factory=list)
    busy: dict[str, int] = field(default_factory=lambda: {"move": 0, "hint": 0, "chance": 0})
    by_game: dict[str, list[float]] = field(default_factory=dict)
    """Each game's hints and chances, ms seen."""
    answers: dict[str, int] = field(default_factory=dict)
    """The hints' kinds (move, no_useful, lost, none)."""
    refused: list[str] = field(default_factory=list)
    server_cores: float = 0.0
    db_cores: float = 0.0
    waits: dict[str, float] = field(default_factory=dict)
    """Each group's (``run_queue_waits``) time spent runnable but waiting for a core, ms a second."""
    player_cores: float = 0.0
    machine_busy: float = 0.0
    load: float = 0.0
    began: float = 0.0
    """When recording began (``time.time()``: to set beside the server's and the database's logs)."""

    def merge(self, other: Sample) -> None:
        self.seconds += other.seconds
        lists = ("moves", "move_server", "move_kinds", "hints", "hint_server", "chances", "chance_server", "refused")
        for name in lists:
            getattr(self, name).extend(getattr(other, name))
        for k, v in other.busy.items():
            self.busy[k] += v
        for k, times in other.by_game.items():
            self.by_game.setdefault(k, []).extend(times)
        for k, n in other.answers.items():
            self.answers[k] = self.answers.get(k, 0) + n


class Clock:
    """The phase now, and whether what starts now is recorded (into ``sample``)."""

    def __init__(self) -> None:
        self.mixed = True
        self.sample: Sample | None = None  # None: not recording (a warm-up or a settling phase)
        self.done = False
        self.waiting = 0  # hints and chances sent and not yet answered
        self.requests = 0


def cpu_ticks(session: int | None = None, parent: int | None = None) -> int:
    """CPU clock ticks used by the processes of ``session`` (the server: its workers) and their
    children (its hint processes, each in a session of its own), or by ``parent`` and its
    children (PostgreSQL's); a process ended and waited for is in its parent's count."""
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        stats[int(entry)] = stat.rsplit(")", 1)[1].split()  # from the state: ppid, pgrp, session, ...
    ours = {pid for pid, fields in stats.items() if int(fields[3]) == session or pid == parent}
    return sum(
        sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
        for pid, fields in stats.items()
        if pid in ours or int(fields[1]) in ours
    )


def run_queue_waits(session: int, db: int | None) -> dict[str, int]:
    """Nanoseconds the threads of the server's processes (its session), its hint processes
    (their children: ``spawn_main``) and the database's (``db`` and its children) have spent
    runnable, waiting for a core (``/proc/PID/task/TID/schedstat``, since each started). A
    thread that ends takes its count along (the server's idle request threads do): a phase's
    figure is then short, even below zero; the hint processes' and the database's are steadier."""
    found = {"server": 0, "hints": 0, "db": 0}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with suppress(OSError):
                stats[int(entry)] = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
    server = {pid for pid, fields in stats.items() if int(fields[3]) == session}
    for pid, fields in stats.items():
        ppid = int(fields[1])
        if ppid in server:  # a worker (the session's), or a hint process (maybe a session of its own)
            try:
                group = "hints" if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes() else "server"
            except OSError:
                continue
        elif pid in server:
            group = "server"
        elif db is not None and db in (pid, ppid):
            group = "db"
        else:
            continue
        with suppress(OSError):
            for task in os.listdir(f"/proc/{pid}/task"):
                with suppress(OSError, IndexError, ValueError):
                    found[group] += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[1])
    return found


def machine_ticks() -> tuple[int, int]:
    """(busy, all) clock ticks of every core since boot."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return sum(values) - idle, sum(values)


def own_seconds() -> float:
    times = os.times()
    return times.user + times.system


async def phases(
    clock: Clock, sessions: tuple[int, int | None], rounds: int, seconds: float, warmup: float
) -> list[Sample]:
    """Runs the phases in turn and returns what each recorded."""
    done: list[Sample] = []
    clock.mixed, clock.sample = True, None
    await asyncio.sleep(warmup)
    order = [kind for r in range(rounds) for kind in (("alone", "mixed") if r % 2 == 0 else ("mixed", "alone"))]
    for i, kind in enumerate(order):
        clock.mixed, clock.sample = kind == "mixed", None
        await asyncio.sleep(SETTLE)
        settle_end = time.monotonic() + SETTLE_MOST
        while clock.waiting and time.monotonic() < settle_end:
            await asyncio.sleep(0.02)
        sample = Sample(kind, i // 2 + 1)
        server, db = sessions
        cpu0, db0, own0 = cpu_ticks(server), cpu_ticks(parent=db) if db else 0, own_seconds()
        waits0 = run_queue_waits(server, db)
        (busy0, all0), t0 = machine_ticks(), time.monotonic()
        clock.sample = sample
        sample.began = time.time()
        await asyncio.sleep(seconds)
        clock.sample = None
        sample.seconds = time.monotonic() - t0
        busy1, all1 = machine_ticks()
        sample.server_cores = (cpu_ticks(server) - cpu0) / TICK / sample.seconds
        sample.db_cores = ((cpu_ticks(parent=db) - db0) / TICK / sample.seconds) if db else 0.0
        waits1 = run_queue_waits(server, db)
        sample.waits = {k: (waits1[k] - waits0[k]) / 1e6 / sample.seconds for k in waits1}
        sample.player_cores = (own_seconds() - own0) / sample.seconds
        sample.machine_busy = (busy1 - busy0) / max(1, all1 - all0)
        sample.load = os.getloadavg()[0]
        done.append(sample)
    clock.done = True
    return done


# -- the players -------------------------------------------------------------------------------


async def call(player: Player, method: str, path: str, body: Any = None) -> tuple[int, Any, float, float]:
    """(status, answer, server ms, ms seen): one request, bounded; a connection that timed out is
    dropped (the next request opens another)."""
    t0 = time.perf_counter()
    try:
        async with asyncio.timeout(CALL_TIMEOUT):
            status, answer, server_ms = await player.call(0, method, path, body)
    except TimeoutError:
        await player.close()
        return 0, {"error": "timed out"}, float("nan"), (time.perf_counter() - t0) * 1000
    return status, answer, server_ms, (time.perf_counter() - t0) * 1000


async def play(
    n: int,
    port: int,
    games: list[tuple[str, str]],
    clock: Clock,
    think: tuple[float, float],
    ns: argparse.Namespace,
    failures: list[str],
) -> None:
    """Player ``n``: plays until the phases are done (``ns``: its shares of hints and chances, its
    games' length)."""
    hints, chances = ns.hints, ns.chances
    rng = random.Random(n)
    player = Player([port], f"127.0.{1 + n // 200}.{1 + n % 200}")  # an address per player
    dealt = n

    async def deal() -> dict[str, Any]:
        nonlocal dealt
        name, variant = games[dealt % len(games)]
        dealt += 1
        status, game, _, _ = await call(player, "POST", "/api/games", {"game": name, "variant": variant})
        if status != 201:
            raise RuntimeError(f"a new {name} game answered {status}: {str(game)[:200]}")
        return dict(game)

    try:
        await player.open()
        game = await deal()
        hinted: str | None = None
        await asyncio.sleep(rng.uniform(0, think[1]))  # players do not all start at once
        while not clock.done and clock.requests < MAX_REQUESTS:
            clock.requests += 1
            gid, version = game["id"], game["version"]
            pick = rng.random() if clock.mixed and game["status"] == "playing" else 1.0
            if pick < hints + chances:
                kind = "hint" if pick < hints else "chance"
                sample = clock.sample
                clock.waiting += 1
                try:
                    if kind == "hint":
                        status, answer, server_ms, ms = await call(
                            player, "POST", f"/api/games/{gid}/hint", {"version": version}
                        )
                    else:
                        status, answer, server_ms, ms = await call(
                            player, "GET", f"/api/games/{gid}/chance?version={version}"
                        )
                finally:
                    clock.waiting -= 1
                if status == 200 and kind == "hint" and answer.get("kind") == "move":
                    hinted = answer["move"]  # the page shows it, then plays it
                elif status == 200 and kind == "hint" and answer.get("kind") in ("lost", "none"):
                    hinted = ""  # told no line wins (or no move is left): a new deal, as a person would
                if sample is not None and clock.sample is sample:
                    if status == 200:
                        (sample.hints if kind == "hint" else sample.chances).append(ms)
                        (sample.hint_server if kind == "hint" else sample.chance_server).append(server_ms)
                        sample.by_game.setdefault(f"{game['game']} {kind}", []).append(ms)
                        if kind == "hint":
                            sample.answers[answer["kind"]] = sample.answers.get(answer["kind"], 0) + 1
                    elif status == 429:
                        sample.busy[kind] += 1
                    else:
                        sample.refused.append(f"{kind} {game['game']}: {status} {str(answer)[:160]}")
            else:
                token = choose(game, rng, ns.game_moves) if hinted is None else hinted or None
                from_hint, hinted = hinted is not None, None
                if token is None:
                    game = await deal()
                    continue
                sample = clock.sample
                body = {"move": token, "version": version}
                status, answer, server_ms, ms = await call(player, "POST", f"/api/games/{gid}/moves", body)
                ok = status == 200 and answer.get("version") == version + 1
                if sample is not None and clock.sample is sample:
                    if ok:
                        sample.moves.append(ms)
                        sample.move_server.append(server_ms)
                        sample.move_kinds.append((game["game"], from_hint))
                    elif status == 429:
                        sample.busy["move"] += 1
                    else:
                        sample.refused.append(f"{token} in {game['game']}: {status} {str(answer)[:160]}")
                if ok:
                    game = answer
                else:
                    status, answer, _, _ = await call(player, "GET", f"/api/games/{gid}")
                    game = answer if status == 200 else await deal()
            await asyncio.sleep(rng.uniform(*think))
    except Exception as e:  # a player that cannot go on is said, not hidden
        failures.append(f"player {n}: {type(e).__name__}: {e}")
    finally:
        await player.close()


async def run(
    port: int, sessions: tuple[int, int | None], ns: argparse.Namespace, games: list[tuple[str, str]]
) -> tuple[list[Sample], list[str]]:
    low, high = (float(x) / 1000 for x in ns.think_ms.split(":"))
    clock = Clock()
    failures: list[str] = []
    players = [asyncio.create_task(play(n, port, games, clock, (low, high), ns, failures)) for n in range(ns.players)]
    samples = await phases(clock, sessions, ns.rounds, ns.seconds, ns.warmup)
    await asyncio.gather(*players)
    return samples, failures


# -- the server --------------------------------------------------------------------------------


@contextmanager
def serving(
    backend: str, workers: int, tree: Path, log: Path | None = None
) -> Iterator[tuple[int, tuple[int, int | None]]]:
    """``paciencia serve`` on a new database of ``backend`` with ``workers`` processes; yields
    its port, the server's session id and the database server's process id (PostgreSQL's
    postmaster; None for SQLite). Every process of the server's session is ended at the close."""
    with ExitStack() as stack:
        if backend == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            url, db = f"sqlite:///{folder}/hint_mix.db", None
        else:
            pg, url = stack.enter_context(postgres())
            db = int((pg.folder / "data" / "postmaster.pid").read_text().split()[0])
        port = free_port()
        proc = start_server(port, url, "--workers", str(workers), tree=tree, log=log)
        try:
            wait_up(port, proc, 120)
            yield port, (proc.pid, db)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # a worker or hint process left behind


def tree_commit(tree: Path) -> str:
    """The tree's commit, and whether files differ from it, where it is a git checkout."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, capture_output=True, text=True)
        if head.returncode != 0:
            return ""
        dirty = subprocess.run(
            ["git", "status", "--short", "--", "paciencia"], cwd=tree, capture_output=True, text=True
        )
        return f" (commit {head.stdout.strip()}" + (", with changes in paciencia/)" if dirty.stdout.strip() else ")")
    except OSError:
        return ""


def lower_priority() -> str:
    """The players below the server: a session of their own (so an autogroup of their own, which
    the scheduler weighs against the server's), lowered, and ``nice`` within it."""
    os.nice(10)
    with suppress(OSError):
        os.setsid()
        Path("/proc/self/autogroup").write_text("10")
        return "players in a process and autogroup of their own at nice 10"
    return "players at nice 10 (within the caller's autogroup)"


def players(
    port: int, sessions: tuple[int, int | None], ns: argparse.Namespace, games: list[tuple[str, str]]
) -> tuple[list[Sample], list[str], str]:
    """The players' run, in a process forked for it at a lower priority than the server's."""
    priority = lower_priority()
    samples, failures = asyncio.run(run(port, sessions, ns, games))
    return samples, failures, priority


# -- the report --------------------------------------------------------------------------------


def p(values: list[float], q: float) -> str:
    return f"{percentile(values, q):.1f}" if values else "-"


COLUMNS = [
    ("phase", 9),
    ("moves", 6),
    ("per s", 5),
    ("move ms p50/95/99", 17),
    ("server's p50/95/99", 18),
    ("hints", 5),
    ("ms p50/95 (server's 95)", 23),
    ("chances", 7),
    ("ms p50/95 (server's 95)", 23),
    ("429 m/h/c", 9),
    ("cores srv/db/players", 20),
    ("machine", 7),
    ("load", 5),
]


def line(*cells: str) -> str:
    return "  ".join(
        cell.ljust(width) if i == 0 else cell.rjust(width)
        for i, (cell, (_, width)) in enumerate(zip(cells, COLUMNS, strict=True))
    )


def row(label: str, s: Sample, rounds: list[Sample]) -> str:
    def mean(name: str) -> float:
        return statistics.mean(float(getattr(r, name)) for r in rounds)

    return line(
        label,
        str(len(s.moves)),
        f"{len(s.moves) / s.seconds:.1f}",
        f"{p(s.moves, 50)}/{p(s.moves, 95)}/{p(s.moves, 99)}",
        f"{p(s.move_server, 50)}/{p(s.move_server, 95)}/{p(s.move_server, 99)}",
        str(len(s.hints)),
        f"{p(s.hints, 50)}/{p(s.hints, 95)} ({p(s.hint_server, 95)})" if s.hints else "-",
        str(len(s.chances)),
        f"{p(s.chances, 50)}/{p(s.chances, 95)} ({p(s.chance_server, 95)})" if s.chances else "-",
        "/".join(str(s.busy[k]) for k in ("move", "hint", "chance")),
        f"{mean('server_cores'):.2f}/{mean('db_cores'):.2f}/{mean('player_cores'):.2f}",
        f"{mean('machine_busy'):.0%}",
        f"{mean('load'):.2f}",
    )


def p95_ratio(a: list[float], b: list[float]) -> float:
    """a's p95 over b's (infinite where either recorded nothing: a phase without moves is no pass)."""
    return percentile(a, 95) / percentile(b, 95) if a and b else float("inf")


def report(backend: str, workers: int, samples: list[Sample], failures: list[str], priority: str) -> bool:
    """Prints one backend's table; whether its targets are met."""
    print(
        f"-- {backend}, {workers} server process{'es' if workers > 1 else ''}"
        + (
            " (a cluster of its own: no fsync, synchronous_commit off, as the tests')"
            if backend == "postgres"
            else " (a file)"
        )
        + f"; {priority}"
    )
    print(line(*(title for title, _ in COLUMNS)))
    total = {kind: Sample(kind, 0) for kind in ("alone", "mixed")}
    for s in samples:
        print(row(f"{s.kind} {s.round}", s, [s]))
        total[s.kind].merge(s)
    for kind, s in total.items():
        print(row(f"{kind} all", s, [r for r in samples if r.kind == kind]))
    alone, mixed = total["alone"], total["mixed"]
    ratio = p95_ratio(mixed.moves, alone.moves)
    server_ratio = p95_ratio(mixed.move_server, alone.move_server)
    per_round = [
        p95_ratio(m.moves, a.moves)
        for a, m in zip(
            [s for s in samples if s.kind == "alone"], [s for s in samples if s.kind == "mixed"], strict=True
        )
    ]
    hint_p95 = percentile(mixed.hints, 95) if mixed.hints else float("inf")
    print(
        "hints and chances by game, ms seen p50/p95 (count): "
        + ", ".join(f"{k} {p(v, 50)}/{p(v, 95)} ({len(v)})" for k, v in sorted(mixed.by_game.items()))
    )
    print("the hints' answers: " + ", ".join(f"{k} {n}" for k, n in sorted(mixed.answers.items())))
    by_kind: dict[tuple[str, str], list[float]] = {}
    for s in (alone, mixed):
        for ms, (name, from_hint) in zip(s.move_server, s.move_kinds, strict=True):
            by_kind.setdefault((s.kind, name), []).append(ms)
            by_kind.setdefault((s.kind, "a hint's" if from_hint else "not a hint's"), []).append(ms)
    print(
        "moves, server's ms p50/p95 (count) alone | mixed: "
        + ", ".join(
            f"{k} {p(by_kind.get(('alone', k), []), 50)}/{p(by_kind.get(('alone', k), []), 95)} "
            f"({len(by_kind.get(('alone', k), []))}) | {p(v, 50)}/{p(v, 95)} ({len(v)})"
            for (kind, k), v in sorted(by_kind.items())
            if kind == "mixed"
        )
    )
    print(
        "run-queue wait, ms a second, server/hints/db (their mean over the rounds): "
        + "; ".join(
            f"{kind} "
            + "/".join(
                f"{statistics.mean(r.waits.get(k, 0.0) for r in samples if r.kind == kind):.0f}"
                for k in ("server", "hints", "db")
            )
            for kind in ("alone", "mixed")
        )
    )
    print("phases began (unix time): " + ", ".join(f"{s.kind} {s.round} {s.began:.0f}" for s in samples))
    refused = alone.refused + mixed.refused
    busy = mixed.busy["hint"] + mixed.busy["chance"]
    met = ratio <= RATIO_TARGET and hint_p95 <= HINT_TARGET_MS and not refused and not busy and not failures
    print(
        f"moves' p95 mixed/alone: {ratio:.2f} seen (rounds: {', '.join(f'{r:.2f}' for r in per_round)}; "
        f"their median {statistics.median(per_round):.2f}), "
        f"{server_ratio:.2f} server-side (target <= {RATIO_TARGET}); hint p95 {hint_p95:.0f} ms "
        f"(target <= {HINT_TARGET_MS:.0f}); hints and chances answered 429: {busy}; refused: {len(refused)}"
    )
    for e in (failures + refused)[:5]:
        print("  ", e)
    print(f"{backend}: {'target met' if met else 'TARGET MISSED'}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--backends", default="sqlite:1,postgres:2", help="BACKEND:WORKERS,... (sqlite, postgres)")
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0, help="recorded seconds per phase")
    parser.add_argument("--rounds", type=int, default=3, help="each phase this many times")
    parser.add_argument("--warmup", type=float, default=5.0, help="unrecorded mixed seconds first")
    parser.add_argument("--think-ms", default="200:800", help="a player's pause between requests, MIN:MAX in ms")
    parser.add_argument("--hints", type=float, default=0.10, help="share of the mixed phase's requests")
    parser.add_argument("--chances", type=float, default=0.05, help="share of the mixed phase's requests")
    parser.add_argument("--game-moves", type=int, default=GAME_MOVES, help="a new deal after this many moves of a game")
    parser.add_argument("--games", default=DEFAULT_GAMES, help="GAME:VARIANT,... dealt in turn")
    parser.add_argument(
        "--tree",
        type=Path,
        default=ROOT,
        help="the source tree the server runs from (default this checkout; e.g. a commit's `git archive` "
        "with its C loops built: setup.py build_ext --inplace)",
    )
    parser.add_argument(
        "--server-log", type=Path, help="a file the servers' output is added to (a 500's traceback; default: dropped)"
    )
    ns = parser.parse_args()
    games = [(g, v) for g, _, v in (spec.partition(":") for spec in ns.games.split(","))]
    backends = [(b, int(w or 1)) for b, _, w in (spec.partition(":") for spec in ns.backends.split(","))]
    for b, _ in backends:
        if b not in ("sqlite", "postgres"):
            parser.error(f"unknown backend {b!r}")
    print(machine())
    print(f"server: paciencia serve from {ns.tree.resolve()}{tree_commit(ns.tree)}")
    print(
        f"{ns.players} players, games {' '.join(f'{g}:{v}' for g, v in games)} (a new deal after "
        f"{ns.game_moves} moves), think {ns.think_ms} ms; "
        f"mixed: {ns.hints:.0%} hints, {ns.chances:.0%} chances; {ns.rounds} rounds x 2 phases x "
        f"{ns.seconds:.0f} s; loopback"
    )
    met = True
    for backend, workers in backends:
        with (
            serving(backend, workers, ns.tree, ns.server_log) as (port, sessions),
            ProcessPoolExecutor(1, get_context("fork")) as pool,
        ):
            samples, failures, priority = pool.submit(players, port, sessions, ns, games).result()
        met = report(backend, workers, samples, failures, priority) and met
    print(machine())
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
