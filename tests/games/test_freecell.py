"""Every rule of PRODUCT.md §7 for FreeCell: Microsoft's deals (against Freecell Solver's
``make-microsoft-freecell-board``), moves and their refusals, runs and how many cards may go
together, table text, the observation, Finish; then properties of random play."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.errors import InvalidMove, InvalidPosition
from paciencia.engine.protocol import Status
from paciencia.engine.reasons import Position, Reason
from paciencia.games import new_state, state_from_text
from paciencia.games.freecell.deal import microsoft_deal, python_deal
from paciencia.games.freecell.rules import FreeCellState
from paciencia.games.freecell.words import CELL_FULL, FROM_FOUNDATION, RUN_CAPACITY
from paciencia.games.pile_words import COLUMN_RANK, NOT_A_RUN, ONE_CARD_ONLY, RUN_TOO_LONG, WRONG_COLOUR
from paciencia.i18n import LOCALES, Words
from tests.tables import DECK, RANKS, read, refusal, up

FOUNDATIONS = ["Fs", "Fh", "Fd", "Fc"]


def deal(code: str) -> FreeCellState:
    s = new_state(code)
    assert isinstance(s, FreeCellState)
    return s


def freecell_table(places: Mapping[str, list[str] | str], cells: int = 4, header: str = "", code: str = "") -> str:
    """FreeCell table text from places by name; a foundation may be given by its top's rank
    letter; places not given are empty."""
    names = [*"abcd"[:cells], *FOUNDATIONS, *(str(i) for i in range(1, 9))]
    lines = [f"# freecell {code or f'FC1-{cells}-AAAAAAB'} {header}".rstrip()]
    for name in names:
        given = places.get(name, [])
        cards = up(name[1], RANKS[: RANKS.index(given) + 1]) if isinstance(given, str) else given
        lines.append(f"{name}: {' '.join(cards)}".rstrip())
    return "\n".join(lines) + "\n"


def position(places: Mapping[str, list[str] | str], cells: int = 4, header: str = "") -> FreeCellState:
    return read(freecell_table(places, cells, header), FreeCellState)


def rest(*used: list[str]) -> list[str]:
    """The deck's cards not in ``used``."""
    taken = {c for cards in used for c in cards}
    return [c for c in DECK if c not in taken]


def places_of(s: FreeCellState) -> dict[str, str]:
    return {line.split(":")[0]: line.split(":", 1)[1].strip() for line in s.to_text().splitlines()[1:]}


# -- Microsoft's deals ------------------------------------------------------------------------


def fc_solve_board(number: int) -> list[list[str]]:
    """Freecell Solver's board of Microsoft deal ``number``: a line per cascade, from the top of
    the screen (the bottom card) to the playable card, with ``T`` for tens."""
    out = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True, check=True
    ).stdout
    return [[c[0] + c[1].lower() for c in line.split()] for line in out.splitlines()]


def test_game_one_is_microsofts_game_one() -> None:
    s = deal("FC1-4-AAAAAAB")
    assert places_of(s)["1"] == "Jd Kd 2s 4c 3s 6d 6s"  # J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠, the 6♠ playable
    assert [len(c) for c in s.cascades] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert s.to_text().splitlines()[0] == "# freecell FC1-4-AAAAAAB status=playing moves=0"


SAMPLE = [*range(1, 101), 617, 1941, 11982, 32000, 1_000_000, 123_456_789, 2**31 - 1]
# FreeCell Pro's extension past Microsoft's 2³¹ − 1, which make-microsoft-freecell-board shares.
BEYOND = [2**31, 3_000_000_000, 2**32 - 1, 2**32, 5_000_000_000, 26**7 - 1]


@pytest.mark.parametrize("number", SAMPLE + BEYOND)
def test_deals_match_make_microsoft_freecell_board(number: int) -> None:
    assert [[CARD_NAMES[c] for c in col] for col in microsoft_deal(number)] == fc_solve_board(number)


def test_the_python_shuffle_deals_as_the_c_one() -> None:
    """The offline engine (Pyodide: no C extension) deals with ``python_deal``; the site with C."""
    rng = random.Random(29)
    numbers = SAMPLE + BEYOND + [rng.randrange(1, 26**7) for _ in range(2_000)]
    assert all(python_deal(n) == microsoft_deal(n) for n in numbers)


