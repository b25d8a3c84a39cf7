"""The Examples pages' won games: one per game, as data (``<game>.json``, made by
``scripts/make-example``): where it starts (a deal code or a table text), its tokens, and its
named steps (step k is the position after k tokens).

The Crescent example is the seeds' won game: its 10th move puts the A♠ of pile 10 on the K♠ of
pile 14, its first redeal turns pile 1 from 2♥ 9♣ J♦ J♦ into 9♣ J♦ J♦ 2♥, and it passes through
the three positions the Italian seed describes (``SEED_DESCRIPTIONS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from paciencia.engine.protocol import State
from paciencia.games import new_state, state_from_text

EXAMPLES_DIR = Path(__file__).parent


@dataclass(frozen=True)
class Example:
    game: str
    start_kind: str
    """``code`` (a deal code) or ``table`` (a table text)."""
    start: str
    moves: tuple[str, ...]
    marks: tuple[tuple[str, int], ...] = ()
    """Named steps the rules pages link to."""

    def start_state(self) -> State[Any]:
        return new_state(self.start) if self.start_kind == "code" else state_from_text(self.start)

    def states(self) -> Iterator[State[Any]]:
        """Every step's position, the start first (one state, moved on: copy what you keep)."""
        state = self.start_state()
        yield state
        for token in self.moves:
            state.play(token)
            yield state

    def mark(self, name: str) -> int:
        return dict(self.marks)[name]


@cache
def example(game: str) -> Example | None:
    """The game's example, or None for a game that has none."""
    path = EXAMPLES_DIR / f"{game}.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    moves = data["moves"]
    if game == "crescent":
        marks = tuple(seed_steps(data).items())
    else:  # the first draw: the rules' schema of the waste's fan
        marks = (("first_draw", moves.index("D") + 1),) if "D" in moves else ()
    return Example(data["game"], data["start_kind"], data["start"], tuple(data["moves"]), marks)


def must_example(game: str) -> Example:
    """The game's example; ``KeyError`` for a game without one."""
    found = example(game)
    if found is None:
        raise KeyError(f"{game!r} has no example")
    return found


def seed_steps(data: dict[str, Any] | Example) -> dict[str, int]:
    """The Crescent example's steps the seeds show: before the 10th move, the end of the first
    phase (just before the first redeal), just after it."""
    moves = list(data.moves if isinstance(data, Example) else data["moves"])
    redeal = moves.index("R")
    return {"before_ten": 9, "tenth": 10, "first_phase": redeal, "after_redeal": redeal + 1}


def in_cima_last(text: str) -> str:
    """The seed's third description writes "in cima X"; ours (and its first two) write "X in cima"."""
    return re.sub(r"in cima ([^,;.]+)", r"\1 in cima", text)


SEED_DESCRIPTIONS = {
    "before_ten": (
        "fondazione ascendente di picche: 2 di picche in cima, 2 carte; fondazione ascendente di cuori: 2 di cuori"
        " in cima, 2 carte; fondazione ascendente di quadri: asso di quadri in cima, 1 carta; fondazione ascendente"
        " di fiori: asso di fiori in cima, 1 carta; fondazione discendente di picche: donna di picche in cima, 2"
        " carte; fondazione discendente di cuori: donna di cuori in cima, 2 carte; fondazione discendente di"
        " quadri: re di quadri in cima, 1 carta; fondazione discendente di fiori: 9 di fiori in cima, 5 carte."
        " pila 1: 4 carte, fante di quadri in cima; pila 2: 6 carte, 8 di picche in cima; pila 3: 4 carte, 7 di"
        " quadri in cima; pila 4: 5 carte, 4 di quadri in cima; pila 5: 6 carte, 10 di picche in cima; pila 6: 4"
        " carte, donna di picche in cima; pila 7: 6 carte, 5 di cuori in cima; pila 8: 6 carte, 6 di picche in"
        " cima; pila 9: 5 carte, 5 di fiori in cima; pila 10: 6 carte, asso di picche in cima; pila 11: 6 carte,"
        " re di fiori in cima; pila 12: 6 carte, 10 di fiori in cima; pila 13: 6 carte, 7 di fiori in cima; pila"
        " 14: 6 carte, re di picche in cima; pila 15: 6 carte, 6 di picche in cima; pila 16: 6 carte, asso di"
        " fiori in cima."
    ),
    "first_phase": (
        "fondazione ascendente di picche: 2 di picche in cima, 2 carte; fondazione ascendente di cuori: 2 di cuori"
        " in cima, 2 carte; fondazione ascendente di quadri: asso di quadri in cima, 1 carta; fondazione ascendente"
        " di fiori: asso di fiori in cima, 1 carta; fondazione discendente di picche: 10 di picche in cima, 4"
        " carte; fondazione discendente di cuori: 10 di cuori in cima, 4 carte; fondazione discendente di quadri:"
        " re di quadri in cima, 1 carta; fondazione discendente di fiori: 9 di fiori in cima, 5 carte. pila 1: 4"
        " carte, fante di quadri in cima; pila 2: 6 carte, 8 di picche in cima; pila 3: 4 carte, 7 di quadri in"
        " cima; pila 4: 5 carte, 4 di quadri in cima; pila 5: 5 carte, 5 di cuori in cima; pila 6: 4 carte, donna"
        " di picche in cima; pila 7: 6 carte, 5 di cuori in cima; pila 8: 6 carte, 6 di picche in cima; pila 9: 5"
        " carte, 5 di fiori in cima; pila 10: 4 carte, 9 di quadri in cima; pila 11: 7 carte, asso di fiori in"
        " cima; pila 12: 6 carte, 10 di fiori in cima; pila 13: 6 carte, 7 di fiori in cima; pila 14: 7 carte,"
        " asso di picche in cima; pila 15: 4 carte, re di cuori in cima; pila 16: 5 carte, 6 di picche in cima."
    ),
    "after_redeal": in_cima_last(
        "fondazione ascendente di picche: in cima 2 di picche, 2 carte; fondazione ascendente di cuori: in cima 2"
        " di cuori, 2 carte; fondazione ascendente di quadri: in cima asso di quadri, 1 carta; fondazione"
        " ascendente di fiori: in cima asso di fiori, 1 carta; fondazione discendente di picche: in cima 10 di"
        " picche, 4 carte; fondazione discendente di cuori: in cima 10 di cuori, 4 carte; fondazione discendente"
        " di quadri: in cima re di quadri, 1 carta; fondazione discendente di fiori: in cima 9 di fiori, 5 carte."
        " pila 1: 4 carte, in cima 2 di cuori; pila 2: 6 carte, in cima 7 di cuori; pila 3: 4 carte, in cima 4 di"
        " fiori; pila 4: 5 carte, in cima 5 di fiori; pila 5: 5 carte, in cima 8 di quadri; pila 6: 4 carte, in"
        " cima fante di picche; pila 7: 6 carte, in cima 10 di picche; pila 8: 6 carte, in cima asso di quadri;"
        " pila 9: 5 carte, in cima 7 di picche; pila 10: 4 carte, in cima donna di fiori; pila 11: 7 carte, in"
        " cima 8 di fiori; pila 12: 6 carte, in cima 2 di fiori; pila 13: 6 carte, in cima 6 di quadri; pila 14:"
        " 7 carte, in cima 4 di picche; pila 15: 4 carte, in cima 8 di quadri; pila 16: 5 carte, in cima 3 di"
        " quadri."
    ),
}
"""The Italian seed's three board descriptions of its won game (the third put in our order)."""
