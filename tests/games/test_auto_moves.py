"""The automatic moves up (``State.auto_move``): legal, decided from what the player is shown, and
true to their claim, checked against the solver: a winnable position stays winnable after one.

The solver's check asks for a winning line from the position after the move (replayed on the
engine before it is returned), so a wrong rule cannot pass it by a wrong proof of the solver's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paciencia.engine.protocol import Game, State, Status
from paciencia.engine.verdict import Verdict
from paciencia.games.crescent.rules import ASC, CrescentGame, CrescentState
from paciencia.games.freecell.rules import F0 as FC_F0
from paciencia.games.freecell.rules import FreeCellGame, FreeCellState
from paciencia.games.klondike.rules import COLS, F0, WASTE, KlondikeGame, KlondikeState
from paciencia.solver import solve
from tests.tables import crescent_table, face_down, klondike_table, read

# -- what a rule may read ------------------------------------------------------------------------


def klondike_unseen_shuffled(s: KlondikeState, rng: random.Random) -> KlondikeState:
    """``s`` with its stock and face-down column cards (what the player has not been shown) in
    another order."""
    lines = s.place_lines()
    slots = [(0, k) for k in range(len(s.stock))]
    slots += [(6 + i, k) for i in range(COLS) for k in range(s.down[i])]
    cards = [lines[line][1][k][0] for line, k in slots]
    rng.shuffle(cards)
    return s.filled(dict(zip(slots, cards, strict=True)))


def crescent_unseen_shuffled(s: CrescentState, rng: random.Random) -> CrescentState:
    """``s`` with every pile card but the tops (the screen shows the tops alone) in another order."""
    slots = [(8 + i, k) for i, p in enumerate(s.piles) for k in range(len(p) - 1)]
    cards = [s.piles[line - 8][k] for line, k in slots]
    rng.shuffle(cards)
    return s.filled(dict(zip(slots, cards, strict=True)))


def play_randomly(s: State[Any], rng: random.Random, steps: int, up_first: float) -> list[State[Any]]:
    """The positions of a random game (foundation moves taken with probability ``up_first``)."""
    seen = []
    for _ in range(steps):
        legal = s.legal_moves()
        if not legal or s.status != Status.PLAYING:
            break
        ups = [m for m in legal if (s.resolve(m).places()[2] or "")[:1] in ("F", "A", "K")]
        s.apply(rng.choice(ups) if ups and rng.random() < up_first else rng.choice(legal))
        seen.append(s.copy())
    return seen


def test_klondike_auto_moves_are_legal_and_read_only_what_is_shown() -> None:
    rng = random.Random(22)
    fired = {"1": 0, "3": 0}
    for game in range(300):
        variant = "13"[game % 2]
        for s in play_randomly(KlondikeGame(variant).new_state(rng.randrange(26**7)), rng, 200, 0.8):
            assert isinstance(s, KlondikeState)
            m = s.auto_move()
            if m is None:
                continue
            fired[variant] += 1
            assert s.check(m) is None
            assert F0 <= m.dst < F0 + 4 and m.n == 1
            assert m.src < COLS or (m.src == WASTE and s.draw == 1)
            for _ in range(3):
                assert klondike_unseen_shuffled(s, rng).auto_move() == m
    assert min(fired.values()) > 200, fired


def test_klondike_auto_moves_depend_on_no_hidden_card_when_none_applies() -> None:
    """Where no automatic move applies, none appears when the unseen cards lie otherwise."""
    rng = random.Random(7)
    checked = 0
    for _game in range(60):
        for s in play_randomly(KlondikeGame("3").new_state(rng.randrange(26**7)), rng, 80, 0.5):
            assert isinstance(s, KlondikeState)
            if s.auto_move() is None:
                checked += 1
                assert klondike_unseen_shuffled(s, rng).auto_move() is None
    assert checked > 500


def solved_positions(game: Game[Any], count: int, rng: random.Random, timeout: float) -> list[State[Any]]:
    """The positions along the solver's winning line of each of ``count`` random deals that it wins."""
    out = []
    for _ in range(count):
        s = game.new_state(rng.randrange(26**7))
        result = solve(s, timeout)
        if result.verdict != Verdict.WINNABLE:
            continue
        for token in result.line:
            s.play(token)
            out.append(s.copy())
    return out


def assert_stays_winnable(positions: list[State[Any]], timeout: float) -> int:
    """Plays each position's automatic move and asks the solver for a win after it; how many."""
    checked = 0
    for s in positions:
        m = s.auto_move()
        if m is None or s.status != Status.PLAYING:
            continue
        after = s.copy()
        after.apply(m)
        result = solve(after, timeout)
        assert result.verdict == Verdict.WINNABLE, (s.to_text(), str(m), result.verdict)
        checked += 1
    return checked


