"""Pile vocabulary that several one-deck games share, written once (the PySolFC idea): building
down in alternating colours, foundations by suit from the Ace up, one deck each card once.

Cards are ints ``suit * 13 + rank`` (``paciencia.engine.cards``): suits ♠ ♥ ♦ ♣, the Ace 0.
"""

from __future__ import annotations

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.errors import InvalidPosition
from paciencia.engine.protocol import PlaceInfo, Role

KING = 12
SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]
RED = [c // 13 in (1, 2) for c in range(52)]
# FITS[a * 52 + b]: card b may lie on card a in a column built down in alternating colours.
FITS = [RANK[b] + 1 == RANK[a] and RED[a] != RED[b] for a in range(52) for b in range(52)]
# PARENTS[c]: the two cards that c may lie on (none for a King).
PARENTS = [tuple(a for a in range(52) if FITS[a * 52 + c]) for c in range(52)]


def ordered_run(col: list[int], stop: int = 0) -> int:
    """How many cards at ``col``'s end form a run built down in alternating colours (0 when
    empty), not reaching below index ``stop`` (a column's first face-up card)."""
    j = len(col) - 1
    if j < stop:
        return 0
    n = 1
    while j > stop and FITS[col[j - 1] * 52 + col[j]]:
        n += 1
        j -= 1
    return n


def is_run(cards: list[int]) -> bool:
    """Whether ``cards`` (bottom to top) are built down in alternating colours."""
    return all(FITS[cards[i] * 52 + cards[i + 1]] for i in range(len(cards) - 1))


def check_one_deck(places: dict[str, list[tuple[int, bool]]], game: str) -> None:
    """Every one of the 52 cards exactly once among the places of a table text."""
    counts = [0] * 52
    for cards in places.values():
        for c, _ in cards:
            counts[c] += 1
    for c, k in enumerate(counts):
        if k != 1:
            raise InvalidPosition(
                f"card {CARD_NAMES[c]} appears {k} times; {game} holds each of the 52 cards exactly once"
            )


def foundation_counts(places: dict[str, list[tuple[int, bool]]], names: list[str]) -> list[int]:
    """How many cards each foundation by suit holds (``names`` in suit order), each having to
    run from the Ace up in order, face up."""
    found = []
    for suit, name in enumerate(names):
        cards = places[name]
        want = [suit * 13 + r for r in range(len(cards))]
        if [c for c, _ in cards] != want:
            expect = " ".join(CARD_NAMES[suit * 13 + r] for r in range(min(3, max(len(cards), 1))))
            raise InvalidPosition(f"foundation {name} must run from the Ace up in order ({expect} …)")
        if not all(up for _, up in cards):
            raise InvalidPosition(f"foundation {name} holds a face-down card")
        found.append(len(cards))
    return found


def foundation_lines(names: list[str], found: list[int]) -> list[tuple[str, list[tuple[int, bool]]]]:
    """The table text lines of foundations by suit holding ``found[suit]`` cards each."""
    return [(name, [(suit * 13 + r, True) for r in range(found[suit])]) for suit, name in enumerate(names)]


def foundation_places(names: list[str], found: list[int]) -> tuple[PlaceInfo, ...]:
    """Foundations by suit as a player sees them: each its top card and count."""
    return tuple(
        PlaceInfo(name, "foundation", n, suit=s, cards=(s * 13 + n - 1,) if n else (), role=Role.FOUNDATION)
        for s, (name, n) in enumerate(zip(names, found, strict=True))
    )
