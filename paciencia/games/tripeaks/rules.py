"""TriPeaks: 28 cards in three overlapping peaks, each played onto the waste when it is one rank
above or below the waste's top card; a stock turned once through (PRODUCT.md §10).

Place indexes: the peaks' places ``1``–``28`` are 0–27, row by row from the top, left to right:
the three peaks' tops (0–2), their second rows (3–8, two a peak), their third rows (9–17, three
a peak) and the bottom row of ten (18–27), which the peaks share. Each card but the bottom row's
is covered by the two below it (``COVERS``): a third-row card ``9 + k`` by ``18 + k`` and
``19 + k``, a second-row card of peak ``p`` by the two third-row cards under it, a peak's top by
its second row. The notation names nothing else: ``D`` turns the stock's top card onto the
waste; the stock ``S`` and the waste ``W`` are only listed by the table text.

A move is a place alone (``23``: that card onto the waste); its ``places()`` are
``("23", 1, "W")``, so ``Observation.dests`` gives each playable card its one destination.

State:

* ``peaks[i]``: the card at place ``i``, or -1 once it went to the waste. A card lies face down
  exactly while another covers it: the bottom row starts face up and a card turns up as soon as
  the two below it are gone (as part of that move), so the table text's brackets follow from the
  cards, and a position that says otherwise is refused.
* ``stock`` bottom to top (its last card is turned first), ``waste`` bottom to top (never empty:
  the deal turns its first card).
* ``moves``: every accepted action (a turn included); an undo takes one off.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.dealcode import DealCode, shuffled
from paciencia.engine.errors import InvalidMove, InvalidPosition
from paciencia.engine.protocol import Action, Explains, Figures, Group, Key, Observation, PlaceInfo, Status, refuse_undo
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, int_field
from paciencia.games.takeaway import (
    RANK,
    Layout,
    NextRank,
    TakeAwayGame,
    TakeAwayState,
    check_talon,
    fill_talon,
    talon_lines,
    talon_places,
)
from paciencia.games.tripeaks.words import CARD, NOT_NEXT, ON_THE_WASTE, STILL_FACE_DOWN, STOCK, STOCK_USED_UP, TURN
from paciencia.games.tripeaks.words import WASTE as WASTE_KIND

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

SIZE = 28
"""Cards in the peaks."""
STOCK_SIZE = 23
"""Cards the deal leaves in the stock (one more is turned onto the waste)."""


def _left(i: int) -> int:
    """The left one of the two places that cover place ``i`` (a place of the rows above the bottom one)."""
    if i < 3:  # a peak's top: its second row
        return 3 + 2 * i
    if i < 9:  # peak p's second row, card j: the third-row cards under it
        p, j = divmod(i - 3, 2)
        return 9 + 3 * p + j
    return i + 9


LAYOUT = Layout.overlapping((3, 6, 9, 10), [_left(i) for i in range(18)])
"""The three peaks' rows of 3, 6, 9 and 10 cards, each card covered by the two below it."""
RULE = NextRank(wrap=True)
"""Which card goes on the waste's top: one rank above or below it, King next to Ace."""
COVERS = LAYOUT.covers
"""``COVERS[i]``: the two places below place ``i`` that cover it (none for the bottom row)."""
COVERED_BY = LAYOUT.covered_by
"""``COVERED_BY[i]``: the places that place ``i`` helps cover (the cards it may turn up)."""
PLACE_NAMES = LAYOUT.names
TEXT_ORDER = ["S", "W", *PLACE_NAMES]

_TOKEN = r"(?a)2[0-8]|1[0-9]|[1-9]"
EXPECTED_MOVE = "a peak place 1-28 alone, as 23 (that card onto the waste); or D to turn a card from the stock"


def next_to(a: int, b: int) -> bool:
    """Whether two cards are one rank apart, suit ignored, King and Ace neighbours."""
    return RULE.fits(a, b)


@dataclass(frozen=True, slots=True)
class TriPeaksMove:
    """The card at place ``place`` onto the waste; the turn ``D`` has ``place == -1``."""

    place: int

    @property
    def is_turn(self) -> bool:
        return self.place < 0

    def places(self) -> tuple[str | None, int, str | None]:
        """A peak card and a turned card alike go onto the waste."""
        return ("S" if self.place < 0 else PLACE_NAMES[self.place]), 1, "W"

    def __str__(self) -> str:
        return "D" if self.place < 0 else PLACE_NAMES[self.place]


