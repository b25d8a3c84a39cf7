"""Winnable deals only: new random deals drawn from those the solver has proved winnable.

A draw takes a deal from the variant's pool (proved winnable, not yet dealt) when it holds one;
otherwise it tries random deals itself, within a bound of deals and seconds, and the first one
proved winnable is dealt. Every verdict is kept (``store.verdicts``), so no code is solved
twice. Once a variant has been asked for, a background thread keeps its pool topped up, so the
next "New game" answers at once (a game's solves can take seconds).

A deal counts as proved only when its winning line replays to won on a fresh deal. The
per-deal times are a fraction of ``paciencia solve``'s default ten seconds, so the command
line finds every line the site found (the site and the command agree on every code).

All of it blocks: callers run ``draw`` off the event loop.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass

from paciencia.engine.dealcode import DEAL_COUNT, DealCode
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import REGISTRY, entry, new_state
from paciencia.solver import solve
from paciencia.web.db.store import Store

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Bounds:
    attempt: float
    """Solver seconds per deal tried while a player waits."""
    total: float
    """Seconds a player may wait for a deal before being told none was found."""
    background: float
    """Solver seconds per deal tried by the pool's thread."""


def bounds(game: str) -> Bounds:
    return Bounds(*entry(game).game.deal_search)


REST_AFTER = 12
"""The pool's thread rests after this many deals in a row proved nothing (until the next draw)."""
SOLVING_AT_ONCE = 2
"""Players' solves running at the same time (the others wait their turn)."""


class NoWinnableDeal(Exception):
    """Nothing was proved winnable within the bound."""


def random_code(game: str, variant: str) -> str:
    cls = entry(game).game
    return str(DealCode(cls.prefix, cls.version, variant, secrets.randbelow(DEAL_COUNT)))


class WinnableDeals:
    """The pools of proved winnable deals, one per variant asked for, and their thread."""

    def __init__(self, store: Store, pool_size: int = 3, attempts: int = 8) -> None:
        self.store = store
        self.pool_size = pool_size
        self.attempts = attempts
        self.wanted: dict[tuple[str, str], int] = {}  # variant -> deals in a row that proved nothing
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.solving = threading.Semaphore(SOLVING_AT_ONCE)
        self.thread: threading.Thread | None = None

    # -- proving -------------------------------------------------------------------------------

    def prove(self, code: str, seconds: float, handed: bool) -> bool:
        """Whether the deal is proved winnable, solving it unless a verdict is kept (or an
        ``unknown`` was given as much time already); the verdict is kept."""
        known = self.store.verdict(code)
        if known is not None and (known.verdict != Verdict.UNKNOWN or known.seconds >= seconds):
            return known.verdict == Verdict.WINNABLE and not known.handed
        state = new_state(code)
        result = solve(state, seconds)
        verdict = result.verdict
        if verdict is Verdict.WINNABLE:
            check = new_state(code)
            check.play_all(result.line)
            if check.status != Status.WON:  # never deal on a line that does not win
                log.error("the solver's line for %s does not win", code)
                verdict = Verdict.UNKNOWN
        winnable = verdict is Verdict.WINNABLE
        game = state.game
        line = len(result.line) if winnable else 0
        self.store.save_verdict(code, game.name, game.variant, verdict.value, line, result.seconds, winnable and handed)
        return winnable

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, game: str, variant: str) -> str:
        """A proved winnable deal code of this variant, now out of the pool; ``NoWinnableDeal``
        when none was proved within the bound."""
        code = self.store.claim_winnable(game, variant)
        self._want(game, variant)  # after the claim: a thread at rest on a full pool tops it up again
        if code is not None:
            return code
        bound = bounds(game)
        deadline = time.monotonic() + bound.total
        for _ in range(self.attempts):
            with self.solving:
                left = deadline - time.monotonic()
                if left < 0.05:
                    break
                code = random_code(game, variant)
                if self.prove(code, min(bound.attempt, left), handed=True):
                    return code
            code = self.store.claim_winnable(game, variant)  # the pool's thread may have found one
            if code is not None:
                self.wake.set()  # the thread may have filled the pool and gone to rest meanwhile
                return code
        raise NoWinnableDeal(f"{game} {variant}")

    # -- the pool ------------------------------------------------------------------------------

    def _want(self, game: str, variant: str) -> None:
        if self.pool_size <= 0:
            return
        with self.lock:
            self.wanted[(game, variant)] = 0
            if self.thread is None:
                self.thread = threading.Thread(target=self._fill, name="winnable-pool", daemon=True)
                self.thread.start()
        self.wake.set()

    def _short(self) -> tuple[str, str] | None:
        """A variant whose pool is short and that has not given up for now."""
        with self.lock:
            wanted = [v for v, failures in self.wanted.items() if failures < REST_AFTER]
        for game, variant in wanted:
            if self.store.pool_count(game, variant) < self.pool_size:
                return game, variant
        return None

    def _fill(self) -> None:
        while not self.stopping.is_set():
            try:
                short = self._short()
                if short is None:
                    self.wake.wait()
                    self.wake.clear()
                    continue
                game, variant = short
                proved = self.prove(random_code(game, variant), bounds(game).background, handed=False)
                with self.lock:
                    self.wanted[short] = 0 if proved else self.wanted.get(short, 0) + 1
            except Exception:  # the database went away (shutting down), or a solver bug: rest
                if self.stopping.is_set():
                    return
                log.exception("the winnable pool's thread failed; it rests until the next draw")
                with self.lock:
                    for v in self.wanted:
                        self.wanted[v] = REST_AFTER
                self.wake.wait()
                self.wake.clear()

    def close(self) -> None:
        """Stops the pool's thread (after the solve it is in, if any)."""
        self.stopping.set()
        self.wake.set()
        thread = self.thread
        if thread is not None:
            thread.join(timeout=max(e.game.deal_search[2] for e in REGISTRY.values()) + 2)
