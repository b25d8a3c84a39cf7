"""Limits that keep one client from starving the others: a token bucket per key.

Each server process keeps its own buckets (with N workers a client gets up to N times the
rate); they are a guard against floods, not an exact quota.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict


class RateLimit:
    """At most ``burst`` actions at once per key, refilled at ``per_minute`` a minute."""

    def __init__(self, per_minute: float, burst: int, keys: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, key: str, now: float | None = None) -> float:
        """The seconds until ``key`` may act (0: now), taking nothing."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens >= 1:
                return 0.0
            return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def take(self, key: str, now: float | None = None) -> float:
        """Takes one action for ``key``: 0 when allowed, else the seconds until one is."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.rate if self.rate > 0 else math.inf
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.keys:  # the least recently seen keys go first
                self._buckets.popitem(last=False)
            return wait
