"""The Spider solver: deals of every suit count won by lines that replay, the same answer on the
same node budget, verdicts agreeing with a plain search over the engine's legal moves on small
positions (so the sound search's reductions and the C rules are the engine's), supermoves written
out move by move, ``settle`` and the honest hints' parts (useful moves, scores)."""

from __future__ import annotations

import math
import random

import pytest

from paciencia.analysis.honest import Budget, advise
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.games.spider import _search
from paciencia.games.spider.analysis import move_scores, useful_moves
from paciencia.games.spider.rules import COLS, SpiderGame, SpiderState, complete_run_at_end
from paciencia.games.spider.solver import PRUNE, SUPER, _c_position, _tokens, settle
from paciencia.solver import solve
from tests.games.test_spider import position
from tests.solver.plain import plain_winnable

NODES = 3_000_000
"""Positions a test's search may take (a budget, not seconds: the same answer on any machine)."""

DEALS = [f"SP1-{v}-{letters}" for v in "124" for letters in ("AAAAAAB", "AAAAAAC", "AAAAABJ")]


def deal(code: str) -> SpiderState:
    state = new_state(code)
    assert isinstance(state, SpiderState)
    return state


def replays_to_won(state: SpiderState, line: tuple[str, ...]) -> None:
    sim = state.copy()
    sim.play_all(line)
    assert sim.status is Status.WON


@pytest.mark.parametrize("code", DEALS)
def test_deals_of_every_suit_count_are_won_by_lines_that_replay(code: str) -> None:
    result = solve(deal(code), math.inf, NODES)
    assert result.verdict is Verdict.WINNABLE and 0 < result.nodes <= NODES, (code, result.nodes)
    replays_to_won(deal(code), result.line)


def test_the_same_budget_gives_the_same_answer_and_leaves_the_position_alone() -> None:
    state = deal("SP1-4-AAAAAAB")
    before = state.to_text()
    first = solve(state, math.inf, NODES)
    again = solve(deal("SP1-4-AAAAAAB"), math.inf, NODES)
    assert (first.verdict, first.line, first.nodes) == (again.verdict, again.line, again.nodes)
    assert state.to_text() == before
    short = solve(deal("SP1-4-AAAAAAB"), math.inf, 1000)
    assert short.verdict is Verdict.UNKNOWN and short.nodes <= 1001


RUNS = {"1": [0] * 8, "2": [0, 0, 0, 0, 1, 1, 1, 1], "4": [0, 0, 1, 1, 2, 2, 3, 3]}
"""The suits of each variant's eight complete runs."""


def small(variant: str, runs: int, rng: random.Random) -> SpiderState | None:
    """A random position with the cards of ``runs`` complete runs in play (the other runs gone
    to the foundations, the stock dealt), two in each column and the rest anywhere, all but the
    end of each column face down (so that few moves are open, some positions are lost and a
    plain search ends on those); None when a column ends with a complete run (it would have
    left)."""
    game = SpiderGame(variant)
    suits = list(RUNS[variant])
    rng.shuffle(suits)
    cards = [s * 13 + r for s in suits[:runs] for r in range(13)]
    rng.shuffle(cards)
    cols: list[list[int]] = [[] for _ in range(COLS)]
    for k, c in enumerate(cards):
        cols[k % COLS if k < 2 * COLS else rng.randrange(COLS)].append(c)
    down = [max(len(c) - 1, 0) for c in cols]
    if any(complete_run_at_end(c, d) >= 0 for c, d in zip(cols, down, strict=True)):
        return None
    return SpiderState(game, game.code(1), [], cols, down, suits[runs:])


@pytest.mark.parametrize("variant", ["1", "2", "4"])
def test_every_loss_proved_on_small_positions_is_one_a_plain_search_confirms(variant: str) -> None:
    # A win is checked by its line; a loss, which only the sound search may prove, by a plain
    # search over the engine's legal moves (no reduction at all) that ends without a win.
    rng = random.Random(41 + int(variant))
    seen = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for _ in range(200):
        state = small(variant, rng.choice((2, 3, 4)), rng)
        if state is None:
            continue
        result = solve(state, math.inf, 100_000)
        if result.verdict is Verdict.WINNABLE:
            replays_to_won(state, result.line)
        elif result.verdict is Verdict.UNWINNABLE:
            assert plain_winnable(state, 20_000) is False, state.to_text()
        seen[result.verdict.value] += 1
    assert seen["unwinnable"] >= 5 and seen["winnable"] >= 150, seen


