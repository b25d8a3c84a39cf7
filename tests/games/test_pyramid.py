"""Every rule of PRODUCT.md §9 for Pyramid: the deal, pairs that add up to 13 and Kings alone
(the waste's top among them), the refusals and their words, turning the stock and its three
passes, undo, won and blocked, table text, the observation, what the player knows; then
properties of random play and the command line."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paciencia.engine.cards import CARD_IDS, CARD_NAMES
from paciencia.engine.errors import IllegalMove, InvalidMove, InvalidPosition
from paciencia.engine.protocol import Role, Status
from paciencia.engine.reasons import Position, Reason
from paciencia.games import GAMES, REGISTRY, new_state, state_from_text
from paciencia.games.pyramid.rules import COVERS, PyramidGame, PyramidState
from paciencia.games.pyramid.words import (
    CARD,
    COVERED,
    COVERED_CARD,
    FOUNDATION,
    KING_ALONE,
    NO_PASSES_LEFT,
    NOT_A_KING,
    NOTHING_TO_TURN,
    SAME_CARD,
    STOCK,
    SUMS,
    TAKEN_AWAY,
    TURN,
    WASTE,
    WASTE_EMPTY,
)
from paciencia.i18n import LOCALES, Words
from tests.tables import DECK, read, refusal

CODE = "PY1-3-AAAAAAB"


def deal(code: str = CODE) -> PyramidState:
    s = new_state(code)
    assert isinstance(s, PyramidState)
    return s


def pyramid_table(
    pyr: Mapping[int, str],
    *,
    stock: str = "",
    waste: str = "",
    found: str = "",
    rest: str = "S",
    passes: int = 3,
    header: str = "",
) -> str:
    """Pyramid table text: the pyramid's cards by place (1-28), the stock (bottom to top, written
    face down), the waste and the foundation (bottom to top); every card not named goes to the
    bottom of the stock (``rest="S"``) or to the end of the foundation (``rest="F"``, where the
    cards must pair up to 13)."""
    named = [*pyr.values(), *stock.split(), *waste.split(), *found.split()]
    assert len(set(named)) == len(named), "a card named twice"
    left = [c for c in DECK if c not in named]
    stock_cards = (left if rest == "S" else []) + stock.split()
    found_cards = found.split() + (left if rest == "F" else [])
    lines = [f"# pyramid {CODE} moves=0 passes={passes} {header}".rstrip()]
    lines.append(f"S: {' '.join(f'[{c}]' for c in stock_cards)}".rstrip())
    lines.append(f"W: {waste}".rstrip())
    lines.append(f"F: {' '.join(found_cards)}".rstrip())
    lines += [f"{i}: {pyr.get(i, '')}".rstrip() for i in range(1, 29)]
    return "\n".join(lines) + "\n"


def position(pyr: Mapping[int, str], **kw: object) -> PyramidState:
    return read(pyramid_table(pyr, **kw), PyramidState)  # type: ignore[arg-type]


def lines(s: PyramidState) -> dict[str, str]:
    return {line.split(":")[0]: line.split(":", 1)[1].strip() for line in s.to_text().splitlines()[1:]}


# The top four rows full (places 1-10), the bottom rows cleared: 7-10 are uncovered. Its cards
# pair up to 13 but for the Kings, so that the other cards may all lie on the foundation.
TOP = dict(zip(range(1, 11), ["Ks", "2s", "Js", "3s", "Ts", "5h", "Qh", "Ah", "8c", "Kd"], strict=True))


# -- the deal ---------------------------------------------------------------------------------


def test_a_deal_has_a_pyramid_of_28_and_a_stock_of_24() -> None:
    s = deal()
    assert len(s.pyr) == 28 and all(c >= 0 for c in s.pyr) and len(s.stock) == 24
    assert s.waste == [] and s.gone == [] and s.passes == 3 and s.moves == 0
    assert s.to_text().splitlines()[0] == f"# pyramid {CODE} status=playing moves=0 passes=3"
    assert all(t.startswith("[") for t in lines(s)["S"].split())
    assert sorted(s.pyr + s.stock) == list(range(52))


def test_a_code_deals_the_same_cards() -> None:
    s = deal()
    assert (lines(s)["1"], lines(s)["22"], lines(s)["28"]) == ("Ac", "8s", "9d")
    assert lines(s)["S"].split()[-1] == "[3h]"  # the first card turned
    assert deal(" py1-3-aaaaaab ").to_text() == s.to_text()
    assert deal("PY1-3-AAAAAAC").to_text() != s.to_text()


def test_the_registry_finds_it_on_the_site() -> None:
    assert "pyramid" in GAMES and "pyramid" in REGISTRY
    assert GAMES["pyramid"].game is PyramidGame


def test_the_places_that_cover_each_card() -> None:
    assert COVERS[0] == (1, 2) and COVERS[1] == (3, 4) and COVERS[2] == (4, 5)
    assert COVERS[15] == (21, 22) and COVERS[20] == (26, 27) and all(COVERS[i] == () for i in range(21, 28))


# -- notation ---------------------------------------------------------------------------------


def test_notation() -> None:
    game = PyramidGame()
    for token, written in (
        ("12+w", "12+W"),
        (" W+12 ", "12+W"),
        ("28+27", "27+28"),
        ("7", "7"),
        ("w", "W"),
        ("d", "D"),
        ("3+3", "3+3"),
        ("12-W", "12+W"),  # the board's way: a card put on its partner
        ("w-27", "27+W"),
    ):
        assert str(game.parse_move(token)) == written, token
    assert game.parse_move("12+W").taken() == ("12", "W") and game.parse_move("D").taken() == ()
    assert game.parse_move("12+W").places() == ("12", 1, None)
    assert game.parse_move("D").places() == ("S", 1, "W")
    for bad in ("29", "0", "1+2+3", "12-S", "S", "F", "1+", "+3", "12+S", "U2", "12x2"):
        with pytest.raises(InvalidMove, match="A\\+B"):
            game.parse_move(bad)


# -- taking cards away ------------------------------------------------------------------------


def test_two_uncovered_cards_that_add_up_to_13_leave_together() -> None:
    s = position(TOP)
    before = s.to_text()
    assert s.check(s.game.parse_move("7+8")) is None  # Q + A
    s.play("8+7")
    assert lines(s)["7"] == "" and lines(s)["8"] == "" and lines(s)["F"] == "Qh Ah"
    assert s.moves == 1 and s.observe().figures.counts["taken_away"] == 2
    assert s.observe().place("4").kind == CARD  # 4 is uncovered now
    s.play("U")
    assert s.to_text() == before


def test_the_wastes_top_pairs_and_the_card_under_it_comes_back() -> None:
    s = position(TOP, waste="Jc 5d")
    before = s.to_text()
    played = s.step("W+9")  # 5 + 8
    assert played.token == "9+W" and lines(s)["9"] == "" and lines(s)["W"] == "Jc" and lines(s)["F"] == "8c 5d"
    assert refusal(s, "8+W") == SUMS[12]  # A + J: the Jack is the waste's top now
    assert refusal(s, "10+W") == KING_ALONE
    s.play("U")
    assert s.to_text() == before


def test_a_king_leaves_alone_from_the_pyramid_or_the_waste() -> None:
    s = position(TOP, waste="Kh")
    s.play("10")
    assert lines(s)["10"] == "" and lines(s)["F"] == "Kd"
    s.play("W")
    assert lines(s)["W"] == "" and lines(s)["F"] == "Kd Kh"
    s.play("U")
    s.play("U")
    assert lines(s)["10"] == "Kd" and lines(s)["W"] == "Kh"


def test_the_refusals() -> None:
    s = position(TOP, waste="4d")
    assert refusal(s, "1") == COVERED  # a King, covered
    assert refusal(s, "7+3") == COVERED  # 3 is covered by 5 and 6
    assert refusal(s, "9+10") == KING_ALONE
    assert refusal(s, "8") == NOT_A_KING
    assert refusal(s, "W") == NOT_A_KING
    assert refusal(s, "7+7") == SAME_CARD and refusal(s, "W+W") == SAME_CARD
    assert refusal(s, "7+9") == SUMS[20]  # Q + 8
    assert refusal(s, "8+9") == SUMS[9]  # A + 8
    assert refusal(s, "9+W") == SUMS[12]  # 8 + 4
    assert refusal(s, "11+W") == TAKEN_AWAY
    t = position(TOP)
    assert refusal(t, "W") == WASTE_EMPTY and refusal(t, "7+W") == WASTE_EMPTY
    with pytest.raises(IllegalMove) as e:
        t.play("U")
    assert e.value.reason == Reason.NOTHING_TO_UNDO


def test_a_place_with_no_card_is_named_before_a_covered_one() -> None:
    s = position(TOP, waste="Jc")
    s.play("7+8")
    assert refusal(s, "7+2") == TAKEN_AWAY


# -- the stock and its passes -----------------------------------------------------------------


def test_a_turn_puts_the_stocks_last_card_on_the_waste() -> None:
    s = deal()
    top = s.stock[-1]
    s.play("D")
    assert s.waste == [top] and len(s.stock) == 23 and s.moves == 1
    assert s.observe().place("W").cards == (top,)
    s.play("U")
    assert s.waste == [] and s.stock[-1] == top and s.moves == 0


def test_three_passes_the_waste_turned_back_over_in_the_same_order() -> None:
    s = position(TOP, stock="2c Jc 3c Tc", rest="F")
    order = []
    for _ in range(4):
        s.play("D")
        order.append(s.waste[-1])
    assert [CARD_NAMES[c] for c in order] == ["Tc", "3c", "Jc", "2c"]
    assert s.observe().taps == {"S": "D"}
    before = s.to_text()
    s.play("D")  # the recycle
    assert s.waste == [] and [CARD_NAMES[c] for c in s.stock] == ["2c", "Jc", "3c", "Tc"] and s.passes == 2
    assert s.to_text().splitlines()[0].endswith("passes=2") and s.moves == 5
    s.play("U")
    assert s.to_text() == before
    s.play("D")
    s.play_all(["D"] * 4)
    s.play("D")
    assert s.passes == 1
    s.play_all(["D"] * 4)
    assert refusal(s, "D") == NO_PASSES_LEFT
    assert not s.observe().taps and not s.observe().actions[0].enabled


def test_nothing_to_turn_when_the_stock_and_the_waste_are_empty() -> None:
    s = position(TOP, rest="F")
    assert refusal(s, "D") == NOTHING_TO_TURN


# -- won and blocked --------------------------------------------------------------------------


def test_won_when_the_pyramid_is_cleared_the_stock_need_not_be() -> None:
    s = position({1: "Kh", 2: "Qs", 3: "Ac"}, stock="5h 6h")
    before = s.status
    assert refusal(s, "1") == COVERED
    s.play("2+3")
    s.play("1")
    assert (before, s.status) == (Status.PLAYING, Status.WON) and s.legal_moves() == []
    assert s.to_text().splitlines()[0] == f"# pyramid {CODE} status=won moves=2 passes=3"
    assert refusal(s, "D") == Reason.GAME_OVER
    assert s.observe().code == s.code and s.observe().runs == {}
    s.play("U")
    assert s.observe().status == Status.PLAYING


def test_blocked_when_no_pair_no_king_no_turn_and_no_recycle_remain() -> None:
    s = position({1: "5s"}, waste="8c 8d 5h", rest="F", passes=1)
    assert s.status == Status.BLOCKED and s.legal_moves() == []
    assert "status=blocked" in s.to_text().splitlines()[0]
    t = position({1: "5s"}, waste="8c 8d 5h", rest="F", passes=2)
    assert t.status == Status.PLAYING and [str(m) for m in t.legal_moves()] == ["D"]


# -- table text -------------------------------------------------------------------------------


# (an undo taking everything back and the text reading back: tests/games/test_takeaway.py)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda t: t.replace("S: [", "S: ", 1).replace("]", "", 1), "must be face down"),
        (lambda t: t.replace("\n1: Ac", "\n1: [Ac]"), "must be face up"),
        (lambda t: t.replace("\n1: Ac", "\n1: Ac 2d").replace("\n2: 2d", "\n2:"), "one or none"),
        (lambda t: t.replace("\n21: 4h", "\n21:").replace("F:", "F: 4h"), "21 is empty but 27 and 28"),
        (lambda t: t.replace("F:", "F: Ac").replace("\n1: Ac", "\n1:"), "which cover it"),
        (lambda t: t.replace("passes=3", "passes=4"), "passes=4"),
        (lambda t: t.replace("passes=3", "passes=3 recycles=0"), "unknown field"),
        (lambda t: t.replace("W:", "W: Ac"), "appears"),
        (lambda t: t.replace("\nF:", ""), "missing"),
        (lambda t: t.replace("status=playing", "status=won"), "status=won"),
    ],
)
def test_a_text_that_is_no_position_is_refused_naming_why(change: object, needle: str) -> None:
    text = deal().to_text()
    with pytest.raises(InvalidPosition, match=needle):
        state_from_text(change(text))  # type: ignore[operator]


def test_the_cards_taken_away_must_pair_up() -> None:
    with pytest.raises(InvalidPosition, match="pair up to 13"):
        position({1: "Ks"}, found="5h 7d")
    position({1: "Ks"}, found="5h Kd 8d")  # a pair and a King
    with pytest.raises(InvalidPosition) as e:
        state_from_text(pyramid_table(TOP, header="status=blocked"))
    assert e.value.reason == Position.STATUS_MISMATCH


# -- the observation --------------------------------------------------------------------------


def test_the_observation_shows_what_a_player_sees() -> None:
    s = position(TOP, stock="2c 3c", waste="Jc 5d", found="Kc")
    obs = s.observe()
    assert [p.place for p in obs.places] == [*(str(i) for i in range(1, 29)), "S", "W", "F"]
    stock = obs.place("S")
    assert (stock.kind, stock.role, stock.face_down, stock.cards) == (STOCK, Role.STOCK, stock.count, ())
    waste = obs.place("W")
    assert (waste.kind, waste.role, waste.count, waste.cards) == (WASTE, Role.WASTE, 2, (CARD_IDS["5d"],))
    found = obs.place("F")
    assert (found.kind, found.role, found.count, found.cards) == (FOUNDATION, Role.FOUNDATION, 1, (CARD_IDS["Kc"],))
    assert [obs.place(str(i)).kind for i in (1, 6, 7, 10, 11)] == [COVERED_CARD, COVERED_CARD, CARD, CARD, CARD]
    assert obs.place("11").count == 0 and obs.place("7").cards == (CARD_IDS["Qh"],) and obs.place("7").number == 7
    assert obs.runs == {"7": 1, "8": 1, "9": 1, "10": 1, "W": 1}
    assert obs.dests == {}  # removals have no destination
    assert obs.actions[0].name == TURN and obs.taps == {"S": "D"}
    assert obs.code is None and obs.figures.counts == {"passes_left": 3, "taken_away": 1}
    assert [g.name for g in obs.groups] == ["pyramid", "pyramid_heaps"]
    assert [len(r) for r in obs.reading] == [1, 2, 3, 4, 5, 6, 7, 3]


# -- words ------------------------------------------------------------------------------------


REASONS = (TAKEN_AWAY, WASTE_EMPTY, COVERED, KING_ALONE, NOT_A_KING, SAME_CARD, NO_PASSES_LEFT, NOTHING_TO_TURN)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_place_refusal_and_turn_has_words(locale: str) -> None:
    w = Words(locale)
    s = position(TOP, stock="2c 3c", waste="Jc 5d", found="Kc")
    text = w.describe(s)
    assert text and "%(" not in text
    for reason_code in (*REASONS, *SUMS.values()):
        assert w.reason(reason_code).strip()
    for p in s.observe().places:
        assert w.place_name(p) and "%(" not in w.place_name(p)
    s.play("D")
    assert "%(" not in w.action_done(TURN, s.observe())
    t = position(TOP, rest="F", waste="2c Jc")
    t.play("D")
    assert "%(" not in w.action_done(TURN, t.observe())


def test_the_english_words() -> None:
    w = Words("en")
    s = position(TOP, stock="2c 3c", waste="Jc 5d", found="Kc")
    described = {p.place: w.describe_place(p) for p in s.observe().places}
    assert described["1"] == "card 1: king of spades, covered"
    assert described["7"] == "card 7: queen of hearts"
    assert described["11"] == "card 11: taken away"
    assert described["W"] == "waste: 2 cards, 5 of diamonds on top"
    assert described["F"] == "foundation: 1 card, king of clubs on top"
    assert w.describe(s).startswith("card 1: king of spades, covered. card 2: 2 of spades, covered; ")
    assert w.reason(SUMS[12]) == "These two add up to 12, not 13"
    assert w.reason(COVERED) == "This card is covered: the cards on it must go first"
    s.play("D")
    assert w.action_done(TURN, s.observe()) == "Turned up: 3 of clubs."
    t = position(TOP, rest="F", waste="2c Jc")
    t.play("D")
    assert w.action_done(TURN, t.observe()) == "The waste is turned back into the stock: 2 passes left."


def test_the_refusals_read_as_a_player_would_have_them() -> None:
    assert Words("es").reason(SUMS[12]) == "Estas dos suman 12, no 13"
    assert Words("pt-BR").reason(SUMS[14]) == "Essas duas somam 14, não 13"
    assert (
        Words("it").reason(NOT_A_KING) == "Solo un Re si toglie da solo: abbina questa carta a un’altra che faccia 13"
    )
    assert Words("pt-PT").describe_place(position(TOP).observe().place("1")) == "carta 1: rei de espadas, tapada"


# -- what the player knows --------------------------------------------------------------------


def test_the_stocks_order_is_unknown_until_its_cards_are_turned() -> None:
    s = deal()
    game = s.game
    k = game.knowledge(s, [])
    assert {line for line, _ in k.unknown} == {0} and len(k.unknown) == 24  # the stock alone
    k = game.knowledge(s, ["D", "D", "U"])
    assert len(k.unknown) == 22  # two cards seen, one of them turned back: still known, in the stock
    assert (0, 22) not in k.unknown and (0, 21) in k.unknown and (1, 0) not in k.unknown
    for completion in k.completions(3):
        assert completion.stock[22] == s.stock[22] and completion.waste == [s.stock[23]] and completion.pyr == s.pyr
        assert sorted(completion.pyr + completion.stock + completion.waste) == list(range(52))


def test_after_a_whole_pass_every_card_is_known() -> None:
    s = deal()
    k = s.game.knowledge(s, ["D"] * 25)  # 24 turns, then the recycle
    assert k.unknown == () and len(k.completions(2)) == 1


# -- random play ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 26**7 - 1), st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_rules(number: int, seed: int) -> None:
    """Every legal move is accepted, its undo restores the position, the cards are conserved and
    the table text reads back, along a random game with undos; the knowledge knows every card
    in sight and leaves only stock cards unknown."""
    game = PyramidGame()
    start = game.new_state(number)
    s = start.copy()
    rng = random.Random(seed)
    tokens: list[str] = []
    for _ in range(120):
        legal = s.legal_moves()
        text = s.to_text()
        for m in legal:
            assert s.check(m) is None, m
            t = s.copy()
            t.apply(m)
            t.undo()
            assert t.to_text() == text, m
        held = Counter([c for c in s.pyr if c >= 0] + s.stock + s.waste + s.gone)
        assert held == Counter(range(52))
        assert state_from_text(text).to_text() == text
        if not legal:
            assert s.status != Status.PLAYING
            break
        token = "U" if s.can_undo and rng.random() < 0.15 else str(rng.choice(legal))
        s.play(token)
        tokens.append(token)
        assert s.moves == len(s.move_stack)
    k = game.knowledge(start, tokens)
    assert {line for line, _ in k.unknown} <= {0}
    assert not set(s.shown()) & set(k.unseen)


# -- the command line -------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, timeout=60)


def test_the_command_line_deals_and_plays() -> None:
    p = run("deal", CODE)
    assert p.returncode == 0 and p.stdout == deal().to_text()
    p = run("play", CODE, "24+27", "D", "U", "D")
    s = deal()
    s.play_all(["24+27", "D", "U", "D"])
    assert p.returncode == 0 and p.stdout == s.to_text()
    p = run("play", CODE, "D", "22+23", "--lang", "es")
    assert p.returncode == 1 and p.stderr.strip().endswith("(22+23) rechazada: Estas dos suman 18, no 13")
    p = run("play", CODE, "1", "--lang", "it")
    assert p.returncode == 1 and Words("it").reason(COVERED) in p.stderr
    p = run("play", CODE, "22x23")
    assert p.returncode == 2 and "Traceback" not in p.stderr and "A+B" in p.stderr
    p = run("deal", CODE, "--describe", "--lang", "pt-BR")
    assert p.returncode == 0 and p.stdout.startswith("carta 1: ás de paus, coberta. ")
