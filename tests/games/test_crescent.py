"""Every rule of PRODUCT.md §2 for Crescent, on deals and on positions built from table text."""

from collections import Counter
from typing import Any

import pytest

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.errors import IllegalMove, InvalidMove
from paciencia.engine.protocol import State, Status
from paciencia.engine.reasons import Reason
from paciencia.games import new_state
from paciencia.games.crescent.rules import CrescentGame, CrescentState
from paciencia.games.crescent.words import (
    BASE_LOCKED,
    EMPTY_PILE,
    FOUNDATION_TO_PILE,
    NO_REDEALS,
    PILE_FULL,
    WRONG_RANK,
)
from tests.tables import CRESCENT_FOUNDATIONS as FOUNDATIONS
from tests.tables import RANKS, crescent_table, read, up


def position(piles: dict[int, list[str]], found: dict[str, list[str]], redeals: int = 0) -> CrescentState:
    """A position from table text: foundations default to complete, piles to empty."""
    return read(crescent_table(found, piles, code="CR1-N-AAAAAAB", redeals=redeals), CrescentState)


# Spades in play: ascending A-5, descending K-9; the other 16 spades on piles 1-3.
SPADES = {"As": up("s", "A2345"), "Ks": up("s", "KQJT9")}
P1 = [*up("s", "6789JQK8765A"), "Ts"]


def spades(redeals: int = 0) -> CrescentState:
    return position({1: P1, 2: ["2s", "3s"], 3: ["4s"]}, SPADES, redeals=redeals)


def refusal(state: State[Any], token: str) -> Reason:
    before = state.to_text()
    with pytest.raises(IllegalMove) as e:
        state.play(token)
    assert state.to_text() == before, "a refused move changed the position"
    return Reason(e.value.reason)


# -- the deal ---------------------------------------------------------------------------------


def test_a_deal_sets_aside_the_bases_and_deals_16_piles_of_6_face_up() -> None:
    s = new_state("CR1-N-AAAAAAB")
    assert isinstance(s, CrescentState)
    assert [len(p) for p in s.piles] == [6] * 16
    assert s.down == [0] * 16
    cards = Counter(c for _, cards in s.place_lines() for c, _ in cards)
    assert cards == Counter({c: 2 for c in range(52)})
    lines = dict(line.split(": ", 1) for line in s.to_text().splitlines()[1:9])
    assert lines == {f: f for f in FOUNDATIONS}
    assert s.status is Status.PLAYING and s.redeals == 3 and s.moves == 0


