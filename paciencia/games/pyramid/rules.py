"""Pyramid: 28 cards in a pyramid of seven rows, taken away in pairs that add up to 13, Kings
alone; a stock turned one card at a time onto a waste, three passes in all (PRODUCT.md §9).

Place indexes: the pyramid's places ``1``–``28`` are 0–27, row by row from the top, left to
right (row ``r``, from 0, holds ``r + 1`` places); the card at index ``i`` of row ``r`` < 6 is
covered by the two below it, ``i + r + 1`` and ``i + r + 2``, and the bottom row is uncovered.
The waste's top card ``W`` is 28 (it counts as uncovered). The notation names nothing else:
``D`` turns the stock's top card onto the waste, or the waste back over into the stock; the
stock ``S`` and the foundation ``F`` (the cards taken away, in the order they left) are only
listed by the table text.

A move takes cards away: ``A+B`` two uncovered cards whose values add up to 13 (A 1 … J 11,
Q 12), the lower place first and ``W`` last however it was written; a King's place alone
(``7``, ``W``). Its ``places()`` are ``(the first place, 1, None)``: no destination, as for
any removal; ``taken()`` names every place it empties.

State:

* ``pyr[i]``: the card at place ``i``, or -1 once it was taken away.
* ``stock`` bottom to top (its last card is turned first), ``waste`` bottom to top.
* ``gone``: the cards taken away, in the order they left (a pair's first place's card first).
* ``passes``: the passes through the stock left, the one under way included (3 at the deal, 1
  on the last); the table text's header ``passes=N``.
* ``moves``: every accepted action (a turn and a recycle included); an undo takes one off.

A recycle turns the waste over as it lies: the waste's first card becomes the stock's top, so
each pass turns the cards in the same order as the one before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache

from paciencia.engine.dealcode import DealCode, shuffled
from paciencia.engine.errors import InvalidMove, InvalidPosition
from paciencia.engine.protocol import (
    Action,
    Explains,
    Figures,
    Group,
    Key,
    Observation,
    PlaceInfo,
    Role,
    Status,
    refuse_undo,
)
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, int_field
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
    WASTE_EMPTY,
)
from paciencia.games.pyramid.words import WASTE as WASTE_KIND
from paciencia.games.takeaway import (
    VALUE,
    AddsTo,
    Layout,
    TakeAwayGame,
    TakeAwayState,
    check_talon,
    fill_talon,
    talon_lines,
    talon_places,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

    from paciencia.engine.knowledge import Knowledge

ROWS = 7
LAYOUT = Layout.pyramid(ROWS)
"""The pyramid: row ``r`` (from 0) of ``r + 1`` places, each card covered by the two below it."""
SIZE = LAYOUT.size
"""Cards in the pyramid."""
WASTE = SIZE
"""The waste's top card's index among the places a removal names."""
PASSES = 3
"""Passes through the stock in all: the waste is turned back over twice."""
RULE = AddsTo(13)
"""Which cards go together: two that add up to 13, a King alone."""
PAIR = RULE.total
"""What two cards taken away together add up to; a King's value alone."""
COVERS = LAYOUT.covers
"""``COVERS[i]``: the two places below place ``i`` that cover it (none for the bottom row)."""
PLACE_NAMES = [*LAYOUT.names, "W"]
TEXT_ORDER = ["S", "W", "F", *PLACE_NAMES[:SIZE]]

_PLACE = r"(2[0-8]|1[0-9]|[1-9]|W)"
_TOKEN = rf"(?a){_PLACE}(?:[+-]{_PLACE})?"
"""A pair is written ``A+B``; the board's ``A-B`` (one card put on its partner) reads alike."""
EXPECTED_MOVE = (
    "A+B with places 1-28 or W (the waste's top card), as 12+W or 27+28; a King's place alone, as 7 or W; "
    "or D to turn a card from the stock"
)

K_TURN, K_ONE, K_PAIR = range(3)


