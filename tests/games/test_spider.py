"""Every rule of PRODUCT.md §8 for Spider: the deal, moves and their refusals, runs of one suit,
dealing a row, complete runs leaving by themselves, undo, table text, the observation, the
knowledge of repeated cards, Finish; then properties of random play and the command line."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paciencia.analysis.honest import Budget, advise
from paciencia.analysis.why import reason
from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.errors import IllegalMove, InvalidMove, InvalidPosition
from paciencia.engine.protocol import Role, State, Status
from paciencia.engine.reasons import Position, Reason
from paciencia.games import GAMES, REGISTRY, new_state, state_from_text
from paciencia.games.pile_words import COLUMN_RANK, FACE_DOWN, NOT_A_RUN, NOT_ONE_SUIT, RUN_TOO_LONG
from paciencia.games.spider.rules import SpiderGame, SpiderState, deck
from paciencia.games.spider.words import COLUMN, DEAL, FOUNDATION, NO_DEALS_LEFT, STOCK, UNFILLED_COLUMN
from paciencia.i18n import LOCALES, Words
from tests.tables import RANKS, read, refusal

VARIANTS = ("1", "2", "4")


def deal(code: str) -> SpiderState:
    s = new_state(code)
    assert isinstance(s, SpiderState)
    return s


def spider_table(
    cols: Mapping[int, str],
    *,
    variant: str = "1",
    stock: str = "",
    found: Sequence[str] = (),
    rest: int = 10,
    header: str = "",
) -> str:
    """Spider table text: columns by number (``"[9s] 5h 4h"``), the stock (bottom to top, written
    face down), the suits of the full foundations (``["s", "h"]``); every card of the variant not
    named lies face down at the bottom of column ``rest``, under the cards given for it."""
    left = Counter(CARD_NAMES[c] for c in deck(variant))
    named = [t.strip("[]") for text in (*cols.values(), stock) for t in text.split()]
    named += [r + suit for suit in found for r in RANKS]
    left.subtract(named)
    assert all(n >= 0 for n in left.values()), "more cards named than the variant holds"
    filler = " ".join(f"[{c}]" for c in sorted(left.elements()))
    assert not filler or cols.get(rest), "the column under which the other cards lie needs a card on top"
    lines = [f"# spider SP1-{variant}-AAAAAAB {header}".rstrip()]
    lines.append(f"S: {' '.join(f'[{c}]' for c in stock.split())}".rstrip())
    for k in range(8):
        lines.append(f"F{k + 1}: {' '.join(r + found[k] for r in RANKS) if k < len(found) else ''}".rstrip())
    for i in range(1, 11):
        body = cols.get(i, "")
        if i == rest:
            body = f"{filler} {body}"
        lines.append(f"{i}: {body.strip()}".rstrip())
    return "\n".join(lines) + "\n"


def position(cols: Mapping[int, str], **kw: object) -> SpiderState:
    return read(spider_table(cols, **kw), SpiderState)  # type: ignore[arg-type]


STOCK_ROW = "2c 2c 3c 3c 4c 4c 5c 5c 6c 6c"
"""A stock of one row (four suits), none of whose cards the positions below name otherwise."""


def full_table() -> SpiderState:
    """Every column holds a card and the stock a row: a deal is legal."""
    cols = ["9s", "Ts", "Kc", "Kc", "Kh", "Kh", "Ks", "Ks", "Kd", "Kd"]
    return position(dict(enumerate(cols, 1)), variant="4", stock=STOCK_ROW)


def lines(s: SpiderState) -> dict[str, str]:
    return {line.split(":")[0]: line.split(":", 1)[1].strip() for line in s.to_text().splitlines()[1:]}


def down_run(suit: str, high: str, low: str) -> str:
    """The cards of ``suit`` from rank ``high`` down to ``low``, face up: ``down_run("s", "K", "2")``."""
    a, b = RANKS.index(high), RANKS.index(low)
    return " ".join(RANKS[r] + suit for r in range(a, b - 1, -1))


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_has_ten_columns_of_six_and_five_and_a_stock_of_fifty(variant: str) -> None:
    s = deal(f"SP1-{variant}-AAAAAAB")
    assert [len(c) for c in s.cols] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert s.down == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert len(s.stock) == 50 and s.found == [] and s.moves == 0
    text = s.to_text()
    assert text.splitlines()[0] == f"# spider SP1-{variant}-AAAAAAB status=playing moves=0"
    assert all(t.startswith("[") for t in lines(s)["S"].split())
    assert Counter(c for col in s.cols for c in col) + Counter(s.stock) == Counter(deck(variant))


def test_the_variants_suits() -> None:
    assert Counter(deck("1")) == Counter({r: 8 for r in range(13)})
    assert Counter(deck("2")) == Counter({c: 4 for c in range(26)})
    assert Counter(deck("4")) == Counter({c: 2 for c in range(52)})


def test_a_code_deals_the_same_cards_and_every_variant_the_same_places() -> None:
    """A known deal pinned, the same code twice alike, another number other cards, and the
    three variants the same ranks in the same places (only the suits fold)."""
    four = deal("SP1-4-AAAAAAB")
    assert lines(four)["1"] == "[9c] [2h] [6s] [3c] [5c] 8c"
    assert lines(four)["S"].split()[-1] == "[3h]"  # the first card dealt, onto column 1
    assert deal("sp1-4-aaaaaab ").to_text() == four.to_text()
    assert deal("SP1-4-AAAAAAC").to_text() != four.to_text()
    for variant in ("1", "2"):
        other = deal(f"SP1-{variant}-AAAAAAB")
        assert [[c % 13 for c in col] for col in other.cols] == [[c % 13 for c in col] for col in four.cols]
        assert [c % 13 for c in other.stock] == [c % 13 for c in four.stock]
    two = deal("SP1-2-AAAAAAB")
    assert {c // 13 for c in two.stock} <= {0, 1}


def test_the_registry_finds_it_on_the_site() -> None:
    assert "spider" in GAMES and "spider" in REGISTRY
    assert GAMES["spider"].game is SpiderGame


# -- moves ------------------------------------------------------------------------------------


def test_a_card_goes_on_a_card_one_rank_higher_of_any_suit() -> None:
    s = position({1: "5h", 2: "6s", 3: "6h", 4: "7s", 5: "8d", 10: "Kd"}, variant="4")
    for dst, under in (("2", "6s"), ("3", "6h")):
        t = s.copy()
        t.play(f"1-{dst}")
        assert lines(t)[dst] == f"{under} 5h"
    assert refusal(s, "1-4") == COLUMN_RANK
    assert refusal(s, "1-5") == COLUMN_RANK


def test_an_empty_column_takes_any_card_or_run() -> None:
    s = position({1: "[Kd] 9s 8s 7s", 2: "Qh", 10: "Kc"}, variant="4")
    for token, moved in (("1-3", "7s"), ("1x2-3", "8s 7s"), ("1x3-3", "9s 8s 7s"), ("2-3", "Qh")):
        t = s.copy()
        t.play(token)
        assert lines(t)["3"] == moved, token


def test_only_a_run_in_sequence_of_one_suit_moves_as_one() -> None:
    s = position({1: "[Kd] 9s 8h 7h", 2: "Ts", 3: "9d", 4: "5c 3c", 5: "4s", 10: "Kh"}, variant="4")
    assert refusal(s, "1x3-2") == NOT_ONE_SUIT  # in sequence, two suits
    t = s.copy()
    t.play("1x2-3")  # 8♥ 7♥ onto 9♦: one suit, any suit beneath
    assert lines(t)["3"] == "9d 8h 7h"
    assert refusal(s, "4x2-5") == NOT_A_RUN  # 5♣ 3♣: not in sequence
    assert refusal(s, "1x4-2") == FACE_DOWN
    assert refusal(s, "1x5-2") == RUN_TOO_LONG
    assert refusal(s, "6-2") == Reason.SOURCE_EMPTY
    assert refusal(s, "2-2") == Reason.SAME_PLACE


def test_the_face_down_card_left_at_a_columns_end_turns_up_and_back_down_on_undo() -> None:
    s = position({1: "[Kd] [Qd] 5h", 2: "6s", 10: "Kh"}, variant="4")
    before = s.to_text()
    s.play("1-2")
    assert lines(s)["1"] == "[Kd] Qd" and s.down[0] == 1
    s.play("U")
    assert s.to_text() == before


def test_notation() -> None:
    game = SpiderGame("4")
    assert str(game.parse_move(" 10x3-1 ")) == "10x3-1" and str(game.parse_move("d")) == "D"
    assert str(game.parse_move("3x1-4")) == "3-4"
    for bad in ("11-1", "0-1", "3-F", "F1-2", "1-", "W-1", "3x0-4", "S-1"):
        with pytest.raises(InvalidMove, match="columns 1-10"):
            game.parse_move(bad)


# -- dealing a row ----------------------------------------------------------------------------


def test_a_deal_puts_one_card_face_up_on_every_column_the_stocks_last_on_column_one() -> None:
    s = deal("SP1-4-AAAAAAB")
    row = list(reversed(s.stock[-10:]))
    before = s.to_text()
    s.play("D")
    assert [col[-1] for col in s.cols] == row
    assert len(s.stock) == 40 and s.moves == 1 and [len(c) for c in s.cols][:5] == [7, 7, 7, 7, 6]
    assert s.down == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    s.play("U")
    assert s.to_text() == before


def test_a_deal_is_refused_while_a_column_is_empty_and_when_the_stock_is_empty() -> None:
    stock = " ".join(["Ts"] * 8 + ["9s"] * 2)
    cols = {1: "5s", 2: "6s", 3: "7s", 4: "8s", 5: "9s", 6: "Js", 7: "Qs", 8: "Ks", 9: "Ks", 10: "Ks"}
    s = position(cols, stock=stock)
    assert s.check(s.game.parse_move("D")) is None and s.observe().taps == {"S": "D"}
    s.play("1-2")  # column 1 empty
    assert refusal(s, "D") == UNFILLED_COLUMN
    obs = s.observe()
    assert not obs.taps and not obs.actions[0].enabled and obs.actions[0].place == "S"
    s.play("2x2-1")  # column 2 empty instead
    assert refusal(s, "D") == UNFILLED_COLUMN
    s.play("U")
    s.play("U")
    s.play("D")
    assert len(s.stock) == 0 and refusal(s, "D") == NO_DEALS_LEFT


def test_five_deals_in_all() -> None:
    s = deal("SP1-1-AAAAAAC")
    for k in range(5):
        if not all(s.cols):
            break
        s.play("D")
        assert s.observe().actions[0].left == 4 - k
    assert not s.stock and refusal(s, "D") == NO_DEALS_LEFT


# -- complete runs ----------------------------------------------------------------------------


def test_a_complete_run_leaves_by_itself_and_the_card_under_it_turns_up() -> None:
    s = position({1: "[Qh] [Jd] " + down_run("s", "K", "2"), 2: "As", 3: "3h", 10: "Kd"}, variant="4")
    before = s.to_text()
    s.play("2-1")
    assert lines(s)["F1"] == " ".join(r + "s" for r in RANKS)
    assert lines(s)["1"] == "[Qh] Jd" and lines(s)["2"] == "" and s.found == [0]
    assert s.moves == 1 and s.observe().figures.counts["sent_up"] == 13
    assert refusal(s, "1-3") == COLUMN_RANK
    s.play("U")
    assert s.to_text() == before


def test_a_run_moved_onto_its_king_completes_it() -> None:
    s = position({1: down_run("h", "K", "6"), 2: "[9s] " + down_run("h", "5", "A"), 10: "Ks"}, variant="2")
    s.play("2x5-1")
    assert lines(s)["1"] == "" and lines(s)["2"] == "9s" and s.found == [1]
    assert lines(s)["F1"].split() == [r + "h" for r in RANKS]


def test_a_deal_that_completes_runs_sends_them_up_in_column_order() -> None:
    """The stock's last card goes onto column 1 and the one before onto column 2: each an Ace
    that completes a run there; the two runs leave as part of the deal, F1 then F2."""
    cols = {1: "[5s] " + down_run("h", "K", "2"), 2: "[6s] " + down_run("s", "K", "2")}
    cols.update(zip(range(3, 11), ["Kd", "Kd", "Kc", "Kc", "Qd", "Qd", "Qc", "Qc"], strict=True))
    stock = "2c 3c 4c 5c 6c 7c 8c 9c As Ah"
    s = position(cols, variant="4", stock=stock)
    before = s.to_text()
    s.play("D")
    assert s.found == [1, 0]
    assert lines(s)["1"] == "5s" and lines(s)["2"] == "6s" and lines(s)["3"] == "Kd 9c"
    s.play("U")
    assert s.to_text() == before


def test_won_when_all_eight_runs_have_left() -> None:
    s = position({1: down_run("s", "K", "2"), 2: "As"}, found=["s"] * 7, rest=1)
    before = s.status
    s.play("2-1")
    assert (before, s.status) == (Status.PLAYING, Status.WON) and s.legal_moves() == []
    assert s.to_text().splitlines()[0] == "# spider SP1-1-AAAAAAB status=won moves=1"
    assert refusal(s, "1-2") == Reason.GAME_OVER and refusal(s, "D") == Reason.GAME_OVER
    assert s.observe().code == s.code


def test_blocked_when_nothing_can_move_and_the_stock_is_empty() -> None:
    cols = {i: f"{r}s" for i, r in zip(range(1, 11), "3579JK3579", strict=True)}
    s = position(cols, rest=1)
    assert s.status == Status.BLOCKED and s.legal_moves() == []
    assert "status=blocked" in s.to_text().splitlines()[0]


def test_undo_takes_back_everything_and_nothing_is_refused() -> None:
    s = deal("SP1-2-AAAAAAB")
    with pytest.raises(IllegalMove) as e:
        s.play("U")
    assert e.value.reason == Reason.NOTHING_TO_UNDO
    start = s.to_text()
    rng = random.Random(4)
    for _ in range(40):
        s.push(rng.choice(s.legal_moves()))
    while s.can_undo:
        s.undo()
    assert s.to_text() == start


# -- table text -------------------------------------------------------------------------------


def test_table_text_reads_back() -> None:
    for variant in VARIANTS:
        s = deal(f"SP1-{variant}-AAAAAAD")
        rng = random.Random(variant)
        for _ in range(30):
            s.push(rng.choice(s.legal_moves()))
        again = state_from_text(s.to_text())
        assert again.to_text() == s.to_text() and again.key() == s.key()


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda t: t.replace("S: [", "S: ", 1).replace("]", "", 1), "must be face down"),
        (lambda t: t.replace("F1:\n", "F1: As 2s 3s\n"), "appears"),
        (lambda t: t.replace("1: ", "1: [As] ", 1).replace("F8:", "F8:"), "appears"),
        (lambda t: t.replace("F1:", "Fx:"), "unknown place"),
        (lambda t: t.replace("\nF8:", ""), "missing"),
        (lambda t: t.replace("moves=0", "moves=0 deals=3"), "unknown field"),
        (lambda t: t.replace("status=playing", "status=won"), "status=won"),
    ],
)
def test_a_text_that_is_no_position_is_refused_naming_why(change: object, needle: str) -> None:
    text = deal("SP1-1-AAAAAAB").to_text()
    with pytest.raises(InvalidPosition, match=needle):
        state_from_text(change(text))  # type: ignore[operator]


def test_a_position_must_be_one_the_rules_can_reach() -> None:
    with pytest.raises(InvalidPosition, match="rows of ten"):
        position({1: "Ks"}, stock="As 2s 3s", rest=1)
    with pytest.raises(InvalidPosition, match="complete run"):
        position({1: down_run("s", "K", "A")}, rest=1)
    text = spider_table({1: "Ks"}, found=["s"], rest=1)
    with pytest.raises(InvalidPosition, match="fill in order"):
        state_from_text(text.replace("F1: ", "F2: ", 1).replace("\nF2:\n", "\nF1:\n", 1))
    with pytest.raises(InvalidPosition, match="one suit's complete run"):
        state_from_text(text.replace("F1: As 2s", "F1: 2s As"))
    with pytest.raises(InvalidPosition) as e:
        state_from_text(spider_table({1: "Ks"}, header="status=won", rest=1))
    assert e.value.reason == Position.STATUS_MISMATCH


# -- the observation --------------------------------------------------------------------------


def test_the_observation_shows_what_a_player_sees() -> None:
    kings = dict(zip(range(4, 11), ["Kc", "Kc", "Kh", "Kh", "Ks", "Ks", "Kd"], strict=True))
    s = position({1: "[9c] [2h] 9s 8s 7h", 2: "9d", 3: "8h"} | kings, variant="4", stock=STOCK_ROW)
    obs = s.observe()
    assert [p.place for p in obs.places] == ["S", *(f"F{k}" for k in range(1, 9)), *(str(i) for i in range(1, 11))]
    stock = obs.place("S")
    assert (stock.kind, stock.role, stock.count, stock.face_down, stock.cards) == (STOCK, Role.STOCK, 10, 10, ())
    assert all(
        obs.place(f"F{k}").kind == FOUNDATION and obs.place(f"F{k}").role == Role.FOUNDATION for k in range(1, 9)
    )
    one = obs.place("1")
    assert (one.kind, one.role, one.count, one.face_down, one.number) == (COLUMN, Role.TABLEAU, 5, 2, 1)
    assert [CARD_NAMES[c] for c in one.cards] == ["9s", "8s", "7h"]
    assert obs.runs["1"] == 1 and obs.runs["2"] == 1
    assert obs.dests["1"] == ("3",) and obs.dests["3"] == ("2",) and "1x2" not in obs.dests
    assert obs.actions[0].name == DEAL and obs.actions[0].left == 1 and obs.taps == {"S": "D"}
    assert obs.code is None and obs.parameters == {"suits": 4}
    assert [g.name for g in obs.groups] == ["spider_stock", "foundations", "spider_columns"]
    moved = s.copy()
    moved.play("1-3")
    assert moved.observe().runs["3"] == 2 and moved.observe().runs["1"] == 2
    assert moved.observe().dests["3x2"] == ("2",)


def test_the_hint_reasons_are_the_games_own() -> None:
    s = position({1: "9s", 2: "Ts", 3: "[Kc] 5h", 4: "6h", 10: "Kd"}, variant="4", stock=STOCK_ROW)
    assert reason(s, "1-2") == "empty_column"
    assert reason(s, "3-4") == "turn_up"
    assert reason(full_table(), "D") == "stock_next"
    assert SpiderGame.explains.emptied == {COLUMN: "empty_column"}


# -- words ------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_every_place_refusal_and_deal_has_words(locale: str) -> None:
    w = Words(locale)
    s = position({1: "[Kc] 9s 8s", 3: "Qd", 10: "Kd"}, variant="4", found=["h"], stock=STOCK_ROW)
    text = w.describe(s)
    assert text and "%(" not in text
    for reason_code in (NO_DEALS_LEFT, UNFILLED_COLUMN, NOT_ONE_SUIT, FACE_DOWN):
        assert w.reason(reason_code).strip()
    for p in s.observe().places:
        assert w.place_name(p) and "%(" not in w.place_name(p)
    t = full_table()
    t.play("D")
    assert "%(" not in w.action_done(DEAL, t.observe())


def test_the_english_words() -> None:
    w = Words("en")
    s = position({1: "[Kc] [Kd] 9s 8s", 2: "9d", 10: "Ks"}, variant="4", found=["h"], stock=STOCK_ROW)
    described = {p.place: w.describe_place(p) for p in s.observe().places}
    assert described["S"] == "stock: 1 row to deal"
    assert described["F1"] == "foundation 1: hearts, King to Ace"
    assert described["F2"] == "foundation 2: empty"
    assert described["1"] == "column 1: 2 cards face down, then 9 of spades, 8 of spades"
    assert described["3"] == "column 3: empty"
    assert w.reason(UNFILLED_COLUMN) == "Every column needs a card before you deal"
    t = full_table()
    t.play("D")
    assert w.action_done(DEAL, t.observe()) == (
        "A row dealt: 6 of clubs, 6 of clubs, 5 of clubs, 5 of clubs, 4 of clubs, 4 of clubs, "
        "3 of clubs, 3 of clubs, 2 of clubs, 2 of clubs."
    )


# -- what the player knows --------------------------------------------------------------------


def test_a_repeated_card_is_known_by_its_slot_not_by_its_value() -> None:
    """The one-suit game holds eight of each spade: a face-down card is unknown even when a card
    of its value is in sight; a deal undone leaves its ten cards known in the stock."""
    s = deal("SP1-1-AAAAAAB")
    game = s.game
    k = game.knowledge(s, [])
    assert len(k.unknown) == 50 + 44 and len(k.unseen) == 94
    row = s.stock[-10:]
    k = game.knowledge(s, ["D", "U"])
    assert {i for line, i in k.unknown if line == 0} == set(range(40))  # the row dealt and taken back
    assert len(k.unknown) == 40 + 44
    for completion in k.completions(3):
        assert completion.stock[40:] == row
        assert Counter(completion.stock) + Counter(c for col in completion.cols for c in col) == Counter(game.deck())


def test_the_knowledge_follows_runs_to_the_foundations_and_back() -> None:
    s = position({1: "[Qh] [Jd] " + down_run("s", "K", "2"), 2: "[7c] As", 3: "3h", 10: "Kd"}, variant="4")
    k = s.game.knowledge(s, ["2-1", "U", "2-1"])
    # F1 (line 1) is known, and so are the Jack and the 7 turned up; the Queen is not.
    assert {(line, i) for line, i in k.unknown if line < 18} == {(9, 0)}
    after = s.copy()
    after.play_all(["2-1", "U", "2-1"])
    assert k.state.to_text().split("\n", 1)[1] == after.to_text().split("\n", 1)[1]


# -- Finish -----------------------------------------------------------------------------------


def test_finish_plays_a_winning_line_once_nothing_is_hidden() -> None:
    cols = {1: down_run("s", "K", "7") + " " + down_run("h", "5", "A"), 2: down_run("h", "K", "6")}
    cols[3] = down_run("s", "6", "A")
    s = position(cols, variant="2", found=["s", "h", "s", "h", "s", "h"])
    assert s.can_finish() and s.observe().can_finish
    steps = 0
    while s.status == Status.PLAYING:
        m = s.finish_move()
        assert m is not None
        s.apply(m)
        steps += 1
    assert s.status == Status.WON and steps == 2


def test_no_finish_while_cards_are_hidden() -> None:
    s = deal("SP1-1-AAAAAAB")
    assert not s.can_finish() and s.finish_move() is None and not s.observe().can_finish


# -- random play ------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 26**7 - 1), st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_rules(number: int, variant: str, seed: int) -> None:
    """Every legal move is accepted, its undo restores the position, the cards are conserved and
    the table text reads back, along a random game with undos."""
    game = SpiderGame(variant)
    s = game.new_state(number)
    cards = Counter(game.deck())
    rng = random.Random(seed)
    for _ in range(150):
        legal = s.legal_moves()
        text = s.to_text()
        for m in legal:
            assert s.check(m) is None, m
            t = s.copy()
            t.apply(m)
            t.undo()
            assert t.to_text() == text, m
        held = Counter(s.stock) + Counter(c for col in s.cols for c in col)
        held += Counter(suit * 13 + r for suit in s.found for r in range(13))
        assert held == cards
        assert state_from_text(text).to_text() == text
        if not legal:
            assert s.status != Status.PLAYING
            break
        if s.can_undo and rng.random() < 0.15:
            s.play("U")
        else:
            s.play(str(rng.choice(legal)))
        assert s.moves == len(s.move_stack)


# -- the command line -------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, timeout=60)


def test_the_command_line_deals_and_plays() -> None:
    p = run("deal", "SP1-2-AAAAAAB")
    assert p.returncode == 0 and p.stdout == deal("SP1-2-AAAAAAB").to_text()
    p = run("play", "SP1-2-AAAAAAB", "D", "U", "D")
    s = deal("SP1-2-AAAAAAB")
    s.play_all(["D", "U", "D"])
    assert p.returncode == 0 and p.stdout == s.to_text()
    p = run("play", "SP1-4-AAAAAAB", "5-4", "--lang", "es")
    assert p.returncode == 1 and "5-4" in p.stderr and Words("es").reason(COLUMN_RANK) in p.stderr
    p = run("play", "SP1-4-AAAAAAB", "3-F")
    assert p.returncode == 2 and "Traceback" not in p.stderr


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 26**7 - 1), st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1))
def test_the_knowledge_of_a_random_game_knows_what_is_in_sight_and_nothing_hidden(
    number: int, variant: str, seed: int
) -> None:
    """Along a random game with deals and undos: every face-up card is known, every unknown slot
    is face down, and each completion holds the variant's cards with the known ones in place."""
    game = SpiderGame(variant)
    start = game.new_state(number)
    s = start.copy()
    rng = random.Random(seed)
    tokens: list[str] = []
    for _ in range(60):
        legal = s.legal_moves()
        if not legal:
            break
        token = "U" if s.can_undo and rng.random() < 0.2 else str(rng.choice(legal))
        s.play(token)
        tokens.append(token)
    k = game.knowledge(start, tokens)
    places = s.place_lines()
    unknown = set(k.unknown)
    assert all(not places[line][1][i][1] for line, i in unknown)  # face down, each
    for completion in k.completions(2):
        done = completion.place_lines()
        assert all(
            done[line][1][i] == card
            for line, (_name, cards) in enumerate(places)
            for i, card in enumerate(cards)
            if (line, i) not in unknown
        )
        held = Counter(c for _, cards in done for c, _ in cards)
        assert held == Counter(game.deck())