def test_a_position_with_no_move_is_lost_and_one_move_from_won_is_won() -> None:
    # A run of spades and one of hearts left, the stock dealt: the ten columns end in Aces, 3s,
    # 5s, 7s and 9s (no end goes on another), the other cards face down under the last one.
    ends = ["As", "Ah", "3s", "3h", "5s", "5h", "7s", "7h", "9s", "9h"]
    blocked = position(dict(enumerate(ends, 1)), variant="4", found=["d", "d", "c", "c", "s", "h"])
    assert not blocked.legal_moves() and plain_winnable(blocked) is False
    result = solve(blocked, math.inf, 10_000)
    assert result.verdict is Verdict.UNWINNABLE and result.notes["proof"] == "search"
    near = position({1: "Ks Qs Js Ts 9s 8s 7s", 2: "6s 5s 4s 3s 2s As"}, found=["s"] * 7, rest=1)
    assert solve(near, math.inf, 10_000).line == ("2x6-1",)


@pytest.mark.parametrize("variant", ["2", "4"])
def test_supermoves_are_written_out_as_single_moves_the_rules_allow(variant: str) -> None:
    # Beams with supermoves (several runs of one suit moved at once through the empty columns):
    # every line found replays move by move, and some moved more than one run at once.
    several = 0
    for letters in ("AAAAAAB", "AAAAAAC", "AAAAAAD"):
        state = deal(f"SP1-{variant}-{letters}")
        pos = _c_position(state)
        status, steps, _ = _search.beam(*pos, 16 | PRUNE | SUPER, NODES, math.inf, 0.0, 0)
        if status == 0:
            replays_to_won(state, _tokens(state, steps))
        plain = _search.beam(*pos, 16 | PRUNE, NODES, math.inf, 0.0, 0)
        several += status == 0 and len(steps) > len(plain[1])
    assert several


def test_settle_names_a_legal_first_move_on_a_budget() -> None:
    state = deal("SP1-2-AAAAAAB")
    verdict, first = settle(state, 200_000)
    assert verdict == "winnable" and first is not None
    assert first in {str(m) for m in state.legal_moves()}
    assert settle(deal("SP1-2-AAAAAAB"), 200_000) == (verdict, first)
    assert settle(deal("SP1-4-AAAAAAB"), 1000) == ("unknown", None)


def test_useful_moves_and_their_scores() -> None:
    # 1: a 5♠ on a face-down card; 2: 6♠ (suit) and 6♥; 3: 4♠ on the 5♥.
    state = position(
        {1: "[Kh] 5s", 2: "7h 6s", 3: "Qh 5h 4s", 4: "6h", 5: "Kd", 6: "Kc", 7: "Qd", 8: "Qc", 9: "Jd", 10: "Jc"},
        variant="4",
    )
    useful = useful_moves(state)
    # The 5♠ onto the 6♠ turns a card up and builds in suit; onto the 6♥ it turns a card up.
    assert {"1-2", "1-4"} <= set(useful)
    # The 4♠ from the 5♥ onto the 5♠ builds in suit (a run of two where it lay alone).
    assert "3-1" in useful
    scores = dict(zip(useful, move_scores(state, useful), strict=True))
    assert scores["1-2"] >= scores["1-4"] > scores["3-1"] > 0


def test_the_honest_hint_on_a_deal_is_a_legal_move() -> None:
    state = deal("SP1-1-AAAAAAB")
    knowledge = state.game.knowledge(state, [])
    advice = advise(knowledge, Budget(*state.game.hint_budget))
    assert advice.analysis.kind == "move"
    assert advice.analysis.token in {str(m) for m in state.legal_moves()}


def test_the_loops_refuse_what_is_not_a_position() -> None:
    # More cards than a game holds, a stock that is not whole rows, a card that is not one.
    for cols, stock in (([[0] * 110] + [[]] * 9, []), ([[0]] * 10, [1, 2, 3]), ([[52]] * 10, [])):
        with pytest.raises(ValueError, match="not a Spider position"):
            _search.search(cols, [0] * 10, stock, 0, 0, 100, math.inf, 0.0)
        with pytest.raises(ValueError, match="not a Spider position"):
            _search.beam(cols, [0] * 10, stock, 0, 8, 100, math.inf, 0.0)
