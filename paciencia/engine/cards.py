"""Cards as small frozen values that parse and print themselves (``Card.parse("Ts")``).

Engines keep cards as plain ints (``suit * 13 + rank``) in their hot loops; ``Card`` is the
public face of such an int, and ``Card.id`` / ``Card.from_id`` convert between the two.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

from paciencia.engine.errors import InvalidCard
from paciencia.engine.record import dataclass

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"


class Suit(IntEnum):
    """Suit order is the table's: ♠ ♥ ♦ ♣."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(IntEnum):
    """Ace low (0) to King high (12)."""

    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    EIGHT = 7
    NINE = 8
    TEN = 9
    JACK = 10
    QUEEN = 11
    KING = 12

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads ``Ts``, ``Ah``, ``2c``: rank letter then suit letter (case of the suit ignored)."""
        t = text.strip()
        if len(t) != 2 or t[0].upper() not in RANK_LETTERS or t[1].lower() not in SUIT_LETTERS:
            raise InvalidCard(f"not a card: {text!r} (expected a rank A23456789TJQK and a suit shdc, as 'Ts')")
        return cls(Suit(SUIT_LETTERS.index(t[1].lower())), Rank(RANK_LETTERS.index(t[0].upper())))

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        return _by_id()[card_id]

    @property
    def id(self) -> int:
        return self.suit * 13 + self.rank

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank] + SUIT_LETTERS[self.suit]


@cache
def _by_id() -> list[Card]:
    return [Card(Suit(i // 13), Rank(i % 13)) for i in range(52)]


CARD_NAMES = [RANK_LETTERS[i % 13] + SUIT_LETTERS[i // 13] for i in range(52)]
"""``CARD_NAMES[id]`` is the notation of card ``id``: the fast path for printing."""
CARD_IDS = {name: i for i, name in enumerate(CARD_NAMES)}


def parse_card_id(text: str) -> int:
    """The id of the card ``text`` names; ``InvalidCard`` naming the text otherwise."""
    found = CARD_IDS.get(text)
    return found if found is not None else Card.parse(text).id
