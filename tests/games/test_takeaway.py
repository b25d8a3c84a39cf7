"""The take-away vocabulary (``paciencia.games.takeaway``): its docstrings' examples, its values
printing the code that makes them, and what every game built on it keeps (found by its class,
never by name): an undo takes everything back, the table text reads back."""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator
from typing import Any

import pytest

from paciencia.engine.protocol import State
from paciencia.games import GAMES, new_state, state_from_text, takeaway
from paciencia.games.takeaway import AddsTo, Layout, NextRank, TakeAwayGame

TAKE_AWAY = sorted(
    f"{e.game.prefix}1-{variant}"
    for e in GAMES.values()
    if issubclass(e.game, TakeAwayGame)
    for variant in e.game.variants
)


def test_the_docstrings_examples_hold() -> None:
    failed, tried = doctest.testmod(takeaway, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and tried >= 8


def test_every_value_prints_the_code_that_makes_it() -> None:
    names = vars(takeaway)
    layouts = [Layout.pyramid(7), Layout.pyramid(3), Layout.columns(7, 5), Layout.overlapping((2, 3), (2, 3))]
    for value in [*layouts, Layout((1, 2), ((1, 2), (), ())), AddsTo(11), NextRank(wrap=False)]:
        assert eval(repr(value), names) == value, value


def test_a_pyramids_covers_and_what_must_go_first() -> None:
    p = Layout.pyramid(4)
    assert p.covers[:4] == [(1, 2), (3, 4), (4, 5), (6, 7)] and p.covers[6:] == [()] * 4
    assert p.row_places == [(0,), (1, 2), (3, 4, 5), (6, 7, 8, 9)]
    assert p.below[1] == sum(1 << i for i in (3, 4, 6, 7, 8))
    assert p.apart(1, 2) and p.apart(3, 5) and not p.apart(0, 9) and not p.apart(8, 2)


def test_the_rank_rules() -> None:
    cards = range(52)
    assert all(NextRank().fits(a, b) == NextRank().fits(b, a) for a in cards for b in cards)
    assert sum(NextRank().fits(0, b) for b in cards) == 8 and sum(NextRank(wrap=False).fits(0, b) for b in cards) == 4
    assert [b % 13 + 1 for b in range(13) if AddsTo(13).pairs(4, b)] == [8]


def random_play(state: State[Any], seed: int, most: int) -> Iterator[State[Any]]:
    """``state`` after each of up to ``most`` random legal moves (pushed on it)."""
    rng = random.Random(seed)
    for _ in range(most):
        legal = state.legal_moves()
        if not legal:
            return
        state.push(rng.choice(legal))
        yield state


@pytest.mark.parametrize("variant", TAKE_AWAY)
def test_undo_takes_back_everything(variant: str) -> None:
    s = new_state(f"{variant}-AAAAAAD")
    start = s.to_text()
    for _ in random_play(s, 3, 60):
        pass
    while s.can_undo:
        s.undo()
    assert s.to_text() == start


@pytest.mark.parametrize("variant", TAKE_AWAY)
def test_table_text_reads_back(variant: str) -> None:
    for s in random_play(new_state(f"{variant}-AAAAAAE"), 5, 80):
        again = state_from_text(s.to_text())
        assert again.to_text() == s.to_text() and again.key() == s.key()