@dataclass(frozen=True, slots=True)
class PyramidMove:
    """A removal of the card at place ``a`` (a King) or of the cards at ``a`` and ``b`` (a pair,
    ``a <= b``); the turn ``D`` has ``a == b == -1``."""

    a: int
    b: int = -1

    @property
    def kind(self) -> int:
        return K_TURN if self.a < 0 else K_ONE if self.b < 0 else K_PAIR

    @property
    def is_turn(self) -> bool:
        return self.a < 0

    def taken(self) -> tuple[str, ...]:
        """The places whose cards the move takes away (none for the turn)."""
        return tuple(PLACE_NAMES[p] for p in (self.a, self.b) if p >= 0)

    def places(self) -> tuple[str | None, int, str | None]:
        """A removal leaves for no place: ``(its first place, 1, None)``; the turn goes from the
        stock to the waste (a recycle too: one tap on the stock)."""
        if self.a < 0:
            return "S", 1, "W"
        return PLACE_NAMES[self.a], 1, None

    def __str__(self) -> str:
        return "D" if self.a < 0 else "+".join(self.taken())


TURN_MOVE = PyramidMove(-1)


@cache
def move(a: int, b: int = -1) -> PyramidMove:
    """The removal of places ``a`` and ``b`` (``b`` -1: ``a`` alone), in the order the notation
    writes it: the lower place first, ``W`` last."""
    return PyramidMove(a) if b < 0 else PyramidMove(min(a, b), max(a, b))


def deal(number: int, code: DealCode) -> tuple[list[int], list[int]]:
    """The pyramid and the stock of a deal (``number`` under ``code``'s game and version).

    The deck in order (♠ ♥ ♦ ♣, Ace to King: card ids 0–51) is shuffled by the project's
    shuffle (``dealcode``), then dealt as at a table, row by row from the top: cards 0–27 to
    places 1–28. Cards 28–51 form the stock in that order, bottom to top, so card 51 is the
    first one turned.
    """
    cards = shuffled(list(range(52)), code)
    return cards[:SIZE], cards[SIZE:]


class PyramidGame(TakeAwayGame[PyramidMove]):
    name = "pyramid"
    prefix = "PY"
    variants: ClassVar[dict[str, str]] = {"3": "three passes"}
    capabilities = frozenset({"draw", "solve"})
    explains = Explains(
        emptied={CARD: "pyramid_taken", WASTE_KIND: "pyramid_king"}, actions={TURN: ("stock_next", "recycle")}
    )
    hint_budget = (32, 20_000)

    def __init__(self, variant: str = "3") -> None:
        super().__init__(variant)
        self.passes = int(variant)

    def sure_move(self, knowledge: Knowledge) -> str | None:
        from paciencia.games.pyramid.analysis import sure_move

        return sure_move(knowledge)

    def new_state(self, number: int) -> PyramidState:
        code = self.code(number)
        pyr, stock = deal(number, code)
        return PyramidState(self, code, pyr, stock, [], [], self.passes)

    def parse_move(self, token: str) -> PyramidMove:
        t = token.strip().upper()
        if t == "D":
            return TURN_MOVE
        m = re.fullmatch(_TOKEN, t)
        if m is None:
            raise InvalidMove(f"not a Pyramid move: {token!r} (expected {EXPECTED_MOVE})")
        a, b = (PLACE_NAMES.index(g) if g is not None else -1 for g in m.groups())
        return move(a, b)

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> PyramidState:
        """Reads a position: the 52 cards once each, the stock face down, the waste and the
        foundation face up, each pyramid place one card face up or none. A place may be empty
        only once the places that cover it are (a card leaves only uncovered), and the cards
        taken away must pair up to 13 but for the Kings (each 5 with an 8…). The pyramid's
        cards may otherwise be anything (a made-up position)."""
        check_fields(fields, ("status", "moves", "passes"))
        check_places(places, TEXT_ORDER)
        from paciencia.games.piles import check_one_deck  # (the pile games' vocabulary: not loaded to deal)

        check_one_deck(places, "Pyramid")
        check_talon(places, ("W", "F", *LAYOUT.names))
        pyr, _ = LAYOUT.read(places, "a pyramid place")
        LAYOUT.check_cleared(pyr, "taken away")
        gone = [c for c, _ in places["F"]]
        values = Counter(VALUE[c] for c in gone if VALUE[c] != PAIR)
        for v in range(1, 7):
            if values[v] != values[PAIR - v]:
                raise InvalidPosition(
                    f"foundation F: the cards taken away do not pair up to 13 ({values[v]} of value {v} but "
                    f"{values[PAIR - v]} of value {PAIR - v})"
                )
        passes = int_field(fields, "passes", self.passes, 1, self.passes)
        moves = int_field(fields, "moves", 0, 0, 10**9)
        state = PyramidState(
            self, code, pyr, [c for c, _ in places["S"]], [c for c, _ in places["W"]], gone, passes, moves
        )
        check_status(fields, state)
        return state


