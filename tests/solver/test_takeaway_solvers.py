"""What every take-away game's solver (``paciencia.games.takeaway.Search``) answers alike: a deal
won by a line that replays, the same line and node count on any machine, the position left
untouched; a deal proved lost by the search in a pinned number of positions, and unknown on a
budget too small (stopped one position past it)."""

from __future__ import annotations

import math

import pytest

from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.solver import solve
from tests.solver.test_pyramid_solver import SEARCHED as PYRAMID_SEARCHED
from tests.solver.test_pyramid_solver import WON as PYRAMID_WON
from tests.solver.test_tripeaks_solver import SEARCHED as TRIPEAKS_SEARCHED
from tests.solver.test_tripeaks_solver import WON as TRIPEAKS_WON

CASES = [(PYRAMID_WON, PYRAMID_SEARCHED, 4831), (TRIPEAKS_WON, TRIPEAKS_SEARCHED, 26_635)]
"""(a deal won, a deal proved lost by the search, the positions that proof takes)."""


@pytest.mark.parametrize(("won", "searched", "nodes"), CASES)
def test_a_deal_is_won_by_a_line_that_replays_the_same_on_any_machine(won: str, searched: str, nodes: int) -> None:
    state = new_state(won)
    first = solve(state, math.inf, 100_000)
    assert first.verdict is Verdict.WINNABLE and 0 < first.nodes <= 100_000
    sim = new_state(won)
    sim.play_all(first.line)
    assert sim.status is Status.WON
    again = solve(new_state(won), math.inf, 100_000)
    assert (again.line, again.nodes) == (first.line, first.nodes)
    assert state.to_text() == new_state(won).to_text()  # left untouched


@pytest.mark.parametrize(("won", "searched", "nodes"), CASES)
def test_a_deal_proved_lost_by_the_search_and_a_budget_too_small(won: str, searched: str, nodes: int) -> None:
    proved = solve(new_state(searched), math.inf, 100_000)
    assert proved.verdict is Verdict.UNWINNABLE and proved.notes == {"proof": "search"} and proved.nodes == nodes
    short = solve(new_state(searched), math.inf, 1000)
    assert short.verdict is Verdict.UNKNOWN and short.nodes == 1001
