"""A budget in work, not time (issue 25, part 3): with ``--nodes`` the same command gives the
same verdicts, lines and node counts on any machine, loaded or not."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from paciencia.games import REGISTRY, new_state
from paciencia.games.crescent import _search as _crescent
from paciencia.games.crescent.solver import _position
from paciencia.games.klondike import _search as _klondike
from paciencia.games.klondike.solver import _c_position
from paciencia.solver import solve
from paciencia.solver.meter import Meter

# Each settles a different way at these budgets: won by the sound search, by a Crescent try, by
# Spider's beams; lost by the exhaustive search (Pyramid's in 4,831 positions, TriPeaks' in
# 26,635); unknown at the budget (the Klondike one is lost with 2 M). Every registered game has
# a deal here (test_every_game_has_a_deal_here).
DEALS = {
    "KL1-3-AAAAAAB": "winnable",
    "KL1-1-AAAAAAC": "winnable",
    "KL1-3-AAAANLD": "unknown",
    "CR1-N-AAAAAAB": "winnable",
    "CR1-F-AAAAAAC": "winnable",
    "CR1-N-AAABDWA": "unknown",
    "PY1-3-AAAAAAC": "winnable",
    "PY1-3-AAAAADW": "unwinnable",
    "TP1-1-AAAAAAC": "winnable",
    "TP1-1-AAAAABJ": "unwinnable",
    "FC1-4-AAAAAAB": "winnable",
    "SP1-1-AAAAAAB": "winnable",
    "SP1-2-AAAAAAC": "winnable",
    "SP1-4-AAAAAAC": "unknown",
}
NODES = 200_000
BUSY = "import time\nend = time.monotonic() + 120\nwhile time.monotonic() < end:\n    pass\n"


@contextmanager
def busy_cores(count: int = 2) -> Iterator[None]:
    """Processes that keep ``count`` cores busy (each stops by itself after 120 s at most)."""
    procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(count)]
    try:
        yield
    finally:
        for p in procs:
            p.kill()
            p.wait()


def solve_codes(*args: str, stdin: str) -> list[dict[str, object]]:
    p = subprocess.run(
        [sys.executable, "-m", "paciencia", "solve", "--codes", "-", *args],
        input=stdin.encode(),
        capture_output=True,
        timeout=600,
    )
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    return [json.loads(line) for line in p.stdout.decode().splitlines()]


def replays_to_won(code: str, line: str) -> bool:
    state = new_state(code)
    for token in line.split():
        state.play(token)
    return bool(state.status == "won")


def test_the_same_nodes_give_the_same_answers_twice_and_under_load() -> None:
    stdin = "\n".join(DEALS) + "\n"
    quiet = solve_codes("--nodes", str(NODES), stdin=stdin)
    again = solve_codes("--nodes", str(NODES), stdin=stdin)
    with busy_cores():
        loaded = solve_codes("--nodes", str(NODES), stdin=stdin)
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in quiet]
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in again] == strip
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in loaded] == strip
    assert {str(r["code"]): r["verdict"] for r in quiet} == DEALS
    for r in quiet:
        assert set(r) == {"code", "verdict", "seconds", "line", "nodes"}
        assert isinstance(r["nodes"], int) and 0 < r["nodes"] <= NODES + 1, r
        if r["verdict"] == "winnable":
            assert replays_to_won(str(r["code"]), str(r["line"]))
        if r["verdict"] == "unknown":
            assert r["nodes"] == NODES + 1  # the budget, not the clock, stopped it


def test_every_game_has_a_deal_here() -> None:
    assert {REGISTRY[name].game.prefix for name in REGISTRY} <= {code[:2] for code in DEALS}


def test_a_larger_budget_settles_what_a_smaller_left_unknown() -> None:
    small = solve(new_state("KL1-3-AAAANLD"), math.inf, 200_000)
    large = solve(new_state("KL1-3-AAAANLD"), math.inf, 2_000_000)
    assert (small.verdict.value, large.verdict.value) == ("unknown", "unwinnable")
    assert large.nodes == solve(new_state("KL1-3-AAAANLD"), math.inf, 2_000_000).nodes < 2_000_000


def test_a_timeout_beside_nodes_is_a_cap() -> None:
    # A budget far beyond what 0.3 s searches: the cap stops it, and the answer is unknown.
    r = solve(new_state("CR1-N-AAABDWA"), 0.3, 10**12)
    assert r.verdict.value == "unknown" and r.seconds < 30


def test_the_loops_stop_at_a_node_budget_without_a_clock() -> None:
    # Infinite seconds: no deadline; the budget alone stops the search, at budget + 1 nodes.
    pos = _position(new_state("CR1-N-AAABDWA"))  # type: ignore[arg-type]
    status, _, n, _, _ = _crescent.prove(*pos, math.inf, _crescent.R_PROOF, 5000)
    assert (status, n) == (2, 5001)
    status, _, n, _, _ = _crescent.prove(*pos, math.inf, _crescent.R_PROOF, 7000)
    assert (status, n) == (2, 7001)
    kpos = _c_position(new_state("KL1-3-AAAANLD"))  # type: ignore[arg-type]
    status, _, n = _klondike.search(*kpos, 0, 3000, math.inf, 0.0, 0, 7)
    assert (status, n) == (2, 3001)


def test_the_meter_never_hands_a_loop_a_budget_of_none() -> None:
    m = Meter(math.inf, 100)
    assert m.limits(0) == (1, math.inf) and m.limits(-5) == (1, math.inf)
    assert m.limits(50, 20) == (20, math.inf) and m.limits(10, 20) == (10, math.inf)
    m.count(40)
    assert m.used() == 40 and not m.capped()
    timed = Meter(2.0)
    assert timed.limits(1.5, 300) == (300, 1.5) and timed.limits(-1.0) == (0, 0.0)


def test_a_survey_on_nodes_records_its_budget_and_resumes_only_alike(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"

    def survey(*extra: str) -> subprocess.CompletedProcess[str]:
        args = ["survey", "crescent", "--variant", "N", "--deals", "3", "--jobs", "1", "--seed", "5"]
        return subprocess.run(
            [sys.executable, "-m", "paciencia", *args, "--results", str(results), *extra],
            capture_output=True,
            text=True,
            timeout=600,
        )

    p = survey("--nodes", "60000")
    assert p.returncode == 0, p.stderr
    assert "budget: 60000 positions searched per deal" in p.stdout
    assert "positions searched: median" in p.stdout
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(rows) == 3 and all(r["budget"] == 60000 and isinstance(r["nodes"], int) for r in rows)
    first = [(r["code"], r["verdict"], r["nodes"], r["line"]) for r in rows]
    results.unlink()
    with busy_cores():
        assert survey("--nodes", "60000").returncode == 0
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted((r["code"], r["verdict"], r["nodes"], r["line"]) for r in rows) == sorted(first)
    for other in (("--nodes", "70000"), ("--timeout", "1")):
        p = survey(*other)
        assert p.returncode == 2 and "holds deals solved on a budget of 60000 positions" in p.stderr
    assert len(results.read_text().splitlines()) == 3  # refused, and nothing written