TURN_MOVE = TriPeaksMove(-1)


@cache
def move(place: int) -> TriPeaksMove:
    """The move of the card at ``place`` onto the waste."""
    return TriPeaksMove(place)


def deal(code: DealCode) -> tuple[list[int], list[int], list[int]]:
    """The peaks, the stock and the waste of a deal.

    The deck in order (♠ ♥ ♦ ♣, Ace to King: card ids 0–51) is shuffled by the project's
    shuffle (``dealcode``), then dealt as at a table, row by row from the top: cards 0–27 to
    places 1–28. Cards 28–50 form the stock in that order, bottom to top, and card 51, the one
    the stock would turn first, is turned onto the waste.
    """
    cards = shuffled(list(range(52)), code)
    return cards[:SIZE], cards[SIZE:-1], cards[-1:]


class TriPeaksGame(TakeAwayGame[TriPeaksMove]):
    name = "tripeaks"
    prefix = "TP"
    variants: ClassVar[dict[str, str]] = {"1": "one pass"}
    capabilities = frozenset({"draw", "solve"})
    explains = Explains(emptied={CARD: "tripeaks_played"}, actions={TURN: ("stock_next", "stock_next")})
    hint_budget = (32, 20_000)

    def __init__(self, variant: str = "1") -> None:
        super().__init__(variant)

    def new_state(self, number: int) -> TriPeaksState:
        code = self.code(number)
        peaks, stock, waste = deal(code)
        return TriPeaksState(self, code, peaks, stock, waste)

    def parse_move(self, token: str) -> TriPeaksMove:
        t = token.strip().upper()
        if t == "D":
            return TURN_MOVE
        if t.endswith("-W"):  # the board's way: a card put on the waste
            t = t[:-2]
        if re.fullmatch(_TOKEN, t) is None:
            raise InvalidMove(f"not a TriPeaks move: {token!r} (expected {EXPECTED_MOVE})")
        return move(int(t) - 1)

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> TriPeaksState:
        """Reads a position: the 52 cards once each, the stock face down and 23 cards at most,
        the waste face up (so never empty: 28 peak places and 23 stock cards leave a card for
        it), each peak place one card or none. A place may be
        empty only once the places that cover it are, and a card lies face down exactly while
        another covers it. The cards may otherwise be anything (a made-up position)."""
        check_fields(fields, ("status", "moves"))
        check_places(places, TEXT_ORDER)
        from paciencia.games.piles import check_one_deck  # (the pile games' vocabulary: not loaded to deal)

        check_one_deck(places, "TriPeaks")
        stock, waste = places["S"], places["W"]
        check_talon(places, ("W",))
        if len(stock) > STOCK_SIZE:
            raise InvalidPosition(f"stock S holds {len(stock)} cards; the deal leaves {STOCK_SIZE} there at most")
        peaks, ups = LAYOUT.read(places, "a peak place")
        LAYOUT.check_cleared(peaks, "played")
        for i in range(SIZE):
            covered = LAYOUT.covered(peaks, i)
            if peaks[i] >= 0 and ups[i] == covered:
                card = CARD_NAMES[peaks[i]]
                raise InvalidPosition(
                    f"place {PLACE_NAMES[i]}: {card} must be "
                    + (
                        f"face down, as [{card}], while {LAYOUT.cover_names(i)} cover it"
                        if covered
                        else f"face up, as {card}: nothing covers it"
                    )
                )
        moves = int_field(fields, "moves", 0, 0, 10**9)
        state = TriPeaksState(self, code, peaks, [c for c, _ in stock], [c for c, _ in waste], moves)
        check_status(fields, state)
        return state


