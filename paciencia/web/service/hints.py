"""Hint work: the admission of a player's hint (``HintPool``) and the processes that work it out
(``HintProcesses``), away from the server's own.

A hint is a search of many completions, in C and in Python; on the server's threads its Python
parts held the interpreter's lock the moves need, and with 20 players a move's p95 was 3.3×
what it was without hints (issue 39). So the work runs in processes of the server's own, at a
lower priority, each the same code as the bench's (``paciencia.analysis.jobs``). A job is a pure
function of a game's record (how it started and its tokens): nothing of the server's state
crosses, only the record in and the answer out.

The honest player keeps the plans it found by position (``analysis.honest``), so the hints of
one game go to the same process while it is free (a game's hints follow one plan, as they did on
one server's threads); a game whose process is busy goes to a free one.
"""

from __future__ import annotations

import atexit
import gc
import logging
import math
import multiprocessing
import os
import threading
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import partial
from typing import ParamSpec, TypeVar

from paciencia.analysis.jobs import HINT_SECONDS, added_games, run_job, start_worker, warm_job
from paciencia.play.errors import ServiceError
from paciencia.web.db.limits import Refused
from paciencia.web.service.admission import Admission

log = logging.getLogger(__name__)

HINT_WORKERS = 2
"""Hints worked out at the same time (one process per core)."""
HINT_QUEUE = 8
"""Hints that may wait for a worker; past them the answer is 429 with Retry-After."""

T = TypeVar("T")
P = ParamSpec("P")


class HintProcesses:
    """``count`` processes, each taking one job at a time, started afresh (not forked from the
    server, whose threads' locks a fork would copy mid-use) with every registered game imported
    (``warm``); a process that dies is replaced, and its job fails."""

    def __init__(self, count: int) -> None:
        self.count = max(1, count)
        self.lock = threading.Lock()
        self.pools: list[ProcessPoolExecutor | None] = [None] * self.count
        self.busy = [0] * self.count

    def _pool(self, i: int) -> ProcessPoolExecutor:
        pool = self.pools[i]
        if pool is None:
            pool = self.pools[i] = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker, initargs=(os.getpid(),)
            )
        return pool

    def warm(self) -> None:
        """Starts every process now, importing the games, without waiting for it: the first
        hint need not pay for it."""
        with self.lock:
            for i in range(self.count):
                if self.pools[i] is None:
                    self._pool(i).submit(warm_job)

    def _choose(self, affinity: str) -> int:
        """The affinity's own process when it is free, else the least busy (under the lock)."""
        own = zlib.crc32(affinity.encode()) % self.count
        if self.busy[own] == 0:
            return own
        return min(range(self.count), key=lambda i: (self.busy[i], i != own))

    def run(self, affinity: str, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``job(*args)`` in a hint process, waited for (call it from a thread, not the loop).

        A process that died (killed, out of memory, its C library rebuilt in place under it:
        ``BrokenProcessPool``), whether during the job or idle before it (its pool then refuses
        every job), is replaced and the job given once more, to a new process: a job is a pure
        function of what it is given. Before, the hint answered 500, and a process that died idle
        left its pool refusing for good (issue 39's one 500, on a chance)."""
        work = partial(job, *args, **kwargs)
        for attempt in (1, 2):
            with self.lock:
                i = self._choose(affinity)
                self.busy[i] += 1
                pool = self._pool(i)
            try:
                with self.lock:  # a pool found broken here (it died idle) raises at once
                    future: Future[T] = pool.submit(run_job, work, added_games())
                return future.result()
            except BrokenProcessPool:
                log.error("a hint process died; it is replaced%s", "" if attempt == 2 else ", and its job given again")
                self._replace(i, pool)
                if attempt == 2:
                    raise
            finally:
                with self.lock:
                    self.busy[i] -= 1
        raise AssertionError("unreachable")

    def _replace(self, i: int, broken: ProcessPoolExecutor) -> None:
        """Process ``i``'s broken pool dropped (unless another thread replaced it first): the next
        job there starts a new one."""
        with self.lock:
            if self.pools[i] is not broken:
                return
            self.pools[i] = None
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self, wait: bool = False) -> None:
        """Stops the processes (``wait``: until they have ended, their queues' semaphores
        released: at exit, where the resource tracker would otherwise report them leaked)."""
        with self.lock:
            pools, self.pools = self.pools, [None] * self.count
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=wait, cancel_futures=True)


SERVING = False
"""Whether this process is ``paciencia serve``'s (``serving``): an app's shutdown is the process's."""

_processes: dict[int, HintProcesses] = {}
_processes_lock = threading.Lock()