WANDER = """\
8-9 1-6 1-5 8-6 5-2 D 9-7 3-6 10-9 3-9 3-6 7x2-6 3-2 2x2-7 1-7 3-1 3-1 3-8 6x8-3 D 3-4 1-5 10-3 7-5
7x4-3 2-10 1x3-7 1-7 10x2-5 2x2-9 8-1 8x3-10 7x5-9 4x2-8 4-2 6-4 4x2-1 10x4-6 10-8 2x2-4 8x4-10 7-8
1x4-3 1-3 6x5-3 9x12-1 9-4 1x12-9 5x5-1 3x10-5 9-3 4x4-9 4-5 5x12-3 5-1 5-8 9x5-5 5x6-9 4-8 4-3 2-4
4x2-2 2x3-5 2-9 5x4-4 6-5 9x7-6 6x8-8 8x4-9 9x4-8 6-9 7-6 8x12-3 10x5-8 2-10 10x2-9 9x2-3 8x4-2
5x2-8 3x2-9 2x2-8 9x2-5 8x4-3 5x2-9 2x2-8 3x2-8 9x2-5 8x4-2 5x2-9 9x2-10 3x2-8 2x2-8 8x4-5 2x2-8
10x2-9 9x2-3 8x2-2 5x4-8 8x4-10 3x2-9 2x2-8 10x2-8 9x2-5 8x4-3 5x2-9 9x2-2 3x4-8 8x4-5 2x2-9 9x2-3
5x4-8 8x4-2 3x2-9 9x2-5 10x2-8 8-3 6-8 5x2-9 2x2-8 9x2-6 8x4-5 6x2-9 2x2-8 5x2-8 9x2-6 8x4-2 6x2-9
9x2-10 5x2-8 2x2-8 8x4-6 2x2-8 10x2-9 6x2-8 9x2-5 8x4-2 5x2-9 9x2-10 2x4-8 8x4-5 6x2-8 5x2-8 8x4-6
10x2-9 9x2-2 6x4-8 8x4-10 5x2-8 2x2-9 10x2-8 9x2-6 8x4-5 6x2-9 9x2-2 5x4-8 8x4-6 2x2-9 9x2-5 6x4-8
8x4-2 5x2-9 9x2-6 10x2-8 8-5 6x2-9 3-8 2x2-8 9x2-6 8x4-3 6x2-9 2x2-8 3x2-8 9x2-6 8x4-2 6x2-9 9x2-10
3x2-8 2x2-8 8x4-6 2x2-8 10x2-9 6x2-8 9x2-3 8x4-2 6x2-8 2x2-8 8x4-6 3x2-9 9-3 6x4-8 9-6 8x4-10 6-9
3-9 2x2-8 10x2-8 9x2-6 8x4-3 6x2-9 9x2-2 3x4-8 8x4-6 2x2-9 9x2-3 6x4-8 8x4-2 3x2-9 9x2-6 10x2-8 8-10
6x2-9 5-8 2x2-8 9x2-6 8x4-5 6x2-9 2x2-8 5x2-8 9x2-6 8x4-3 6x2-9 5x2-8 3x2-8 9x2-6 8x4-5 6x2-9 9x2-2
5x4-8 8x4-6 3x2-8 2x2-9 6x2-8 9x2-5 8x4-3 6x2-8 3x2-8 8x4-6 5x2-9 9-5 6x4-8 9-6 8x4-2 6-9 5-9 9x2-6
3x2-8 8x2-5 6x2-9 9x2-3 5x2-8 2x2-8 8x4-6 3x2-9 9x2-5 6x4-8 8x4-3 5x2-9 9x2-6 2x2-8 8-5 6x2-9 3x3-8
9x2-6 8x4-2 6x2-9 9-6 5-3 3x2-8 2x2-8 9-5 8x4-3 5-9 2x2-8 3x2-8 9-5 8x4-2 6-5 3x2-8 8x2-6 5x2-9
9x2-3 2x4-8 8x4-5 6x2-8 5x2-8 8x4-6 5x2-8 8-5 3x2-9 6x3-8 9x2-3 8x4-2 6-8 2x3-8 3x2-9 9x2-6 8x4-3
6x2-9 9-6 3x4-8
"""
"""The first 300 moves the honest hints gave in deal SP1-1-MVLDKUL before ``Game.patience``: from
move 74 on, no card came into sight, the runs going round the columns (to the 1,500-move cap)."""


