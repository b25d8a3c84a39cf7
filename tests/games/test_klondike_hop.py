"""The hindsight player (``paciencia.games.klondike.hop``, the strong autoplayer's Klondike
player): it reads what the player knows alone (two positions that look alike get the same line),
never chooses a talon card the player has not seen, plays a line that is legal and ends in a
commitment, and its sure win is the search's only when asked for."""

from __future__ import annotations

import pytest

from paciencia.games import new_state, state_from_text
from paciencia.games.klondike import _search
from paciencia.games.klondike.hop import TALON, _c_slot, _sight_first, hop_line, hop_lines
from paciencia.games.klondike.rules import KlondikeState
from paciencia.games.klondike.solver import CC, TC, _c_position, solve_klondike
from tests.games.test_honest_player import AFTER_A_DRAW
from tests.web.test_honest import mid_game, pairs

FEW = 200  # samples: enough to rank, few enough for a test


def test_pairs_that_look_alike_get_the_same_line() -> None:
    for code in ("KL1-3-AAAATPU", "KL1-3-AAAAAAB", "KL1-1-AAAAAAC"):
        for one, two in pairs(mid_game(code, 3), 3):
            a, b = state_from_text(one), state_from_text(two)
            ka, kb = a.game.knowledge(a, []), b.game.knowledge(b, [])
            assert ka.digest == kb.digest
            assert hop_line(ka, FEW) == hop_line(kb, FEW), (one, two)


def test_the_line_is_legal_and_ends_in_a_commitment() -> None:
    for code in ("KL1-3-AAAATPU", "KL1-3-IUSMMYN", "KL1-1-AAAAAAC"):
        start = new_state(code)
        assert isinstance(start, KlondikeState)
        tokens = ["D"] * 8 if start.draw == 3 else []  # the stock seen first, as the player does
        knowledge = start.game.knowledge(start, tokens)
        state = knowledge.state
        assert isinstance(state, KlondikeState)
        line = hop_line(knowledge, FEW)
        assert line, code
        before = (sum(state.down), len(state.stock) + len(state.waste), sum(1 for c in state.cols if not c))
        for token in line:
            state.play(token)  # an illegal token raises
        after = (sum(state.down), len(state.stock) + len(state.waste), sum(1 for c in state.cols if not c))
        # a card turned up, a talon card played or a column emptied: nothing undoes it
        assert after[0] < before[0] or after[1] < before[1] or after[2] > before[2], (code, line)


ROUND = """# klondike KL1-3-GOQBRTW status=playing moves=155 recycles=10 fan=0 up=31
S:
W:
Fs: As
Fh: Ah 2h 3h 4h
Fd: Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd
Fc: Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc
1: Kh Qs Jh Ts 9h 8s 7h 6s 5h 4s
2:
3: Ks Qh Js Th 9s 8h 7s 6h
4:
5: [5s] [2s] 3s
6:
7:
"""


def test_no_commitment_leads_back_to_where_it_starts() -> None:
    # A King taken down to an empty column and sent back up is no commitment: the player played
    # Fd-2 2-F three hundred moves long here (KL1-3-GOQBRTW, session 14's first run).
    state = state_from_text(ROUND)
    knowledge = state.game.knowledge(state, [])
    for line in hop_lines(knowledge, FEW):
        sim = state.copy()
        for token in line:
            sim.play(token)
        assert sim.key() != state.key(), line


def test_no_commitment_plays_a_talon_card_the_player_has_not_seen() -> None:
    state = state_from_text(AFTER_A_DRAW)  # a pasted table: the stock is unseen, the waste seen
    assert isinstance(state, KlondikeState)
    knowledge = state.game.knowledge(state, [])
    completion = knowledge.complete(sorted(knowledge.unseen))
    assert isinstance(completion, KlondikeState)
    slots = [_c_slot(completion, line, k) for line, k in knowledge.unknown]
    hidden = {q for place, q in slots if place == TALON}
    assert len(hidden) == len(state.stock) == 21
    rows, _ = _search.hop(*_c_position(completion), slots, FEW, 1000, 1, 200, 2.5, True)
    played = {a for steps, _, _ in rows for kind, a, _b, _n, _c in steps if kind in (1, 2)}  # TF, TC
    assert rows and not played & hidden, played
    # With the stock known, its cards are played too (the same position, every slot seen).
    rows, _ = _search.hop(*_c_position(completion), [s for s in slots if s[0] != TALON], FEW, 1000, 1, 200, 2.5, True)
    assert {a for steps, _, _ in rows for kind, a, _b, _n, _c in steps if kind in (1, 2)} & hidden
    # A place named twice, or one that holds no unseen card, is no position's unseen places.
    for bad in ([*slots, slots[0]], [(0, 5)], [(7, 30)], [(8, 0)]):
        with pytest.raises(ValueError, match="unseen places"):
            _search.hop(*_c_position(completion), bad, FEW, 1000, 1, 200, 2.5, True)


