"""The FreeCell solver: Microsoft #11982 proved unwinnable, deals that Freecell Solver (fc-solve,
the oracle) wins won too with lines that replay to won, verdicts agreeing with a plain search
over the engine's legal moves on small positions, the safe moves up, and the command line."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from paciencia.engine.dealcode import number_to_letters
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state, state_from_text
from paciencia.games.freecell import _search
from paciencia.games.freecell.rules import FreeCellState
from paciencia.games.freecell.solver import (
    CL,
    LC,
    LF,
    Step,
    _c_position,
    _safe,
    engine_tokens,
    settle,
    step_move,
)
from paciencia.solver import solve
from tests.solver.plain import plain_winnable
from tests.tables import RANKS, SUITS

NODES = 3_000_000
"""Positions a test's search may take (a budget, not seconds: the same answer on any machine)."""


def code(number: int, cells: int = 4) -> str:
    return f"FC1-{cells}-{number_to_letters(number)}"


def fc_solve_wins(number: int, cells: int) -> bool:
    """Whether Freecell Solver finds a win for Microsoft deal ``number`` with ``cells`` free cells
    (its "could not solve" is no proof, so only its wins are used)."""
    board = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True
    ).stdout
    out = subprocess.run(
        ["fc-solve", "--freecells-num", str(cells), "-"], input=board, capture_output=True, text=True, timeout=120
    ).stdout
    return "This game is solveable." in out


def replays_to_won(start: str | FreeCellState, line: tuple[str, ...]) -> None:
    state = new_state(start) if isinstance(start, str) else start.copy()
    state.play_all(line)
    assert state.status is Status.WON


def test_microsoft_11982_is_proved_unwinnable() -> None:
    # The one deal of Microsoft's first 32,000 that cannot be won: the race's sound search
    # exhausts it (about a million positions in all, the race's other searches taking turns).
    result = solve(new_state(code(11982)), math.inf, NODES)
    assert result.verdict is Verdict.UNWINNABLE
    assert result.notes["proof"] == "search"


SAMPLE = [1, 2, 3, 10, 27, 35, 617, 1941, 11981, 11983, 31999]


@pytest.mark.parametrize("number", SAMPLE)
def test_deals_fc_solve_wins_are_won_with_lines_that_replay(number: int) -> None:
    assert fc_solve_wins(number, 4)
    result = solve(new_state(code(number)), math.inf, NODES)
    assert result.verdict is Verdict.WINNABLE
    replays_to_won(code(number), result.line)


# The deals of Microsoft's first 32,000 that a sound depth-first search is slowest to win (left
# unknown at 10 s before the dives came in batches of short noisy ones; the race wins them).
SLOW = [10824, 11230, 14269, 17880, 21376, 21449, 30359]


@pytest.mark.parametrize("number", SLOW)
def test_the_deals_slow_to_win_are_won_within_the_budget(number: int) -> None:
    result = solve(new_state(code(number)), math.inf, NODES)
    assert result.verdict is Verdict.WINNABLE
    replays_to_won(code(number), result.line)


def test_with_one_free_cell_the_verdicts_agree_with_fc_solve() -> None:
    """Fewer cells: many deals are lost. Each that fc-solve wins is won here; each proved lost
    here fc-solve does not win."""
    won = lost = 0
    for number in range(1, 13):
        result = solve(new_state(code(number, 1)), math.inf, NODES)
        assert result.verdict is not Verdict.UNKNOWN, number
        assert (result.verdict is Verdict.WINNABLE) == fc_solve_wins(number, 1), number
        if result.verdict is Verdict.WINNABLE:
            replays_to_won(code(number, 1), result.line)
            won += 1
        else:
            lost += 1
    assert won >= 3 and lost >= 3


