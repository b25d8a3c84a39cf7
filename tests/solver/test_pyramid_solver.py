"""The Pyramid solver: a deal won by a line that replays, deals and positions proved lost (by the
dead-position test and by the search), the talon's Kings and recycles written out, node budgets,
``settle``, every reduction checked against plain search on small positions; the honest hints'
parts (sure moves, scores, reasons in five languages) and their honesty."""

from __future__ import annotations

import math
import random

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.why import reason
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.games.pyramid.rules import PyramidState
from paciencia.games.pyramid.solver import c_position, hopeless, settle, solve_pyramid
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say
from paciencia.solver import solve
from tests.games.test_pyramid import position
from tests.solver.plain import plain_winnable

WON = "PY1-3-AAAAAAC"  # won in 150 positions
STATIC = "PY1-3-AAAAAAD"  # a card with no partner it may ever leave with: lost before any search
SEARCHED = "PY1-3-AAAAADW"  # lost, proved by a search of 4,831 positions


def deal(code: str) -> PyramidState:
    state = new_state(code)
    assert isinstance(state, PyramidState)
    return state


def replays_to_won(state: PyramidState, line: tuple[str, ...]) -> None:
    sim = state.copy()
    sim.play_all(line)
    assert sim.status is Status.WON


# (WON won by a line that replays, SEARCHED proved lost and a budget too small: test_takeaway_solvers.py)


def test_a_deal_proved_lost_by_the_dead_position_test() -> None:
    static = solve(deal(STATIC), math.inf, 100_000)
    assert static.verdict is Verdict.UNWINNABLE and static.notes == {"proof": "static"} and static.nodes == 0


def test_a_king_on_the_waste_is_taken_away_on_the_way_to_the_card_under_it() -> None:
    state = position({1: "5s"}, waste="8h Kc")
    result = solve_pyramid(state, 10.0)
    assert result.line == ("W", "1+W")


def test_a_card_under_the_waste_s_top_is_reached_by_turning_the_waste_over() -> None:
    # The 8♥ (the only 8 left) lies under the 3♣, which nothing left pairs with: only a recycle
    # brings it back up.
    eights = "8s 5h 8d 5d 8c 5c"
    state = position({1: "5s"}, waste="8h 3c", found=eights, passes=2)
    result = solve_pyramid(state, 10.0)
    assert result.verdict is Verdict.WINNABLE and result.line[-1] == "1+W"
    # The stock turned (each King taken off the waste as it comes), the waste over, the 8♥ turned.
    assert result.line.count("D") == len(state.stock) + 2 and set(result.line[:-1]) == {"D", "W"}
    # In the last pass the 3♣ buries it for good: lost before any search.
    last = position({1: "5s"}, waste="8h 3c", found=eights, passes=1)
    assert hopeless(last)
    assert solve_pyramid(last, 10.0).notes == {"proof": "static"}


def test_a_blocked_position_is_proved_lost() -> None:
    # The 5♠'s 8 lies under the 3♣ and the 10♣ on the waste, in the last pass, the stock empty.
    state = position({1: "5s"}, waste="8h 3c Tc", rest="F", passes=1)
    assert state.status is Status.BLOCKED
    assert solve_pyramid(state, 10.0).verdict is Verdict.UNWINNABLE
    assert settle(state, 100) == ("unwinnable", None)


def test_cards_that_cover_their_only_partners_are_lost_at_once() -> None:
    # The 5♠ is covered by the 8♥ and the 8♦, so pairs with neither; the other 8s and two 5s are
    # taken away: the two 8s have only the 5♣ left between them.
    state = position({1: "5s", 2: "8h", 3: "8d"}, found="8s 5h 8c 5d")
    assert hopeless(state)
    assert plain_winnable(state, 200_000) is False


def random_position(rng: random.Random, number: int) -> PyramidState:
    """A deal played at random (removals four times in five) until at most 6-16 pyramid cards
    are left, or it is blocked."""
    state = deal(f"PY1-3-{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[number % 26]}AAAA{'XYZ'[number % 3]}B")
    target = rng.randint(6, 16)
    while sum(c >= 0 for c in state.pyr) > target:
        moves = state.legal_moves()
        if not moves:
            break
        removals = [m for m in moves if str(m) != "D"]
        state.push(rng.choice(removals) if removals and rng.random() < 0.8 else rng.choice(moves))
    return state


