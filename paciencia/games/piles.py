"""The pile vocabulary the games share, written once (the PySolFC idea): a game composes its
places from these small frozen values instead of writing their rules again.

* ``Deck``: the cards a game deals, any number of packs, a suit's cards repeated in place of
  the suits it leaves out (``check_decks`` reads them back from table text);
* ``Build``: which card may lie on which (colour, direction, King next to Ace or not), with its
  ``fits`` and ``parents`` tables for the hot loops;
* ``Run``: which cards at a place's end may move together;
* ``Empty``: what an empty place takes;
* ``Tableau``: the three together, a kind of table pile, and its refusals;
* ``BySuit``: foundations by suit from a base card; ``CompleteRuns``: foundations that each take
  a whole run, King down to Ace, of one suit.

Each value prints itself as the code that makes it, and says its rule in words::

    >>> KLONDIKE = Tableau(Build(ALTERNATE, DOWN), Run(Build(ALTERNATE, DOWN)), Empty.KING)
    >>> KLONDIKE
    Tableau(Build(ALTERNATE, DOWN), Run(Build(ALTERNATE, DOWN)), Empty.KING)
    >>> print(KLONDIKE)
    built down in alternating colours; moves as a run built down in alternating colours; takes a King when empty

Cards are ints ``suit * 13 + rank`` (``paciencia.engine.cards``): suits ♠ ♥ ♦ ♣, the Ace 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import cache, cached_property
from itertools import pairwise

from paciencia.engine.cards import CARD_IDS as CARD_IDS
from paciencia.engine.cards import CARD_NAMES, SUIT_LETTERS
from paciencia.engine.errors import InvalidPosition
from paciencia.engine.protocol import PlaceInfo, Role
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass
from paciencia.games.pile_words import (
    COLUMN,
    COLUMN_RANK,
    EMPTY_PILE,
    FACE_DOWN,
    FOUNDATION,
    KING_ONLY,
    NOT_A_RUN,
    NOT_ONE_SUIT,
    ONE_CARD_ONLY,
    RANK_ABOVE,
    RUN_TOO_LONG,
    WRONG_COLOUR,
    WRONG_RANK,
)

ACE, KING = 0, 12
SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]
RED = [c // 13 in (1, 2) for c in range(52)]
_SUIT_WORDS = ("spade", "heart", "diamond", "club")
_RANK_WORDS = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


# -- the cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """The cards a game deals: ``packs`` packs of 52, each card's suit folded onto ``suits``
    (suit letters), so that a game of fewer suits holds their cards more times.

    >>> Deck()
    Deck(1, 'shdc')
    >>> print(Deck(2, "s"))
    104 cards: each spade 8 times
    >>> [CARD_NAMES[c] for c in Deck(2, "sh").cards[10:16]]
    ['Js', 'Qs', 'Ks', 'Ah', '2h', '3h']
    >>> Deck(2, "sh").counts[:13] == [4] * 13, Deck(2, "sh").counts[26]
    (True, 0)
    """

    packs: int = 1
    suits: str = SUIT_LETTERS

    def __repr__(self) -> str:
        return f"Deck({self.packs}, {self.suits!r})"

    def __str__(self) -> str:
        return f"{len(self.cards)} cards: {self.rule()}"

    @cached_property
    def cards(self) -> list[int]:
        """Deck order: each pack by suit, Ace to King, card ``k`` of every variant the card ``k``
        of the four-suit deck with its suit folded (the order a shuffle starts from)."""
        folded = [SUIT_LETTERS.index(s) for s in self.suits]
        return [RANK[c] + 13 * folded[SUIT[c] % len(folded)] for c in range(52)] * self.packs

    @cached_property
    def counts(self) -> list[int]:
        """How many times the deck holds each of the 52 cards."""
        counts = [0] * 52
        for c in self.cards:
            counts[c] += 1
        return counts

    def rule(self) -> str:
        """How many times the deck holds each card, in words."""
        times = _times(len(self.cards) // (13 * len(self.suits)))
        if len(self.suits) == 4:
            return f"each of the 52 cards {times}" if self.packs == 1 else f"each card {times}"
        suits = " and ".join(_SUIT_WORDS[SUIT_LETTERS.index(s)] for s in self.suits)
        return f"each {suits} {times}" + ("" if len(self.suits) == 1 else ", no other card")


ONE_DECK = Deck()


def check_decks(places: dict[str, list[tuple[int, bool]]], deck: Deck, game: str) -> None:
    """Every card of ``deck`` among the places of a table text, each as many times as the deck
    holds it; ``InvalidPosition`` naming every card that differs otherwise.

    >>> try:
    ...     check_decks({"1": [(0, True)] * 8}, Deck(2, "s"), "Spider")
    ... except InvalidPosition as e:
    ...     print(e)
    the position holds 8 cards; Spider holds each spade 8 times, but 2s appears 0 times, 3s appears 0 times, ...
    """
    counts = [0] * 52
    for cards in places.values():
        for c, _ in cards:
            counts[c] += 1
    want = deck.counts
    wrong = [c for c in range(52) if counts[c] != want[c]]
    if not wrong:
        return
    held = sum(counts)
    head = f"the position holds {held} cards; " if held != len(deck.cards) else ""
    listing = ", ".join(f"{CARD_NAMES[c]} appears {counts[c]} time{'' if counts[c] == 1 else 's'}" for c in wrong)
    raise InvalidPosition(f"{head}{game} holds {deck.rule()}, but {listing}")


def check_one_deck(places: dict[str, list[tuple[int, bool]]], game: str) -> None:
    """Every one of the 52 cards exactly once among the places of a table text."""
    check_decks(places, ONE_DECK, game)


# -- building ------------------------------------------------------------------------------------


class Colour(Enum):
    """How a card's suit stands to the suit of the card it lies on."""

    ALTERNATE = "in alternating colours"
    SAME_SUIT = "in suit"
    ANY_SUIT = "regardless of suit"

    def __repr__(self) -> str:
        return self.name

    def matches(self, under: int, card: int) -> bool:
        if self is Colour.ALTERNATE:
            return RED[under] != RED[card]
        return self is Colour.ANY_SUIT or SUIT[under] == SUIT[card]