# FC1-1 #695 and #1716, FC1-2 #267 and #1103, which fc-solve's -l lg wins, were unknown at 3 M
# positions until the race's late round for one and two cells (issue 39; _search.c, LATE): won,
# with lines that replay.
@pytest.mark.parametrize(("number", "cells"), [(695, 1), (1716, 1), (267, 2), (1103, 2)])
def test_the_deals_left_to_the_late_round_are_won_within_the_budget(number: int, cells: int) -> None:
    result = solve(new_state(code(number, cells)), math.inf, NODES)
    assert result.verdict is Verdict.WINNABLE
    assert result.nodes > 100_000  # in the late round: the race before it is as it was
    replays_to_won(code(number, cells), result.line)


def test_runs_moved_only_whole_into_empty_cascades_win_where_every_length_drowns() -> None:
    """Thread 21 is thread 2 with '$': a top run goes into an empty cascade only whole (and a
    buried run is dug only from its head), as Freecell Solver's sequence moves go. Alone, it wins
    FC1-1 #695 in under 1,000 positions; thread 2, moving every length, does not in 100,000."""
    deal = new_state(code(695, 1))
    assert isinstance(deal, FreeCellState)
    pos = _c_position(deal)
    status, steps, n = _search.race(*pos, 1_000, math.inf, 0, 1 << 21)
    assert status == 0 and n < 1_000
    assert engine_tokens(deal, steps)
    assert _search.race(*pos, 100_000, math.inf, 0, 1 << 2)[0] != 0
    assert _search.race(*pos, 100_000, math.inf, 0)[0] != 0  # the race alike up to LATE


# -- the line checked in C agrees with the engine's rules ----------------------------------------


def race_steps(state: FreeCellState, nodes: int) -> list[Step] | None:
    status, steps, _ = _search.race(*_c_position(state), nodes, math.inf, 0)
    return steps if status == 0 else None


def engine_refuses(state: FreeCellState, steps: list[Step]) -> bool:
    """Whether the engine's ``check`` refuses a step of ``steps`` from ``state`` (a step naming a
    card in no cell, or a free cell where none is, is refused too) or the line does not win."""
    sim = state.copy()
    for step in steps:
        kind, card = step[0], step[4]
        if (kind in (LF, LC) and card not in sim.cells) or (kind == CL and -1 not in sim.cells):
            return True
        m = step_move(sim, step)
        if sim.check(m) is not None:
            return True
        sim.push(m)
    return not sim.is_won()


def test_the_lines_checked_in_c_are_the_engines() -> None:
    """``solve`` writes a race's line in C (``_search.line``'s check of every move and of the win,
    which ``race`` runs itself when asked for tokens), not through the engine's ``check`` and
    ``push``: on every line of a sample (Microsoft's
    deals, every cell count) the two give the same tokens, and on lines with one step changed at
    random (a run's length or destination, a card, a move's kind) C refuses exactly when the
    engine does."""
    rng = random.Random(39)
    deals = [(n, 4) for n in range(1, 301)] + [(n, c) for c in (3, 2, 1) for n in range(1, 61)]
    lines = 0
    changed = {True: 0, False: 0}
    for number, cells in deals:
        state = new_state(code(number, cells))
        assert isinstance(state, FreeCellState)
        steps = race_steps(state, 200_000)
        if steps is None:
            continue
        lines += 1
        assert _search.line(*_c_position(state), steps) == engine_tokens(state, steps), number
        # solve's own path: the race writes its line itself, by the same check.
        assert _search.race(*_c_position(state), 200_000, math.inf, 0, 0, True)[1] == engine_tokens(state, steps)
        for _ in range(5):
            other = list(steps)
            i = rng.randrange(len(other))
            kind, a, b, n, card = other[i]
            which = rng.randrange(4)
            if which == 0:
                n = rng.randint(1, 13)
            elif which == 1:
                b = rng.randrange(8)
            elif which == 2:
                card = rng.randrange(52)
            else:
                kind = rng.randrange(5)
            other[i] = (kind, a, b, n, card)
            refused = engine_refuses(state, other)
            changed[refused] += 1
            if refused:
                with pytest.raises(AssertionError):
                    _search.line(*_c_position(state), other)
            else:
                assert _search.line(*_c_position(state), other) == engine_tokens(state, other)
    assert lines >= 300 and changed[True] >= 800 and changed[False] >= 100, (lines, changed)


