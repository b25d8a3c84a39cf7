"""Every rule of PRODUCT.md §10 for TriPeaks: the deal, the peaks and what covers what, a card
onto the waste one rank above or below its top (King and Ace neighbours), cards turning up once
uncovered, the stock gone through once, the refusals and their words, undo, won and blocked,
table text, the observation, what the player knows; then properties of random play and the
command line."""

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
from paciencia.games.tripeaks.rules import COVERED_BY, COVERS, TriPeaksGame, TriPeaksState, next_to
from paciencia.games.tripeaks.words import (
    CARD,
    NOT_NEXT,
    ON_THE_WASTE,
    STILL_FACE_DOWN,
    STOCK,
    STOCK_USED_UP,
    TURN,
    WASTE,
)
from paciencia.i18n import LOCALES, Words
from tests.tables import DECK, read, refusal

CODE = "TP1-1-AAAAAAB"


def deal(code: str = CODE) -> TriPeaksState:
    s = new_state(code)
    assert isinstance(s, TriPeaksState)
    return s


def tripeaks_table(peaks: Mapping[int, str], *, stock: str = "", waste: str = "", header: str = "") -> str:
    """TriPeaks table text: the peaks' cards by place (1-28, every other place empty), each face
    down exactly while a card lies on it, the stock (bottom to top, written face down) and the
    waste (bottom to top); every card not named lies at the bottom of the waste."""
    named = [*peaks.values(), *stock.split(), *waste.split()]
    assert len(set(named)) == len(named), "a card named twice"
    left = [c for c in DECK if c not in named]
    present = {p - 1 for p in peaks}

    def written(place: int, card: str) -> str:
        return f"[{card}]" if any(c in present for c in COVERS[place - 1]) else card

    lines = [f"# tripeaks {CODE} moves=0 {header}".rstrip()]
    lines.append(f"S: {' '.join(f'[{c}]' for c in stock.split())}".rstrip())
    lines.append(f"W: {' '.join([*left, *waste.split()])}".rstrip())
    lines += [f"{i}: {written(i, peaks[i]) if i in peaks else ''}".rstrip() for i in range(1, 29)]
    return "\n".join(lines) + "\n"


def position(peaks: Mapping[int, str], **kw: str) -> TriPeaksState:
    return read(tripeaks_table(peaks, **kw), TriPeaksState)


def lines(s: TriPeaksState) -> dict[str, str]:
    return {line.split(":")[0]: line.split(":", 1)[1].strip() for line in s.to_text().splitlines()[1:]}


# A corner of the first peak: 19 face up on 10, 10 on 4, 4 on 1 (each face down under it).
CORNER = {1: "Qd", 4: "Ts", 10: "9d", 19: "3d"}


# -- the deal ---------------------------------------------------------------------------------


def test_a_deal_has_three_peaks_of_28_one_card_on_the_waste_and_23_in_the_stock() -> None:
    s = deal()
    assert len(s.peaks) == 28 and all(c >= 0 for c in s.peaks)
    assert len(s.stock) == 23 and len(s.waste) == 1 and s.moves == 0
    assert s.to_text().splitlines()[0] == f"# tripeaks {CODE} status=playing moves=0"
    ups = [not t.startswith("[") for i in range(1, 29) for t in lines(s)[str(i)].split()]
    assert ups == [False] * 18 + [True] * 10  # only the bottom row of ten face up
    assert all(t.startswith("[") for t in lines(s)["S"].split())
    assert sorted(s.peaks + s.stock + s.waste) == list(range(52))


def test_a_code_deals_the_same_cards() -> None:
    s = deal()
    assert (lines(s)["W"], lines(s)["1"], lines(s)["19"], lines(s)["S"].split()[-1]) == ("2s", "[Qd]", "3d", "[Jd]")
    assert deal(" tp1-1-aaaaaab ").to_text() == s.to_text()
    assert deal("TP1-1-AAAAAAC").to_text() != s.to_text()


def test_the_registry_finds_it_on_the_site() -> None:
    assert "tripeaks" in GAMES and "tripeaks" in REGISTRY
    assert GAMES["tripeaks"].game is TriPeaksGame


def test_the_three_peaks_and_what_covers_what() -> None:
    """Rows of 3, 6, 9 and 10: each peak's top on its two second-row cards, those on the third
    row's, and the third row on the shared bottom row, each card on the two below it."""
    assert COVERS[:3] == [(3, 4), (5, 6), (7, 8)]
    assert COVERS[3:9] == [(9, 10), (10, 11), (12, 13), (13, 14), (15, 16), (16, 17)]
    assert COVERS[9:18] == [(18 + k, 19 + k) for k in range(9)]
    assert all(COVERS[i] == () for i in range(18, 28))
    assert [len(COVERED_BY[i]) for i in range(18, 28)] == [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]
    assert COVERED_BY[11] == (4,) and COVERED_BY[12] == (5,)  # where two peaks meet, a card covers one
    assert COVERED_BY[0] == () and COVERED_BY[4] == (0,)