class Direction(Enum):
    """Which way ranks go along a build: the card on top one rank lower, higher, or either."""

    DOWN = "down"
    UP = "up"
    EITHER = "up or down"

    def __repr__(self) -> str:
        return self.name


ALTERNATE, SAME_SUIT, ANY_SUIT = Colour.ALTERNATE, Colour.SAME_SUIT, Colour.ANY_SUIT
DOWN, UP, EITHER = Direction.DOWN, Direction.UP, Direction.EITHER
_RANK_REASON = {DOWN: COLUMN_RANK, UP: RANK_ABOVE, EITHER: WRONG_RANK}


@dataclass(frozen=True)
class Build:
    """Which card may lie on which: ``colour`` and ``direction``, and with ``wrap`` a King
    and an Ace count as neighbours.

    >>> build = Build(SAME_SUIT, EITHER, wrap=True)
    >>> build
    Build(SAME_SUIT, EITHER, wrap=True)
    >>> print(build)
    built up or down in suit, King next to Ace
    >>> [CARD_NAMES[c] for c in build.parents[CARD_IDS["Ah"]]]
    ['2h', 'Kh']
    >>> build.refusal(CARD_IDS["Kh"], CARD_IDS["As"]), build.refusal(CARD_IDS["Kh"], CARD_IDS["Jh"])
    (Reason('wrong_suit'), Reason('wrong_rank'))
    >>> Build(ALTERNATE, DOWN).fits[CARD_IDS["Kh"] * 52 + CARD_IDS["Qs"]]
    True
    """

    colour: Colour
    direction: Direction = DOWN
    wrap: bool = False

    def __repr__(self) -> str:
        return f"Build({self.colour!r}, {self.direction!r}{', wrap=True' if self.wrap else ''})"

    def __str__(self) -> str:
        return f"built {self.direction.value} {self.colour.value}" + (", King next to Ace" if self.wrap else "")

    def step(self, under: int, card: int) -> int:
        """``card``'s rank less ``under``'s, -6…6 when King and Ace are neighbours."""
        d = RANK[card] - RANK[under]
        return (d + 6) % 13 - 6 if self.wrap else d

    def rank_fits(self, under: int, card: int) -> bool:
        d = self.step(under, card)
        if self.direction is DOWN:
            return d == -1
        return d == 1 if self.direction is UP else d in (1, -1)

    @cached_property
    def fits(self) -> list[bool]:
        """``fits[under * 52 + card]``: ``card`` may lie on ``under`` (one table for every build
        alike: ``_fits``)."""
        return _fits(self)

    @cached_property
    def parents(self) -> list[tuple[int, ...]]:
        """``parents[card]``: the cards ``card`` may lie on, in card order."""
        return _parents(self)

    def refusal(self, under: int, card: int) -> Reason | None:
        """Why ``card`` may not lie on ``under``: its colour, then its rank; ``None`` if it may."""
        if not self.colour.matches(under, card):
            return WRONG_COLOUR if self.colour is ALTERNATE else Reason.WRONG_SUIT
        return None if self.rank_fits(under, card) else _RANK_REASON[self.direction]