def test_hints_that_rearranged_long_without_a_card_seen_bring_one_into_sight() -> None:
    start = new_state("SP1-1-MVLDKUL")
    game = start.game
    tokens = WANDER.split()
    first = game.knowledge(start, tokens)
    assert first.unknown and game.patience is not None
    assert len(tokens) - first.since > game.patience
    _hints_bring_a_card_into_sight(start, tokens)


def _hints_bring_a_card_into_sight(start: State[Any], tokens: list[str]) -> None:
    """Following the honest hints from ``tokens`` brings a card into sight within the game's
    patience (each of them a move)."""
    game = start.game
    assert game.patience is not None
    before = game.knowledge(start, tokens).since
    budget = Budget(*game.hint_budget)
    played: list[str] = []
    for _ in range(game.patience):
        knowledge = game.knowledge(start, tokens + played)
        if knowledge.since != before:
            return
        advice = advise(knowledge, budget)
        assert advice.analysis.kind == "move" and advice.analysis.token is not None, advice
        played.append(advice.analysis.token)
    pytest.fail(f"{game.patience} more hints and still no card seen: {played}")


STUCK = """\
2-8 8x2-5 7-5 2-10 6-3 3x2-5 1-3 1-9 2-1 2-5 7-5 D 1-5 8-1 6-3 2-9 5x2-1 3x2-5 D 7-4 8-3 9-4
5-10 1-9 6-4 4x2-9 1x2-4 5x2-10 4x2-1 1x2-4 4x2-1 D 1-6 1x2-10 6x2-10 3-6 10x5-3 10x4-5 8-5 10-7
5x5-10 D 9-1 9-2 5-4 3-7 6-4 10-6 6x3-7 1x2-6 10x7-8 6x3-10 8x8-1 2x2-1 2-1 5-9 7x5-3 6-5 6-9
5-6 5-9 8-6 D 8-3 6-7 8-9 6-8 6-7 9-6 7x3-10 9-7 8x2-9 3x2-8 1-3 4-2 4-7 6-4 9x4-6 10x3-9 6x4-10
9x4-6 10x5-9 8x3-10 9x10-8 1x2-9 9x3-8 9-8 1-5 9-2 9-2 8-2 10x3-8 8x3-2 10x4-9 3-8 10-3 8-10
10x2-1 6x4-10 10x5-7 9x4-6 7x8-8 6x4-9 9x4-6 7-10 9-7 8x8-9 7-8 8-7 3x2-8 7-3 7-4 6x4-3 3x4-6
6x4-3 2x3-6 1x3-2 3x4-1 6x3-1 1x3-6 2x3-1 6x3-2 4x3-6 9x8-10 6x3-4 1x3-6 1x4-3 10x8-9 2x3-1
1x3-3 2-1 2-7 1-7 3x3-7 3x4-1 1x4-3 4x3-1 4-10 1x3-10 6x3-3 3x3-1 2-6 1x3-3 2-1 6-1 2-10 5-2 4-5
10x3-4 1-6
"""
"""150 moves of deal SP1-2-GSIREGQ by the honest hints: the stock dealt, cards still face down,
40 moves and more since the last one turned up, and no move that turns one up at once."""


def test_past_patience_with_nothing_to_turn_up_the_hints_follow_a_plan_to_a_card() -> None:
    start = new_state("SP1-2-GSIREGQ")
    game = start.game
    tokens = STUCK.split()
    state = start.copy()
    state.play_all(tokens)
    assert isinstance(state, SpiderState)
    first = game.knowledge(start, tokens)
    assert first.unknown and not state.stock and game.patience is not None
    assert len(tokens) - first.since >= game.patience
    assert not game.advancing(state, [str(state.resolve(m)) for m in state.legal_moves()])
    _hints_bring_a_card_into_sight(start, tokens)
