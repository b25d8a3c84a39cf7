"""How well a shown chance of winning matches what happens: the positions of whole honest games
grouped by the chance shown there (0-10 %, …, 90-100 %), each group's share of positions whose
game was won, and the Brier score; and the honest player's chance from a shown figure, read off
those groups (made monotone: a higher figure never maps to a lower chance).

The chance the table shows is the share of the unseen cards' layouts that can be won with every
card known; the honest player (the site's hints) wins far fewer games from the same positions.
``honest`` turns the first into the second with the measured groups, kept in ``levels.json``
beside the levels (``scripts/make-levels``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

BINS = 10


@dataclass(frozen=True, slots=True)
class Group:
    low: float
    high: float
    positions: int
    won: int
    shown: float
    """The mean chance shown in the group."""

    @property
    def rate(self) -> float | None:
        return self.won / self.positions if self.positions else None


def bin_of(chance: float) -> int:
    return min(BINS - 1, max(0, int(chance * BINS)))


def groups(games: Iterable[tuple[list[float], bool]]) -> list[Group]:
    """The reliability table of ``(chances shown at each position, won)`` games."""
    count = [0] * BINS
    won = [0] * BINS
    shown = [0.0] * BINS
    for chances, result in games:
        for c in chances:
            b = bin_of(c)
            count[b] += 1
            won[b] += int(result)
            shown[b] += c
    return [
        Group(b / BINS, (b + 1) / BINS, count[b], won[b], shown[b] / count[b] if count[b] else 0.0) for b in range(BINS)
    ]


def brier(games: Iterable[tuple[list[float], bool]], forecast: object = None) -> tuple[float, int]:
    """The mean squared gap between the chance shown and the result (1 won, 0 not) over every
    position, and the number of positions; ``forecast(chance)`` replaces the figure shown."""
    total, n = 0.0, 0
    for chances, result in games:
        for c in chances:
            f = forecast(c) if callable(forecast) else c
            total += (f - float(result)) ** 2
            n += 1
    return (total / n if n else 0.0), n


def monotone(table: list[Group]) -> list[float]:
    """Each group's win rate, pooled with its neighbours where a higher figure would otherwise
    win less (pool-adjacent-violators, weighted by positions); an empty group takes its
    neighbour's."""
    blocks: list[list[float]] = []  # [won, positions, groups]
    for g in table:
        blocks.append([float(g.won), float(g.positions), 1.0])
        while len(blocks) > 1 and _rate(blocks[-2]) > _rate(blocks[-1]):
            w, p, k = blocks.pop()
            blocks[-1][0] += w
            blocks[-1][1] += p
            blocks[-1][2] += k
    out: list[float] = []
    for b in blocks:
        out += [_rate(b)] * int(b[2])
    return out


def _rate(block: list[float]) -> float:
    return block[0] / block[1] if block[1] else 0.0


def honest(rates: list[float], chance: float) -> float:
    """The honest player's chance from a position whose shown figure is ``chance``."""
    return rates[bin_of(chance)]