@dataclass(frozen=True)
class Run:
    """Which cards at a place's end move together: each lying on the one before it by
    ``rule``; ``Run()``, one card at a time.

    >>> spider = Run(Build(SAME_SUIT, DOWN))
    >>> spider
    Run(Build(SAME_SUIT, DOWN))
    >>> print(spider)
    moves as a run built down in suit
    >>> print(Run())
    moves one card at a time
    >>> col = [CARD_IDS[n] for n in ("9h", "8s", "7s", "6s")]
    >>> spider.length(col), spider.length(col, stop=3), Run(Build(ALTERNATE, DOWN)).length(col)
    (3, 1, 1)
    >>> spider.refusal(col), spider.refusal(col[1:]), Run().refusal(col[2:])
    (Reason('not_one_suit'), None, Reason('one_card_only'))
    """

    rule: Build | None = None

    def __repr__(self) -> str:
        return f"Run({self.rule!r})" if self.rule else "Run()"

    def __str__(self) -> str:
        return f"moves as a run {self.rule}" if self.rule else "moves one card at a time"

    def length(self, cards: Sequence[int], stop: int = 0) -> int:
        """How many cards at ``cards``' end may move together (0 when empty), not reaching below
        index ``stop`` (a column's first face-up card)."""
        j = len(cards) - 1
        if j < stop:
            return 0
        if self.rule is None:
            return 1
        fits = self.rule.fits
        n = 1
        while j > stop and fits[cards[j - 1] * 52 + cards[j]]:
            n += 1
            j -= 1
        return n

    def holds(self, cards: Sequence[int]) -> bool:
        """Whether ``cards`` (bottom to top) may move together."""
        return self.refusal(cards) is None

    def refusal(self, cards: Sequence[int]) -> Reason | None:
        """Why ``cards`` (bottom to top) may not move together: their ranks, then their suits."""
        if self.rule is None:
            return ONE_CARD_ONLY if len(cards) > 1 else None
        rule = self.rule
        pairs = list(pairwise(cards))
        if not all(rule.rank_fits(a, b) for a, b in pairs):
            return NOT_A_RUN
        if not all(rule.colour.matches(a, b) for a, b in pairs):
            return NOT_ONE_SUIT if rule.colour is SAME_SUIT else NOT_A_RUN
        return None


class Empty(Enum):
    """What an empty place takes."""

    ANY = "any card"
    KING = "a King"
    NOTHING = "nothing"

    def __repr__(self) -> str:
        return f"Empty.{self.name}"

    def refusal(self, card: int) -> Reason | None:
        """Why an empty place of this kind refuses ``card`` (the first of a run); ``None`` if it takes it."""
        if self is Empty.ANY:
            return None
        if self is Empty.KING:
            return None if RANK[card] == KING else KING_ONLY
        return EMPTY_PILE