class TriPeaksState(TakeAwayState[TriPeaksMove]):
    __slots__ = ("code", "game", "history", "moves", "peaks", "stock", "waste")

    game: TriPeaksGame
    layout = LAYOUT

    def __init__(
        self,
        game: TriPeaksGame,
        code: DealCode,
        peaks: list[int],
        stock: list[int],
        waste: list[int],
        moves: int = 0,
    ) -> None:
        super().__init__(game, code, stock, waste, moves)
        self.peaks = peaks
        self.history: list[TriPeaksMove] = []

    # -- the cards in play -------------------------------------------------------------------

    @property
    def table(self) -> list[int]:
        return self.peaks

    def face_up(self, place: int) -> bool:
        return self.peaks[place] >= 0 and not self.covered(place)

    # -- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[TriPeaksMove]:
        if self.is_won():
            return []
        top = self.waste[-1]
        out = [move(i) for i, c in enumerate(self.peaks) if c >= 0 and next_to(c, top) and not self.covered(i)]
        if self.stock:
            out.append(TURN_MOVE)
        return out

    def check(self, move: TriPeaksMove) -> Reason | None:
        """The first reason that applies, in this order: the game is over; (a turn) the stock is
        used up; the place's card is gone; it is face down; it is not next to the waste's top."""
        if self.is_won():
            return Reason.GAME_OVER
        if move.is_turn:
            return None if self.stock else STOCK_USED_UP
        card = self.peaks[move.place]
        if card < 0:
            return ON_THE_WASTE
        if self.covered(move.place):
            return STILL_FACE_DOWN
        top = self.waste[-1]
        return None if next_to(card, top) else NOT_NEXT[RANK[top]]

    def push(self, move: TriPeaksMove) -> None:
        if move.is_turn:
            self.waste.append(self.stock.pop())
        else:
            self.waste.append(self.peaks[move.place])
            self.peaks[move.place] = -1
        self.history.append(move)
        self.moves += 1

    def undo(self) -> TriPeaksMove:
        if not self.history:
            raise refuse_undo()
        move = self.history.pop()
        if move.is_turn:
            self.stock.append(self.waste.pop())
        else:
            self.peaks[move.place] = self.waste.pop()
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[TriPeaksMove]:
        return list(self.history)

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out = talon_lines(self.stock, self.waste)
        out += [(PLACE_NAMES[i], [(c, not self.covered(i))] if c >= 0 else []) for i, c in enumerate(self.peaks)]
        return out

    def shown(self) -> list[int]:
        """The face-up peak cards and the waste's top."""
        return [c for i, c in enumerate(self.peaks) if c >= 0 and not self.covered(i)] + self.waste[-1:]

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: 0 the stock, 1 the waste, 2-29 the peaks' places."""
        other = self.copy()
        for (line, k), card in cards.items():
            if not fill_talon(other.stock, other.waste, line, k, card):
                other.peaks[line - 2] = card
        return other

    def observe(self) -> Observation:
        """The stock as a count, the waste's top card, and each peak place: its card face up,
        face down (a count, no card), or gone; the deal code only once the game is over (with the
        published shuffle it would reveal every hidden card)."""
        heaps = talon_places(self.stock, self.waste, STOCK, WASTE_KIND)
        cards = []
        for i, c in enumerate(self.peaks):
            if c < 0:
                cards.append(PlaceInfo(PLACE_NAMES[i], CARD, 0, number=i + 1))
            elif self.covered(i):
                cards.append(PlaceInfo(PLACE_NAMES[i], CARD, 1, number=i + 1, face_down=1))
            else:
                cards.append(PlaceInfo(PLACE_NAMES[i], CARD, 1, number=i + 1, cards=(c,)))
        status = self.status
        playing = status == Status.PLAYING
        runs = {p.place: 1 for p in cards if p.cards} if playing else {}
        groups = (Group("tripeaks_peaks", tuple(PLACE_NAMES)), Group("tripeaks_heaps", ("S", "W")))
        turn = Action(TURN, "D", playing and bool(self.stock), left=len(self.stock), place="S")
        return self.observation(cards, heaps, groups, status, runs, self.legal_moves(), turn)

    def figures(self) -> Figures:
        return Figures(self.moves, {"stock_left": len(self.stock), "peaks_left": sum(c >= 0 for c in self.peaks)})

    def copy(self) -> Self:
        other = type(self)(self.game, self.code, list(self.peaks), list(self.stock), list(self.waste), self.moves)
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        """Not the counters (which cards lie face down follows from the others)."""
        return (tuple(self.peaks), tuple(self.stock), tuple(self.waste))