def test_neighbours_by_rank_with_king_and_ace() -> None:
    assert next_to(CARD_IDS["7h"], CARD_IDS["8s"]) and next_to(CARD_IDS["7h"], CARD_IDS["6h"])
    assert next_to(CARD_IDS["Kc"], CARD_IDS["Ad"]) and next_to(CARD_IDS["Ad"], CARD_IDS["Kc"])
    assert not next_to(CARD_IDS["7h"], CARD_IDS["7s"]) and not next_to(CARD_IDS["Qc"], CARD_IDS["Ad"])


# -- notation ---------------------------------------------------------------------------------


def test_notation() -> None:
    game = TriPeaksGame()
    assert str(game.parse_move(" 23 ")) == "23" and str(game.parse_move("d")) == "D"
    assert game.parse_move("23").places() == ("23", 1, "W") and game.parse_move("D").places() == ("S", 1, "W")
    for bad in ("0", "29", "W", "S", "1-2", "1+2", "x", "023"):
        with pytest.raises(InvalidMove, match="peak place 1-28"):
            game.parse_move(bad)


# -- playing onto the waste -------------------------------------------------------------------


def test_a_card_one_rank_from_the_wastes_top_goes_there_and_uncovers_the_card_under_it() -> None:
    s = position(CORNER, waste="4c")
    before = s.to_text()
    assert lines(s)["10"] == "[9d]" and refusal(s, "10") == STILL_FACE_DOWN
    s.play("19")
    assert lines(s)["19"] == "" and lines(s)["W"].split()[-1] == "3d"
    assert lines(s)["10"] == "9d" and lines(s)["4"] == "[Ts]"  # 10 turned up; 4 still lies under it
    assert refusal(s, "10") == NOT_NEXT[2]  # the waste shows a 3
    s.play("U")
    assert s.to_text() == before


def test_king_and_ace_are_neighbours() -> None:
    for card, top in (("Ac", "Kh"), ("Kc", "Ah"), ("2c", "Ah"), ("Qc", "Kh")):
        s = position({**CORNER, 19: card}, waste=top)
        assert [str(m) for m in s.legal_moves()] == ["19"], (card, top)
    assert refusal(position({**CORNER, 19: "Qc"}, waste="Ah"), "19") == NOT_NEXT[0]
    assert refusal(position({**CORNER, 19: "3c"}, waste="Kh"), "19") == NOT_NEXT[12]


def test_the_refusals() -> None:
    s = position(CORNER, waste="4c", stock="8h")
    assert refusal(s, "2") == ON_THE_WASTE
    assert refusal(s, "1") == STILL_FACE_DOWN
    s.play("D")
    assert refusal(s, "19") == NOT_NEXT[7]  # the waste shows an 8
    assert refusal(s, "D") == STOCK_USED_UP
    with pytest.raises(IllegalMove) as e:
        position(CORNER, waste="4c").play("U")
    assert e.value.reason == Reason.NOTHING_TO_UNDO


def test_the_stock_is_turned_once_through() -> None:
    s = deal()
    stock = list(s.stock)
    for k in range(23):
        s.play("D")
        assert s.waste[-1] == stock[-1 - k]
    assert s.stock == [] and s.moves == 23 and refusal(s, "D") == STOCK_USED_UP
    assert not s.observe().taps
    s.play("U")
    assert s.stock == stock[:1] and s.observe().taps == {"S": "D"}


# -- won and blocked --------------------------------------------------------------------------


def test_won_when_every_peak_card_is_on_the_waste_the_stock_need_not_be() -> None:
    s = position({1: "6c", 4: "5c", 10: "4c", 19: "3c"}, waste="2c", stock="Ah Kh")
    before = s.status
    s.play_all(["19", "10", "4", "1"])
    assert (before, s.status) == (Status.PLAYING, Status.WON) and s.legal_moves() == []
    assert s.to_text().splitlines()[0] == f"# tripeaks {CODE} status=won moves=4"
    assert refusal(s, "D") == Reason.GAME_OVER
    assert s.observe().code == s.code and s.observe().runs == {}


def test_blocked_when_no_card_fits_and_the_stock_is_empty() -> None:
    s = position(CORNER, waste="Jc")
    assert s.status == Status.BLOCKED and s.legal_moves() == []
    assert "status=blocked" in s.to_text().splitlines()[0]
    t = position(CORNER, waste="Jc", stock="4h")
    assert t.status == Status.PLAYING and [str(m) for m in t.legal_moves()] == ["D"]


