"""Reviews worked out in the background: a review may search for many seconds (the game is over,
nothing waits on it), so no request waits for it. The first ask starts it and is answered "not
ready yet"; the page asks again until it is. The work runs one solve at a time
(``review_search``'s steps) on a worker of its own at the lowest priority, each step queued
after the others', so that several reviews share the worker and the hint workers keep the
processor for hints.

The reviews are this process's: with several server processes, a poll that lands on another
one starts it there too (each process's reviews are bounded alike).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Generator
from concurrent.futures import ThreadPoolExecutor

from paciencia.analysis.jobs import lower_thread_priority
from paciencia.analysis.review import Review

log = logging.getLogger(__name__)

REVIEWS_AT_ONCE = 4
"""Reviews being worked out at the same time in one process; past them the ask is refused (429)."""
REVIEWS_KEPT = 512
"""Finished reviews kept (the most recent), so that polls and the review page find them."""
REVIEW_NICE = 19

Search = Generator[int, None, Review]


def _lowest_priority() -> None:
    lower_thread_priority(REVIEW_NICE)


class Full(Exception):
    """``REVIEWS_AT_ONCE`` reviews are being worked out already."""


class ReviewWork:
    def __init__(self, most: int = REVIEWS_AT_ONCE, release: Callable[[], object] = lambda: None) -> None:
        self.most = most
        self.release = release  # after each step: the memory a search freed, back to the system
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="review", initializer=_lowest_priority)
        self.lock = threading.Lock()
        self.running: set[str] = set()
        self.done: OrderedDict[str, Review] = OrderedDict()

    def finished(self, key: str) -> Review | None:
        with self.lock:
            found = self.done.get(key)
            if found is not None:
                self.done.move_to_end(key)
            return found

    def is_running(self, key: str) -> bool:
        with self.lock:
            return key in self.running

    def start(self, key: str, make: Callable[[], Search]) -> None:
        """Starts the review ``key`` (``make()``: its search) unless it is running or done;
        ``Full`` when too many are."""
        with self.lock:
            if key in self.running or key in self.done:
                return
            if len(self.running) >= self.most:
                raise Full
            self.running.add(key)
        self.executor.submit(self._step, key, make, None)

    def _step(self, key: str, make: Callable[[], Search], search: Search | None) -> None:
        try:
            if search is None:
                search = make()
            next(search)
        except StopIteration as end:
            with self.lock:
                self.done[key] = end.value
                while len(self.done) > REVIEWS_KEPT:
                    self.done.popitem(last=False)
                self.running.discard(key)
            return
        except Exception:  # dropped: the next ask starts it again
            log.exception("review %s failed", key)
            with self.lock:
                self.running.discard(key)
            return
        finally:
            self.release()
        try:  # the next step after the steps queued meanwhile (another review's)
            self.executor.submit(self._step, key, make, search)
        except RuntimeError:  # shut down
            with self.lock:
                self.running.discard(key)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