def test_both_shuffles_refuse_a_number_outside_the_deals() -> None:
    """The C shuffle once read its number unchecked (-1 dealt as 2**64 - 1, unlike Python's)."""
    from paciencia.games.freecell import _search

    assert python_deal(2**64 - 1) == microsoft_deal(2**64 - 1)
    for number in (-1, 2**64, -(2**70)):
        with pytest.raises(ValueError, match=f"no Microsoft FreeCell deal {number}"):
            microsoft_deal(number)
        with pytest.raises(OverflowError):
            _search.deal(number)


def test_the_c_search_refuses_a_position_with_a_card_twice() -> None:
    """One deck keeps each cascade under the search's per-height tables (64 cards): a card twice,
    or one its foundation already holds, once went in and wrote past them."""
    from paciencia.games.freecell import _search

    empty: list[list[int]] = [[] for _ in range(7)]
    for cols, cells, found in (
        ([[12] * 64] + [[0]] * 7, [24, -1, -1, -1], [0] * 4),  # the king of spades 64 times
        ([[5, 5], *empty], [-1] * 4, [0] * 4),  # a card twice in a cascade
        ([[5], *empty], [5, -1, -1, -1], [0] * 4),  # in a cascade and a cell
        ([[3], *empty], [-1] * 4, [4, 0, 0, 0]),  # in a cascade and on its foundation
    ):
        with pytest.raises(ValueError, match="not a FreeCell position"):
            _search.race(cols, cells, found, 1000, 10.0, 0)
    # A step may be any sequence of five ints (a list raised SystemError).
    with pytest.raises(AssertionError, match="step 1"):
        _search.line([[12], *empty], [-1] * 4, [0] * 4, [[0, 0, 0, 0, 0]])  # type: ignore[list-item]


def test_random_deal_numbers_match_too() -> None:
    rng = random.Random(23)
    for number in (rng.randrange(1, 26**7) for _ in range(40)):
        assert [[CARD_NAMES[c] for c in col] for col in microsoft_deal(number)] == fc_solve_board(number), number


def test_the_variants_deal_the_same_cards_with_fewer_cells() -> None:
    four = deal("FC1-4-AAAAAMV")
    for cells in (3, 2, 1):
        other = deal(f"FC1-{cells}-AAAAAMV")
        assert other.cascades == four.cascades
        assert other.cells == [-1] * cells
        assert [line.split(":")[0] for line in other.to_text().splitlines()[1 : cells + 1]] == list("abcd"[:cells])
    assert "freecell" in str(new_state(" fc1-1-aaaaaab ").to_text())


# -- moves ------------------------------------------------------------------------------------


def test_a_card_goes_to_a_free_cell_and_back() -> None:
    s = deal("FC1-4-AAAAAAB")
    s.play("5-a")
    assert places_of(s)["a"] == "6c" and places_of(s)["5"] == "5d Ad Js 4h 8h"
    assert refusal(s, "4-a") == CELL_FULL
    s.play("a-b")
    assert places_of(s)["a"] == "" and places_of(s)["b"] == "6c"
    assert refusal(s, "b-5") == COLUMN_RANK  # 6♣ does not go back onto 8♥
    s.play_all(["U", "U"])
    assert s.to_text() == deal("FC1-4-AAAAAAB").to_text()


def test_the_foundations_build_by_suit_from_the_ace() -> None:
    s = position({"Fh": "2", "a": ["3h"], "1": ["Kc", "4h"], "2": ["As"], "3": rest(up("h", "A234"), ["As", "Kc"])})
    assert refusal(s, "1-F") == Reason.FOUNDATION_ORDER
    assert refusal(s, "a-Fs") == Reason.WRONG_SUIT
    s.play("a-F")
    assert places_of(s)["Fh"] == "Ah 2h 3h" and places_of(s)["a"] == ""
    s.play("1-Fh")
    s.play("2-F")
    assert s.found == [1, 4, 0, 0]
    assert [str(m) for m in s.move_stack] == ["a-Fh", "1-Fh", "2-Fs"]
    assert refusal(s, "Fh-1") == FROM_FOUNDATION
    assert refusal(s, "Fs-a") == FROM_FOUNDATION


def test_cascades_build_down_in_alternating_colours_and_an_empty_one_takes_any_card() -> None:
    s = position({"1": ["9s"], "2": ["8s"], "3": ["7d"], "4": ["Qh"], "5": rest(["9s", "8s", "7d", "Qh"])})
    assert refusal(s, "2-1") == WRONG_COLOUR
    assert refusal(s, "3-1") == COLUMN_RANK
    s.play("3-2")
    s.play("4-6")  # an empty cascade takes a queen as well as a king
    assert places_of(s)["6"] == "Qh" and places_of(s)["2"] == "8s 7d"