# -- table text -------------------------------------------------------------------------------


# (an undo taking everything back and the text reading back: tests/games/test_takeaway.py)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda t: t.replace("S: [", "S: ", 1).replace("]", "", 1), "must be face down"),
        (lambda t: t.replace("\nW: 2s", "\nW: [2s]"), "must be face up"),
        (lambda t: t.replace("\nW: 2s", "\nW: 8s 2s").replace("\n10: [8s]", "\n10:"), "10 is empty but 19 and 20"),
        (lambda t: t.replace("\n1: [Qd]", "\n1: Qd"), "must be face down, as \\[Qd\\], while 4 and 5"),
        (lambda t: t.replace("\n19: 3d", "\n19: [3d]"), "must be face up, as 3d: nothing covers it"),
        (lambda t: t.replace("\n1: [Qd]", "\n1: [Qd] [4s]").replace("\n2: [4s]", "\n2:"), "one or none"),
        (lambda t: t.replace("moves=0", "moves=0 passes=1"), "unknown field"),
        (lambda t: t.replace("\nW: 2s", "\nW: 2s 3d"), "appears"),
        (lambda t: t.replace("\nW: 2s", ""), "missing"),
        (lambda t: t.replace("status=playing", "status=blocked"), "status=blocked"),
    ],
)
def test_a_text_that_is_no_position_is_refused_naming_why(change: object, needle: str) -> None:
    text = deal().to_text()
    with pytest.raises(InvalidPosition, match=needle):
        state_from_text(change(text))  # type: ignore[operator]


def test_a_position_must_be_one_the_rules_can_reach() -> None:
    text = tripeaks_table({}, stock=" ".join(DECK[:24]), waste="Kd")
    with pytest.raises(InvalidPosition, match="leaves 23 there at most"):
        state_from_text(text)
    with pytest.raises(InvalidPosition) as e:
        state_from_text(tripeaks_table(CORNER, waste="4c", header="status=won"))
    assert e.value.reason == Position.STATUS_MISMATCH


# -- the observation --------------------------------------------------------------------------


def test_the_observation_shows_what_a_player_sees() -> None:
    s = position(CORNER, waste="4c", stock="8h Ks")
    obs = s.observe()
    assert [p.place for p in obs.places] == [*(str(i) for i in range(1, 29)), "S", "W"]
    stock = obs.place("S")
    assert (stock.kind, stock.role, stock.count, stock.face_down, stock.cards) == (STOCK, Role.STOCK, 2, 2, ())
    waste = obs.place("W")
    assert (waste.kind, waste.role, waste.cards) == (WASTE, Role.WASTE, (CARD_IDS["4c"],))
    ten = obs.place("10")
    assert (ten.kind, ten.count, ten.face_down, ten.cards, ten.number) == (CARD, 1, 1, (), 10)
    assert obs.place("19").cards == (CARD_IDS["3d"],) and obs.place("2").count == 0
    assert obs.runs == {"19": 1} and obs.dests == {"19": ("W",)}
    assert obs.actions[0].name == TURN and obs.actions[0].left == 2 and obs.taps == {"S": "D"}
    assert obs.code is None and obs.figures.counts == {"stock_left": 2, "peaks_left": 4}
    assert [g.name for g in obs.groups] == ["tripeaks_peaks", "tripeaks_heaps"]
    assert [len(r) for r in obs.reading] == [3, 6, 9, 10, 2]


def test_nothing_in_the_observation_names_a_face_down_card() -> None:
    s = deal()
    hidden = {c for i, c in enumerate(s.peaks) if s.covered(i)} | set(s.stock)
    obs = s.observe()
    assert not hidden & {c for p in obs.places for c in p.cards}
    described = Words("en").describe(s)
    assert not [CARD_NAMES[c] for c in hidden if Words("en").card_name(c) in described]
    assert not hidden & set(s.shown())


# -- words ------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_every_place_refusal_and_turn_has_words(locale: str) -> None:
    w = Words(locale)
    s = position(CORNER, waste="4c", stock="8h")
    text = w.describe(s)
    assert text and "%(" not in text
    for reason_code in (ON_THE_WASTE, STILL_FACE_DOWN, STOCK_USED_UP, *NOT_NEXT):
        assert w.reason(reason_code).strip()
    obs = s.observe()
    for p in obs.places:
        assert w.place_name(p) and "%(" not in w.place_name(p)
    assert "%(" not in w.arrival(obs.place("W"), CARD_IDS["3d"], 1)
    s.play("D")
    assert "%(" not in w.action_done(TURN, s.observe())