def hint_processes(count: int) -> HintProcesses:
    """The server process's hint processes (one set per size: a test process may run several
    apps, which share them, as one server's requests do)."""
    with _processes_lock:
        found = _processes.get(count)
        if found is None:
            found = _processes[count] = HintProcesses(count)
        return found


def serving() -> None:
    """Marks this process as a server's (``paciencia serve`` and its workers)."""
    global SERVING
    SERVING = True


def _forget_in_child() -> None:
    """A forked process (uvicorn forks its workers from the process that made the first app)
    cannot use its parent's hint processes: it starts its own."""
    _processes.clear()


os.register_at_fork(after_in_child=_forget_in_child)


@atexit.register
def _close_all() -> None:
    for found in list(_processes.values()):
        found.close(wait=True)
    _processes.clear()
    gc.collect()  # the queues' semaphores are freed (and unregistered) now, not left to the tracker


# -- the admission ------------------------------------------------------------------------------


class HintPool:
    """A fixed number of hint workers, a bounded wait for them, at most one hint per player in
    either and a rate per player: one client with many connections cannot take every worker,
    nor grow the wait, nor keep a worker busy.

    The workers are this server process's (``HintProcesses``); the admission (one hint per
    player, ``room`` in all, the player's and its address's rates) is ``admission``'s, shared
    by every process on the database. ``taken`` and ``players`` are this process's share of it,
    which lets ``check`` refuse without the database."""

    def __init__(self, admission: Admission, workers: int = HINT_WORKERS, queue: int = HINT_QUEUE) -> None:
        self.admission = admission
        self.workers = max(1, workers)
        self.room = self.workers + max(0, queue)
        self.taken = 0
        self.players: set[str] = set()
        self.lock = threading.Lock()

    def _refusal(self, reason: str, wait: float, running: int = 0) -> ServiceError:
        if reason == "hint_running":
            return ServiceError(429, "hint_running", "hint_running", {"Retry-After": "1"})
        if reason == "busy":
            queued = math.ceil(running / self.workers * HINT_SECONDS) + 1
            return ServiceError(429, "busy", "busy", {"Retry-After": str(queued)})
        return ServiceError(429, "too_many_hints", "too_many_hints", {"Retry-After": str(max(1, math.ceil(wait)))})

    def check(self, player: str, address: str | None = None) -> None:
        """Raises the 429 that ``player``'s hint would get now as far as this process knows,
        without the database: the event loop refuses a flood before a thread is used for it
        (``admitted`` asks the shared limits, and takes)."""
        if player in self.players:
            raise self._refusal("hint_running", 1)
        if self.taken >= self.room:
            raise self._refusal("busy", 1, self.taken)
        wait = self.admission.refused_for("hints", player, address)
        if wait > 0:
            raise self._refusal("too_many", wait)

    @contextmanager
    def admitted(self, player: str, address: str | None = None) -> Iterator[None]:
        """A place for ``player``'s hint, or 429 at once (before any work is done for it)."""
        with self.lock:
            self.check(player, address)
            self.taken += 1
            self.players.add(player)
        try:
            try:
                ticket = self.admission.hint(player, address, self.room)
            except Refused as e:
                raise self._refusal(e.reason, e.wait, e.running) from None
            try:
                yield
            finally:
                try:
                    self.admission.release(player, ticket)
                except Exception:  # the row expires by itself (RUNNING_SECONDS)
                    log.warning("could not release %s's hint admission; it expires by itself", player[:6])
        finally:
            with self.lock:
                self.taken -= 1
                self.players.discard(player)

    @property
    def processes(self) -> HintProcesses:
        """This process's hint processes (looked up each time: a pool made before a fork is its parent's)."""
        return hint_processes(self.workers)

    def start(self) -> None:
        """Starts the hint processes as the server starts serving (not at import, nor in the
        process that only migrates the database before forking the workers). In ``paciencia
        serve``'s process, what start-up made is frozen out of the collector's reach: it lives as
        long as the process, and a full collection, which stops every thread of the process,
        took 80-100 ms with it (issue 39), ~115,000 objects of the imports among them."""
        self.processes.warm()
        if SERVING:
            gc.collect()
            gc.freeze()

    def run(self, game_id: str, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``job(*args)`` for a hint of game ``game_id`` in a hint process (call it while admitted)."""
        return self.processes.run(game_id, job, *args, **kwargs)

    def close(self) -> None:
        """The server stops: its hint processes end with it (``serving`` set by the command
        line, whose uvicorn ends a stopped server by its signal, after the app's shutdown and
        before any exit handler). In a process that makes apps and keeps going (tests, a
        script) they stay, for the next app, until it exits."""
        if SERVING:
            _close_all()