@dataclass(frozen=True)
class Tableau:
    """A kind of table pile: what builds on it, what leaves it together, what it takes empty.

    >>> spider = Tableau(Build(ANY_SUIT, DOWN), Run(Build(SAME_SUIT, DOWN)), Empty.ANY)
    >>> col = [CARD_IDS[n] for n in ("Kd", "9h", "8s", "7s")]
    >>> spider.take_refusal(col, 2, 3), spider.take_refusal(col, 2, 2), spider.take_refusal(col, 1, 3)
    (Reason('face_down'), None, Reason('not_one_suit'))
    >>> spider.take_refusal(col, 0, 4), spider.take_refusal(col, 0, 5)
    (Reason('not_a_run'), Reason('run_too_long'))
    >>> spider.put_refusal([CARD_IDS["9d"]], CARD_IDS["8s"]), spider.put_refusal([], CARD_IDS["8s"])
    (None, None)
    """

    build: Build
    run: Run
    empty: Empty

    def __repr__(self) -> str:
        return f"Tableau({self.build!r}, {self.run!r}, {self.empty!r})"

    def __str__(self) -> str:
        return f"{self.build}; {self.run}; takes {self.empty.value} when empty"

    def take_refusal(self, cards: list[int], down: int, n: int) -> Reason | None:
        """Why the last ``n`` of ``cards`` (its first ``down`` face down) may not leave together."""
        if not cards:
            return Reason.SOURCE_EMPTY
        size = len(cards)
        if n > size:
            return RUN_TOO_LONG
        if size - n < down:
            return FACE_DOWN
        return self.run.refusal(cards[size - n :]) if n > 1 else None

    def put_refusal(self, cards: list[int], card: int) -> Reason | None:
        """Why ``card`` (alone or leading a run) may not go onto ``cards``."""
        return self.build.refusal(cards[-1], card) if cards else self.empty.refusal(card)


# -- columns with face-down cards ----------------------------------------------------------------
# A column is a list of cards, bottom to top, and a count of its first cards that lie face down
# (always a bottom prefix: a card turns up as soon as it is the column's end).


def turn_up(cols: list[list[int]], down: list[int], i: int) -> int:
    """Turns up column ``i``'s end when it is face down; 1 when it did (what an undo gives back).

    >>> cols, down = [[5, 6]], [1]
    >>> cols[0].pop(), turn_up(cols, down, 0), turn_up(cols, down, 0), down
    (6, 1, 0, [0])
    """
    hidden = down[i]
    if hidden and hidden == len(cols[i]):
        down[i] = hidden - 1
        return 1
    return 0


def column_lines(
    names: Sequence[str], cols: Sequence[list[int]], down: Sequence[int]
) -> list[tuple[str, list[tuple[int, bool]]]]:
    """The table text lines of columns: each card, face up past the column's face-down ones."""
    return [(name, [(c, k >= down[i]) for k, c in enumerate(cols[i])]) for i, name in enumerate(names)]


def column_places(
    names: Sequence[str], cols: Sequence[list[int]], down: Sequence[int], kind: str = COLUMN
) -> tuple[PlaceInfo, ...]:
    """Columns as a player sees them: numbered from 1, their face-down count and face-up cards.

    >>> column_places(["1"], [[0, 13, 26]], [2])
    (PlaceInfo(place='1', kind='column', count=3, number=1, ..., cards=(26,), face_down=2, ...),)
    """
    return tuple(
        PlaceInfo(name, kind, len(cols[i]), number=i + 1, cards=tuple(cols[i][down[i] :]), face_down=down[i])
        for i, name in enumerate(names)
    )


