"""Solver verdicts pinned in a golden file (scripts/make-golden, from survey results).

Every pinned winning line must replay to won on the engine, and ``solve`` must still agree on
a sample of the pinned codes (a verdict may never flip between winnable and unwinnable).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.solver import solve

GOLDEN = [json.loads(t) for t in (Path(__file__).parent / "golden" / "solve.jsonl").read_text().splitlines()]


def test_golden_file_covers_every_variant() -> None:
    variants = {row["code"][:5] for row in GOLDEN}
    assert variants >= {"CR1-N", "CR1-F", "CR1-D", "CR1-B", "KL1-3", "KL1-1"}
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
    for prefix in ("CR1-N", "CR1-F", "CR1-D", "CR1-B", "KL1-3", "KL1-1")
    for verdict in ("winnable", "unwinnable")
    for row in sorted(
        (r for r in GOLDEN if r["code"].startswith(prefix) and r["verdict"] == verdict), key=lambda r: r["seconds"]
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
