"""What a search says of a deal or a position, for every game: the ground floor that the games'
solvers, the analyses above them and the web layer all speak."""

from __future__ import annotations

from enum import StrEnum

from paciencia.engine.record import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Verdict(StrEnum):
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    """``winnable`` with a line in move notation that replays to won; ``unwinnable`` when the
    whole search space was exhausted (only sound pruning took part); ``unknown`` when time or the
    node budget ran out first."""

    verdict: Verdict
    line: tuple[str, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    notes: dict[str, Any] = field(default_factory=dict)
