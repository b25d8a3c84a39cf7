"""A stand-in for a dealt game with hidden cards, to play offline.

The real deal stays on the server while the player has cards hidden ahead (its record names it:
``/api/games/{id}/record`` answers 409 ``record_hidden``). Offline play goes on from a stand-in
instead: the same position, the same cards in sight and the same undo history, with the unseen
cards put in the hidden places by one of the player's knowledge's completions
(``paciencia.engine.knowledge``: drawn with a generator seeded from what the player knows, never
from the deal). So the stand-in is a function of the player's knowledge alone: two deals the player
cannot tell apart give the same stand-in, and it tells nothing of the real one.

It is table text (the position the undo history goes back to, under a header naming no deal)
and the moves of that history, as a record the browser's engine replays: a game of its own,
which back online is kept beside the original (``web/routes/offline.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from paciencia.engine.dealcode import DealCode
from paciencia.engine.protocol import State
from paciencia.games import state_from_text


@dataclass(frozen=True, slots=True)
class StandIn:
    start: str
    """Table text: where the stand-in's undo history begins, its hidden cards the completion's."""
    tokens: tuple[str, ...]
    """The moves from there to the position the player sees (the undo history, no undo in it)."""


def nameless(text: str, code: DealCode) -> str:
    """Table text under a header that names no deal (the game and variant only)."""
    head, _, rest = text.partition("\n")
    fields = head.split()
    fields[2] = str(code.nameless())
    return " ".join(fields) + "\n" + rest


def stand_in(start: State[Any], tokens: Sequence[str]) -> StandIn | None:
    """The stand-in of the game played by ``tokens`` from ``start``, or ``None`` when none
    shows the player the same table (a game whose history a stand-in cannot replay)."""
    real = start.copy()
    real.play_all(tokens)
    (completion,) = real.game.knowledge(start, tokens).completions(1)
    history = list(completion.move_stack)
    first = completion.copy()
    while first.can_undo:
        first.undo()
    code = real.code
    text = nameless(first.to_text(), code)
    # The moves as the undo history holds them, each named as it is made from its position.
    line: list[str] = []
    replay = state_from_text(text)
    for move in history:
        made = replay.resolve(move)
        replay.apply(made)
        line.append(str(made))
    if replace(replay.observe(), code=None) != replace(real.observe(), code=None):
        return None
    return StandIn(text, tuple(line))
