"""Hints for both games: a move worth playing now, or why there is none.

Each game brings its analysis (``analyse``: is any move useful, is the position proved lost,
which move to play) and the places of a move for the page to show it moving; the rest is
shared: the solver's budget, one hint at a time, the positions already met on the game's path
(a hint never leads back to one), and the answer's shape. The whole answer must come within
300 ms, so the solver gets 200 ms of it. It runs off the event loop, on a copy of the state.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from pydantic import BaseModel, Field

from paciencia.engine.protocol import State, Status
from paciencia.games.crescent import CrescentState
from paciencia.games.klondike import KlondikeState
from paciencia.i18n import Words
from paciencia.solver.crescent import analyse_crescent
from paciencia.web import klondike
from paciencia.web.words import say

log = logging.getLogger(__name__)
HINT_SECONDS = 0.2
"""The solver's time for a hint (the whole answer must come within 300 ms)."""
_HINTS = threading.Lock()  # the Klondike solver remembers lines in one table: one hint at a time


class HintOut(BaseModel):
    kind: str = Field(
        description="move (a move to play), no_useful (legal moves, none that helps), "
        "lost (Crescent: proved that no line wins from here) or none"
    )
    move: str | None = Field(default=None, description="The move in notation (Klondike: its foundation named)")
    src: str | None = Field(default=None, description="Where the moving cards are (Klondike: S for a draw)")
    n: int = Field(default=1, description="How many cards move")
    dst: str | None = Field(default=None, description="Where they go (Klondike: W for a draw)")
    message: str = ""


Key = tuple[object, ...]


def path_keys(state: CrescentState | KlondikeState) -> set[Key]:
    """The keys of the positions earlier on the game's path (its undo history walked back)."""
    sim = state.copy()
    keys: set[Key] = set()
    while sim.can_undo:
        sim.undo()
        keys.add(sim.key())
    return keys


def _crescent_places(token: str) -> dict[str, Any]:
    src, _, dst = token.partition("-")
    return {"move": token, "src": src or None, "n": 1, "dst": dst or None}


def _any_move(state: CrescentState | KlondikeState) -> str | None:
    """A plain hint when the analysis fails (a pasted position it cannot read)."""
    if isinstance(state, KlondikeState):
        return klondike.plain_hint(state)
    legal = sorted(state.legal_moves(), key=lambda m: m.is_redeal)  # a redeal last
    return str(legal[0]) if legal else None


def hint(state: State[Any], words: Words) -> dict[str, Any]:
    """A hint for this position (``state`` is a private copy: this runs off the event loop)."""
    assert isinstance(state, CrescentState | KlondikeState)
    blocked = {"kind": "none", "message": words.status(Status.BLOCKED.value)}
    if not state.legal_moves():
        return blocked
    with _HINTS:
        try:
            avoid = path_keys(state)
            if isinstance(state, KlondikeState):
                kind, token = klondike.analyse(state, avoid, HINT_SECONDS)
            else:
                kind, token = analyse_crescent(state, HINT_SECONDS, avoid)
        except Exception:
            log.exception("hint analysis failed; falling back to a plain move")
            kind, token = "move", _any_move(state)
    if kind == "no_useful":
        return {"kind": kind, "message": say(words, "kl_no_useful")}
    if kind == "lost":
        return {"kind": kind, "message": say(words, "cr_lost")}
    if token is None:
        return blocked
    places = klondike.hint_places(state, token) if isinstance(state, KlondikeState) else _crescent_places(token)
    return {"kind": "move", **places}