# -- foundations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BySuit:
    """Foundations by suit, one a suit in suit order (♠ ♥ ♦ ♣), each built in suit from ``base``
    (its first card) up or down. A foundation is held as its count of cards.

    >>> up = BySuit()
    >>> up
    BySuit(ACE, UP)
    >>> print(up)
    from the Ace up
    >>> down = BySuit(KING, DOWN)
    >>> CARD_NAMES[down.card(1, 2)], down.takes(1, 3, CARD_IDS["Th"]), up.takes(1, 2, CARD_IDS["3h"])
    ('Jh', True, True)
    """

    base: int = ACE
    direction: Direction = UP

    def __repr__(self) -> str:
        base = {ACE: "ACE", KING: "KING"}.get(self.base, str(self.base))
        return f"BySuit({base}, {self.direction!r})"

    def __str__(self) -> str:
        return f"from the {_RANK_WORDS[self.base]} {self.direction.value}"

    def card(self, suit: int, k: int) -> int:
        """The ``k``-th card of ``suit``'s foundation, its base 0."""
        return suit * 13 + self.base + (k if self.direction is UP else -k)

    def takes(self, suit: int, count: int, card: int) -> bool:
        """Whether ``suit``'s foundation, holding ``count`` cards, takes ``card`` next."""
        return count < 13 and card == self.card(suit, count)

    def refusal(self, suit: int, count: int, card: int) -> Reason | None:
        """Why ``suit``'s foundation, holding ``count`` cards, refuses ``card``: another suit's, or
        not its next card; ``None`` if it takes it."""
        if SUIT[card] != suit:
            return Reason.WRONG_SUIT
        return None if self.takes(suit, count, card) else Reason.FOUNDATION_ORDER

    def read(self, places: dict[str, list[tuple[int, bool]]], names: Sequence[str], based: bool = False) -> list[int]:
        """How many cards each foundation holds (``names`` in suit order), each having to run from
        the base in order, face up; with ``based``, never empty (the base starts there)."""
        found = []
        for suit, name in enumerate(names):
            cards = places[name]
            want = [self.card(suit, k) for k in range(len(cards))]
            if [c for c, _ in cards] != want or (based and not cards):
                expect = " ".join(CARD_NAMES[self.card(suit, k)] for k in range(min(3, max(len(cards), 1))))
                raise InvalidPosition(f"foundation {name} must run {self} in order ({expect} …)")
            if not all(up for _, up in cards):
                raise InvalidPosition(f"foundation {name} holds a face-down card")
            found.append(len(cards))
        return found

    def lines(self, names: Sequence[str], found: Sequence[int]) -> list[tuple[str, list[tuple[int, bool]]]]:
        """The table text lines of the foundations holding ``found[suit]`` cards each."""
        return [(name, [(self.card(s, k), True) for k in range(found[s])]) for s, name in enumerate(names)]

    def places(self, names: Sequence[str], found: Sequence[int], kind: str = FOUNDATION) -> tuple[PlaceInfo, ...]:
        """The foundations as a player sees them: each its top card and count."""
        return tuple(
            PlaceInfo(name, kind, n, suit=s, cards=(self.card(s, n - 1),) if n else (), role=Role.FOUNDATION)
            for s, (name, n) in enumerate(zip(names, found, strict=True))
        )


SUIT_UP = BySuit()
"""Four foundations by suit from the Ace up (Klondike's, FreeCell's)."""


