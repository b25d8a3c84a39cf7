"""What a solver's schedule shares out between its searches: seconds, or positions searched.

A schedule (each game's ``solve_<game>``) is written once against a ``Meter``: it asks
how much is ``used``, gives each search an ``amount`` of the ``total``, and the meter turns that
amount into the C loop's two limits, a node budget and seconds. In *time mode* (no ``nodes``)
the amounts are seconds of the clock, as they always were. In *node mode* they are positions
searched (the C loops' node counts): every search stops at a node count, so the same call
searches the same positions and answers the same on any machine, loaded or not, and the clock
is read only against ``timeout`` when one is given as well (a cap, which then may decide).
"""

from __future__ import annotations

import math
import time


class Meter:
    def __init__(self, timeout: float, nodes: int | None = None) -> None:
        self.start = time.perf_counter()  # for the seconds reported, never for a node-mode verdict
        self.by_nodes = nodes is not None
        self.total: float = float(nodes) if nodes is not None else timeout
        self.cap = timeout  # node mode: seconds against a runaway search (inf: none, no clock)
        self.nodes = 0  # positions searched so far, in either mode

    def count(self, n: int) -> None:
        self.nodes += n

    def seconds(self) -> float:
        return time.perf_counter() - self.start

    def used(self) -> float:
        """How much of ``total`` is spent: positions searched, or seconds."""
        return float(self.nodes) if self.by_nodes else self.seconds()

    def limits(self, amount: float, budget: int = 0) -> tuple[int, float]:
        """A C search's (node budget, seconds) for ``amount`` of the meter, within its own
        ``budget`` (0: none). Node mode never answers a budget of 0 (which the loops read as
        none): a search with nothing left gets one node and stops."""
        if not self.by_nodes:
            return budget, max(amount, 0.0)
        n = max(1, int(amount))
        return (min(budget, n) if budget > 0 else n), self.cap_left()

    def cap_left(self) -> float:
        """Node mode: the cap's seconds left (inf, and no clock read, without a cap)."""
        if math.isinf(self.cap):
            return math.inf
        return max(self.cap - self.seconds(), 0.0)

    def capped(self) -> bool:
        """Node mode: whether the cap has passed (then the answer is unknown, as on a timeout)."""
        return self.by_nodes and not math.isinf(self.cap) and self.seconds() >= self.cap
