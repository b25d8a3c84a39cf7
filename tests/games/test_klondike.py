"""Every rule of PRODUCT.md §3 for Klondike (draw three and draw one), on deals and on positions
built from table text; then properties of random play, and the two golden deals."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.dealcode import DEAL_COUNT, DealCode, shuffled
from paciencia.engine.errors import IllegalMove, InvalidMove, InvalidPosition
from paciencia.engine.protocol import Figures, Status
from paciencia.engine.reasons import Reason
from paciencia.games import new_state, state_from_text
from paciencia.games.klondike.rules import (
    DRAW,
    F0,
    FANY,
    FITS,
    MAX_RUN,
    PLACES,
    RANK,
    STOCK,
    KlondikeGame,
    KlondikeMove,
    KlondikeState,
    move,
)
from paciencia.games.klondike.words import FACE_DOWN, KING_ONLY, STOCK_EMPTY
from paciencia.games.pile_words import COLUMN_RANK, NOT_A_RUN, ONE_CARD_ONLY, RUN_TOO_LONG, WRONG_COLOUR
from tests.tables import KLONDIKE_FOUNDATIONS, RANKS, face_down, klondike_table, read, up


def deal(code: str) -> KlondikeState:
    s = new_state(code)
    assert isinstance(s, KlondikeState)
    return s


def position(places: dict[str, list[str]], header: str = "", code: str = "KL1-3-AAAAAAB") -> KlondikeState:
    """A position from table text; places not given are empty."""
    return read(klondike_table(places, header, code=code), KlondikeState)


def names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def places_of(s: KlondikeState) -> dict[str, str]:
    return {line.split(":")[0]: line.split(":", 1)[1].strip() for line in s.to_text().splitlines()[1:]}


def header_of(s: KlondikeState) -> dict[str, str]:
    return dict(tok.split("=") for tok in s.to_text().splitlines()[0].split()[3:])


def refusal(s: KlondikeState, token: str) -> Reason:
    before = s.to_text()
    with pytest.raises(IllegalMove) as e:
        s.play(token)
    assert s.to_text() == before, "a refused move changed the position"
    return Reason(e.value.reason)


# The conformance check's position: spades and clubs up to T, hearts and diamonds up to 9.
BASE = {
    "Fs": up("s", "A23456789T"),
    "Fc": up("c", "A23456789T"),
    "Fh": up("h", "A23456789"),
    "Fd": up("d", "A23456789"),
    "S": ["[Qs]", "[Kc]"],
    "W": ["Kh", "Jd"],
    "1": ["[Qd]", "Ks", "Qh", "Js"],
    "2": ["Kd"],
    "4": ["[Jc]", "Td"],
    "5": ["Qc", "Jh"],
    "6": ["Th"],
}
DONE = {"Fs": up("s", RANKS), "Fc": up("c", RANKS), "Fd": up("d", RANKS)}
STUCK = {
    **DONE,
    "Fh": up("h", "A234"),
    "W": ["5h"],
    "1": ["[6h]", "7h"],
    "2": ["8h"],
    "3": ["9h"],
    "4": ["Th"],
    "5": ["Jh"],
    "6": ["Qh"],
    "7": ["Kh"],
}


def base(**changes: list[str]) -> KlondikeState:
    return position({**BASE, **changes}, "recycles=0")


# -- the deal ---------------------------------------------------------------------------------


def test_a_deal_has_seven_columns_of_1_to_7_with_only_the_last_card_face_up() -> None:
    s = deal("KL1-3-AAAAAAB")
    assert [len(c) for c in s.cols] == list(range(1, 8))
    assert s.down == list(range(7))
    assert len(s.stock) == 24 and s.waste == [] and s.found == [0] * 4
    lines = places_of(s)
    assert all(tok.startswith("[") for tok in lines["S"].split())
    for i in range(7):
        toks = lines[str(i + 1)].split()
        assert [t.startswith("[") for t in toks] == [True] * i + [False]
    cards = Counter(c for _, cards in s.place_lines() for c, _ in cards)
    assert cards == Counter(range(52))
    assert s.status is Status.PLAYING and (s.moves, s.recycles, s.fan, s.up) == (0, 0, 0, 0)


def test_the_deal_is_dealt_row_by_row_and_the_rest_is_the_stock() -> None:
    s = deal("KL1-3-AAAAAAB")
    order = shuffled(list(range(52)), DealCode("KL", 1, "3", 1))
    k = 0
    for row in range(7):
        for j in range(row, 7):
            assert s.cols[j][row] == order[k]
            k += 1
    assert s.stock == order[28:]


def test_the_variant_changes_the_rules_never_the_cards() -> None:
    three, one = deal("KL1-3-PACIENC"), deal("KL1-1-PACIENC")
    assert three.to_text().splitlines()[1:] == one.to_text().splitlines()[1:]
    assert (three.draw, one.draw) == (3, 1)


GOLDEN = {
    "KL1-3-AAAAAAB": """\
