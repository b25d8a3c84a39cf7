"""Analysis as pure functions of a game's record, for a process of its own (the server's hint
processes: ``paciencia.web.service.hints``). A job is given how the game started and its tokens,
and answers with values (an ``Advice``, an ``Analysis``, a ``State``, review lines): nothing of
the server crosses. This module imports the analysis and the registry only, so that a process
made to run jobs starts in a fraction of the time the site's modules take.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import select
import sys
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any, TypeVar

from paciencia.analysis.honest import Advice, Budget, advise, path_keys
from paciencia.analysis.review import Lines, StepReview, review_steps
from paciencia.engine.protocol import Analysis, Game, State, Status
from paciencia.games import REGISTRY, Entry, register, starting_state

log = logging.getLogger(__name__)

HINT_SECONDS = 0.2
"""The solver's time for a hint of a game without completions (the answer must come within 300 ms)."""
NICE = 10
"""How much lower a job process's priority is than the server's; on Linux it is also
``SCHED_IDLE``, so that it never takes the processor from the server's threads (a hint waits
instead: its queue is bounded by the admission), in a scheduling group of its own at
``GROUP_NICE`` (``start_worker``)."""
GROUP_NICE = 10
"""The nice value of a job process's autogroup (Linux): a tenth of the server's group's weight.
At 19 (the lowest) a busy machine's other groups left the hints too little (their p95 290-471
ms against 300); at 0 the hints took as much as the server's group (``bench/hint_mix.py``)."""

T = TypeVar("T")


def _malloc_trim() -> Callable[[], object]:
    """glibc's ``malloc_trim(0)``: hands the memory a search freed back to the system (without
    it the arenas a large search grew stay the process's); a no-op elsewhere."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


release_memory = _malloc_trim()


# -- the jobs ---------------------------------------------------------------------------------

Record = tuple[str, str, Sequence[str]]
"""How a game started (``"code"`` or ``"text"``, the code or table text) and its tokens."""


def advice_job(record: Record, budget: Budget) -> Advice:
    """The honest hint and chance after the record's tokens (``analysis.honest.advise``)."""
    kind, start, tokens = record
    state = replay_job(record)
    if state.status != Status.PLAYING:
        return Advice(Analysis("none"), 1 if state.status == Status.WON else 0, 1, True)
    return advise(state.game.knowledge(starting_state(kind, start), list(tokens)), budget)


def analysis_job(record: Record) -> Analysis:
    """A game without completions: its own analysis of the position, avoiding its path."""
    state = replay_job(record)
    game, avoid = state.game, path_keys(state)
    try:
        return game.analyse(state, HINT_SECONDS, avoid, {})
    except Exception:
        log.exception("hint analysis failed; falling back to a plain move")
        return Game.analyse(game, state, HINT_SECONDS, avoid, {})


def replay_job(record: Record) -> State[Any]:
    """The state after the record's tokens (a replay from a late move)."""
    kind, start, tokens = record
    state = starting_state(kind, start)
    state.play_all(tokens)
    return state


def review_job(
    record: Record, first: int, count: int, budget: Budget, lines: Lines, done: dict[int, StepReview]
) -> tuple[list[StepReview], Lines, dict[int, StepReview]]:
    """A batch of an ended game's review lines (``analysis.review.review_steps``), with what it
    learnt for the next batch."""
    kind, start, tokens = record
    steps = review_steps(starting_state(kind, start), tokens, first, count, budget, lines, done)
    return steps, lines, done


# -- a job process --------------------------------------------------------------------------


def start_worker(server: int) -> None:
    """A hint process yields the processor to the server's and the database's (Linux: its nice
    value, ``SCHED_IDLE``, and a session of its own whose autogroup is at ``GROUP_NICE``), and
    ends when the server does, however it ended (``kill -9`` included: nothing else would stop
    it).

    The nice value and ``SCHED_IDLE`` rank the threads of one scheduling group only. With
    autogroups (Linux's default for a desktop or a terminal: a group per session) the kernel
    first shares the processor between the groups: a hint process in the server's session spent
    the server's share, and PostgreSQL's backends (a group of their own) waited behind it (their
    wait in the run queue doubled with hints in the mix, the moves' p95 ×1.5–1.7 on a busy machine:
    ``bench/hint_mix.py``). In a group of its own at a low weight it waits for them instead."""
    if sys.platform == "linux":
        with suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, NICE)
        with suppress(OSError, AttributeError):  # the processor only when no thread of the server wants it
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        with suppress(OSError):  # not a group leader (spawned): setsid succeeds, and makes a new autogroup
            os.setsid()
            with open("/proc/self/autogroup", "w") as group:  # absent without autogroups: left as is
                group.write(str(GROUP_NICE))
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is None:
        return
    try:
        fd = pidfd_open(server)
    except OSError:  # gone already
        os._exit(0)

    def watch() -> None:
        select.select([fd], [], [])  # readable once the server has ended
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def warm_job() -> None:
    """Imports every registered game's rules (a spawned process has only what it unpickled)."""
    for entry in REGISTRY.values():
        entry.game  # noqa: B018 (the import is the point)


BUILT_IN = frozenset(REGISTRY)
"""The games every process has registered (``paciencia.games``' own lines)."""


def added_games() -> tuple[Entry, ...]:
    """The games registered since (a test's own game, say): a job takes them along."""
    return tuple(entry for name, entry in REGISTRY.items() if name not in BUILT_IN)


def run_job(work: Callable[[], T], games: tuple[Entry, ...] = ()) -> T:
    """``work()``, with ``games`` registered here first if they are not (``added_games`` of the
    process that asked), and the memory its search freed handed back."""
    for entry in games:
        if entry.name not in REGISTRY:
            register(entry.game, entry.table)
    try:
        return work()
    finally:
        release_memory()


def lower_thread_priority(nice: int = NICE) -> None:
    """The calling thread yields the processor to the threads that answer moves (Linux: a
    thread's own nice value): the server's background threads (levels measured, reviews)."""
    if sys.platform == "linux":
        with suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)