# -- the verdicts against a plain search --------------------------------------------------------


def random_position(rng: random.Random, left: int) -> FreeCellState:
    """One free cell, ``left`` cards in play on all eight cascades, the rest up; half the
    cascades sorted with their low cards at the bottom (the hardest to dig out)."""
    found = [0] * 4
    while sum(found) < 52 - left:
        s = rng.randrange(4)
        found[s] = min(13, found[s] + 1)
    cards = [RANKS[r] + SUITS[s] for s in range(4) for r in range(found[s], 13)]
    rng.shuffle(cards)
    cols: list[list[str]] = [[] for _ in range(8)]
    for i, c in enumerate(cards):
        cols[i if i < 8 else rng.randrange(8)].append(c)
    for col in cols:
        if rng.random() < 0.5:
            col.sort(key=lambda c: RANKS.index(c[0]))
    lines = ["# freecell FC1-1-AAAAAAB", "a:"]
    lines += [f"F{s}: " + " ".join(RANKS[r] + s for r in range(found[k])) for k, s in enumerate(SUITS)]
    lines += [f"{i + 1}: {' '.join(col)}" for i, col in enumerate(cols)]
    state = state_from_text("\n".join(lines) + "\n")
    assert isinstance(state, FreeCellState)
    return state


def test_verdicts_agree_with_a_plain_search() -> None:
    """Small positions (mostly won) and Microsoft's deals with one free cell (mostly lost, most
    with a small tree): wherever the plain search settles within its budget, the solver agrees."""
    rng = random.Random(2026)
    states = [random_position(rng, rng.randint(14, 22)) for _ in range(60)]
    states += [deal for n in range(1, 41) if isinstance(deal := new_state(code(n, 1)), FreeCellState)]
    seen = {True: 0, False: 0}
    for state in states:
        plain = plain_winnable(state, 10_000)
        if plain is None:
            continue
        result = solve(state, math.inf, NODES)
        assert result.verdict is (Verdict.WINNABLE if plain else Verdict.UNWINNABLE), state.to_text()
        if plain:
            replays_to_won(state, result.line)
        seen[plain] += 1
    assert seen[True] >= 40 and seen[False] >= 20, seen


def test_safe_moves_up() -> None:
    card = {f"{r}{s}": k * 13 + RANKS.index(r) for k, s in enumerate(SUITS) for r in RANKS}
    assert _safe([0, 1, 0, 0], card["Ac"]) and _safe([0, 0, 0, 1], card["2c"])
    assert not _safe([2, 1, 1, 2], card["3s"])  # a red 2 is still in play
    assert _safe([2, 2, 2, 2], card["3s"])
    assert _safe([0, 4, 4, 0], card["5c"]) and not _safe([0, 4, 3, 0], card["5c"])


def test_settle_on_a_budget_names_a_legal_first_move() -> None:
    state = new_state(code(1))
    assert isinstance(state, FreeCellState)
    verdict, first = settle(state, 20_000)
    assert verdict == Verdict.WINNABLE.value and first is not None
    state.play(first)
    lost = new_state(code(11982))
    assert isinstance(lost, FreeCellState)
    assert settle(lost, 1_000_000) == (Verdict.UNWINNABLE.value, None)