@pytest.mark.parametrize("variant", ["1", "3"])
def test_klondike_an_automatic_move_keeps_a_winnable_position_winnable(variant: str) -> None:
    rng = random.Random(int(variant))
    positions = solved_positions(KlondikeGame(variant), 12, rng, 3.0)
    # Off the solver's lines too: a few random moves from its positions, kept where still winnable.
    for s in positions[::25]:
        for t in play_randomly(s.copy(), rng, 3, 0.3):
            if t.auto_move() is not None and solve(t, 2.0).verdict == Verdict.WINNABLE:
                positions.append(t)
    assert assert_stays_winnable(positions, 5.0) >= 60


# The classic rule (both opposite-colour cards one rank lower up) would send the 5♠ up here: the
# reds are up to 4, the clubs not begun. The 3♣ on the face-down A♣ can leave only onto a red 4
# brought down onto the 5♠, so with the 5♠ up the game is lost; with it on the table it is won.
def classic_position() -> KlondikeState:
    # Column 3: every other card face down, in the order they go up (the first to go up on top),
    # under the 2♣: once the clubs reach 3, the column goes up card by card.
    order = ["4c", "5h", "5d", "5c"]
    for r in "6789TJQK":
        order += [r + s for s in "shdc"]
    col3 = [*face_down(order[::-1]), "2c"]
    text = klondike_table(
        {"Fs": "4", "Fh": "4", "Fd": "4", "1": ["5s"], "2": ["[Ac]", "3c"], "3": col3}, code="KL1-1-AAAAAAB"
    )
    return read(text, KlondikeState)


def test_klondike_the_classic_rule_would_lose_a_won_game_and_the_rule_keeps_the_card() -> None:
    s = classic_position()
    assert solve(s, 10.0).verdict == Verdict.WINNABLE
    up_first = s.copy()
    up_first.play("1-Fs")
    assert solve(up_first, 10.0).verdict == Verdict.UNWINNABLE
    assert s.auto_move() is None
    s.play("Fh-1")
    s.play("2-1")  # the 3♣ onto the 4♥: the A♣ turns up, and goes up by the rule
    assert str(s.auto_move()) == "2-Fc"


def test_klondike_draw_three_leaves_the_waste_alone_and_draw_one_takes_its_top() -> None:
    for code, expected in (("KL1-3-AAAAAAB", None), ("KL1-1-AAAAAAB", "W-Fc")):
        s = read(klondike_table({"W": ["Ac"], "1": ["Kd"]}, code=code, rest_in_stock=True), KlondikeState)
        assert (None if s.auto_move() is None else str(s.auto_move())) == expected


# -- Crescent ------------------------------------------------------------------------------------


def test_crescent_the_rule_cases() -> None:
    # Spades overlapped, descending complete, no redeal left: the 5♠ on pile 1 goes up; the 7♠ waits.
    done = {"Ks": "A"}
    piles = [["Ts", "5s"], ["6s", "7s"], ["8s", "9s"], ["Js", "Qs", "Ks"]]
    s = read(crescent_table({**done, "As": "4"}, piles, redeals=0), CrescentState)
    assert str(s.auto_move()) == "1-As"
    # The same with a redeal left: the 5♠ lies on another card, so it stays.
    s = read(crescent_table({**done, "As": "4"}, piles, redeals=1), CrescentState)
    assert s.auto_move() is None
    # With a redeal left, the suit's last card alone on its pile goes up; on a pile of two it stays.
    s = read(crescent_table({"Ks": "A", "As": "Q"}, [["Ks"]], redeals=2), CrescentState)
    assert str(s.auto_move()) == "1-As"
    s = read(crescent_table({"Ks": "A", "As": "Q", "Kh": "A", "Ah": "Q"}, [["Ks", "Kh"]], redeals=2), CrescentState)
    assert s.auto_move() is None
    # Overlapped, but the other foundation is not complete: nothing, even with no redeal left.
    piles = [["6s", "5s"], ["As", "2s", "7s"], ["8s", "9s", "Ts", "Js"], ["Qs", "Ks"]]
    s = read(crescent_table({"As": "4", "Ks": "3"}, piles, redeals=0), CrescentState)
    assert s.auto_move() is None


