"""What the player knows: the cards they have been shown, and the positions consistent with it.

A ``Knowledge`` is computed from a game's record (its starting position and its tokens): every
card slot of the current position is either *known* (its card was shown to the player at some
point and followed since) or *unknown*. Its ``completions`` put the unseen cards into the unknown
slots; a completion is a full position that the player cannot tell apart from the real one (the
same known cards in the same places, the same counts, the same undo history). Whatever is
computed from completions alone (hints, chances) is therefore a function of the knowledge alone:
the real position's hidden cards are overwritten in every completion, and the sampling is seeded
from a hash of the knowledge (``seed``), never from the deal.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from paciencia.engine.record import dataclass

Slot = tuple[int, int]
"""A card's place in ``State.place_lines()``: (line index, card index bottom to top)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """``state`` is the real position (private: only its known cards and its public history are
    ever read through ``complete``); ``unknown`` the slots whose cards the player has not been
    shown; ``unseen`` those slots' cards as a sorted multiset (which cards they are is known:
    every card not in sight is one of them); ``digest`` a hash of everything the player knows."""

    state: Any
    unknown: tuple[Slot, ...]
    unseen: tuple[int, ...]
    digest: bytes
    since: int = 0
    """The length of ``state.move_stack`` when a card last came into sight for the first time
    (0: not followed). A position met before it was met knowing less: going back there is no
    loop (what is known only grows, so such returns are finitely many)."""

    @property
    def seed(self) -> int:
        return int.from_bytes(self.digest[:8], "big")

    def distinct(self) -> int:
        """How many different completions there are (the multinomial of the unseen cards)."""
        n = math.factorial(len(self.unseen))
        for k in Counter(self.unseen).values():
            n //= math.factorial(k)
        return n

    def complete(self, cards: Sequence[int]) -> Any:
        """The position with ``cards`` (one per unknown slot, in order) in the unknown slots."""
        return self.state.filled(dict(zip(self.unknown, cards, strict=True)))

    def completions(self, most: int, every: int = 0) -> list[Any]:
        """Every completion when there are at most ``every`` (each equally likely), else ``most``
        drawn uniformly with a generator seeded from the knowledge."""
        if not self.unknown:
            return [self.complete(())]
        if self.distinct() <= every:
            return [self.complete(p) for p in _arrangements(sorted(self.unseen))]
        import random  # here: a command that only deals never loads it (its start-up)

        rng = random.Random(self.seed)
        out = []
        for _ in range(most):
            cards = list(self.unseen)
            rng.shuffle(cards)
            out.append(self.complete(cards))
        return out


def _arrangements(cards: list[int]) -> Iterator[list[int]]:
    """Every distinct ordering of a sorted multiset."""
    if not cards:
        yield []
        return
    for i, c in enumerate(cards):
        if i and cards[i - 1] == c:
            continue
        for rest in _arrangements(cards[:i] + cards[i + 1 :]):
            yield [c, *rest]


def knowledge_of(state: Any, known: Sequence[Sequence[bool]], deck: Sequence[int], since: int = 0) -> Knowledge:
    """The knowledge of ``state`` where ``known[line][k]`` says whether the card at that slot of
    ``state.place_lines()`` is known; ``deck``: every card of the game (with repeats). The
    digest covers the game, variant, the counters and each place with its known cards (an unknown
    card as ``?``) and the public undo history."""
    lines = state.place_lines()
    unknown: list[Slot] = []
    shown: list[str] = [state.game.name, state.game.variant]
    shown += [f"{k}={v}" for k, v in state.header_fields()]
    remaining = Counter(deck)
    for li, (name, cards) in enumerate(lines):
        row = [name]
        for k, (card, up) in enumerate(cards):
            if known[li][k]:
                remaining[card] -= 1
                row.append(f"{card}{'' if up else 'd'}")
            else:
                unknown.append((li, k))
                row.append("?" if up else "?d")
        shown.append(" ".join(row))
    shown.append(" ".join(str(m) for m in state.move_stack))
    unseen = tuple(sorted(remaining.elements()))
    if len(unseen) != len(unknown):
        raise AssertionError("knowledge: the unseen cards do not fill the unknown slots")
    import hashlib  # here: a command that only deals never loads it (OpenSSL, 2 ms of its start-up)

    digest = hashlib.sha256("\n".join(shown).encode()).digest()
    private = state.copy()
    # A completion names no deal: the real code (which, with the published shuffle, names every
    # card) is not carried into the positions that hints and chances are worked out from.
    private.code = private.code.nameless()
    return Knowledge(private, tuple(unknown), unseen, digest, since)