@dataclass(frozen=True)
class CompleteRuns:
    """Foundations that each take a whole run of one suit, King down to Ace, the moment it lies
    complete and face up at a place's end; they fill in order, and each is held as its suit.

    >>> runs = CompleteRuns()
    >>> print(runs)
    take a complete run, King down to Ace in suit
    >>> col = [CARD_IDS["5d"]] + [CARD_IDS[r + "h"] for r in "KQJT98765432A"]
    >>> runs.at_end(col, 1), runs.at_end(col, 2), runs.at_end(col[:-1], 0)
    (1, -1, -1)
    """

    RUN = Run(Build(SAME_SUIT, DOWN))

    def __str__(self) -> str:
        return "take a complete run, King down to Ace in suit"

    def at_end(self, cards: list[int], down: int) -> int:
        """The suit of the complete run (face up: not reaching below index ``down``) at
        ``cards``' end, or -1."""
        if len(cards) - down < 13 or RANK[cards[-1]] != ACE:
            return -1
        return SUIT[cards[-1]] if self.RUN.length(cards, len(cards) - 13) == 13 else -1

    def read(self, places: dict[str, list[tuple[int, bool]]], names: Sequence[str]) -> list[int]:
        """The suit of each full foundation (``names`` in order), each empty or a complete run
        face up, from the Ace to the King, the full ones first."""
        found: list[int] = []
        for k, name in enumerate(names):
            cards = places[name]
            if not cards:
                continue
            suit = SUIT[cards[0][0]]
            if [c for c, _ in cards] != [suit * 13 + r for r in range(13)] or not all(up for _, up in cards):
                s = SUIT_LETTERS[suit]
                raise InvalidPosition(
                    f"foundation {name} must be empty or hold one suit's complete run face up, "
                    f"from the Ace to the King (A{s} 2{s} … K{s})"
                )
            if k != len(found):
                raise InvalidPosition(f"foundation {name} is full but {names[len(found)]} is empty; they fill in order")
            found.append(suit)
        return found

    def lines(self, names: Sequence[str], found: Sequence[int]) -> list[tuple[str, list[tuple[int, bool]]]]:
        """The table text lines of the foundations, ``found`` the suits of the full ones in order."""
        return [
            (name, [(found[k] * 13 + r, True) for r in range(13)] if k < len(found) else [])
            for k, name in enumerate(names)
        ]


@cache
def _fits(build: Build) -> list[bool]:
    """``Build.fits``, made once for builds alike (Klondike's columns and the one the pile
    vocabulary names), when first asked for: from the pairs of suits and of ranks that fit (a
    card's suit and rank are ``card // 13``, ``card % 13``), 16 and 169 checks, not 2,704."""
    fits = [False] * (52 * 52)
    suits = [(a, b) for a in range(4) for b in range(4) if build.colour.matches(a * 13, b * 13)]
    ranks = [(a, b) for a in range(13) for b in range(13) if build.rank_fits(a, b)]
    for sa, sb in suits:
        for ra, rb in ranks:
            fits[(sa * 13 + ra) * 52 + sb * 13 + rb] = True
    return fits


@cache
def _parents(build: Build) -> list[tuple[int, ...]]:
    found: list[list[int]] = [[] for _ in range(52)]
    for i in (i for i, fit in enumerate(_fits(build)) if fit):  # in card order of the card beneath
        found[i % 52].append(i // 52)
    return [tuple(under) for under in found]


# -- the one-deck games' build, kept under its old names -----------------------------------------

ALTERNATE_DOWN = Build(ALTERNATE, DOWN)
ALTERNATE_RUN = Run(ALTERNATE_DOWN)


def ordered_run(col: list[int], stop: int = 0) -> int:
    """How many cards at ``col``'s end form a run built down in alternating colours (0 when
    empty), not reaching below index ``stop`` (a column's first face-up card)."""
    return ALTERNATE_RUN.length(col, stop)


def is_run(cards: list[int]) -> bool:
    """Whether ``cards`` (bottom to top) are built down in alternating colours."""
    return ALTERNATE_RUN.holds(cards)


def foundation_counts(places: dict[str, list[tuple[int, bool]]], names: list[str]) -> list[int]:
    """How many cards each foundation by suit from the Ace holds (``SUIT_UP.read``)."""
    return SUIT_UP.read(places, names)


def foundation_lines(names: list[str], found: list[int]) -> list[tuple[str, list[tuple[int, bool]]]]:
    """The table text lines of foundations by suit from the Ace (``SUIT_UP.lines``)."""
    return SUIT_UP.lines(names, found)


def foundation_places(names: list[str], found: list[int]) -> tuple[PlaceInfo, ...]:
    """Foundations by suit from the Ace as a player sees them (``SUIT_UP.places``)."""
    return SUIT_UP.places(names, found)