def test_how_many_cards_may_go_together() -> None:
    # A run of 13 on cascade 1 (K♠ down to A♣), the other cards on cascade 2; cascades 3–8 empty.
    run = ["Ks", "Qh", "Js", "Th", "9s", "8h", "7s", "6h", "5s", "4h", "3s", "2h", "Ac"]
    cards = rest(run)
    base = {"1": run, "2": cards}
    s = position(base)
    # 4 free cells and 5 empty cascades besides the destination: (4 + 1) × 2⁵ allows all 12 below the K.
    assert s.capacity(2) == 5 * 2**5
    s.play("1x12-3")
    assert places_of(s)["3"] == " ".join(run[1:])
    # With cells taken and cascades filled, the formula (free cells + 1) × 2^(empty cascades) decides.
    fillers = cards[:6]
    places: dict[str, list[str] | str] = {"1": run[:7], "3": run[7:11], "2": cards[6:] + run[11:], "a": [fillers[5]]}
    places.update({str(k + 4): [c] for k, c in enumerate(fillers[:5])})
    s = position(places)  # 3 free cells, no empty cascade: (3 + 1) × 2⁰ = 4
    assert s.capacity(0) == 4
    s.play("2-b")  # 2 free cells: 3
    assert refusal(s, "3x4-1") == RUN_CAPACITY
    s.play("U")
    s.play("3x4-1")
    assert places_of(s)["1"] == " ".join(run[:11]) and places_of(s)["3"] == ""


def test_an_empty_destination_does_not_count_among_the_empty_cascades() -> None:
    run = ["Kh", "Qs", "Jh", "Ts", "9h"]
    s = position({"1": run, "2": rest(run)}, cells=1)
    # 1 free cell, cascades 3–8 empty: onto a filled cascade (1 + 1) × 2⁶; onto cascade 3, × 2⁵.
    assert s.capacity(1) == 2 * 2**6 and s.capacity(2) == 2 * 2**5
    full = {"1": run, "2": rest(run)[:-6], **{str(i): [c] for i, c in zip(range(3, 8), rest(run)[-6:-1], strict=True)}}
    full["a"] = [rest(run)[-1]]
    s = position(full, cells=1)  # no free cell, cascade 8 the only empty one
    assert s.capacity(7) == 1 and s.capacity(1) == 2
    assert refusal(s, "1x2-8") == RUN_CAPACITY
    s.play("1-8")


def test_refusals_name_their_reason() -> None:
    s = position({"1": ["9s", "8h", "7s"], "2": ["Kd", "8d"], "4": rest(["9s", "8h", "7s", "Kd", "8d"])}, cells=2)
    assert refusal(s, "1-1") == Reason.SAME_PLACE
    assert refusal(s, "3-4") == Reason.SOURCE_EMPTY
    assert refusal(s, "a-1") == Reason.SOURCE_EMPTY
    assert refusal(s, "c-1") == Reason.SOURCE_EMPTY  # FC1-2 has cells a and b only
    assert refusal(s, "1-c") == Reason.NOT_A_DESTINATION
    assert refusal(s, "1x4-3") == RUN_TOO_LONG
    assert refusal(s, "2x2-3") == NOT_A_RUN
    assert refusal(s, "1x2-a") == ONE_CARD_ONLY
    assert refusal(s, "1x2-F") == ONE_CARD_ONLY
    assert refusal(s, "F-1") == Reason.SOURCE_EMPTY
    assert refusal(s, "U") == Reason.NOTHING_TO_UNDO
    s.play("1x3-3")
    assert places_of(s)["3"] == "9s 8h 7s"


@pytest.mark.parametrize("token", ["9-1", "e-1", "1-9", "1x0-2", "1x-2", "D", "W-1", "1-", "1--2", "a-Fx"])
def test_malformed_moves_are_bad_notation(token: str) -> None:
    with pytest.raises(InvalidMove, match="not a FreeCell move"):
        deal("FC1-4-AAAAAAB").play(token)


def test_undo_is_unlimited() -> None:
    s = deal("FC1-4-AAAAAAD")
    start = s.to_text()
    rng = random.Random(5)
    for _ in range(200):
        moves = s.legal_moves()
        if not moves:
            break
        s.push(rng.choice(moves))
    while s.can_undo:
        s.play("U")
    assert s.to_text() == start