GOLDEN = {
    "CR1-N-AAAAAAB": "1: 9d 7h 5c 2h 9h 8d|2: Jc Qc Ac Js 7s Kh|3: 3d 8c Td 4c 3h Jc|4: Ts 9s 3s 2s 4d Qh|"
    "5: 9h Qh 5h Ts Tc 6h|6: 3s Td 2s Ah Ks Jh|7: 2d 9c 6c Tc 5h 2d|8: 4s 3c 9d 5d 8h 8c|9: 3h 7d 8d Th Th 5s|"
    "10: 9s 2h 8h 6d 5c Qs|11: 4c Jh 4h 4s 9c 2c|12: 7h Kd 7c Qs Ad 7c|13: 3c 2c 5d Kc 6c 4h|"
    "14: Jd Js 7s As 6s 4d|15: 8s Qd Qd 3d 8s Jd|16: Qc 7d 6h 6s 6d 5s",
    "CR1-N-AAAAAAA": "1: 2c 4s Kd 4s 8h 6c|2: 3c 8d Td 5s 4d 3s|3: 2h 7c 6d 2d Jc 2h|4: Qs 9d 7s 3h 3d 7c|"
    "5: 5h Js Jc Td 3s Qc|6: Jh Kh Ts 2c Tc Qc|7: 8c 7h Qd Qs 7d Js|8: Jd 5h Kc Ac Ah 3h|9: Ts 6s Th 2s 2s 2d|"
    "10: 9h 9d Qd 9h 4h 5s|11: 8d 7h 9c 3d 4c Th|12: 4d Jd 5d 6d 8s 8h|13: 3c Jh Tc 7s 5d 9s|"
    "14: 9s 9c Ad 5c Qh 4c|15: 6h Qh 7d 8s 6s As|16: 6h 6c 8c Ks 4h 5c",
    "CR1-N-ZZZZZZZ": "1: 8d Ks 6s 3s 3s 7h|2: 7c Jc 8h Td 5h Th|3: 5s 8d 5d 7s Ts Th|4: 6s 2s 8s 8s Qc 5s|"
    "5: 9c 7d Qh 6c 2s 5c|6: 3d Jh 2d 9h Kd 7s|7: Kh 3d 6h 8c 2h 5c|8: Ac 4c Tc As 6c Ah|9: Tc Qd 4d Qs 4h 7d|"
    "10: 2d 6d Jd 4h Td 4d|11: Qh Ad 3h 8c 6h 4s|12: 9c 3c 9h 9d Qs 9s|13: 5d 7h Jh 6d 3h 7c|"
    "14: 2c Qd Ts Kc Jd 4c|15: 2c Qc 8h 9d Js Js|16: 5h 3c 2h Jc 4s 9s",
    "CR1-D-PACIENC": "1: [Kc] [7c] [4c] [4d] [9c] 9s|2: [8c] [9s] [Tc] [Ad] [Qh] 8d|3: [Qc] [2c] [2d] [Jc] [2h] Ks|"
    "4: [4s] [6s] [3h] [Jh] [3d] Tc|5: [6d] [5s] [3s] [Ts] [9c] 2d|6: [Qd] [2c] [8d] [9d] [Jd] 8s|"
    "7: [6h] [3c] [7d] [Kd] [8s] 2h|8: [4h] [5c] [Js] [Qc] [4c] 6c|9: [Jd] [Jh] [Td] [Qs] [Jc] 8h|"
    "10: [Kh] [5s] [6h] [3c] [7d] 7s|11: [5h] [Ah] [Ts] [6d] [8h] Js|12: [Th] [4h] [5c] [2s] [3h] Qd|"
    "13: [Td] [7s] [As] [4d] [3d] 5h|14: [6s] [Ac] [7c] [Qh] [5d] 8c|15: [4s] [9d] [6c] [7h] [Qs] 7h|"
    "16: [3s] [9h] [9h] [Th] [5d] 2s",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals(code: str) -> None:
    text = new_state(code).to_text()
    assert "|".join(text.splitlines()[9:]) == GOLDEN[code]


def test_variants() -> None:
    four, down, both = (new_state(f"CR1-{v}-AAAAAAB") for v in "FDB")
    assert isinstance(four, CrescentState) and isinstance(both, CrescentState) and isinstance(down, CrescentState)
    assert four.redeals == 4 and both.redeals == 4 and down.redeals == 3
    assert four.down == [0] * 16 and down.down == [5] * 16 and both.down == [5] * 16


# -- moves between piles ---------------------------------------------------------------------


def test_a_card_goes_on_the_same_suit_one_rank_up_or_down() -> None:
    s = spades(redeals=1)
    s.play("3-2")  # 4s onto 3s: up
    assert s.piles[1] == [1, 2, 3] and s.piles[2] == [] and s.moves == 1
    s = spades(redeals=1)
    s.play("2-3")  # 3s onto 4s: down
    assert s.piles[2] == [3, 2] and s.piles[1] == [1]


def test_ranks_wrap_on_piles() -> None:
    s = position(
        {1: ["As"], 2: ["Ks"], 3: up("s", "2233445678") + up("s", "9TJ"), 4: ["Qs"]},
        {"As": ["As"], "Ks": up("s", "KQJT98765")},
    )
    assert "1-2" in [str(m) for m in s.legal_moves()]
    s.play("1-2")  # A onto K
    s.undo()
    s.play("2-1")  # K onto A
    assert [CARD_NAMES[c] for c in s.piles[0]] == ["As", "Ks"]


def test_refusal_reasons_in_their_order() -> None:
    s = spades()
    assert refusal(s, "1-3") is WRONG_RANK  # Ts onto 4s
    assert refusal(s, "3-3") is Reason.SAME_PLACE
    s = position({1: P1, 2: ["2s", "3s", "4s"]}, SPADES)
    assert refusal(s, "2-3") is EMPTY_PILE
    assert refusal(s, "3-2") is Reason.SOURCE_EMPTY
    assert refusal(s, "4-3") is Reason.SOURCE_EMPTY  # the source is checked before the destination
    # pile 1 is full (13 cards, Ts on top)
    shorter = {"As": up("s", "A2345"), "Ks": up("s", "KQJT")}
    assert refusal(position({1: P1, 2: ["2s", "3s", "4s", "9s"]}, shorter), "2-1") is PILE_FULL
    assert refusal(position({1: P1, 2: ["2s", "3s", "9s", "4s"]}, shorter), "2-1") is WRONG_RANK
    hearts = position({1: P1, 2: ["2s", "3s"], 3: ["4s"], 4: up("h", "A234")}, {**SPADES, "Kh": up("h", "KQJT98765")})
    assert refusal(hearts, "4-2") is Reason.WRONG_SUIT  # 4h onto 3s: only the suit is wrong
    assert refusal(hearts, "4-1") is Reason.WRONG_SUIT  # 4h onto the full pile's Ts: suit first
    assert refusal(hearts, "4-5") is EMPTY_PILE


def test_no_card_ever_goes_on_an_empty_pile_even_a_king() -> None:
    s = position({1: ["Qs", "Ks"], 2: up("s", "A23456789TJ")}, {"As": ["As"], "Ks": up("s", "KQJT98765432")})
    assert refusal(s, "1-3") is EMPTY_PILE
    assert all(m.is_redeal or m.dst >= 16 or s.piles[m.dst] for m in s.legal_moves())


# -- foundations -----------------------------------------------------------------------------


def test_ascending_and_descending_foundations() -> None:
    s = position({1: up("s", "A234567789TJQ"), 2: ["Ks", "6s"], 3: ["8s"]}, SPADES)
    assert refusal(s, "1-As") is Reason.FOUNDATION_ORDER  # Qs onto 5s
    assert refusal(s, "1-Ks") is Reason.FOUNDATION_ORDER  # Qs onto 9s
    assert refusal(s, "3-Kh") is Reason.WRONG_SUIT
    s.play("2-As")  # 6s after 5s, going up
    s.play("3-Ks")  # 8s after 9s, going down
    assert s.ftop[0] == 5 and s.ftop[4] == 7
    assert "As: As 2s 3s 4s 5s 6s" in s.to_text() and "Ks: Ks Qs Js Ts 9s 8s" in s.to_text()


def test_no_wrap_on_foundations() -> None:
    # ascending spades is complete (A-K); descending spades holds K alone; an Ace is on a pile
    s = position({1: up("s", "23456789TJQA")}, {"As": up("s", RANKS), "Ks": ["Ks"]})
    assert refusal(s, "1-As") is Reason.FOUNDATION_ORDER
    s = position({1: up("s", "23456789TJQK")}, {"As": ["As"], "Ks": up("s", RANKS[::-1])})
    assert refusal(s, "1-Ks") is Reason.FOUNDATION_ORDER


def test_a_card_never_leaves_a_foundation_for_a_pile() -> None:
    s = spades()
    assert refusal(s, "As-3") is FOUNDATION_TO_PILE


def test_transfers_between_the_two_foundations_of_a_suit() -> None:
    # ascending A-5, descending K-6: the 6 may go up, then the 6 may come back
    s = position({1: up("s", "6789TJQ2345"), 2: ["As", "Ks"]}, {"As": up("s", "A2345"), "Ks": up("s", "KQJT9876")})
    moves = [str(m) for m in s.legal_moves()]
    assert "Ks-As" in moves and "As-Ks" in moves
    s.play("Ks-As")
    assert s.ftop[0] == 5 and s.ftop[4] == 6
    s.play("As-Ks")
    assert s.ftop[0] == 4 and s.ftop[4] == 5


def test_the_base_card_never_moves() -> None:
    s = position({1: up("s", RANKS)}, {"As": ["As"], "Ks": up("s", "KQJT98765432")})
    assert refusal(s, "As-Ks") is BASE_LOCKED  # the 2 would accept an Ace, but it is the base
    assert refusal(s, "As-1") is BASE_LOCKED  # the source is checked first


# -- redeal ----------------------------------------------------------------------------------


def test_redeal_lifts_each_bottom_card_to_the_top_and_is_not_a_move() -> None:
    s = new_state("CR1-N-AAAAAAB")
    assert isinstance(s, CrescentState)
    s.play("2-4")
    before = [list(p) for p in s.piles]
    s.play("R")
    assert s.piles == [p[1:] + p[:1] for p in before]
    assert s.redeals == 2 and s.moves == 1
    assert refusal(s, "U") is Reason.NOTHING_TO_UNDO  # a redeal starts the history afresh


def test_redeal_leaves_one_card_piles_alone() -> None:
    s = spades(redeals=1)
    s.play("R")
    assert [CARD_NAMES[c] for c in s.piles[0]] == P1[1:] + P1[:1]
    assert [CARD_NAMES[c] for c in s.piles[1]] == ["3s", "2s"]
    assert [CARD_NAMES[c] for c in s.piles[2]] == ["4s"]
    assert s.redeals == 0 and s.moves == 0


def test_redeals_count_down_and_then_are_refused() -> None:
    s = new_state("CR1-N-AAAAAAB")
    for left in (2, 1, 0):
        s.play("R")
        assert isinstance(s, CrescentState) and s.redeals == left
    assert refusal(s, "R") is NO_REDEALS
    four = new_state("CR1-F-AAAAAAB")
    four.play_all(["R"] * 4)
    assert refusal(four, "R") is NO_REDEALS


def test_face_down_cards_turn_up_when_they_become_the_top() -> None:
    s = new_state("CR1-D-PACIENC")
    assert isinstance(s, CrescentState)
    m = next(m for m in s.legal_moves() if not m.is_redeal)
    s.push(m)
    assert s.down[m.src] == 4
    s.undo()
    assert s.down[m.src] == 5
    s.play("R")  # each bottom card comes up on top, face up
    assert s.down == [4] * 16
    assert all(not line.endswith("]") for line in s.to_text().splitlines()[9:])


def test_the_observation_shows_only_top_cards_and_withholds_a_face_down_deals_code() -> None:
    s = new_state("CR1-D-PACIENC")
    obs = s.observe()
    assert obs.code is None  # with the published shuffle it would name every face-down card
    assert all(len(p.cards) <= 1 for p in obs.places)
    assert [p.face_down for p in obs.places[:16]] == [5] * 16
    assert new_state("CR1-N-PACIENC").observe().code is not None  # nothing is face down there


# -- undo ------------------------------------------------------------------------------------


def test_undo_history_is_limited_to_100_moves() -> None:
    # 5s shuttles between pile 1 and pile 2, both topped by 6s
    piles = {1: up("s", "789TJQ65"), 2: up("s", "789TJQ46"), 3: up("s", "A2345K")}
    s = position(piles, {"As": up("s", "A23"), "Ks": ["Ks"]})
    start = s.to_text()
    for i in range(101):
        s.play("1-2" if i % 2 == 0 else "2-1")
    assert s.moves == 101
    for _ in range(100):
        s.undo()
    assert s.moves == 1
    assert refusal(s, "U") is Reason.NOTHING_TO_UNDO
    s.play("2-1")
    assert s.to_text().replace("moves=2", "moves=0") == start


# -- end of game -----------------------------------------------------------------------------


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    s = position({1: ["Ks"]}, {"As": up("s", "A23456789TJQ"), "Ks": up("s", RANKS[::-1])})
    assert s.status == "playing"
    s.play("1-As")
    assert s.status == "won"
    assert "status=won" in s.to_text()
    assert refusal(s, "R") is NO_REDEALS
    s.undo()
    assert s.status is Status.PLAYING


def test_blocked_when_no_move_and_no_redeal() -> None:
    s = spades()
    s.play("3-2")
    assert s.status is Status.BLOCKED and "status=blocked" in s.to_text()
    s = spades(redeals=1)
    s.play("3-2")
    assert s.status is Status.PLAYING


def test_only_transfers_left_is_blocked_unless_they_open_a_pile_move() -> None:
    # spades' foundations meet (A-6 up, K-7 down): transfers are legal but no pile top is a spade
    found = {"As": up("s", "A23456"), "Ks": up("s", "KQJT987"), "Ah": up("h", "A2345"), "Kh": up("h", "KQJT9")}
    pile3 = up("h", "245667788") + up("h", "9TJQ")
    s = position({1: [*up("s", "A23456789TJQ"), "Ah"], 2: ["Ks", "Kh", "3h"], 3: pile3}, found)
    assert {str(m) for m in s.legal_moves()} == {"As-Ks", "Ks-As"}
    assert s.status is Status.BLOCKED
    # the same with a spade on top of pile 2: sliding the meeting point lets it go up
    s = position({1: [*up("s", "A23456789TJQ"), "Ah"], 2: ["Kh", "3h", "Ks"], 3: pile3}, found)
    assert {str(m) for m in s.legal_moves()} == {"As-Ks", "Ks-As"}
    assert s.status is Status.PLAYING
    for _ in range(6):
        s.play("Ks-As")
    s.play("2-As")  # Ks after Qs


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["", "1", "1-", "-2", "17-1", "1-Ah-2", "Fs-1", "1_2", "RR", "1x2-3"])
def test_malformed_moves_name_the_token(token: str) -> None:
    with pytest.raises(InvalidMove, match="not a Crescent move"):
        CrescentGame().parse_move(token)


def test_moves_print_and_parse_back() -> None:
    g = CrescentGame()
    for token in ["10-14", "3-Kd", "As-Ks", "R", "16-Ac"]:
        assert str(g.parse_move(token)) == token
    assert str(g.parse_move(" as-ks ")) == "As-Ks"
    assert str(g.parse_move("r")) == "R"
