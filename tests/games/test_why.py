"""Why a hint's move: named from what the table shows. Each reason on a position made for it,
and the same reason for every move of two positions the player cannot tell apart."""

from __future__ import annotations

import pytest

from paciencia.analysis.honest import fresh_moves
from paciencia.analysis.why import REASONS, reason
from paciencia.games import new_state, state_from_text
from tests.tables import FEW_IN_STOCK, HEARTS, MOVES, RECYCLE, klondike_table
from tests.web.test_honest import mid_game, pairs

# A Klondike table with a card the foundations need (the 2♥, Fh holds the A♥) under the 9♠.
FREES = klondike_table({"Fh": "A", "1": ["2h", "9s"], "2": ["Th"], "3": ["Kc"]}, rest_in_stock=True)


@pytest.mark.parametrize(
    ("table", "token", "code"),
    [
        (FEW_IN_STOCK, "1-Fh", "foundation"),
        (MOVES, "1x2-2", "turn_up"),  # the 9♠ and 8♥ off the face-down K♣
        (MOVES, "2-4", "empty_king"),  # the T♥ onto the J♣: column 2 empties
        (MOVES, "D", "stock_next"),
        (RECYCLE, "D", "recycle"),
        (HEARTS, "R", "deal_again"),
        (HEARTS, "1-2", "turn_up"),  # a Crescent pile shows its top alone: the card under it is unseen
        (FREES, "1-2", "frees"),
        (MOVES, "Fh-7", "build"),  # a card taken down from a foundation
    ],
)
def test_each_reason_on_a_position_made_for_it(table: str, token: str, code: str) -> None:
    assert code in REASONS
    assert reason(state_from_text(table), token) == code


# CR1-N-YPJFBYI after six moves: pile 9's 7♣ and pile 13's 6♣ may go onto each other, and
# nothing else changes the piles but a redeal.
SPARES_DEAL, SPARES_MOVES = "CR1-N-YPJFBYI", ["14-Ac", "3-12", "5-9", "13-3", "10-3", "15-10"]


def test_the_only_way_on_but_the_redeal_keeps_the_redeal() -> None:
    state = new_state(SPARES_DEAL)
    state.play_all(SPARES_MOVES)
    fresh = fresh_moves(state)
    assert sorted(fresh) == ["13-9", "9-13", "R"]
    assert [reason(state, t, fresh) for t in ("9-13", "13-9", "R")] == ["keep_redeal", "keep_redeal", "deal_again"]
    # With no redeal left, the same move only turns up a card.
    spent = state_from_text(state.to_text().replace("redeals=3", "redeals=0"))
    assert reason(spent, "9-13", fresh_moves(spent)) == "turn_up"
    # Another way on (a pile move one move earlier: 15-10 too) and it turns up a card again.
    state.undo()
    assert reason(state, "9-13", fresh_moves(state)) == "turn_up"


def test_a_king_moved_from_one_empty_column_to_another_empties_nothing() -> None:
    assert reason(state_from_text(FEW_IN_STOCK), "1-6") == "build"  # column 1 holds the K♥ alone
    assert reason(state_from_text(MOVES), "4x3-3") == "build"  # the K♠ and its run, to column 3


@pytest.mark.parametrize("code", ["KL1-3-AAAATPU", "KL1-1-AAAAAAC", "CR1-N-AAAAAAB", "CR1-D-AAAAAAB"])
def test_positions_that_look_alike_give_every_move_the_same_reason(code: str) -> None:
    """The hidden cards swapped (``tests/web/test_honest.pairs``): the legal moves are the same,
    and so is each one's reason, whatever the card it uncovers is."""
    for one, two in pairs(mid_game(code, 4), 6):
        a, b = state_from_text(one), state_from_text(two)
        moves = [str(a.resolve(m)) for m in a.legal_moves()]
        assert moves == [str(b.resolve(m)) for m in b.legal_moves()]
        assert [reason(a, t, moves) for t in moves] == [reason(b, t, moves) for t in moves], code


def test_a_card_put_in_a_free_cell_is_set_aside_not_built() -> None:
    s = new_state("FC1-4-AAAAAAB")  # Microsoft's #1: cascade 1 ends 3♠ 6♦ 6♠, no ace under them
    assert reason(s, "1-a") == "set_aside"
    s.play("1-a")
    assert reason(s, "a-1") == "empty_cell"  # back: it frees the cell
