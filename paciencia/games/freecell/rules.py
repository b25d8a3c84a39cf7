"""FreeCell: one deck face up in eight cascades, free cells, four foundations (PRODUCT.md §7).

Place indexes: cascades ``1``–``8`` are 0–7, the free cells ``a``–``d`` are 8–11 (a variant
with fewer cells has only the first ones), the foundations ``Fs Fh Fd Fc`` are 12–15
(12 + suit), and ``F`` (the moving card's own foundation) is 16. A cell the variant lacks, or a
foundation as a source, still parses, so that such a move is refused with a reason rather than
as bad notation.

State: ``cascades[i]`` bottom to top; ``cells[k]`` the card in cell ``k`` or -1; ``found[suit]``
how many cards that suit's foundation holds (A…K in order). A card never leaves a foundation.

A run is a cascade's end cards built down in alternating colours. It moves as one when it has
at most ``(empty cells + 1) × 2^(empty cascades)`` cards, the destination not counted among the
empty cascades (what moving its cards one at a time through the free places allows, as
Microsoft's FreeCell does). An empty cascade takes any card or run.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine import protocol
from paciencia.engine.cards import CARD_NAMES, SUIT_LETTERS
from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import InvalidPosition
from paciencia.engine.protocol import Explains, Figures, Game, Group, Key, Observation, PlaceInfo, State, Status
from paciencia.engine.reasons import Position, Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, int_field
from paciencia.games.freecell.deal import CASCADES, microsoft_deal
from paciencia.games.freecell.words import CELL_FULL, FROM_FOUNDATION, RUN_CAPACITY
from paciencia.games.moves import MoveTable, PlaceMove
from paciencia.games.pile_words import ONE_CARD_ONLY
from paciencia.games.piles import (
    ALTERNATE,
    DOWN,
    ONE_DECK,
    RANK,
    RED,
    SUIT,
    SUIT_UP,
    Build,
    Empty,
    Run,
    Tableau,
    check_decks,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

    from paciencia.engine.verdict import Result

CELL0 = 8
MAX_CELLS = 4
F0 = 12
FANY = 16
PLACES = 17
PLACE_NAMES = [str(i + 1) for i in range(CASCADES)] + list("abcd") + [f"F{s}" for s in SUIT_LETTERS] + ["F"]
FOUNDATIONS = PLACE_NAMES[F0:FANY]
_TOKEN = r"(?a)([1-8]|[A-D]|F[SHDC]?)(?:X([1-9][0-9]{0,2}))?-([1-8]|[A-D]|F[SHDC]?)"
EXPECTED_MOVE = (
    "SRC-DST or SRCxN-DST with cascades 1-8, free cells a-d, Fs Fh Fd Fc the foundations (F: the card's own), "
    "as 3-6, 3x4-6, 5-a, a-F, 5-Fh"
)

CASCADE = Tableau(Build(ALTERNATE, DOWN), Run(Build(ALTERNATE, DOWN)), Empty.ANY)
"""A cascade: built down in alternating colours, a run moving as one (as far as the free places
allow: ``FreeCellState.capacity``), any card or run taking an empty one."""
FITS = CASCADE.build.fits

# Move kinds, fixed when a move is made.
K_CAS_CAS, K_CAS_CELL, K_CAS_F, K_CELL_CAS, K_CELL_CELL, K_CELL_F, K_BAD = range(7)


@dataclass(frozen=True, slots=True)
class FreeCellMove(PlaceMove):
    """``n`` cards from place ``src`` to place ``dst``."""

    NAMES: ClassVar[Sequence[str]] = PLACE_NAMES

    @staticmethod
    def classify(src: int, dst: int, n: int) -> tuple[int, Reason | None]:
        return _classify(src, dst, n)


def _classify(s: int, d: int, n: int) -> tuple[int, Reason | None]:
    if s == d:
        return K_BAD, Reason.SAME_PLACE
    if s == FANY:  # "F" names no place of its own as a source
        return K_BAD, Reason.SOURCE_EMPTY
    if s >= F0:
        return K_BAD, FROM_FOUNDATION
    to_f = d >= F0
    if n > 1 and (s >= CELL0 or d >= CELL0):
        return K_BAD, ONE_CARD_ONLY
    if s < CELL0:
        return (K_CAS_F if to_f else K_CAS_CELL if d >= CELL0 else K_CAS_CAS), None
    return (K_CELL_F if to_f else K_CELL_CELL if d >= CELL0 else K_CELL_CAS), None


# move(src, dst, n): the interned move; move.to_suit[src][suit]: a move up as it is recorded
# (made on first use: importing the rules makes none of them).
move = MoveTable(FreeCellMove, F0)


def _to_suit(src: int, suit: int) -> FreeCellMove:
    """``move.to_suit[src][suit]``, for the methods whose own ``move`` hides the table."""
    return move.to_suit[src][suit]


class FreeCellGame(Game[FreeCellMove]):
    name = "freecell"
    prefix = "FC"
    variants: ClassVar[dict[str, str]] = {"4": "four free cells", "3": "three", "2": "two", "1": "one"}
    capabilities = frozenset({"finish", "runs", "solve", "numbers"})
    explains = Explains(emptied={"cascade": "empty_column", "cell": "empty_cell"}, aside=frozenset({"cell"}))
    hint_budget = (1, 20_000)
    """Every card is in sight: one completion (the position itself) is the whole knowledge."""
    deal_search = (0.5, 3.0, 1.0)

    def __init__(self, variant: str = "4") -> None:
        super().__init__(variant)
        self.cells = int(variant)
        self.text_order = [*PLACE_NAMES[CELL0 : CELL0 + self.cells], *FOUNDATIONS, *PLACE_NAMES[:CASCADES]]

    def new_state(self, number: int) -> FreeCellState:
        return FreeCellState(self, self.code(number), microsoft_deal(number), [-1] * self.cells, [0] * 4)

    def parse_move(self, token: str) -> FreeCellMove:
        return move.parse(token, _TOKEN, "FreeCell", EXPECTED_MOVE)

    def solve(self, state: State[FreeCellMove], timeout: float, nodes: int | None = None) -> Result:
        from paciencia.games.freecell.solver import solve_freecell, solve_freecell_nodes

        return solve_freecell(state, timeout) if nodes is None else solve_freecell_nodes(state, nodes, timeout)

    def solve_deal(self, number: int, timeout: float, nodes: int | None = None) -> tuple[str, str, int, float]:
        from paciencia.games.freecell.solver import solve_deal

        return solve_deal(number, self.cells, timeout, nodes)

    def settle(self, state: State[FreeCellMove], nodes: int) -> tuple[str, str | None]:
        from paciencia.games.freecell.solver import settle

        assert isinstance(state, FreeCellState)
        return settle(state, nodes)

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> FreeCellState:
        """Reads a position: every card face up and once, a cell holding at most one card, the
        foundations in order; a cascade may hold any cards (a made-up position)."""
        check_fields(fields, ("status", "moves"))
        check_places(places, self.text_order)
        check_decks(places, ONE_DECK, "FreeCell")
        for name, cards in places.items():
            for c, up in cards:
                if not up:
                    raise InvalidPosition(
                        f"{name}: [{CARD_NAMES[c]}] is face down, but FreeCell deals every card face up",
                        Position.FACE_DOWN_IN_FACE_UP_DEAL,
                    )
        found = SUIT_UP.read(places, FOUNDATIONS)
        cells = []
        for k in range(self.cells):
            name = PLACE_NAMES[CELL0 + k]
            held = places[name]
            if len(held) > 1:
                raise InvalidPosition(f"free cell {name} holds {len(held)} cards; a free cell holds one at most")
            cells.append(held[0][0] if held else -1)
        cascades = [[c for c, _ in places[PLACE_NAMES[i]]] for i in range(CASCADES)]
        moves = int_field(fields, "moves", 0, 0, 10**9)
        state = FreeCellState(self, code, cascades, cells, found, moves)
        check_status(fields, state)
        return state


class FreeCellState(State[FreeCellMove]):
    __slots__ = ("cascades", "cells", "code", "found", "game", "history", "moves")

    game: FreeCellGame

    def __init__(
        self,
        game: FreeCellGame,
        code: DealCode,
        cascades: list[list[int]],
        cells: list[int],
        found: list[int],
        moves: int = 0,
    ) -> None:
        self.game, self.code, self.moves = game, code, moves
        self.cascades, self.cells, self.found = cascades, cells, found
        self.history: list[FreeCellMove] = []

    # -- moves -------------------------------------------------------------------------------

    def capacity(self, dst: int) -> int:
        """The most cards a run may carry onto cascade ``dst`` now."""
        free = sum(1 for c in self.cells if c < 0)
        empty = sum(1 for i, col in enumerate(self.cascades) if not col and i != dst)
        return (free + 1) << empty

    def legal_moves(self) -> list[FreeCellMove]:
        found = self.found
        if sum(found) == 52:
            return []
        cascades = self.cascades
        cells = self.cells
        moves, to_suit = move.all, move.to_suit
        out: list[FreeCellMove] = []
        free_cells = [CELL0 + k for k, c in enumerate(cells) if c < 0]
        empties = [i for i, col in enumerate(cascades) if not col]
        ends = {col[-1]: i for i, col in enumerate(cascades) if col}
        # Up to the foundations first, then the cascades, then into the cells.
        for i, col in enumerate(cascades):
            if col and found[SUIT[col[-1]]] == RANK[col[-1]]:
                out.append(to_suit[i][SUIT[col[-1]]])
        for k, c in enumerate(cells):
            if c >= 0 and found[SUIT[c]] == RANK[c]:
                out.append(to_suit[CELL0 + k][SUIT[c]])
        base = (len(free_cells) + 1) << len(empties)
        for i, col in enumerate(cascades):
            if not col:
                continue
            run = CASCADE.run.length(col)
            for t, dest in enumerate(cascades):
                if t == i:
                    continue
                if dest:
                    # The one run length whose first card fits on t's end.
                    n = RANK[dest[-1]] - RANK[col[-1]]
                    if 1 <= n <= min(run, base) and RED[col[-n]] != RED[dest[-1]]:
                        out.append(moves[i][t][n - 1])
                else:
                    for n in range(1, min(run, base >> 1) + 1):
                        out.append(moves[i][t][n - 1])
        for k, c in enumerate(cells):
            if c < 0:
                continue
            src = CELL0 + k
            for p, t in ends.items():
                if FITS[p * 52 + c]:
                    out.append(moves[src][t][0])
            for t in empties:
                out.append(moves[src][t][0])
            for d in free_cells:
                out.append(moves[src][d][0])
        for i, col in enumerate(cascades):
            if col:
                for d in free_cells:
                    out.append(moves[i][d][0])
        return out

    def check(self, move: FreeCellMove) -> Reason | None:
        if sum(self.found) == 52:
            return Reason.GAME_OVER
        if move.static is not None:
            return move.static
        s, d, n = move.src, move.dst, move.n
        cells = self.game.cells
        if CELL0 + cells <= d < F0:
            return Reason.NOT_A_DESTINATION
        if s < CELL0:
            col = self.cascades[s]
            why = CASCADE.take_refusal(col, 0, n)
            if why is not None:
                return why
            card = col[-n]
        else:
            if s >= CELL0 + cells or self.cells[s - CELL0] < 0:
                return Reason.SOURCE_EMPTY
            card = self.cells[s - CELL0]
        if d < CELL0:
            why = CASCADE.put_refusal(self.cascades[d], card)
            if why is not None:
                return why
            return RUN_CAPACITY if n > self.capacity(d) else None
        if d < F0:
            return CELL_FULL if self.cells[d - CELL0] >= 0 else None
        suit = SUIT[card] if d == FANY else d - F0
        return SUIT_UP.refusal(suit, self.found[suit], card)

    def push(self, move: FreeCellMove) -> None:
        kind = move.kind
        s, d = move.src, move.dst
        if kind == K_CAS_CAS:
            src = self.cascades[s]
            n = move.n
            self.cascades[d].extend(src[-n:])
            del src[-n:]
        elif kind == K_CAS_CELL:
            self.cells[d - CELL0] = self.cascades[s].pop()
        elif kind == K_CELL_CAS:
            self.cascades[d].append(self.cells[s - CELL0])
            self.cells[s - CELL0] = -1
        elif kind == K_CELL_CELL:
            self.cells[d - CELL0] = self.cells[s - CELL0]
            self.cells[s - CELL0] = -1
        elif kind == K_CAS_F:
            c = self.cascades[s].pop()
            self.found[SUIT[c]] += 1
            move = _to_suit(s, SUIT[c])
        elif kind == K_CELL_F:
            c = self.cells[s - CELL0]
            self.cells[s - CELL0] = -1
            self.found[SUIT[c]] += 1
            move = _to_suit(s, SUIT[c])
        else:
            raise ValueError(f"push of a move no position allows: {move}")
        self.history.append(move)
        self.moves += 1

    def undo(self) -> FreeCellMove:
        if not self.history:
            raise protocol.refuse_undo()
        move = self.history.pop()
        kind = move.kind
        s, d = move.src, move.dst
        if kind == K_CAS_CAS:
            dst = self.cascades[d]
            self.cascades[s].extend(dst[-move.n :])
            del dst[-move.n :]
        elif kind == K_CAS_CELL:
            self.cascades[s].append(self.cells[d - CELL0])
            self.cells[d - CELL0] = -1
        elif kind == K_CELL_CAS:
            self.cells[s - CELL0] = self.cascades[d].pop()
        elif kind == K_CELL_CELL:
            self.cells[s - CELL0] = self.cells[d - CELL0]
            self.cells[d - CELL0] = -1
        else:  # up to a foundation (recorded with its suit)
            suit = d - F0
            self.found[suit] -= 1
            c = suit * 13 + self.found[suit]
            if kind == K_CAS_F:
                self.cascades[s].append(c)
            else:
                self.cells[s - CELL0] = c
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[FreeCellMove]:
        return list(self.history)

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def resolve(self, move: FreeCellMove) -> FreeCellMove:
        """``F`` (the card's own foundation) named by the moving card's suit."""
        if move.dst != FANY or move.n != 1 or move.src >= F0:
            return move
        if move.src < CELL0:
            col = self.cascades[move.src]
            card = col[-1] if col else -1
        else:
            k = move.src - CELL0
            card = self.cells[k] if k < len(self.cells) else -1
        return _to_suit(move.src, SUIT[card]) if card >= 0 else move

    # -- status and Finish -------------------------------------------------------------------

    def is_won(self) -> bool:
        return sum(self.found) == 52

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        if any(c < 0 for c in self.cells) and any(self.cascades):
            return Status.PLAYING  # a cascade's end may go to the free cell (a deal's header: no moves made)
        return Status.PLAYING if self.legal_moves() else Status.BLOCKED

    def can_finish(self) -> bool:
        """Every cascade runs down in rank from its bottom (suits and colours aside): then the
        lowest card left is always a cascade's end or in a cell, and its foundation takes it."""
        return not self.is_won() and all(
            RANK[col[i]] >= RANK[col[i + 1]] for col in self.cascades for i in range(len(col) - 1)
        )

    def auto_move(self) -> FreeCellMove | None:
        """The usual safe rule (``paciencia.games.freecell.auto``, its proof there)."""
        from paciencia.games.freecell.auto import auto_move

        return None if self.is_won() else auto_move(self)

    def finish_move(self) -> FreeCellMove | None:
        """The lowest card that can go up, from a cell or a cascade's end."""
        if not self.can_finish():
            return None
        best: tuple[int, FreeCellMove] | None = None
        sources = [(i, col[-1]) for i, col in enumerate(self.cascades) if col]
        sources += [(CELL0 + k, c) for k, c in enumerate(self.cells) if c >= 0]
        for src, c in sources:
            if self.found[SUIT[c]] == RANK[c] and (best is None or RANK[c] < best[0]):
                best = (RANK[c], move.to_suit[src][SUIT[c]])
        return None if best is None else best[1]

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out: list[tuple[str, Sequence[tuple[int, bool]]]] = [
            (PLACE_NAMES[CELL0 + k], [(c, True)] if c >= 0 else []) for k, c in enumerate(self.cells)
        ]
        out += SUIT_UP.lines(FOUNDATIONS, self.found)
        out += [(PLACE_NAMES[i], [(c, True) for c in col]) for i, col in enumerate(self.cascades)]
        return out

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: the cells, the foundations (never filled),
        then the cascades. Every card is face up, so a knowledge never leaves one unknown; this
        serves the protocol's completions all the same."""
        other = self.copy()
        cells = other.game.cells
        for (line, k), card in cards.items():
            if line < cells:
                other.cells[line] = card
            else:
                other.cascades[line - cells - 4][k] = card
        return other

    def max_run(self, i: int) -> int:
        """How many cards at cascade ``i``'s end may go together onto a cascade that holds cards."""
        return min(CASCADE.run.length(self.cascades[i]), self.capacity(i))

    def observe(self) -> Observation:
        """Every card in sight (the deal code too: nothing is hidden)."""
        cells = tuple(
            PlaceInfo(PLACE_NAMES[CELL0 + k], "cell", int(c >= 0), cards=(c,) if c >= 0 else ())
            for k, c in enumerate(self.cells)
        )
        found = SUIT_UP.places(FOUNDATIONS, self.found)
        cascades = tuple(
            PlaceInfo(PLACE_NAMES[i], "cascade", len(col), number=i + 1, cards=tuple(col))
            for i, col in enumerate(self.cascades)
        )
        status = self.status
        playing = status == Status.PLAYING
        runs = {p.place: self.max_run(i) for i, p in enumerate(cascades) if p.count}
        runs.update({p.place: 1 for p in cells if p.count})
        groups = (
            Group("cells", tuple(p.place for p in cells)),
            Group("foundations", tuple(p.place for p in found)),
            Group("cascades", tuple(p.place for p in cascades)),
        )
        # Observation's fields in order: game, variant, places, groups, reading, runs, dests,
        # actions (none), status, figures, can_undo, can_finish, code (never hidden), parameters.
        return Observation(
            self.game.name,
            self.game.variant,
            (*cells, *found, *cascades),
            groups,
            tuple(g.places for g in groups),
            runs,
            protocol.dests_of(self, self.legal_moves()),
            (),
            status,
            self.figures(),
            self.can_undo,
            playing and self.can_finish(),
            self.code,
            {"cells": self.game.cells},
        )

    def figures(self) -> Figures:
        return Figures(moves=self.moves)

    def copy(self) -> Self:
        other = type(self)(
            self.game, self.code, [list(c) for c in self.cascades], list(self.cells), list(self.found), self.moves
        )
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        """Not the counters; the cells as a set (which cell holds a card changes no rule)."""
        return (tuple(map(tuple, self.cascades)), tuple(sorted(self.cells)), tuple(self.found))