# klondike KL1-3-AAAAAAB status=playing moves=0 recycles=0 fan=0 up=0
S: [Ts] [6s] [2d] [5s] [4s] [6h] [7d] [6d] [5h] [Jd] [As] [Qc] [9h] [4d] [Qs] [Tc] \
[Qd] [Td] [Kh] [2h] [5c] [Kc] [Kd] [Jh]
W:
Fs:
Fh:
Fd:
Fc:
1: 2s
2: [8d] 8h
3: [8c] [9s] 4h
4: [4c] [7s] [Ks] Js
5: [5d] [2c] [3c] [Th] 3d
6: [9c] [7c] [Ac] [6c] [9d] Ah
7: [Jc] [3h] [7h] [8s] [Qh] [3s] Ad
""",
    "KL1-1-AAAAAAC": """\
# klondike KL1-1-AAAAAAC status=playing moves=0 recycles=0 fan=0 up=0
S: [9d] [Td] [Jc] [7c] [4h] [5d] [Ah] [Ts] [Kd] [7s] [3d] [4d] [Jh] [Ac] [2h] [9s] \
[Qd] [Qc] [Tc] [8c] [5c] [5s] [8h] [Ad]
W:
Fs:
Fh:
Fd:
Fc:
1: 4c
2: [3c] Qs
3: [6s] [6h] 6c
4: [2c] [7d] [3h] Jd
5: [Qh] [7h] [6d] [4s] 8d
6: [As] [8s] [9c] [9h] [2d] Ks
7: [3s] [Th] [5h] [Kc] [Kh] [2s] Js
""",
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals(code: str) -> None:
    assert deal(code).to_text() == GOLDEN[code]  # the stock lines go on after a backslash
    assert deal(f" {code.lower()} ").to_text() == GOLDEN[code]


# -- the stock --------------------------------------------------------------------------------


def test_draw_three_turns_the_stocks_last_three_cards_the_third_on_top() -> None:
    s = deal("KL1-3-AAAAAAB")
    stock = list(s.stock)
    s.play("D")
    assert s.waste == stock[:-4:-1] and s.stock == stock[:-3]
    assert s.fan == 3 and s.moves == 1 and s.visible_waste() == tuple(stock[:-4:-1])
    s.play("D")
    assert s.waste == stock[:-7:-1] and s.fan == 3


def test_draw_one_turns_one_card() -> None:
    s = deal("KL1-1-AAAAAAB")
    stock = list(s.stock)
    s.play("d")
    assert s.waste == stock[-1:] and len(s.stock) == 23 and s.fan == 1


def test_with_fewer_than_three_left_a_draw_turns_what_is_there_and_the_fan_shrinks() -> None:
    s = base()
    s.play("D")
    assert places_of(s)["W"] == "Kh Jd Kc Qs" and places_of(s)["S"] == ""
    assert s.fan == 2 and names(s.visible_waste()) == ["Kc", "Qs"]


def test_playing_the_fan_shrinks_it_and_the_top_stays_playable_at_zero() -> None:
    s = base()
    s.play("D")  # W: Kh Jd Kc Qs, fan 2
    s.play("W-2")  # Qs onto Kd
    assert s.fan == 1 and names(s.visible_waste()) == ["Kc"]
    s.play("W-3")  # Kc to the empty column
    assert s.fan == 0 and names(s.visible_waste()) == ["Jd"]
    s.play("W-2")  # Jd, from an earlier draw, onto Qs
    assert s.fan == 0 and names(s.waste) == ["Kh"]
    s.play("W-7")
    assert s.waste == [] and s.visible_waste() == ()
    for _ in range(4):
        s.undo()
    assert s.fan == 2 and places_of(s)["W"] == "Kh Jd Kc Qs"


def test_recycle_turns_the_waste_back_in_the_same_order_and_counts() -> None:
    s = deal("KL1-3-AAAAAAB")
    stock = list(s.stock)
    s.play_all(["D"] * 8)
    assert s.stock == [] and len(s.waste) == 24
    s.play("D")
    assert s.stock == stock and s.waste == [] and s.recycles == 1 and s.fan == 0 and s.moves == 9
    assert header_of(s)["recycles"] == "1"
    s.play("D")
    assert s.waste == stock[:-4:-1], "the next pass draws the same cards as the first"
    s.undo()
    s.undo()
    assert s.stock == [] and len(s.waste) == 24 and s.recycles == 0 and s.fan == 3 and s.moves == 8
    d1 = deal("KL1-1-AAAAAAB")
    d1.play_all(["D"] * 25)
    assert d1.stock == stock and d1.recycles == 1


def test_a_draw_with_stock_and_waste_empty_is_refused_and_changes_nothing() -> None:
    s = position({**BASE, "S": [], "W": [], "3": ["Kc"], "7": ["Kh", "Qs", "Jd"]})
    assert refusal(s, "D") is STOCK_EMPTY
    assert s.moves == 0 and DRAW not in s.legal_moves()


# -- columns ----------------------------------------------------------------------------------


def test_columns_build_down_in_alternating_colours() -> None:
    s = base()
    assert "6-1" in [str(m) for m in s.legal_moves()]
    s.play("6-1")  # red T on black J
    assert places_of(s)["1"] == "[Qd] Ks Qh Js Th"
    s = base()
    assert refusal(s, "6-5") is WRONG_COLOUR  # Th on Jh
    assert refusal(s, "W-1") is COLUMN_RANK  # Jd on Js
    assert refusal(s, "2-5") is WRONG_COLOUR  # colour comes before rank


def test_a_run_moves_whole_checked_on_its_first_card() -> None:
    s = base()
    s.play("5x2-2")  # Qc Jh onto Kd
    assert places_of(s)["2"] == "Kd Qc Jh" and places_of(s)["5"] == ""
    assert s.moves == 1
    s.play("2x3-5")  # and the run of three to the empty column, led by its King
    assert places_of(s)["5"] == "Kd Qc Jh"


def test_run_refusals() -> None:
    s = base()
    assert refusal(s, "1x2-3") is KING_ONLY  # Qh Js: led by a Queen
    assert refusal(s, "1x2-2") is WRONG_COLOUR  # Qh on Kd
    assert refusal(s, "1x4-3") is FACE_DOWN  # would start on [Qd]
    assert refusal(s, "1x5-3") is RUN_TOO_LONG
    assert refusal(s, "1x20-3") is RUN_TOO_LONG  # longer than any interned run
    assert refusal(s, "1x2-F") is ONE_CARD_ONLY
    assert refusal(s, "Wx2-3") is ONE_CARD_ONLY
    assert refusal(s, "Fsx2-5") is ONE_CARD_ONLY
    assert refusal(s, "3x1-5") is Reason.SOURCE_EMPTY
    t = base(**{"5": ["Jh", "Qc"]})
    assert refusal(t, "5x2-2") is NOT_A_RUN
    assert "5x2-2" not in [str(m) for m in t.legal_moves()]


def test_places_that_are_never_destinations_or_sources() -> None:
    s = base()
    assert refusal(s, "3-3") is Reason.SAME_PLACE
    assert refusal(s, "1-W") is Reason.NOT_A_DESTINATION
    assert refusal(s, "W-S") is Reason.NOT_A_DESTINATION
    assert refusal(s, "S-3") is FACE_DOWN
    assert refusal(position({**BASE, "S": [], "3": ["Kc"], "7": ["Qs"]}), "S-3") is Reason.SOURCE_EMPTY
    assert refusal(s, "Fh-F") is Reason.SAME_PLACE
    assert refusal(s, "Fh-Fs") is Reason.WRONG_SUIT


def lead(s: KlondikeState, m: KlondikeMove) -> int:
    """The card that leads move ``m`` (the first card of a run)."""
    if m.src < 7:
        return s.cols[m.src][-m.n]
    if m.src == 7:
        return s.waste[-1]
    return (m.src - F0) * 13 + s.found[m.src - F0] - 1


def test_an_empty_column_takes_only_a_king() -> None:
    s = base()
    assert refusal(s, "5-3") is KING_ONLY  # Jh
    assert refusal(s, "5x2-3") is KING_ONLY  # Qc Jh
    assert refusal(s, "Fh-3") is KING_ONLY  # 9h
    t = base(W=["Jd", "Kh"])
    t.play("W-3")
    assert places_of(t)["3"] == "Kh"
    for u in (base(), t):
        to_empty = [m for m in u.legal_moves() if 0 <= m.dst < 7 and not u.cols[m.dst]]
        assert to_empty and all(RANK[lead(u, m)] == 12 for m in to_empty)


def test_a_face_down_card_left_at_a_column_end_turns_up_and_undo_turns_it_back() -> None:
    s = base()
    s.play("1x3-3")
    assert places_of(s)["1"] == "Qd" and places_of(s)["3"] == "Ks Qh Js" and s.down[0] == 0
    s.undo()
    assert places_of(s)["1"] == "[Qd] Ks Qh Js" and places_of(s)["3"] == "" and s.down[0] == 1
    s.play("4-F")  # a move to a foundation turns the card up too
    assert places_of(s)["4"] == "Jc"
    s.undo()
    assert places_of(s)["4"] == "[Jc] Td"


# -- foundations ------------------------------------------------------------------------------


def test_foundations_build_a_to_k_in_suit() -> None:
    s = base()
    assert refusal(s, "5-F") is Reason.FOUNDATION_ORDER  # Jh on 9h
    assert refusal(s, "4-Fh") is Reason.WRONG_SUIT
    s.play("4-Fd")
    s.play("w-f")
    assert places_of(s)["Fd"].split()[-2:] == ["Td", "Jd"]
    d = deal("KL1-3-AAAAAAB")
    assert refusal(d, "1-F") is Reason.FOUNDATION_ORDER  # 2s on an empty foundation
    d.play("6-F")  # Ah opens its foundation
    d.play("7-F")
    assert d.found == [0, 1, 1, 0] and places_of(d)["Fh"] == "Ah"
    assert refusal(d, "1-Fh") is Reason.WRONG_SUIT


def test_a_foundation_top_may_come_back_to_a_column() -> None:
    s = base()
    s.play("Fs-5")  # Ts onto Jh
    assert places_of(s)["5"] == "Qc Jh Ts" and places_of(s)["Fs"].split()[-1] == "9s"
    assert refusal(s, "Fh-1") is COLUMN_RANK  # 9h on Js
    assert refusal(base(), "Fd-6") is WRONG_COLOUR  # 9d on Th
    s.undo()
    assert places_of(s)["Fs"].split()[-1] == "Ts"


def test_the_conformance_line() -> None:
    s = base()
    s.play_all(["4-F", "W-F", "W-7", "Fs-5"])
    p = places_of(s)
    assert (p["Fd"].split()[-1], p["4"], p["7"], p["5"]) == ("Jd", "Jc", "Kh", "Qc Jh Ts")


def test_sent_up_counts_cards_to_foundations_minus_cards_back() -> None:
    s = base()
    s.play("4-F")
    s.play("W-F")
    assert s.up == 2 and s.figures() == Figures(2, {"recycles": 0, "passes": 1, "sent_up": 2})
    s.play("Fs-5")
    assert s.up == 1 and header_of(s)["up"] == "1"
    s.undo()
    assert s.up == 2
    again = state_from_text(s.to_text())
    assert isinstance(again, KlondikeState) and again.up == 2
    t = base()
    t.play("Fs-5")
    assert t.up == -1 and state_from_text(t.to_text()).to_text() == t.to_text()


# -- the end ----------------------------------------------------------------------------------


def test_won_when_all_four_foundations_run_a_to_k() -> None:
    s = position({**DONE, "Fh": up("h", "A23456789TJQ"), "1": ["Kh"]})
    assert header_of(s)["status"] == "playing"
    s.play("1-F")
    assert s.status is Status.WON and header_of(s)["status"] == "won"
    assert s.legal_moves() == [] and not s.can_finish() and s.finish_step() is None
    assert refusal(s, "Fh-1") is Reason.GAME_OVER
    s.undo()
    assert header_of(s)["status"] == "playing"


def test_blocked_when_no_legal_move_is_left() -> None:
    s = position(STUCK)
    assert header_of(s)["status"] == "playing"  # W-F is still there
    s.play("W-F")
    assert s.legal_moves() == [] and s.status is Status.BLOCKED
    assert header_of(s)["status"] == "blocked"
    assert position({**STUCK, "Fh": up("h", "A2345"), "W": []}).status is Status.BLOCKED
    # a draw is legal while the stock or the waste holds a card
    spare = position({**STUCK, "Fh": up("h", "A2345"), "W": [], "S": ["[Kh]"], "7": []})
    assert [str(m) for m in spare.legal_moves()] == ["Fs-7", "Fd-7", "Fc-7", "D"]


def test_a_foundation_top_that_can_come_back_keeps_the_game_open() -> None:
    # The stuck position with column 7 empty and Kh under Qh: only the foundations' Kings can move.
    s = position({**STUCK, "Fh": up("h", "A2345"), "W": [], "6": ["[Kh]", "Qh"], "7": []})
    assert [str(m) for m in s.legal_moves()] == ["Fs-7", "Fd-7", "Fc-7"]
    assert s.status is Status.PLAYING


# -- Finish -----------------------------------------------------------------------------------


def test_finish_is_offered_once_every_column_card_is_up_and_the_stock_holds_nothing_unseen() -> None:
    assert not deal("KL1-3-AAAAAAB").can_finish()
    open_cols = {**BASE, "1": ["Qd", "Ks", "Qh", "Js"], "4": ["Jc", "Td"]}
    assert not position(open_cols).can_finish()  # the stock was never passed
    assert position(open_cols, "recycles=1").can_finish()
    assert position({**open_cols, "S": [], "W": ["Kh", "Jd", "Kc", "Qs"]}).can_finish()
    assert not position(BASE, "recycles=3").can_finish()  # face-down cards in columns 1 and 4
    s = position(open_cols, "recycles=1")
    assert s.observe().can_finish is True


def test_finish_steps_send_cards_up_or_draw() -> None:
    s = position({**BASE, "1": ["Qd", "Ks", "Qh", "Js"], "4": ["Jc", "Td"]}, "recycles=1")
    first = s.finish_step()
    assert first is not None and str(first) == "1-F"  # Js, the first column end that can go up
    steps = 0
    while s.status is not Status.WON:
        step = s.finish_step()
        assert step is not None
        s.apply(step)
        steps += 1
        assert steps < 200
    assert s.moves == steps and s.up == 14


def finishable(rng: random.Random, draw: int, steps: int, favour: int) -> KlondikeState:
    """A finishable position built backwards from the won one by undoing legal moves at random:
    a foundation top back to a column end (``favour`` times likelier) or to the waste, draws
    put back, a recycle undone. Every step is the reverse of a legal move: it can be won."""
    found = [13] * 4
    cols: list[list[int]] = [[] for _ in range(7)]
    waste: list[int] = []
    stock: list[int] = []
    for _ in range(steps):
        options: list[tuple[str, int, int]] = []
        for suit in range(4):
            if found[suit]:
                c = suit * 13 + found[suit] - 1
                options += [
                    ("col", suit, i)
                    for i, col in enumerate(cols)
                    if (col and FITS[col[-1] * 52 + c]) or (not col and RANK[c] == 12)
                ] * favour
                options.append(("waste", suit, 0))
        if waste and not stock:
            options += [("draw", k, 0) for k in range(1, min(draw, len(waste)) + 1)]
        elif len(waste) >= draw:
            options.append(("draw", draw, 0))
        if stock and not waste:
            options.append(("recycle", 0, 0))
        if not options:
            break
        what, a, b = rng.choice(options)
        if what == "col":
            found[a] -= 1
            cols[b].append(a * 13 + found[a])
        elif what == "waste":
            found[a] -= 1
            waste.append(a * 13 + found[a])
        elif what == "draw":
            stock.extend(reversed(waste[-a:]))
            del waste[-a:]
        else:
            waste.extend(reversed(stock))
            stock.clear()
    places = {"S": face_down(names(stock)), "W": names(waste)}
    places |= {f: names([s * 13 + r for r in range(found[s])]) for s, f in enumerate(KLONDIKE_FOUNDATIONS)}
    places |= {str(i + 1): names(col) for i, col in enumerate(cols)}
    return position(places, "recycles=1", code=f"KL1-{draw}-AAAAAAB")


@pytest.mark.parametrize("draw", [3, 1])
def test_finish_wins_from_finishable_positions(draw: int) -> None:
    rng = random.Random(draw)
    for k in range(16):
        s = finishable(rng, draw, rng.randint(10, 200), 1 + 2 * (k % 2))
        assert s.can_finish()
        steps = 0
        while s.status is not Status.WON:
            step = s.finish_step()
            assert step is not None, s.to_text()
            s.apply(step)
            steps += 1
            assert steps < 3000, s.to_text()


def test_finish_finds_a_way_when_up_and_draw_alone_go_round_for_ever() -> None:
    # Draw three: each pass shows 3h over 2h, and no column end can go up, so up-or-draw goes
    # round for ever. The way out: 5s then 4s come back to the columns, 3h goes onto 4s, and
    # 2h is the waste's top.
    s = position(
        {
            "Fd": up("d", RANKS),
            "Fc": up("c", RANKS),
            "Fs": up("s", "A2345"),
            "Fh": ["Ah"],
            "S": ["[3h]", "[2h]", "[4h]"],
            "1": ["Kh", "Qs", "Jh", "Ts", "9h", "8s", "7h", "6s", "5h"],
            "2": ["Ks", "Qh", "Js", "Th", "9s", "8h", "7s", "6h"],
        },
        "recycles=1",
    )
    assert s.can_finish()
    line = []
    while s.status is not Status.WON:
        step = s.finish_step()
        assert step is not None
        s.apply(step)
        line.append(str(step))
        assert len(line) < 200
    assert "Fs-1" in line or "Fs-2" in line


# -- notation ---------------------------------------------------------------------------------


def test_moves_print_and_parse_back() -> None:
    g = KlondikeGame()
    for token in ["3-6", "3x4-6", "W-F", "5-F", "W-Fh", "Fh-2", "D", "W-7", "7x13-1"]:
        assert str(g.parse_move(token)) == token
    assert g.parse_move(" w-fH ") == move(7, F0 + 1)
    assert g.parse_move("3X4-6") is move(2, 5, 4)
    assert g.parse_move("3x1-6") is g.parse_move("3-6")
    assert g.parse_move("d") is DRAW
    assert g.parse_move("1x20-3") == KlondikeMove(0, 2, 20)


@pytest.mark.parametrize(
    "token",
    ["", "3", "3-", "-6", "8-1", "0-1", "3x0-6", "3x-6", "F-3", "U", "DD", "1-2-3", "3x4", "Fx-1", "W_F", "3x1000-4"],
)
def test_malformed_moves_name_the_token_and_the_form(token: str) -> None:
    with pytest.raises(InvalidMove, match="not a Klondike move") as e:
        KlondikeGame().parse_move(token)
    assert repr(token) in str(e.value) and "SRCxN-DST" in str(e.value)


def test_undo_with_nothing_to_undo_is_refused() -> None:
    s = deal("KL1-1-AAAAAAC")
    assert not s.can_undo
    assert refusal(s, "U") is Reason.NOTHING_TO_UNDO


# -- table text -------------------------------------------------------------------------------


def test_defaults_of_absent_fields() -> None:
    s = position(BASE)
    assert (s.moves, s.recycles, s.up, s.fan) == (0, 0, 0, 2)
    assert position(BASE, code="KL1-1-AAAAAAB").fan == 1
    assert position({**BASE, "S": ["[Qs]", "[Kc]", "[Kh]", "[Jd]"], "W": []}).fan == 0
    t = position(BASE, "status=playing moves=7 recycles=2 fan=1 up=-3")
    assert (t.moves, t.recycles, t.fan, t.up, t.status) == (7, 2, 1, -3, Status.PLAYING)


@pytest.mark.parametrize(
    ("change", "header", "message"),
    [
        ({"Fs": up("s", "A23456789")}, "", "Ts appears 0 times"),
        ({"6": ["Th", "Ts"]}, "", "Ts appears 2 times"),
        ({"S": ["Qs", "[Kc]"]}, "", "stock S: Qs must be face down"),
        ({"W": ["Kh", "[Jd]"]}, "", "waste W: [Jd] must be face up"),
        ({"Fh": ["Ah", "3h", "2h", *up("h", "456789")]}, "", "foundation Fh must run from the Ace"),
        ({"Fh": ["[Ah]", *up("h", "23456789")]}, "", "foundation Fh holds a face-down card"),
        ({"1": ["Qd", "[Ks]", "Qh", "Js"]}, "", "column 1: face-down cards must all lie below"),
        ({"6": ["[Th]"]}, "", "column 6: its last card must be face up"),
        ({}, "fan=3", "fan=3 is not a whole number from 0 to 2"),
        ({}, "recycles=-1", "recycles=-1"),
        ({}, "up=x", "up=x is not a whole number"),
        ({}, "up=39", "up=39 cards sent up, but the foundations hold 38"),
        ({}, "up=-15", "up=-15 cards sent up, but the foundations hold 38"),
        ({}, "up=07", "up=07 is not a whole number"),
        ({}, "up=-0", "up=-0 is not a whole number"),
        ({}, "status=won", "status=won, but the position is playing"),
        ({}, "moves=١", "moves=١ is not a whole number in the digits 0-9"),
        ({}, "score=5", "unknown field 'score'"),
    ],
)
def test_bad_positions_are_refused_naming_the_problem(change: dict[str, list[str]], header: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message.replace("[", r"\[")):
        position({**BASE, **change}, header)


def test_missing_and_unknown_places_are_refused() -> None:
    text = deal("KL1-3-AAAAAAB").to_text()
    with pytest.raises(InvalidPosition, match="place 'W' is missing"):
        state_from_text(text.replace("W:\n", ""))
    with pytest.raises(InvalidPosition, match="unknown place '8'"):
        state_from_text(text + "8:\n")


def test_describe_places_groups() -> None:
    s = base()
    s.play("D")
    heaps, found, cols = s.describe_places()
    assert [(p.place, p.kind, p.count) for p in heaps] == [("S", "stock", 0), ("W", "waste", 4)]
    assert names(heaps[1].cards) == ["Kc", "Qs"]
    assert [(p.place, p.kind, p.suit, p.count, names(p.cards)) for p in found] == [
        ("Fs", "foundation", 0, 10, ["Ts"]),
        ("Fh", "foundation", 1, 9, ["9h"]),
        ("Fd", "foundation", 2, 9, ["9d"]),
        ("Fc", "foundation", 3, 10, ["Tc"]),
    ]
    assert [(p.place, p.kind, p.number, p.count, p.face_down, names(p.cards)) for p in cols[:4]] == [
        ("1", "column", 1, 4, 1, ["Ks", "Qh", "Js"]),
        ("2", "column", 2, 1, 0, ["Kd"]),
        ("3", "column", 3, 0, 0, []),
        ("4", "column", 4, 2, 1, ["Td"]),
    ]
    assert position({**DONE, "Fh": [], "W": up("h", RANKS)}).describe_places()[1][1].cards == ()


def test_observation() -> None:
    s = deal("KL1-3-AAAAAAB")
    s.play("D")
    obs = s.observe()
    assert [(p.place, p.role.value) for p in obs.places[:3]] == [("S", "stock"), ("W", "waste"), ("Fs", "foundation")]
    assert obs.place("S").count == 21 and obs.place("S").cards == ()
    assert obs.place("W").count == 3 and names(obs.place("W").cards) == ["Jh", "Kd", "Kc"]
    assert (obs.place("7").face_down, names(obs.place("7").cards)) == (6, ["Ad"])
    assert obs.place("Fs").count == 0 and obs.place("Fs").cards == ()
    assert (obs.status, obs.figures.moves, obs.figures.counts["passes"], obs.can_undo, obs.can_finish) == (
        Status.PLAYING,
        1,
        1,
        True,
        False,
    )
    assert obs.code is None  # the code would reveal the deal
    assert obs.taps == {"S": "D"} and obs.runs["W"] == 1
    assert all(d != "F" for ds in obs.dests.values() for d in ds)  # every foundation named
    assert {f"{src}-{d}" for src, ds in obs.dests.items() for d in ds} == {
        str(s.resolve(m)) for m in s.legal_moves() if m is not DRAW
    }


# -- properties of random play ----------------------------------------------------------------

CANDIDATES = [DRAW] + [
    move(s, d, n)
    for s in range(PLACES)
    for d in range(PLACES)
    for n in range(1, MAX_RUN + 1)
    if not (F0 <= d < FANY and s < 8)
]
"""Every move legal_moves may list: foundation moves only in their ``-F`` form."""


def random_play(number: int, variant: str, choices: list[int]) -> list[KlondikeState]:
    s = deal(str(DealCode("KL", 1, variant, number)))
    seen = [s.copy()]
    for k in choices:
        legal = s.legal_moves()
        if not legal:
            break
        s.push(legal[k % len(legal)])
        seen.append(s.copy())
    return seen


plays = given(
    number=st.integers(0, DEAL_COUNT - 1),
    variant=st.sampled_from("31"),
    choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=120),
)


@settings(max_examples=25, deadline=None)
@plays
def test_random_play_keeps_each_card_once_and_undo_is_exact(number: int, variant: str, choices: list[int]) -> None:
    s = deal(str(DealCode("KL", 1, variant, number)))
    texts = [s.to_text()]
    for k in choices:
        legal = s.legal_moves()
        if not legal:
            break
        m = legal[k % len(legal)]
        assert s.check(m) is None
        s.push(m)
        texts.append(s.to_text())
        assert Counter(c for _, cards in s.place_lines() for c, _ in cards) == Counter(range(52))
        assert all(h < len(c) or not c for h, c in zip(s.down, s.cols, strict=True))
    while s.can_undo:
        s.undo()
        texts.pop()
        assert s.to_text() == texts[-1]
    assert len(texts) == 1


@settings(max_examples=20, deadline=None)
@plays
def test_table_text_round_trips_and_legal_moves_are_exactly_the_unrefused(
    number: int, variant: str, choices: list[int]
) -> None:
    for s in random_play(number, variant, choices)[::7]:
        text = s.to_text()
        again = state_from_text(text)
        assert isinstance(again, KlondikeState)
        assert again.to_text() == text and again.key() == s.key()
        legal = s.legal_moves()
        assert len(set(legal)) == len(legal)
        assert set(legal) == {m for m in CANDIDATES if s.check(m) is None}
        assert (s.status is Status.BLOCKED) == (not legal and not s.is_won())


@settings(max_examples=25, deadline=None)
@plays
def test_the_observation_never_shows_a_face_down_card(number: int, variant: str, choices: list[int]) -> None:
    for s in random_play(number, variant, choices)[::5]:
        obs = s.observe()
        hidden = set(s.stock) | {c for col, h in zip(s.cols, s.down, strict=True) for c in col[:h]}
        assert not {c for p in obs.places for c in p.cards} & hidden
        assert obs.place("S").count == len(s.stock) and obs.place("S").cards == ()
        assert [obs.place(str(i + 1)).face_down for i in range(7)] == s.down
        assert obs.code is None or s.status is not Status.PLAYING


def test_stock_place_index() -> None:
    assert str(move(STOCK, 2)) == "S-3" and str(move(7, FANY)) == "W-F"
