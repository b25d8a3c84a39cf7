"""The honest autoplayer's sure moves (``advise(..., strong=True)``, ``Game.sure_move``): a card
that nothing can need goes up, and in Klondike the stock is looked through before anything is
chosen, both without search; never a draw that loses a card the draws reach; two positions that
look alike get the same moves; looking through the stock and coming back to the deal's position
is no loop."""

from __future__ import annotations

import pytest

from paciencia.analysis.honest import Budget, _exact, advise, fresh_moves
from paciencia.analysis.levels import autoplay
from paciencia.engine.protocol import Status
from paciencia.games import new_state, state_from_text
from tests.web.test_honest import mid_game, pairs

SMALL = Budget(8, 4000)

AFTER_A_DRAW = """# klondike KL1-3-IUSMMYN status=playing moves=1 recycles=0 fan=3 up=0
S: [5h] [Jd] [Jh] [8d] [Ad] [8s] [9d] [Tc] [Kh] [4s] [9h] [3c] [Kc] [Qd] [Js] [Qs] [2d] [6h] [8c] [6s] [3h]
W: Th Td 2c
Fs:
Fh:
Fd:
Fc:
1: 3d
2: [As] Qh
3: [6c] [Ks] 5c
4: [4c] [3s] [Kd] Ts
5: [Ac] [8h] [4d] [5s] 7s
6: [Jc] [7d] [Qc] [9c] [9s] 7h
7: [4h] [2s] [7c] [6d] [5d] [Ah] 2h
"""


def test_the_stock_is_looked_through_first_then_play_goes_on() -> None:
    start = new_state("KL1-3-IUSMMYN")
    game = start.game
    tokens: list[str] = []
    while True:
        advice = advise(game.knowledge(start, tokens), SMALL, strong=True)
        assert advice.analysis.kind == "move" and advice.analysis.token is not None
        if advice.analysis.token != "D" or len(tokens) == 8:
            break
        assert advice.total == 0  # no search
        tokens.append("D")
    knowledge = game.knowledge(start, tokens)
    assert tokens == ["D"] * 8 and not knowledge.state.stock  # 24 cards, three at a time
    assert not any(line == 0 for line, _ in knowledge.unknown)
    # A recycle gives back the deal's position, now with the stock known: no loop, and the
    # player goes on (this deal once ended here with "no move helps").
    advice = advise(knowledge, SMALL, strong=True)
    assert advice.analysis.kind == "move" and advice.total == SMALL.completions, advice


def test_a_card_nothing_needs_goes_up_at_once() -> None:
    start = new_state("KL1-3-AAAAAAB")  # Aces at the ends of columns 6 and 7
    advice = advise(start.game.knowledge(start, []), SMALL, strong=True)
    assert advice.analysis.token is not None and advice.analysis.token.startswith("6-F")
    assert advice.total == 0


def test_no_draw_that_loses_a_card_the_draws_reach() -> None:
    state = state_from_text(AFTER_A_DRAW)  # a pasted table: the stock is unseen
    game = state.game
    assert game.sure_move(game.knowledge(state, [])) == "D"
    # Two cards in the waste: after a draw, no recycle brings the pointer back to 2.
    fewer = AFTER_A_DRAW.replace("W: Th Td 2c", "W: Th Td").replace("fan=3", "fan=2").replace("S: ", "S: [2c] ")
    state = state_from_text(fewer)
    assert game.sure_move(game.knowledge(state, [])) is None


def test_pairs_that_look_alike_get_the_same_sure_play() -> None:
    for code in ("KL1-3-AAAATPU", "KL1-1-AAAAAAC"):
        for one, two in pairs(mid_game(code, 3), 4):
            a, b = state_from_text(one), state_from_text(two)
            tokens: list[str] = []
            for _ in range(4):
                ka, kb = a.game.knowledge(a, tokens), b.game.knowledge(b, tokens)
                if ka.digest != kb.digest:  # a move showed one of the swapped cards
                    break
                told = advise(ka, SMALL, strong=True)
                assert told == advise(kb, SMALL, strong=True)
                if told.analysis.token is None or ka.state.status != Status.PLAYING:
                    break
                tokens.append(told.analysis.token)


def test_a_position_met_once_may_be_met_again_by_a_line_found() -> None:
    state = new_state("KL1-3-IUSMMYN")
    for _ in range(9):  # through the stock and a recycle: each pointer met once, back at the deal
        state.play("D")
    assert "D" not in fresh_moves(state)
    assert "D" in fresh_moves(state, again=True)
    for _ in range(9):
        state.play("D")
    assert "D" not in fresh_moves(state, again=True)