class PyramidState(TakeAwayState[PyramidMove]):
    __slots__ = ("code", "game", "gone", "history", "moves", "passes", "pyr", "stock", "waste")

    game: PyramidGame
    layout = LAYOUT

    def __init__(
        self,
        game: PyramidGame,
        code: DealCode,
        pyr: list[int],
        stock: list[int],
        waste: list[int],
        gone: list[int],
        passes: int,
        moves: int = 0,
    ) -> None:
        super().__init__(game, code, stock, waste, moves)
        self.pyr = pyr
        self.gone = gone
        self.passes = passes
        # (move, True for a turn that recycled the waste).
        self.history: list[tuple[PyramidMove, bool]] = []

    # -- the cards in play -------------------------------------------------------------------

    @property
    def table(self) -> list[int]:
        return self.pyr

    def card_at(self, place: int) -> int:
        """The card at a pyramid place or the waste's top (``WASTE``); -1 for none."""
        if place == WASTE:
            return self.waste[-1] if self.waste else -1
        return self.pyr[place]

    def uncovered(self) -> list[tuple[int, int]]:
        """(place, card) of every card that may be taken away now, the waste's top last."""
        out = [(i, c) for i, c in enumerate(self.pyr) if c >= 0 and self.free(i)]
        if self.waste:
            out.append((WASTE, self.waste[-1]))
        return out

    # -- moves -------------------------------------------------------------------------------

    def _can_turn(self) -> bool:
        return bool(self.stock) or (bool(self.waste) and self.passes > 1)

    def legal_moves(self) -> list[PyramidMove]:
        if self.is_won():
            return []
        free = self.uncovered()
        out: list[PyramidMove] = []
        for k, (p, c) in enumerate(free):
            if RULE.alone(c):
                out.append(move(p))
                continue
            out += [move(p, q) for q, d in free[k + 1 :] if RULE.pairs(c, d)]
        if self._can_turn():
            out.append(TURN_MOVE)
        return out

    def check(self, move: PyramidMove) -> Reason | None:
        """The first reason that applies, in this order: the game is over; (a turn) nothing to
        turn, no pass left; a pair of one place; a place with no card (taken away, or the waste
        empty); a covered card; a King in a pair, a lone card that is no King; what the pair
        adds up to."""
        if self.is_won():
            return Reason.GAME_OVER
        kind = move.kind
        if kind == K_TURN:
            if self.stock:
                return None
            if not self.waste:
                return NOTHING_TO_TURN
            return None if self.passes > 1 else NO_PASSES_LEFT
        if kind == K_PAIR and move.a == move.b:
            return SAME_CARD
        places = (move.a,) if kind == K_ONE else (move.a, move.b)
        for p in places:
            if self.card_at(p) < 0:
                return WASTE_EMPTY if p == WASTE else TAKEN_AWAY
        for p in places:
            if p != WASTE and not self.free(p):
                return COVERED
        values = [VALUE[self.card_at(p)] for p in places]
        if kind == K_ONE:
            return None if values[0] == PAIR else NOT_A_KING
        if PAIR in values:
            return KING_ALONE
        total = values[0] + values[1]
        return None if total == PAIR else SUMS[total]

    def push(self, move: PyramidMove) -> None:
        if move.kind == K_TURN:
            if self.stock:
                self.waste.append(self.stock.pop())
                self.history.append((move, False))
            else:
                self.stock = self.waste[::-1]
                self.waste = []
                self.passes -= 1
                self.history.append((move, True))
        else:
            for p in (move.a, move.b) if move.b >= 0 else (move.a,):
                if p == WASTE:
                    self.gone.append(self.waste.pop())
                else:
                    self.gone.append(self.pyr[p])
                    self.pyr[p] = -1
            self.history.append((move, False))
        self.moves += 1

    def undo(self) -> PyramidMove:
        if not self.history:
            raise refuse_undo()
        move, recycled = self.history.pop()
        if move.kind == K_TURN:
            if recycled:
                self.waste = self.stock[::-1]
                self.stock = []
                self.passes += 1
            else:
                self.stock.append(self.waste.pop())
        else:
            for p in (move.b, move.a) if move.b >= 0 else (move.a,):
                card = self.gone.pop()
                if p == WASTE:
                    self.waste.append(card)
                else:
                    self.pyr[p] = card
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[PyramidMove]:
        return [m for m, _ in self.history]

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves)), ("passes", str(self.passes))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out = [*talon_lines(self.stock, self.waste), ("F", [(c, True) for c in self.gone])]
        out += [(PLACE_NAMES[i], [(c, True)] if c >= 0 else []) for i, c in enumerate(self.pyr)]
        return out

    def shown(self) -> list[int]:
        """The pyramid's cards (all face up) and the waste's top (the foundation's are known anyway)."""
        return [c for c in self.pyr if c >= 0] + self.waste[-1:]

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: 0 the stock, 1 the waste, 2 the foundation
        (never filled), 3-30 the pyramid's places."""
        other = self.copy()
        for (line, k), card in cards.items():
            if not fill_talon(other.stock, other.waste, line, k, card) and line > 2:
                other.pyr[line - 3] = card
        return other

    def observe(self) -> Observation:
        """The stock as a count, the waste's top card, the foundation's last card, and every
        pyramid card, each place's kind saying whether it may be taken away now; the deal code
        only once the game is over (with the published shuffle it would reveal the stock)."""
        heaps = (
            *talon_places(self.stock, self.waste, STOCK, WASTE_KIND),
            PlaceInfo("F", FOUNDATION, len(self.gone), cards=tuple(self.gone[-1:]), role=Role.FOUNDATION),
        )
        cards = tuple(
            PlaceInfo(
                PLACE_NAMES[i],
                CARD if c < 0 or self.free(i) else COVERED_CARD,
                1 if c >= 0 else 0,
                number=i + 1,
                cards=(c,) if c >= 0 else (),
            )
            for i, c in enumerate(self.pyr)
        )
        status = self.status
        playing = status == Status.PLAYING
        runs = {PLACE_NAMES[p]: 1 for p, _ in self.uncovered()} if playing else {}
        groups = (Group("pyramid", tuple(LAYOUT.names)), Group("pyramid_heaps", ("S", "W", "F")))
        turn = Action(TURN, "D", playing and self._can_turn(), place="S")
        return self.observation(
            cards, heaps, groups, status, runs, self.legal_moves(), turn, {"passes": self.game.passes}
        )

    def figures(self) -> Figures:
        return Figures(self.moves, {"passes_left": self.passes, "taken_away": len(self.gone)})

    def copy(self) -> Self:
        other = type(self)(
            self.game,
            self.code,
            list(self.pyr),
            list(self.stock),
            list(self.waste),
            list(self.gone),
            self.passes,
            self.moves,
        )
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        """Not the counters, nor the foundation (no rule reads the cards taken away)."""
        return (tuple(self.pyr), tuple(self.stock), tuple(self.waste), self.passes)