def test_won_and_blocked() -> None:
    done: dict[str, list[str] | str] = {"Fs": "K", "Fh": "K", "Fd": "K", "Fc": "Q", "1": ["Kc"]}
    s = position(done)
    assert s.observe().status == Status.PLAYING
    s.play("1-F")
    assert s.status == Status.WON and s.to_text().splitlines()[0].endswith("status=won moves=1")
    assert refusal(s, "1-a") == Reason.GAME_OVER
    # One cell, taken; every cascade end a red card on a red card's neighbour: nothing moves.
    # One cell, taken; every cascade's end red, no Ace in sight: nothing moves.
    blocked: dict[str, list[str] | str] = {
        "a": ["Kh"],
        "1": ["Ad", "Qh"],
        "2": ["Ah", "Qd"],
        "3": ["Ac", "Jh"],
        "4": ["As", "Jd"],
        "5": ["Th"],
        "6": ["Td"],
        "7": ["9h"],
    }
    blocked["8"] = [*rest(*(c for c in blocked.values() if isinstance(c, list)), ["9d"]), "9d"]
    s = position(blocked, cells=1)
    assert s.legal_moves() == []
    assert s.status == Status.BLOCKED
    assert read(freecell_table(blocked, 1, "status=blocked"), FreeCellState).status == Status.BLOCKED


# -- table text and the observation -----------------------------------------------------------


def test_table_text_round_trips() -> None:
    s = deal("FC1-3-AAAAABC")
    s.play_all(["1-a", "2-b", "5-c"])
    again = state_from_text(s.to_text())
    assert again.to_text() == s.to_text()
    assert again.key() == s.key()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("1: Jd", "1: [Jd]"), "face down"),
        (lambda t: t.replace("a:", "a: Jd"), "Jd appears 2 times"),
        (lambda t: t.replace("\nd:\n", "\n"), "place 'd' is missing"),
        (lambda t: t.replace("moves=0", "moves=0 recycles=1"), "unknown field 'recycles'"),
        (lambda t: t.replace("1: Jd Kd", "1: Kd").replace("a:", "a: Jd"), None),
        (lambda t: t.replace("1: Jd Kd", "1:").replace("a:", "a: Jd Kd"), "holds 2 cards"),
        (lambda t: t.replace("status=playing", "status=won"), "status=won"),
        (
            lambda t: (
                t.replace("1: Jd Kd 2s", "1: Jd Kd").replace("6: 7h Qc As", "6: 7h Qc").replace("Fs:", "Fs: 2s As")
            ),
            "must run from the Ace",
        ),
    ],
)
def test_bad_positions_are_refused(change: object, message: str | None) -> None:
    text = change(deal("FC1-4-AAAAAAB").to_text())  # type: ignore[operator]
    if message is None:
        assert state_from_text(text).to_text().count("Jd") == 1
        return
    with pytest.raises(InvalidPosition, match=message):
        state_from_text(text)


def test_a_face_down_card_has_its_reason_code() -> None:
    with pytest.raises(InvalidPosition) as e:
        state_from_text(deal("FC1-4-AAAAAAB").to_text().replace("6s\n", "[6s]\n"))
    assert e.value.reason == Position.FACE_DOWN_IN_FACE_UP_DEAL


def test_a_cell_the_variant_lacks_is_an_unknown_place() -> None:
    text = deal("FC1-4-AAAAAAB").to_text().replace("FC1-4", "FC1-3")
    with pytest.raises(InvalidPosition, match="unknown place 'd'"):
        state_from_text(text)


def test_the_observation_shows_every_card_and_the_code() -> None:
    s = deal("FC1-2-AAAAAAB")
    o = s.observe()
    assert o.code is not None and str(o.code) == "FC1-2-AAAAAAB"
    assert [g.name for g in o.groups] == ["cells", "foundations", "cascades"]
    assert [p.place for p in o.places] == ["a", "b", "Fs", "Fh", "Fd", "Fc", *map(str, range(1, 9))]
    assert o.place("1").cards == tuple(s.cascades[0]) and o.place("1").kind == "cascade"
    assert o.dests["5"] == ("a", "b")  # 6♣ fits no cascade end
    assert o.dests["1"] == ("a", "b")
    assert o.runs["1"] == 1 and o.parameters == {"cells": 2}
    s.play_all(["5-a", "5-b"])  # 4♥ is the end of cascade 5 now; no cell free
    o = s.observe()
    assert "5" not in o.dests or "a" not in o.dests["5"]
    assert o.runs["a"] == 1 and "Fs" not in o.runs


def test_dests_name_runs_onto_cascades() -> None:
    run = ["Kh", "Qs", "Jh", "Ts", "9h"]
    s = position({"1": run, "2": ["8d"], "3": ["Jd"], "4": rest(run, ["8d", "Jd"])})
    o = s.observe()
    assert o.runs["1"] == 5  # four free cells and four empty cascades allow the whole run
    assert o.dests["1x2"] == ("3", "5", "6", "7", "8")  # T♠ 9♥ onto J♦, or into an empty cascade
    assert o.dests["1x5"] == ("5", "6", "7", "8")
    assert o.dests["1"] == ("5", "6", "7", "8", "a", "b", "c", "d")