def test_the_english_words() -> None:
    w = Words("en")
    s = position(CORNER, waste="4c", stock="8h")
    described = {p.place: w.describe_place(p) for p in s.observe().places}
    assert described["1"] == "card 1: face down"
    assert described["19"] == "card 19: 3 of diamonds"
    assert described["2"] == "card 2: played"
    assert described["S"] == "stock: 1 card"
    assert w.describe(s).endswith("card 28: played. stock: 1 card; waste: 47 cards, 4 of clubs on top.")
    assert w.reason(NOT_NEXT[6]) == "The waste shows a 7: only a 6 or an 8 goes on it"
    assert w.arrival(s.observe().place("W"), CARD_IDS["3d"], 1) == "3 of diamonds onto the waste."
    s.play("D")
    assert w.action_done(TURN, s.observe()) == "Turned up: 8 of hearts."


def test_the_refusals_read_as_a_player_would_have_them() -> None:
    assert Words("es").reason(NOT_NEXT[11]) == "En el descarte hay una reina: solo vale una jota o un rey"
    assert Words("it").reason(NOT_NEXT[0]) == "Sugli scarti c’è un Asso: ci va solo un Re o un 2"
    assert Words("pt-PT").reason(NOT_NEXT[10]) == "O descarte mostra um valete: só lá pode ir um 10 ou uma dama"
    assert Words("pt-BR").describe_place(deal().observe().place("1")) == "carta 1: virada para baixo"


# -- what the player knows --------------------------------------------------------------------


def test_the_face_down_cards_and_the_stocks_order_are_unknown() -> None:
    s = deal()
    game = s.game
    k = game.knowledge(s, [])
    assert len(k.unknown) == 23 + 18 and {line for line, _ in k.unknown} == {0, *range(2, 20)}
    s2 = position(CORNER, waste="4c", stock="8h Ks")
    k = game.knowledge(s2, ["19", "U"])  # the 9 of diamonds turned up and back down: it stays known
    assert (11, 0) not in k.unknown and (5, 0) in k.unknown and (2, 0) in k.unknown
    for completion in k.completions(3):
        assert completion.peaks[9] == CARD_IDS["9d"] and completion.peaks[18] == CARD_IDS["3d"]
        assert {completion.peaks[0], completion.peaks[3]} <= set(k.unseen)
        held = [c for c in completion.peaks if c >= 0] + completion.stock + completion.waste
        assert sorted(held) == list(range(52))


# -- random play ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 26**7 - 1), st.integers(0, 2**32 - 1))
def test_random_play_keeps_the_rules(number: int, seed: int) -> None:
    """Every legal move is accepted, its undo restores the position, the cards are conserved and
    the table text reads back, along a random game with undos; the knowledge knows every card in
    sight and leaves only face-down ones unknown, and each completion keeps the known ones."""
    game = TriPeaksGame()
    start = game.new_state(number)
    s = start.copy()
    rng = random.Random(seed)
    tokens: list[str] = []
    for _ in range(80):
        legal = s.legal_moves()
        text = s.to_text()
        for m in legal:
            assert s.check(m) is None, m
            t = s.copy()
            t.apply(m)
            t.undo()
            assert t.to_text() == text, m
        held = Counter([c for c in s.peaks if c >= 0] + s.stock + s.waste)
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
    places = s.place_lines()
    assert all(not places[line][1][i][1] for line, i in k.unknown)  # face down, each
    for completion in k.completions(2):
        done = completion.place_lines()
        known = [(line, i) for line, (_n, cards) in enumerate(places) for i in range(len(cards))]
        assert all(done[line][1][i] == places[line][1][i] for line, i in known if (line, i) not in set(k.unknown))


# -- the command line -------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, timeout=60)


def test_the_command_line_deals_and_plays() -> None:
    p = run("deal", CODE)
    assert p.returncode == 0 and p.stdout == deal().to_text()
    p = run("play", CODE, "19", "D", "U")
    s = deal()
    s.play_all(["19", "D", "U"])
    assert p.returncode == 0 and p.stdout == s.to_text()
    p = run("play", CODE, "20", "--lang", "es")  # a 9 on a 2
    assert p.returncode == 1 and p.stderr.strip().endswith("(20) rechazada: " + Words("es").reason(NOT_NEXT[1]))
    p = run("play", CODE, "1", "--lang", "pt-PT")
    assert p.returncode == 1 and Words("pt-PT").reason(STILL_FACE_DOWN) in p.stderr
    p = run("play", CODE, "19-S")
    assert p.returncode == 2 and "Traceback" not in p.stderr and "peak place" in p.stderr
    p = run("deal", CODE, "--describe", "--lang", "it")
    assert p.returncode == 0 and p.stdout.startswith("carta 1: coperta; carta 2: coperta; carta 3: coperta. ")