def test_the_solver_agrees_with_plain_search_on_small_positions() -> None:
    rng = random.Random(42)
    seen = {True: 0, False: 0}
    for number in range(40):
        state = random_position(rng, number)
        plain = plain_winnable(state, 200_000)
        assert plain is not None
        result = solve_pyramid(state, 30.0)
        assert (result.verdict is Verdict.WINNABLE) is plain, state.to_text()
        if plain:
            replays_to_won(state, result.line)
        seen[plain] += 1
    assert min(seen.values()) >= 10, seen


def test_settle_answers_on_a_node_budget() -> None:
    won = deal(WON)
    verdict, first = settle(won, 10_000)
    assert verdict == "winnable" and first == solve(won, math.inf, 10_000).line[0]
    assert settle(deal(STATIC), 10_000) == ("unwinnable", None)
    assert settle(deal(SEARCHED), 10_000) == ("unwinnable", None)
    assert settle(deal(SEARCHED), 500) == ("unknown", None)
    assert won.game.settle(won, 10_000) == (verdict, first)


def test_the_search_reads_the_position_as_the_rules_lay_it() -> None:
    state = deal(WON)
    state.play_all(["D", "D"])
    places, talon, pointer, passes = c_position(state)
    assert places == state.pyr and pointer == 2 and passes == 3
    assert talon == state.waste + state.stock[::-1]  # turned in that order, pass after pass


# -- the honest hints' parts -----------------------------------------------------------------------


def test_sure_moves_kings_and_forced_pairs() -> None:
    game = deal(WON).game
    king = position({1: "9s", 2: "Kh", 3: "4d"})
    assert game.sure_move(game.knowledge(king, [])) == "2"
    on_waste = position({1: "9s"}, waste="3d Kc")
    assert game.sure_move(game.knowledge(on_waste, [])) == "W"
    # The 9♠'s only partners would be 4s: the 4♦ is free beside it, the other 4s taken away.
    forced = position({2: "9s", 3: "4d", 1: "Qh"}, found="4s 9h 4h 9d 4c 9c")
    assert game.sure_move(game.knowledge(forced, [])) == "2+3"
    # With a 4 in the stock, nothing is sure.
    free = position({2: "9s", 3: "4d", 1: "Qh"}, found="4s 9h 4h 9d")
    assert game.sure_move(game.knowledge(free, [])) is None


def test_scores_prefer_pyramid_cards_and_uncovering_to_turning() -> None:
    state = deal(WON)
    legal = [str(m) for m in state.legal_moves()]
    scores = dict(zip(legal, state.game.scores(state, legal), strict=True))
    assert scores["D"] == min(scores.values())
    assert all(scores[t] >= 10 for t in legal if t != "D")


def test_a_removal_s_reason_in_five_languages() -> None:
    state = position({1: "9s", 2: "Kh", 3: "4d"}, waste="5c Kc")
    assert reason(state, "2") == "pyramid_taken"
    assert reason(state, "W") == "pyramid_king"
    assert reason(state, "D") == "stock_next"
    english = {code: say(Words("en"), "hint_why_" + code) for code in ("pyramid_taken", "pyramid_king")}
    for lang in LOCALES:
        for code, text in english.items():
            said = say(Words(lang), "hint_why_" + code)
            assert said and (lang == "en" or said != text), (lang, code)


def test_the_hint_reads_what_the_player_knows_alone() -> None:
    """Two deals that differ only in the stock's order (never seen) get the same hint and chance."""
    one = deal(WON)
    other = one.copy()
    other.stock = list(reversed(one.stock))
    game = one.game
    budget = Budget(8, 5_000)
    first, second = advise(game.knowledge(one, []), budget), advise(game.knowledge(other, []), budget)
    assert first == second and first.analysis.kind in ("move", "lost", "no_useful")
    assert first.total == 8