def test_the_board_description_in_every_locale() -> None:
    s = position({"a": ["7h"], "Fs": "A", "1": ["Kc", "Qd"], "2": rest(["7h", "As", "Kc", "Qd"])})
    expected = {
        "en": ("free cell a: 7 of hearts; free cell b: empty", "cascade 1: king of clubs, queen of diamonds"),
        "pt-PT": ("célula livre a: 7 de copas; célula livre b: vazia", "coluna 3: vazia"),
        "pt-BR": ("célula livre a: 7 de copas; célula livre b: vazia", "coluna 3: vazia"),
        "es": ("celda libre a: 7 de corazones; celda libre b: vacía", "columna 3: vacía"),
        "it": ("cella libera a: 7 di cuori; cella libera b: vuota", "colonna 3: vuota"),
    }
    for locale in LOCALES:
        text = Words(locale).describe(s)
        for needle in expected[locale]:
            assert needle in text, (locale, text[:300])
        assert text.count(". ") == 2 and text.endswith(".")


def test_refusals_have_words_in_every_locale() -> None:
    for locale in LOCALES:
        words = Words(locale)
        said = {words.reason(r) for r in (CELL_FULL, RUN_CAPACITY, FROM_FOUNDATION)}
        assert len(said) == 3 and all(said)


# -- Finish -----------------------------------------------------------------------------------


def test_finish_sends_everything_up_once_every_cascade_runs_down() -> None:
    cascades = [up("s", "KQJT9"), up("h", "KQJT98"), up("d", "KQJ"), up("c", "KQJT"), ["9d", "9c", "8c"], ["Td"]]
    places: dict[str, list[str] | str] = {str(i + 1): c for i, c in enumerate(cascades)}
    places.update({"Fs": "8", "Fh": "7", "Fd": "8", "Fc": "7"})
    s = position(places)
    assert s.can_finish() and s.observe().can_finish
    steps = 0
    while (m := s.finish_move()) is not None:
        s.apply(m)
        steps += 1
    assert s.status == Status.WON and steps == 52 - 8 - 7 - 8 - 7
    assert not deal("FC1-4-AAAAAAB").can_finish()


# -- random play ------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 26**7 - 1), st.sampled_from("4321"), st.integers(0, 2**32))
def test_random_play_keeps_every_card_and_checks_agree(number: int, cells: str, seed: int) -> None:
    game = deal(f"FC1-{cells}-AAAAAAB").game
    s = game.new_state(number)
    rng = random.Random(seed)
    for _ in range(60):
        legal = s.legal_moves()
        assert all(s.check(m) is None for m in legal)
        assert len(set(legal)) == len(legal)
        # Any move of up to three cards between any two places is refused exactly when it is not listed.
        for src in [*map(str, range(1, 9)), *"abcd"]:
            for dst in [*map(str, range(1, 9)), *"abcd", "F", *FOUNDATIONS]:
                for n in (1, 2, 3):
                    m = game.parse_move(f"{src}x{n}-{dst}" if n > 1 else f"{src}-{dst}")
                    assert (s.check(m) is None) == (s.resolve(m) in legal), str(m)
        if not legal:
            break
        s.push(rng.choice(legal))
        cards = sorted(c for col in s.cascades for c in col) + sorted(c for c in s.cells if c >= 0)
        assert len(cards) + sum(s.found) == 52
        assert state_from_text(s.to_text()).to_text() == s.to_text()


def test_the_command_line_deals_and_plays() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "paciencia", *args], capture_output=True, text=True, timeout=60)

    p = run("deal", "FC1-4-AAAAAAB")
    assert p.returncode == 0 and p.stdout == deal("FC1-4-AAAAAAB").to_text()
    p = run("play", "FC1-4-AAAAAAB", "5-a", "5-b", "5-8", "--lang", "es")
    assert p.returncode == 1 and "move 3 (5-8)" not in p.stderr and "(5-8)" in p.stderr
    p = run("play", "FC1-4-AAAAAAB", "5-e")
    assert p.returncode == 2 and "not a FreeCell move" in p.stderr
    p = run("deal", "FC1-4-AAAAAAB", "--describe", "--lang", "it")
    assert p.returncode == 0 and "colonna 1: fante di quadri, re di quadri, 2 di picche" in p.stdout