def test_the_sure_win_is_asked_for_not_assumed() -> None:
    # Along a won line, the first position with every column card up, at most one in the talon
    # and still a search to make: the search's sure win (flag 16) settles it on entering, the
    # plain sound search (15, what the hints use) must search.
    start = new_state("KL1-3-LZYGESQ")  # its line reaches one (a card left in the talon)
    line = solve_klondike(start, 30.0, 2_000_000).line
    assert line
    state = start.copy()
    for token in line:
        state.play(token)
        assert isinstance(state, KlondikeState)
        if sum(state.down) or len(state.stock) + len(state.waste) > 1 or state.is_won():
            continue
        pos = _c_position(state)
        status, _, nodes = _search.search(*pos, 0, 1_000_000, 30.0, 0.0, 0, 15)
        if nodes == 0:  # the safe moves up win it at once: nothing to tell apart
            continue
        sure = _search.search(*pos, 0, 1_000_000, 30.0, 0.0, 0, 15 | 16)
        assert status == 0 and sure[0] == 0 and sure[2] == 0 < nodes
        return
    raise AssertionError("no position on the line to tell the two apart")


def test_sight_puts_a_near_tie_off_the_columns_before_a_talon_card() -> None:
    talon, column = [(3, 0, 2, 1, 0), (TC, 4, 1, 0, 9)], [(CC, 2, 5, 1, 0)]
    near = [(talon, 800, 1000), (column, 790, 1000)]
    assert _sight_first(near) == [near[1], near[0]]  # 1% behind, within CLOSE: the column first
    far = [(talon, 800, 1000), (column, 700, 1000)]
    assert _sight_first(far) == far  # 10% behind: hindsight's choice stands
    fewer = [(talon, 800, 1000), (column, 300, 380)]
    assert _sight_first(fewer) == fewer  # out of the race early: not a tie
    lead = [(column, 800, 1000), (talon, 800, 1000)]
    assert _sight_first(lead) == lead  # the leader plays no talon card: nothing to move
    # and through the whole player: a line, legal, from the position the tests above use
    start = new_state("KL1-3-IUSMMYN")
    knowledge = start.game.knowledge(start, ["D"] * 8)
    line = hop_line(knowledge, FEW, sight=True)
    assert line
    state = knowledge.state.copy()
    for token in line:
        state.play(token)


# The race's answer, pinned: KL1-3-BTRJRDW as the capped sight player played it (the first game of
# bench/data/honest-klondike-3-hop150-sight-4ad697c-0.jsonl), 40 layouts, each row as _search.hop
# gives it, with the positions searched, recorded before the hindsight samples kept what a
# position gives (issue 40, part 3): a change of any decision or count fails here.
LINE = "D D D D D D D D 7-6 7-6 5-3 D D W-F 4-Fh 3-F 1-F 6x3-1 D W-5 " + "D " * 14
LINE += "W-7 6-7 D D D D D D W-6 5x2-6 4-5 D D D D D"
PLAYED = LINE.split()
PINNED = {
    9: (
        46661,
        [
            ([(3, 4, 2, 1, 15)], 37, 40),
            ([(3, 6, 5, 1, 36)], 37, 40),
            ([(2, 23, 4, 1, 1)], 36, 40),
            ([(1, 2, 0, 1, 13)], 33, 40),
            ([(2, 17, 1, 1, 8)], 37, 40),
            ([(1, 20, 0, 1, 26)], 37, 40),
        ],
    ),
    50: (
        27644,
        [
            ([(2, 8, 0, 1, 9)], 35, 40),
            ([(2, 14, 1, 1, 8)], 38, 40),
            ([(2, 14, 5, 1, 8)], 38, 40),
            ([(1, 17, 0, 1, 26)], 38, 40),
            ([(3, 5, 3, 2, 49), (2, 8, 0, 1, 9)], 35, 40),
            ([(3, 5, 3, 2, 49), (2, 14, 1, 1, 8)], 38, 40),
            ([(3, 5, 3, 2, 49), (2, 14, 3, 1, 8)], 38, 40),
            ([(3, 5, 3, 2, 49), (1, 17, 0, 1, 26)], 38, 40),
        ],
    ),
}


@pytest.mark.parametrize("at", sorted(PINNED))
def test_the_race_gives_the_pinned_rows(at: int) -> None:
    start = new_state("KL1-3-BTRJRDW")
    knowledge = start.game.knowledge(start, PLAYED[:at])
    completion = knowledge.complete(sorted(knowledge.unseen))
    assert isinstance(completion, KlondikeState)
    slots = [_c_slot(completion, line, k) for line, k in knowledge.unknown]
    rows, nodes = _search.hop(*_c_position(completion), slots, 40, 1000, knowledge.seed, 200, 2.5, True)
    want_nodes, want_rows = PINNED[at]
    assert [([tuple(s) for s in steps], wins, played) for steps, wins, played in rows] == want_rows
    assert nodes == want_nodes
