"""The shared pile vocabulary (``paciencia.games.piles``): its values print themselves (their
docstrings' examples run here), its tables are the ones each game once wrote by hand, and its
rules agree with themselves on any cards."""

from __future__ import annotations

import doctest
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paciencia.engine.errors import InvalidPosition
from paciencia.engine.reasons import Reason
from paciencia.games import piles
from paciencia.games.pile_words import (
    COLUMN_RANK,
    EMPTY_PILE,
    KING_ONLY,
    NOT_A_RUN,
    NOT_ONE_SUIT,
    RANK_ABOVE,
    WRONG_COLOUR,
    WRONG_RANK,
)
from paciencia.games.piles import (
    ALTERNATE,
    ANY_SUIT,
    DOWN,
    EITHER,
    RANK,
    RED,
    SAME_SUIT,
    SUIT,
    UP,
    Build,
    BySuit,
    CompleteRuns,
    Deck,
    Empty,
    Run,
    check_decks,
)

BUILDS = [Build(c, d, w) for c in (ALTERNATE, SAME_SUIT, ANY_SUIT) for d in (DOWN, UP, EITHER) for w in (False, True)]
CARDS = st.integers(0, 51)


def test_the_docstrings_examples_hold() -> None:
    failed, tried = doctest.testmod(piles, optionflags=doctest.ELLIPSIS)
    assert failed == 0 and tried >= 30


def test_every_value_prints_the_code_that_makes_it() -> None:
    names = vars(piles)
    for value in [*BUILDS, *(Run(b) for b in BUILDS), Run(), *Empty, Deck(2, "sh"), BySuit(piles.KING, DOWN)]:
        assert eval(repr(value), names) == value, value


def test_the_tables_are_the_ones_the_games_wrote_by_hand() -> None:
    # Klondike's and FreeCell's columns: down in alternating colours.
    alternate = [RANK[b] + 1 == RANK[a] and RED[a] != RED[b] for a in range(52) for b in range(52)]
    assert Build(ALTERNATE, DOWN).fits == alternate
    assert Build(ALTERNATE, DOWN).fits is piles.ALTERNATE_DOWN.fits  # one table for builds alike
    # Crescent's piles: a card on one of its suit a rank above or below, King and Ace neighbours.
    above = [(c // 13) * 13 + (c % 13 + 1) % 13 for c in range(52)]
    below = [(c // 13) * 13 + (c % 13 - 1) % 13 for c in range(52)]
    crescent = Build(SAME_SUIT, EITHER, wrap=True)
    assert [set(p) for p in crescent.parents] == [{above[c], below[c]} for c in range(52)]
    # Spider's runs: down in one suit, never past a King.
    spider = [b == a - 1 and RANK[a] != 0 for a in range(52) for b in range(52)]
    assert Build(SAME_SUIT, DOWN).fits == spider
    # Spider builds on any suit.
    assert Build(ANY_SUIT, DOWN).fits == [RANK[a] == RANK[b] + 1 for a in range(52) for b in range(52)]


@pytest.mark.parametrize(("suits", "variant"), [("s", (0,)), ("sh", (0, 1)), ("shdc", (0, 1, 2, 3))])
def test_the_decks_are_the_ones_the_games_dealt(suits: str, variant: tuple[int, ...]) -> None:
    spider = [RANK[c] + 13 * variant[SUIT[c] % len(variant)] for c in list(range(52)) * 2]
    assert Deck(2, suits).cards == spider
    assert sum(Deck(2, suits).counts) == 104
    assert Deck().cards == list(range(52)) and Deck(2).cards == list(range(52)) * 2


@given(st.lists(CARDS, max_size=6), st.integers(0, 6))
def test_a_run_is_as_long_as_its_rule_allows(cards: list[int], stop: int) -> None:
    for build in BUILDS:
        run = Run(build)
        n = run.length(cards, stop)
        longest = [k for k in range(1, len(cards) - stop + 1) if run.holds(cards[-k:])]
        assert n == (max(longest) if longest else 0)
        assert run.holds(cards) == all(build.fits[a * 52 + b] for a, b in itertools.pairwise(cards))


@given(CARDS, CARDS)
def test_a_build_refuses_exactly_what_does_not_fit(under: int, card: int) -> None:
    reasons = {DOWN: COLUMN_RANK, UP: RANK_ABOVE, EITHER: WRONG_RANK}
    for build in BUILDS:
        why = build.refusal(under, card)
        assert (why is None) == build.fits[under * 52 + card]
        colour = {ALTERNATE: WRONG_COLOUR, SAME_SUIT: Reason.WRONG_SUIT, ANY_SUIT: None}[build.colour]
        assert why in (None, colour, reasons[build.direction])
        if build.colour is SAME_SUIT and why is None:
            assert Run(build).refusal([under, card]) is None
    assert Run(Build(SAME_SUIT, DOWN)).refusal([under, card]) in (None, NOT_A_RUN, NOT_ONE_SUIT)


def test_what_an_empty_place_takes() -> None:
    king, queen = 12, 11
    assert [e.refusal(king) for e in Empty] == [None, None, EMPTY_PILE]
    assert [e.refusal(queen) for e in Empty] == [None, KING_ONLY, EMPTY_PILE]


def test_check_decks_names_every_card_that_differs() -> None:
    deck = Deck(2, "sh")
    places = {"1": [(c, True) for c in deck.cards]}
    check_decks(places, deck, "Spider")
    places["1"][0] = (26, True)  # an Ace of diamonds for an Ace of spades
    with pytest.raises(InvalidPosition, match=r"each spade and heart 4 times, no other card, but As appears 3 times"):
        check_decks(places, deck, "Spider")


def test_foundations_by_suit_and_by_complete_run_read_back_what_they_write() -> None:
    names = ["a", "b", "c", "d"]
    for found in (BySuit(), BySuit(piles.KING, DOWN)):
        counts = [0, 5, 13, 1]
        assert found.read(dict(found.lines(names, counts)), names) == counts
    runs = CompleteRuns()
    assert runs.read(dict(runs.lines(names, [3, 3])), names) == [3, 3]
    with pytest.raises(InvalidPosition, match="fill in order"):
        runs.read({"a": [], "b": runs.lines(["b"], [1])[0][1], "c": [], "d": []}, names)
