"""A game as it is held to play: its record (its start and tokens), its state, and what follows
from them (its version, its result, whether it is in play, its remembered observation, the
``Meta`` its view is made with). The store's ``SavedGame`` and the offline engine's
``OfflineGame`` are each one, with what their side keeps besides; this module imports no store
(the browser's engine runs it under Pyodide)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paciencia.engine.protocol import Observation, State, Status
from paciencia.play.views import LEFT, Meta

MAX_TOKENS = 20_000
"""The longest record one game keeps (moves, undos and redeals), wherever it is played: a game
whose undo history reaches back to its start (a game with unbounded undo) is replayed whole on a
cold load."""


@dataclass(slots=True)
class HeldGame:
    id: str
    game: str
    start_kind: str
    start: str
    tokens: list[str]
    state: State[Any]
    started: float | None = None
    ended: float | None = None
    status: Status = Status.PLAYING
    """The state's status, computed once per move (it searches the moves)."""
    winnable: bool = False
    """The deal it started from is proved winnable (its code has that verdict)."""
    left: bool = False
    """Left for a newer game of the same game (and so closed)."""
    closed: bool = False
    """Over for good: it takes no more moves, and what uses the whole deal may be said of it."""
    embargo: float | None = None
    """Until when (seconds since the epoch) the deal is kept from everyone, whatever this game's
    state: a daily challenge's day's end, the challenge of the week's (``play.disclosure``)."""
    _observed: tuple[int, Observation] | None = None

    @property
    def version(self) -> int:
        return len(self.tokens)

    @property
    def result(self) -> str:
        """The stored status: the state's, or ``left``."""
        return LEFT if self.left else self.status.value

    @property
    def in_play(self) -> bool:
        """Neither over nor left: the player may still play it."""
        return not self.closed and self.status == Status.PLAYING

    def observation(self) -> Observation:
        """``state.observe()``, remembered for this version (the view of it, then the position
        before the next move, for that move's words)."""
        if self._observed is None or self._observed[0] != self.version:
            self._observed = (self.version, self.state.observe())
        return self._observed[1]

    def meta(self, level: str | None = None, level_pending: bool = False, deal_told: bool = False) -> Meta:
        """What the table says of the game beside its position (``level``: where it may be said;
        ``deal_told``: the disclosure rule's word on naming the deal, ``play.disclosure``)."""
        return Meta(
            id=self.id,
            version=self.version,
            left=self.left,
            closed=self.closed,
            pasted=self.start_kind == "text",
            started=self.started,
            ended=self.ended,
            winnable=self.winnable,
            level=level,
            level_pending=level_pending,
            deal_told=deal_told,
        )
