"""The TriPeaks solver: a deal won by a line that replays, deals and positions proved lost (by the
dead-position test and by the search), turns written out, node budgets, ``settle``, every
reduction checked against plain search on small positions; the honest hints' parts (scores, the
reason in five languages) and their honesty."""

from __future__ import annotations

import math
import random

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.why import reason
from paciencia.engine.protocol import Status
from paciencia.engine.verdict import Verdict
from paciencia.games import new_state
from paciencia.games.tripeaks.rules import TriPeaksState
from paciencia.games.tripeaks.solver import c_position, hopeless, settle, solve_tripeaks
from paciencia.i18n import LOCALES, Words
from paciencia.play.words import say
from paciencia.solver import solve
from tests.games.test_tripeaks import position
from tests.solver.plain import plain_winnable

WON = "TP1-1-AAAAAAC"  # won in 38 positions
SEARCHED = "TP1-1-AAAAABJ"  # lost, proved by a search of 26,635 positions


def deal(code: str) -> TriPeaksState:
    state = new_state(code)
    assert isinstance(state, TriPeaksState)
    return state


def replays_to_won(state: TriPeaksState, line: tuple[str, ...]) -> None:
    sim = state.copy()
    sim.play_all(line)
    assert sim.status is Status.WON


# (WON won by a line that replays, SEARCHED proved lost and a budget too small: test_takeaway_solvers.py)


def corner(cards: str) -> dict[int, str]:
    """A corner of the first peak, each card face down under the one below it: the cards of
    places 1, 4, 10 and 19 (19 on 10, 10 on 4, 4 on 1)."""
    return dict(zip((1, 4, 10, 19), cards.split(), strict=True))


def test_turns_are_written_out_before_the_card_they_serve() -> None:
    # The 5♠ goes on the 4♥ once the 9♣ and the 4♥ are turned (the stock turns its last first),
    # then the 6♣, 7♣ and 8♣ it uncovers one by one.
    chain = corner("8c 7c 6c 5s")
    assert solve_tripeaks(position(chain, stock="4h 9c", waste="Jd"), 10.0).line == ("D", "D", "19", "10", "4", "1")
    assert solve_tripeaks(position(chain, waste="4h"), 10.0).line == ("19", "10", "4", "1")


def test_positions_lost_before_any_search() -> None:
    # Every 4 and 6 under the waste's top: nothing can ever take the 5♠.
    alone = position(corner("8c 7c Jc 5s"), waste="9h")
    assert alone.status is Status.BLOCKED  # and so, with no card to turn, at once
    assert hopeless(alone) and solve_tripeaks(alone, 10.0).notes == {"proof": "static"}
    # The 5♠'s only neighbour left is the 4♥ it covers, which can only go after it.
    above = position(corner("2c 3c 4h 5s"), waste="Jd")
    assert hopeless(above)
    assert plain_winnable(above) is False
    # With a 6 in the stock it is won.
    six = position(corner("2c 3c 4h 5s"), stock="6d", waste="Jd")
    assert not hopeless(six)
    assert solve_tripeaks(six, 10.0).line == ("D", "19", "10", "4", "1")


def random_position(rng: random.Random, number: int) -> TriPeaksState:
    """A deal played at random (cards nine times in ten) until at most 4-12 peak cards are left,
    or it is blocked."""
    state = deal(f"TP1-1-{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[number % 26]}AAAA{'XYZ'[number % 3]}B")
    target = rng.randint(4, 12)
    while sum(c >= 0 for c in state.peaks) > target:
        moves = state.legal_moves()
        if not moves:
            break
        plays = [m for m in moves if not m.is_turn]
        state.push(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(moves))
    return state


def test_the_solver_agrees_with_plain_search_on_small_positions() -> None:
    rng = random.Random(42)
    seen = {True: 0, False: 0}
    for number in range(40):
        state = random_position(rng, number)
        plain = plain_winnable(state, 50_000)
        if plain is None:
            continue
        result = solve_tripeaks(state, 30.0)
        assert (result.verdict is Verdict.WINNABLE) is plain, state.to_text()
        if plain:
            replays_to_won(state, result.line)
        seen[plain] += 1
    assert min(seen.values()) >= 10, seen


def test_settle_answers_on_a_node_budget() -> None:
    won = deal(WON)
    verdict, first = settle(won, 10_000)
    assert verdict == "winnable" and first == solve(won, math.inf, 10_000).line[0]
    assert settle(deal(SEARCHED), 100_000) == ("unwinnable", None)
    assert settle(deal(SEARCHED), 500) == ("unknown", None)
    assert settle(position(corner("8c 7c Jc 5s"), waste="9h"), 500) == ("unwinnable", None)
    assert won.game.settle(won, 10_000) == (verdict, first)


def test_the_search_reads_the_position_as_the_rules_lay_it() -> None:
    state = deal(WON)
    state.play("D")
    places, stock, top = c_position(state)
    assert places == state.peaks and stock == state.stock[::-1] and top == state.waste[-1]


# -- the honest hints' parts -----------------------------------------------------------------------


def test_scores_prefer_cards_that_turn_cards_up_to_turning() -> None:
    # 19 and 20 both go on the 4♥; 20 turns up 11 (21 is gone), 19 turns up nothing (20 lies on 10).
    state = position({1: "Kc", 4: "Qc", 5: "Qs", 10: "Qd", 11: "Qh", 19: "5s", 20: "3c"}, waste="4h")
    scores = dict(zip(["19", "20", "D"], state.game.scores(state, ["19", "20", "D"]), strict=True))
    assert scores["D"] < scores["19"] < scores["20"]


def test_a_card_played_has_its_reason_in_five_languages() -> None:
    state = position(corner("8c 7c 6c 5s"), stock="9c", waste="4h")
    assert reason(state, "19") == "tripeaks_played"
    assert reason(state, "D") == "stock_next"
    english = say(Words("en"), "hint_why_tripeaks_played")
    for lang in LOCALES:
        said = say(Words(lang), "hint_why_tripeaks_played")
        assert said and (lang == "en" or said != english), lang


def test_the_hint_reads_what_the_player_knows_alone() -> None:
    """Two deals that differ only in the cards the player has not seen (the face-down peak cards
    and the stock, shuffled among themselves) get the same hint and chance."""
    one = deal(WON)
    other = one.copy()
    hidden = [i for i, c in enumerate(one.peaks) if one.covered(i)]
    cards = [one.peaks[i] for i in hidden] + one.stock
    random.Random(7).shuffle(cards)
    for i, c in zip(hidden, cards, strict=False):
        other.peaks[i] = c
    other.stock = cards[len(hidden) :]
    assert other.peaks != one.peaks and other.shown() == one.shown()
    game = one.game
    budget = Budget(8, 5_000)
    first, second = advise(game.knowledge(one, []), budget), advise(game.knowledge(other, []), budget)
    assert first == second and first.analysis.kind == "move" and first.total == 8