def test_crescent_the_descending_side_too() -> None:
    s = read(crescent_table({"Kd": "7", "Ad": "K"}, [["2d", "6d"], ["5d", "4d", "3d", "Ad"]], redeals=0), CrescentState)
    assert str(s.auto_move()) == "1-Kd"


def crescent_solved_positions(count: int, rng: random.Random) -> list[State[Any]]:
    out = []
    for variant in "NFDB":
        out += solved_positions(CrescentGame(variant), count, rng, 4.0)
    return out


def test_crescent_auto_moves_are_legal_and_read_only_what_is_shown() -> None:
    rng = random.Random(5)
    fired = 0
    for s in crescent_solved_positions(2, rng):
        assert isinstance(s, CrescentState)
        m = s.auto_move()
        if m is None:
            continue
        fired += 1
        assert s.check(m) is None and m.src < ASC <= m.dst
        for _ in range(3):
            assert crescent_unseen_shuffled(s, rng).auto_move() == m
    assert fired > 30


def test_crescent_an_automatic_move_keeps_a_winnable_position_winnable() -> None:
    rng = random.Random(6)
    positions = crescent_solved_positions(2, rng)
    for s in positions[::10]:
        for t in play_randomly(s.copy(), rng, 4, 0.5):
            if t.auto_move() is not None and solve(t, 2.0).verdict == Verdict.WINNABLE:
                positions.append(t)
    assert assert_stays_winnable(positions, 5.0) >= 30


# -- FreeCell ------------------------------------------------------------------------------------


def freecell_position(places: dict[str, list[str] | str]) -> FreeCellState:
    """The position with ``places`` and the deck's other cards on cascade 8, ranks up to a King
    at its end (which no rule sends up here)."""
    from tests.games.test_freecell import freecell_table, rest
    from tests.tables import RANKS, up

    given = [up(n[1], RANKS[: RANKS.index(c) + 1]) if isinstance(c, str) else c for n, c in places.items()]
    others = sorted(rest(*given), key=lambda c: RANKS.index(c[0]))
    return read(freecell_table({**places, "8": others}), FreeCellState)


def test_freecell_the_usual_rule_cases() -> None:
    # A 5♠ goes up when both red 4s are up, whatever the other black suit holds.
    s = freecell_position({"Fs": "4", "Fh": "4", "Fd": "4", "1": ["5s"]})
    assert str(s.auto_move()) == "1-Fs"
    # With the 4♦ still down, the 5♠ may be needed for it: it stays.
    s = freecell_position({"Fs": "4", "Fh": "4", "Fd": "3", "1": ["5s"], "2": ["4d"]})
    assert s.auto_move() is None
    # From a free cell too; an Ace and a 2 always go up.
    s = freecell_position({"Fh": "A", "b": ["2h"]})
    assert str(s.auto_move()) == "b-Fh"
    s = freecell_position({"3": ["Kc", "Ac"]})
    assert str(s.auto_move()) == "3-Fc"
    # A card its foundation does not take yet stays, and a won game has none.
    s = freecell_position({"1": ["3s"]})
    assert s.auto_move() is None


def freecell_positions(deals: int, rng: random.Random) -> list[State[Any]]:
    """Positions along the solver's winning lines of Microsoft's first deals."""
    out: list[State[Any]] = []
    for number in range(1, deals + 1):
        s = FreeCellGame("4").new_state(number)
        result = solve(s, 10.0)
        assert result.verdict == Verdict.WINNABLE
        for token in result.line:
            s.play(token)
            out.append(s.copy())
    return out


def test_freecell_auto_moves_are_legal() -> None:
    fired = 0
    for s in freecell_positions(4, random.Random(7)):
        m = s.auto_move()
        if m is None:
            continue
        fired += 1
        assert s.check(m) is None and m.dst >= FC_F0
    assert fired > 30


def test_freecell_an_automatic_move_keeps_a_winnable_position_winnable() -> None:
    rng = random.Random(8)
    positions = freecell_positions(3, rng)
    for s in positions[::15]:
        for t in play_randomly(s.copy(), rng, 4, 0.3):
            if t.auto_move() is not None and solve(t, 2.0).verdict == Verdict.WINNABLE:
                positions.append(t)
    assert assert_stays_winnable(positions[::3], 5.0) >= 20


def test_freecell_the_rule_is_the_solvers_reduction() -> None:
    from paciencia.games.freecell.auto import safe
    from paciencia.games.freecell.solver import _safe

    rng = random.Random(9)
    for _ in range(5000):
        found = [rng.randrange(14) for _ in range(4)]
        c = rng.randrange(52)
        assert safe(found, c) == _safe(found, c), (found, c)
