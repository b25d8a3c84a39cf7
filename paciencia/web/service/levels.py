"""The deals' levels on the site: chosen ("Winnable, hard"), looked up, and measured in the
background for a finished game whose deal has none yet.

A level is measured from every card of the deal (``paciencia/analysis/levels.py``): it is said
of a game only once the game is closed, or from the start where the player chose it
(``views.shown_level``). Measuring costs several whole honest games (seconds of a core): never
in a request. The levelled pools are the package's data; any other deal is measured once, by
one background thread at a low priority, and its level kept in ``store.levels``.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import secrets
import threading

from paciencia.analysis import levels
from paciencia.engine.errors import PacienciaError
from paciencia.games import new_state
from paciencia.web.db.store import Store

log = logging.getLogger(__name__)

CHOSEN = levels.LEVELS
"""The levels a player may ask for."""
JOIN_SECONDS = 5.0
"""How long a stopping server waits for a measure under way (one solve: it reads no flag)."""
WAITING = 64
"""Deals that may wait to be measured; past them a deal is left for a later ending."""


class NoLevelledDeals(Exception):
    """The variant has no levelled pool."""


def draw(game: str, variant: str, level: str, avoid: set[str]) -> str:
    """A deal of the variant's pool of ``level``, one of those not in ``avoid`` (the player's
    deals so far) while there are any."""
    found = levels.pool(game, variant, level)
    if not found:
        raise NoLevelledDeals(f"{game} {variant} {level}")
    fresh = [c for c in found if c not in avoid]
    return secrets.choice(fresh or found)


def has_levels(game: str, variant: str) -> bool:
    return levels.cuts(game, variant) is not None


def variant_of(code: str) -> tuple[str, str] | None:
    """The game and variant of a deal code (None for what is not one)."""
    try:
        game = new_state(code).game
    except PacienciaError:
        return None
    return game.name, game.variant


class Levels:
    """Looks levels up, and measures the deals that have none in one background thread."""

    def __init__(self, store: Store, background: bool = True) -> None:
        self.store = store
        self.background = background
        self.waiting: queue.Queue[str] = queue.Queue(WAITING)
        self.asked: set[str] = set()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.saving = threading.Lock()

    def known(self, code: str) -> str | None:
        """The deal's level, where it is measured (the pools' data, else the store's)."""
        found = levels.known(code)
        if found is not None:
            return found
        return self.store.deal_level(code)[1]

    def daily_level(self, code: str) -> str | None:
        """A daily deal's level, measured in the background the first time it is asked for."""
        found = self.known(code)
        if found is None:
            self.want(code)
        return found

    def want(self, code: str) -> bool:
        """Has the deal measured in the background unless it is measured already, or its
        variant has no thresholds; whether it is being measured now (or waits to be)."""
        if not self.background or self.stopping.is_set() or levels.known(code) is not None:
            return False
        found = variant_of(code)
        if found is None or not has_levels(*found):
            return False
        with self.lock:
            if code in self.asked:
                return True
            if self.store.deal_level(code)[0]:
                return False
            try:
                self.waiting.put_nowait(code)
            except queue.Full:
                return False
            self.asked.add(code)
            if self.thread is None:
                self.thread = threading.Thread(target=self._work, name="levels", daemon=True)
                self.thread.start()
            return True

    def _work(self) -> None:
        from paciencia.analysis.jobs import lower_thread_priority

        lower_thread_priority()
        while not self.stopping.is_set():
            code = self.waiting.get()
            if self.stopping.is_set():
                return
            try:
                self.measure_now(code)
            except levels.Cancelled:
                return
            except Exception:  # a solver bug, or the database went away: the next ending asks again
                log.exception("could not measure the level of %s", code)
            finally:
                with self.lock:
                    self.asked.discard(code)

    def measure_now(self, code: str) -> str | None:
        """Measures the deal as its variant's pools were and keeps its level (blocks; given up
        on once the server stops, and nothing is written after it has)."""
        which = variant_of(code)
        if which is None:
            return None
        found = levels.rate(code, *which, self.stopping.is_set)
        if found is None:
            return None
        measure, level = found
        with self.saving:
            if self.stopping.is_set():
                raise levels.Cancelled(code)
            self.store.save_level(code, *which, level, measure.as_dict())
        return level

    def close(self) -> None:
        """Stops the thread: a measure under way gives up at its next move, and once this
        returns nothing more is written (the store may be closed)."""
        self.stopping.set()
        with contextlib.suppress(queue.Full):
            self.waiting.put_nowait("")
        with self.saving:  # a level being written is written first
            pass
        thread = self.thread
        if thread is not None:
            thread.join(timeout=JOIN_SECONDS)