def test_the_c_searches_let_other_threads_run() -> None:
    """The GIL is released around both C searches (the race and the sound search alone): while a
    search of 600,000 positions runs in a thread, this one runs Python. The switch interval is
    set long, so a search holding the GIL would keep it until its thread ended (this thread's loop
    then never running: 0 turns, as a C loop that holds it, ``sum(range(...))``, gives)."""
    import threading
    import time

    from paciencia.games.freecell import _search
    from paciencia.games.freecell.solver import _c_position

    lost = new_state(code(11982))
    assert isinstance(lost, FreeCellState)
    pos = _c_position(lost)

    def race() -> object:
        return _search.race(*pos, 600_000, math.inf)

    def sound() -> object:
        return _search.search(*pos, 0, 600_000, math.inf, 0.0)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        for search in (race, sound):
            started, done = threading.Event(), threading.Event()

            def work(s: Callable[[], object] = search, a: threading.Event = started, b: threading.Event = done) -> None:
                a.set()
                s()
                b.set()

            worker = threading.Thread(target=work)
            worker.start()
            started.wait()
            turns = 0
            while not done.is_set():
                turns += 1
                time.sleep(0.001)
            worker.join()
            assert turns >= 5, turns
    finally:
        sys.setswitchinterval(interval)


# -- the command line -------------------------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, input=stdin, timeout=120
    )


def test_solve_prints_the_verdict_and_a_line_that_wins() -> None:
    p = run("solve", "FC1-4-AAAAAAB", "--timeout", "10")
    assert p.returncode == 0, p.stderr
    verdict, line = p.stdout.splitlines()
    assert verdict == "winnable"
    replays_to_won("FC1-4-AAAAAAB", tuple(line.split()))
    p = run("solve", code(11982), "--timeout", "60")
    assert p.returncode == 0 and p.stdout == "unwinnable\n"


def test_solve_codes_and_positions() -> None:
    p = run("solve", "--codes", "-", "--timeout", "10", stdin=f"FC1-4-AAAAAAC\n{code(11982)}\nFC9-4-AAAAAAB\n")
    rows = [json.loads(t) for t in p.stdout.splitlines()]
    assert p.returncode == 2
    assert [r.get("verdict") for r in rows] == ["winnable", "unwinnable", None]
    replays_to_won("FC1-4-AAAAAAC", tuple(rows[0]["line"].split()))
    text = run("play", "FC1-2-AAAAAAB", "5-a").stdout
    p = run("solve", "--position", "-", "--timeout", "10", stdin=text)
    assert p.returncode == 0 and p.stdout.splitlines()[0] in ("winnable", "unwinnable")


def test_a_deal_solved_by_its_number_is_solved_as_its_position() -> None:
    """``Game.solve_deal`` (the deal made in C, the line one string): the verdict, line and
    positions of ``solve`` on the position the engine deals, for every cell count."""
    for cells in (1, 2, 3, 4):
        for number in (1, 2, 617, 11982, 3_000_000_000, 8_000_000_000):
            state = new_state(code(number, cells))
            want = solve(state, math.inf, 20_000)
            verdict, line, nodes, seconds = state.game.solve_deal(number, math.inf, 20_000)
            assert (verdict, line, nodes) == (want.verdict.value, " ".join(want.line), want.nodes)
            assert seconds >= 0
    verdict, line, _, _ = new_state(code(1)).game.solve_deal(1, 10.0)
    assert verdict == "winnable"
    replays_to_won(code(1), tuple(line.split()))


def test_hints_and_reviews_work_for_freecell() -> None:
    """Every card is in sight: the knowledge is the position itself, so the hint is exact, and it
    starts a winning line; a game given up with one free cell is reviewed as a lost deal."""
    from paciencia.analysis.honest import Budget, advise
    from paciencia.analysis.review import review_game

    start = new_state(code(1))
    advice = advise(start.game.knowledge(start, []), Budget(*start.game.hint_budget))
    assert advice.analysis.kind == "move" and advice.exact and advice.chance == 1.0
    after = start.copy()
    assert advice.analysis.token is not None
    after.play(advice.analysis.token)
    assert solve(after, math.inf, NODES).verdict is Verdict.WINNABLE
    lost = new_state(code(1, 1))
    assert review_game(lost, ["5-a"]).deal == Verdict.UNWINNABLE.value
