"""Solver verdicts each game pins in its package (``golden.jsonl``; scripts/make-golden, from
survey results).

Every pinned winning line must replay to won on the engine, and ``solve`` must still agree on
a sample of the pinned codes (a verdict may never flip between winnable and unwinnable).
"""

from __future__ import annotations

from typing import Any

import pytest

from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import GAMES, REGISTRY, new_state
from paciencia.solver import solve
from tests.solver.golden import pinned

PINNED = pinned()
GOLDEN = [row for rows in PINNED.values() for row in rows]


def _variant(row: dict[str, Any]) -> str:
    """A pinned deal's code without its letters (``KL1-3``)."""
    return str(row["code"]).rpartition("-")[0]


def _variants(name: str) -> set[str]:
    """The codes' beginnings (``KL1-3``) of every variant of the game."""
    game = GAMES[name].game
    return {f"{game.prefix}{game.version}-{v}" for v in game.variants}


def test_every_solving_game_on_the_site_pins_every_variant() -> None:
    assert {name for name, e in REGISTRY.items() if "solve" in e.game.capabilities} <= set(PINNED)
    for name, rows in PINNED.items():
        assert {_variant(row) for row in rows} == _variants(name), name
    assert sum(row["verdict"] == "winnable" for row in GOLDEN) >= 300


def test_every_pinned_line_replays_to_won() -> None:
    replayed = 0
    for row in GOLDEN:
        if row["verdict"] != "winnable":
            assert row["line"] == ""
            continue
        state = new_state(row["code"])
        state.play_all(row["line"].split())
        assert state.status is Status.WON, row["code"]
        replayed += 1
    assert replayed >= 300


# Per variant and verdict, the three pinned deals the survey settled fastest (well under a second;
# the timeout is generous so that a loaded machine does not turn them unknown).
SAMPLE = [
    row
    for variant in sorted({_variant(row) for row in GOLDEN})
    for verdict in ("winnable", "unwinnable")
    for row in sorted(
        (r for r in GOLDEN if _variant(r) == variant and r["verdict"] == verdict), key=lambda r: r["seconds"]
    )[:3]
]


@pytest.mark.parametrize("row", SAMPLE, ids=[f"{r['code']}-{r['verdict']}" for r in SAMPLE])
def test_solve_agrees_with_the_golden_file(row: dict[str, Any]) -> None:
    result = solve(new_state(row["code"]), 30.0)
    assert result.verdict is not Verdict.UNKNOWN, row["code"]
    assert result.verdict.value == row["verdict"]
    if result.verdict is Verdict.WINNABLE:
        state = new_state(row["code"])
        state.play_all(result.line)
        assert state.status is Status.WON