def test_a_wrong_turn_is_not_final() -> None:
    # Under the rule that no position met since the last card seen is met again, this deal
    # wandered for 1,500 moves with every completion won: each line found went through a
    # position left by a wrong turn. Now the game comes to its end (won, or every completion
    # lost) well within 400 moves. (Whether it is won depends on the lines the solver happens to
    # find first: the solver's move order changed once, and with it this deal's result.)
    start = new_state("KL1-3-XVPFUUI")
    game = start.game
    state = start.copy()
    tokens: list[str] = []
    end = "cap"
    while len(tokens) < 400:
        if state.status != Status.PLAYING:
            end = state.status.value
            break
        advice = advise(game.knowledge(start, tokens), Budget(*game.hint_budget), strong=True)
        if advice.analysis.token is None:
            end = advice.analysis.kind
            break
        state.play(advice.analysis.token)
        tokens.append(advice.analysis.token)
    assert end in ("won", "lost"), (end, len(tokens))


@pytest.mark.parametrize("code", ["FC1-4-VEVLLLA", "FC1-4-QDCDSDP", "FC1-4-FPAHRPB"])
def test_with_every_card_known_the_hints_follow_one_plan(code: str) -> None:
    # The site's own hints (the plain policy, its budget): a fresh search from each position
    # found lines that began by taking back the move just hinted (a card to a cell, then straight
    # back), the loop rule refused those, and these deals ended in "no move helps" after 15-40
    # moves. Where every card is known the line once found is followed: each is won.
    start = new_state(code)
    game = start.game
    state = start.copy()
    tokens: list[str] = []
    while state.status == Status.PLAYING and len(tokens) < 400:
        advice = advise(game.knowledge(start, tokens), Budget(*game.hint_budget))
        assert advice.analysis.token is not None, (len(tokens), advice)
        state.play(advice.analysis.token)
        tokens.append(advice.analysis.token)
    assert state.status == Status.WON


def test_a_plan_is_kept_for_the_position_its_moves_name() -> None:
    # FreeCell's key keeps the cells as a set, but a plan's tokens name the cells: the same cards
    # in other cells are another position for a plan, so its tokens never move another card.
    start = new_state("FC1-4-QDCDSDP")
    one, other = start.copy(), start.copy()
    one.play("8-a")
    other.play("8-b")
    assert one.key() == other.key()
    assert _exact(one) != _exact(other)


@pytest.mark.parametrize(
    ("code", "tokens", "expected"),
    [
        ("KL1-3-QDCDSDP", ["2-Fd"], "1-4"),
        ("KL1-3-FPAHRPB", ["D", "D", "W-2", "4-2"], "W-5"),
        ("KL1-3-MQOXHUS", ["2-5", "D", "D", "D", "D"], "W-6"),
    ],
)
def test_a_tie_goes_to_what_the_player_sees_not_to_the_solvers_order(
    code: str, tokens: list[str], expected: str
) -> None:
    # The plain search (the site's hints before draw three's own player; still draw one's, every
    # other game's and the levels' yardstick): two moves win in as many completions, and the
    # lines the full-knowledge search found start with a draw (its order tries the talon's
    # deepest cards first). The tie goes to the game's heuristic (a card played), not to the
    # lines' first moves: voted first, the site's hints drew here and won 19 of 100 deals, not 34.
    start = new_state(code)
    game = start.game
    advice = advise(game.knowledge(start, tokens), Budget(*game.hint_budget), plain=True)
    assert advice.analysis.token == expected, advice
    assert advice.after == advice.without, advice  # a tie, broken by the heuristic


ROUND_THE_STOCK = "7-Fs 5-1 4-5 6-4 D W-Fs W-Fd 6-Fd D D W-Fh 4-Fh D 1x2-2 D D W-6 D W-7 D W-Fh D D D D D D"
"""KL1-3-VEVLLLA: the site's hints' first 27 moves (bench/honest_play.py, seed 2026)."""


def test_the_site_hints_go_round_the_stock_again_to_reach_a_card() -> None:
    # KL1-3-VEVLLLA, the site's hints played to move 27: the stock has just been gone round (every
    # card in it seen), and every completion's winning line starts with a draw, which comes back
    # to a position met since the last card came into sight. Counting every position ever met as
    # a loop, the site said "no move helps" here, with 23 of 24 completions won; now, as the
    # strong policy, a position met once since the last card seen may be met again.
    start = new_state("KL1-3-VEVLLLA")
    tokens = ROUND_THE_STOCK.split()
    advice = advise(start.game.knowledge(start, tokens), Budget(*start.game.hint_budget))
    assert advice.analysis.kind == "move" and advice.analysis.token == "D", advice
    assert advice.won == 23 and advice.total == 24


SITE_WON = {
    "klondike": "FPAHRPB QDCDSDP IUSMMYN FFJUZSM XYHLZHX MVLDKUL",
    "crescent": "QUYARNM AEAWLPW LPIVEVA TDWAXFX GGMFQNO YHJDFUJ XJAOJWF SOMJHXB DBCCIDP JIHJVNA",
    "freecell": "FPAHRPB MQOXHUS GQYZUEO FFJUZSM QUYARNM ESWCWSR MHWZCVX DJSLCWH FAOACGV VIDGUOI",
}
"""Per game, in its hardest measured variant with a hidden card or a short budget (Klondike draw
three, Crescent N, FreeCell with two cells: KL1-3-…, CR1-N-…, FC1-2-…), the first ten deals of
``bench/honest_play.py --deals 100`` (seed 2026) that the site's hints won once the heuristic
broke ties (Crescent's: once a line found could also lead back to a position met once); in
Klondike draw three, the first six won by its own player (``Game.commitment``), which won ten of
the first 25 (the plain search's hints: four of the first ten of these six, with 16 games more
to find ten it won)."""
PREFIX = {"klondike": "KL1-3-", "crescent": "CR1-N-", "freecell": "FC1-2-"}


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=pytest.mark.slow) if g == "crescent" else g for g in sorted(SITE_WON)]
)
def test_the_site_hints_still_win_the_deals_they_won(game: str) -> None:
    # Crescent's ten games take the longest (40 s on a loaded machine): with -m slow; its hints
    # share the advice and the search loop with Klondike's, which the quick run keeps.
    # A guard on strength, not a measure of it (that is bench/honest_play.py): a change to the
    # search or the advice that weakens the hints, as the talon order once did, loses most of
    # these; a change that merely plays some other way may lose one or two.
    codes = [PREFIX[game] + name for name in SITE_WON[game].split()]
    won = [code for code in codes if autoplay(new_state(code))]  # the site's hints, seed 0
    assert len(won) >= len(codes) - 2, f"the site's hints won {len(won)} of {len(codes)}: {won}"


SIGHT_GAME = (
    "6-Fc D D D D D D D D 5-2 5-Fd 7-1 4-7 W-F W-7 1x2-7 D D D D D W-1 D D D D D D D D D W-4 W-4 W-5 W-4 7x5-4 D D D D"
)
"""KL1-3-DYUCZIH, won by the bench's capped sight player (``bench/honest_play.py --strong --hop
150 --sight``, seed 5392664459338325433): its first 40 moves."""


def test_draw_threes_hints_are_the_capped_sight_players_moves() -> None:
    # Klondike draw three's hints are the game's own player (``Game.commitment``): the bench's
    # capped sight player, move for move (before the switch, bench/hint_switch.py: 100 % of 4,190),
    # including the moves of a commitment chosen earlier and kept, not raced again at each move.
    start = new_state("KL1-3-DYUCZIH")
    game = start.game
    tokens = SIGHT_GAME.split()
    for i, token in enumerate(tokens):
        advice = advise(game.knowledge(start, tokens[:i]), Budget(*game.hint_budget))
        assert advice.analysis.token == token, (i, advice)
    plain = advise(game.knowledge(start, tokens[:1]), Budget(*game.hint_budget), plain=True)
    assert plain.analysis.token == "5-2" != tokens[1]  # the plain search (a level's games) goes its own way


def test_the_hint_reads_its_own_fresh_moves_and_says_so() -> None:
    # Through the stock once: a recycle gives back the deal's position, met before the last card
    # came into sight, so the hint counts the recycle as fresh where the whole game's count does
    # not. The advice carries the moves it counted, and the hint's reason (why.reason, from
    # web/service.hint_answer) reads those, not a second count of its own.
    start = new_state("KL1-3-IUSMMYN")
    game = start.game
    tokens = ["D"] * 8
    state = start.copy()
    for token in tokens:
        state.play(token)
    knowledge = game.knowledge(start, tokens)
    assert "D" not in fresh_moves(state) and "D" in fresh_moves(state, knowledge.since)
    advice = advise(knowledge, SMALL)
    assert advice.fresh is not None and "D" in advice.fresh
    assert list(advice.fresh) == fresh_moves(state, knowledge.since)
