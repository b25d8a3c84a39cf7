"""Klondike: one deck, seven columns, a stock drawn three (or one) at a time (PRODUCT.md §3).

Place indexes: columns ``1``–``7`` are 0–6, the waste ``W`` is 7, the foundations
``Fs Fh Fd Fc`` are 8–11 (8 + suit), ``F`` (the moving card's own foundation) is 12 and the
stock ``S`` is 13. ``S`` and ``F`` are never the source of a legal move, nor ``S`` and ``W``
a destination; such moves still parse, so that they are refused with a reason (``FACE_DOWN``,
``NOT_A_DESTINATION``, …) rather than as bad notation.

State:

* ``stock`` bottom to top; its *last* card is drawn first. ``waste`` bottom to top.
* ``found[suit]`` counts the cards on that suit's foundation (A…K in order), so the next
  card it takes has rank ``found[suit]``.
* ``cols[i]`` bottom to top, and ``down[i]`` how many of its first cards are face down
  (face-down cards are always a bottom prefix: a card turns up as soon as it is the end).
* ``fan``: how many of the waste's top cards belong to the last draw and are still there
  (display only: the waste's top card is always playable, even with ``fan == 0``).
* ``recycles`` (passes through the stock), ``moves`` (every accepted action), ``up`` (cards
  *sent up*: moves to a foundation minus moves from a foundation back to a column).

A draw turns ``min(draw, len(stock))`` cards one at a time from the stock's end onto the
waste (the stock's last card lands first, the last one drawn is on top). On an empty stock,
``D`` turns the waste back into the stock (``stock = reversed(waste)``), so the next pass
draws the cards in the same order as the previous one.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.cards import CARD_NAMES, SUIT_LETTERS
from paciencia.engine.dealcode import DealCode, shuffled
from paciencia.engine.errors import InvalidPosition
from paciencia.engine.protocol import (
    Action,
    Explains,
    Figures,
    Game,
    Group,
    Key,
    Observation,
    PlaceInfo,
    Role,
    State,
    Status,
    dests_of,
    refuse_undo,
)
from paciencia.engine.reasons import Position, Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, face_down_first, int_field, is_number
from paciencia.games.klondike.words import STOCK_EMPTY
from paciencia.games.moves import MAX_RUN as MAX_RUN
from paciencia.games.moves import MoveTable, PlaceMove
from paciencia.games.pile_words import COLUMN as COLUMN_KIND
from paciencia.games.pile_words import FACE_DOWN, ONE_CARD_ONLY
from paciencia.games.pile_words import STOCK as STOCK_KIND
from paciencia.games.pile_words import WASTE as WASTE_KIND

# The pile vocabulary is shared (``piles``); its names are also this module's, as the
# Klondike modules and tests read them here.
from paciencia.games.piles import (
    ALTERNATE,
    DOWN,
    ONE_DECK,
    SUIT_UP,
    Build,
    Empty,
    Run,
    Tableau,
    check_decks,
    column_lines,
    column_places,
    turn_up,
)
from paciencia.games.piles import KING as KING
from paciencia.games.piles import RANK as RANK
from paciencia.games.piles import RED as RED
from paciencia.games.piles import SUIT as SUIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

    from paciencia.engine.knowledge import Knowledge
    from paciencia.engine.verdict import Result

COLS = 7
WASTE = 7
F0 = 8
FANY = 12
STOCK = 13
PLACES = 14
PLACE_NAMES = [str(i + 1) for i in range(COLS)] + ["W"] + [f"F{s}" for s in SUIT_LETTERS] + ["F", "S"]
TEXT_ORDER = ["S", "W", *PLACE_NAMES[F0:FANY], *PLACE_NAMES[:COLS]]
FOUNDATIONS = PLACE_NAMES[F0:FANY]

COLUMN = Tableau(Build(ALTERNATE, DOWN), Run(Build(ALTERNATE, DOWN)), Empty.KING)
"""A column: built down in alternating colours, a run moving as one, a King alone taking an empty one."""
FITS = COLUMN.build.fits
PARENTS = COLUMN.build.parents


# Move kinds, fixed when a move is made so that check/push/undo dispatch on one int.
K_DRAW, K_COL_COL, K_COL_F, K_W_COL, K_W_F, K_F_COL, K_STOCK, K_BAD = range(8)


@dataclass(frozen=True, slots=True)
class KlondikeMove(PlaceMove):
    """``n`` cards from place ``src`` to place ``dst``; the draw ``D`` has ``src == dst == -1``.

    ``kind`` and ``static`` follow from the three fields: ``static`` is the reason that
    refuses the move in every position (a move onto the waste, a run to a foundation…).
    """

    NAMES: ClassVar[Sequence[str]] = PLACE_NAMES

    @staticmethod
    def classify(src: int, dst: int, n: int) -> tuple[int, Reason | None]:
        return _classify(src, dst, n)

    def __str__(self) -> str:
        return "D" if self.kind == K_DRAW else PlaceMove.__str__(self)

    def places(self) -> tuple[str | None, int, str | None]:
        """A draw's cards go from the stock to the waste."""
        return ("S", 1, "W") if self.kind == K_DRAW else PlaceMove.places(self)


def _classify(s: int, d: int, n: int) -> tuple[int, Reason | None]:
    """A move's kind, and its refusal in every position if it has one."""
    if s < 0:
        return K_DRAW, None
    if s == d:
        return K_BAD, Reason.SAME_PLACE
    if d in (WASTE, STOCK):
        return K_BAD, Reason.NOT_A_DESTINATION
    if s == STOCK:
        return K_STOCK, None  # refused as face down, or as empty
    if s == FANY:  # "F" names no pile of its own (the notation never reads it as a source)
        return K_BAD, Reason.SOURCE_EMPTY
    to_f = d >= F0
    if s >= F0:  # a foundation
        if to_f:
            return K_BAD, Reason.SAME_PLACE if d == FANY else Reason.WRONG_SUIT
        return (K_BAD, ONE_CARD_ONLY) if n > 1 else (K_F_COL, None)
    if n > 1 and (s == WASTE or to_f):
        return K_BAD, ONE_CARD_ONLY
    if s == WASTE:
        return (K_W_F if to_f else K_W_COL), None
    return (K_COL_F if to_f else K_COL_COL), None


DRAW = KlondikeMove(-1, -1, 0)
move = MoveTable(KlondikeMove, F0)
"""``move(src, dst, n)``: the interned move of ``n`` cards from place ``src`` to place ``dst``."""
_TO_F = [move(i, FANY) for i in range(COLS)]
_W_F = move(WASTE, FANY)
_W_COL = [move(WASTE, d) for d in range(COLS)]
_F_COL = [[move(F0 + s, d) for d in range(COLS)] for s in range(4)]


def _to_suit(src: int, suit: int) -> KlondikeMove:
    """The move a foundation move from ``src`` is recorded as in the history: to its suit's own
    foundation (the table made on first use: a deal needs none)."""
    return move.to_suit[src][suit]


_TOKEN = r"(?a)([1-7]|W|S|F[SHDC])(?:X([1-9][0-9]{0,2}))?-([1-7]|W|S|F[SHDC]?)"
EXPECTED_MOVE = (
    "SRC-DST or SRCxN-DST with columns 1-7, W the waste, Fs Fh Fd Fc the foundations (F: the card's own), "
    "as 3-6, 3x4-6, W-F, 5-Fh, Fh-2; or D to draw"
)


class KlondikeGame(Game[KlondikeMove]):
    name = "klondike"
    prefix = "KL"
    variants: ClassVar[dict[str, str]] = {"3": "draw three", "1": "draw one"}
    capabilities = frozenset({"draw", "finish", "runs", "solve"})
    explains = Explains(emptied={COLUMN_KIND: "empty_king"}, actions={"draw": ("stock_next", "recycle")})
    hint_budget = (24, 20_000)
    deal_search = (0.5, 3.0, 1.0)

    def __init__(self, variant: str = "3") -> None:
        super().__init__(variant)
        self.draw = int(variant)
        # Draw three's hints are the sight player (``hop.hint_line``); draw one keeps the hints'
        # search (the sight player is measured on draw three only).
        self.commits = self.draw == 3

    def deal(self, number: int) -> tuple[list[list[int]], list[int]]:
        """The seven columns and the stock of a deal, bottom to top.

        The deck in order (♠ ♥ ♦ ♣, Ace to King: card ids 0–51) is shuffled (see
        ``dealcode``), then dealt as at a table, row by row: cards 0–6 go one to each of
        columns 1–7, cards 7–12 one to each of columns 2–7, … card 27 to column 7. Each
        column's last card is its only face-up card. Cards 28–51 form the stock in that
        order, bottom to top, so card 51 is the first one drawn.
        """
        cards = shuffled(ONE_DECK.cards, self.code(number))
        cols: list[list[int]] = [[] for _ in range(COLS)]
        k = 0
        for row in range(COLS):
            for j in range(row, COLS):
                cols[j].append(cards[k])
                k += 1
        return cols, cards[k:]

    def new_state(self, number: int) -> KlondikeState:
        cols, stock = self.deal(number)
        return KlondikeState(self, self.code(number), stock, [], [0] * 4, cols, list(range(COLS)))

    def parse_move(self, token: str) -> KlondikeMove:
        if token.strip().upper() == "D":
            return DRAW
        return move.parse(token, _TOKEN, "Klondike", EXPECTED_MOVE)

    def solve(self, state: State[KlondikeMove], timeout: float, nodes: int | None = None) -> Result:
        from paciencia.games.klondike.solver import solve_klondike

        return solve_klondike(state, timeout, nodes)

    def settle(self, state: State[KlondikeMove], nodes: int) -> tuple[str, str | None]:
        from paciencia.games.klondike.analysis import settle

        assert isinstance(state, KlondikeState)
        return settle(state, nodes)

    def sure_move(self, knowledge: Knowledge) -> str | None:
        from paciencia.games.klondike.analysis import sure_move

        return sure_move(knowledge)

    def commitment(self, knowledge: Knowledge) -> tuple[str, ...] | None:
        """Draw three: the sight player's commitment (``hop.hint_line``)."""
        if not self.commits:
            return None
        from paciencia.games.klondike.hop import hint_line

        return hint_line(knowledge)

    def useful(self, state: State[KlondikeMove]) -> list[str]:
        from paciencia.games.klondike.analysis import useful_moves_klondike

        return useful_moves_klondike(state, plans=None, solve=False)

    def scores(self, state: State[KlondikeMove], tokens: Sequence[str]) -> list[float]:
        from paciencia.games.klondike.analysis import move_scores

        assert isinstance(state, KlondikeState)
        return move_scores(state, [state.resolve(self.parse_move(t)) for t in tokens])

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> KlondikeState:
        """Reads a position; a ``status`` given must be the one the cards make.

        Defaults for absent fields: ``moves=0``, ``recycles=0``, ``up=0``, and ``fan`` as
        large as the last draw could have left it, ``min(draw, len(W))``. A column's face-up
        cards need not form an ordered run (a made-up position may hold anything there).
        """
        check_fields(fields, ("status", "moves", "recycles", "fan", "up"))
        check_places(places, TEXT_ORDER)
        check_decks(places, ONE_DECK, "Klondike")
        for c, up in places["S"]:
            if up:
                raise InvalidPosition(f"stock S: {CARD_NAMES[c]} must be face down, as [{CARD_NAMES[c]}]")
        for c, up in places["W"]:
            if not up:
                raise InvalidPosition(f"waste W: [{CARD_NAMES[c]}] must be face up")
        found = SUIT_UP.read(places, FOUNDATIONS)
        cols: list[list[int]] = []
        down: list[int] = []
        for i in range(COLS):
            cards = places[PLACE_NAMES[i]]
            ids, hidden = face_down_first(cards, f"column {i + 1}", "last card")
            cols.append(ids)
            down.append(hidden)
        stock = [c for c, _ in places["S"]]
        waste = [c for c, _ in places["W"]]
        most = min(self.draw, len(waste))
        fan = int_field(fields, "fan", most, 0, most)
        recycles = int_field(fields, "recycles", 0, 0, 10**9)
        moves = int_field(fields, "moves", 0, 0, 10**9)
        raw = fields.get("up", "0")
        if not (is_number(raw[1:]) if raw.startswith("-") and raw != "-0" else is_number(raw)):
            raise InvalidPosition(
                f"header: up={raw} is not a whole number (it may be negative) in the digits 0-9 without leading zeros",
                Position.BAD_NUMBER,
            )
        # Header fields must agree with the cards. (The cards themselves may be a made-up
        # position: more face-down cards or a larger stock than a deal gives are allowed, so
        # that tests and the solver can set up what they need.)
        sent_up = int(raw)
        held = sum(found)
        if not held - 52 <= sent_up <= held:
            raise InvalidPosition(
                f"header: up={sent_up} cards sent up, but the foundations hold {held}", Position.SENT_UP_MISMATCH
            )
        state = KlondikeState(self, code, stock, waste, found, cols, down, fan, recycles, moves, sent_up)
        check_status(fields, state)
        return state


class KlondikeState(State[KlondikeMove]):
    __slots__ = (
        "code",
        "cols",
        "down",
        "draw",
        "fan",
        "finish_plan",
        "found",
        "game",
        "history",
        "moves",
        "recycles",
        "stock",
        "up",
        "waste",
    )

    game: KlondikeGame

    def __init__(
        self,
        game: KlondikeGame,
        code: DealCode,
        stock: list[int],
        waste: list[int],
        found: list[int],
        cols: list[list[int]],
        down: list[int],
        fan: int = 0,
        recycles: int = 0,
        moves: int = 0,
        up: int = 0,
    ) -> None:
        self.game = game
        self.code = code
        self.draw = game.draw
        self.stock = stock
        self.waste = waste
        self.found = found
        self.cols = cols
        self.down = down
        self.fan = fan
        self.recycles = recycles
        self.moves = moves
        self.up = up
        # (move as made, flipped 0/1 or cards drawn or -1 for a recycle, fan before the move).
        self.history: list[tuple[KlondikeMove, int, int]] = []
        # Finish: position key -> next move of a line that wins from there (``finish``'s cache).
        self.finish_plan: dict[Key, KlondikeMove] = {}

    # -- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[KlondikeMove]:
        found = self.found
        if found[0] + found[1] + found[2] + found[3] == 52:
            return []
        cols = self.cols
        down = self.down
        tops: dict[int, int] = {}
        empties: list[int] = []
        for i in range(COLS):
            col = cols[i]
            if col:
                tops[col[-1]] = i
            else:
                empties.append(i)
        out: list[KlondikeMove] = []
        moves = move.all  # (made on the first call: a deal's table text asks for none)
        for i in range(COLS):
            col = cols[i]
            if not col:
                continue
            row = moves[i]
            j = len(col) - 1
            c = col[j]
            if found[SUIT[c]] == RANK[c]:
                out.append(_TO_F[i])
            stop = down[i]
            n = 0
            # Walk up the ordered run from the column's end: each card may lead a run of n.
            while True:
                n += 1
                for p in PARENTS[c]:
                    d = tops.get(p)
                    if d is not None:
                        out.append(row[d][n - 1])
                if RANK[c] == KING:
                    for d in empties:
                        out.append(row[d][n - 1])
                if j == stop:
                    break
                above = col[j - 1]
                if not FITS[above * 52 + c]:
                    break
                c = above
                j -= 1
        waste = self.waste
        if waste:
            w = waste[-1]
            if found[SUIT[w]] == RANK[w]:
                out.append(_W_F)
            for p in PARENTS[w]:
                d = tops.get(p)
                if d is not None:
                    out.append(_W_COL[d])
            if RANK[w] == KING:
                for d in empties:
                    out.append(_W_COL[d])
        for s in range(4):
            r = found[s]
            if r:
                c = s * 13 + r - 1
                row1 = _F_COL[s]
                for p in PARENTS[c]:
                    d = tops.get(p)
                    if d is not None:
                        out.append(row1[d])
                if r == 13:
                    for d in empties:
                        out.append(row1[d])
        if waste or self.stock:
            out.append(DRAW)
        return out

    def check(self, move: KlondikeMove) -> Reason | None:
        found = self.found
        if found[0] + found[1] + found[2] + found[3] == 52:
            return Reason.GAME_OVER
        kind = move.kind
        if kind == K_DRAW:
            return None if self.stock or self.waste else STOCK_EMPTY
        if move.static is not None:
            return move.static
        if kind == K_STOCK:
            return FACE_DOWN if self.stock else Reason.SOURCE_EMPTY
        s, d, n = move.src, move.dst, move.n
        if s < COLS:
            col = self.cols[s]
            why = COLUMN.take_refusal(col, self.down[s], n)
            if why is not None:
                return why
            card = col[-n]
        elif s == WASTE:
            if not self.waste:
                return Reason.SOURCE_EMPTY
            card = self.waste[-1]
        else:
            suit = s - F0
            if not found[suit]:
                return Reason.SOURCE_EMPTY
            card = suit * 13 + found[suit] - 1
        if d < COLS:
            return COLUMN.put_refusal(self.cols[d], card)
        suit = SUIT[card] if d == FANY else d - F0
        return SUIT_UP.refusal(suit, found[suit], card)

    def push(self, move: KlondikeMove) -> None:
        kind = move.kind
        fan = self.fan
        if kind == K_COL_COL:
            s = move.src
            src = self.cols[s]
            n = move.n
            if n == 1:
                self.cols[move.dst].append(src.pop())
            else:
                self.cols[move.dst].extend(src[-n:])
                del src[-n:]
            self.history.append((move, self._turn_up(s), fan))
        elif kind == K_DRAW:
            stock = self.stock
            waste = self.waste
            if stock:
                n = min(self.draw, len(stock))
                for _ in range(n):
                    waste.append(stock.pop())
                self.fan = n
                self.history.append((move, n, fan))
            else:
                stock.extend(reversed(waste))
                waste.clear()
                self.fan = 0
                self.recycles += 1
                self.history.append((move, -1, fan))
        elif kind == K_W_COL:
            self.cols[move.dst].append(self.waste.pop())
            self.fan = fan - 1 if fan else 0
            self.history.append((move, 0, fan))
        elif kind == K_COL_F:
            s = move.src
            c = self.cols[s].pop()
            self.found[SUIT[c]] += 1
            self.up += 1
            self.history.append((_to_suit(s, SUIT[c]), self._turn_up(s), fan))
        elif kind == K_W_F:
            c = self.waste.pop()
            self.found[SUIT[c]] += 1
            self.up += 1
            self.fan = fan - 1 if fan else 0
            self.history.append((_to_suit(WASTE, SUIT[c]), 0, fan))
        elif kind == K_F_COL:
            suit = move.src - F0
            r = self.found[suit] - 1
            self.found[suit] = r
            self.cols[move.dst].append(suit * 13 + r)
            self.up -= 1
            self.history.append((move, 0, fan))
        else:
            raise ValueError(f"push of a move no position allows: {move}")
        self.moves += 1

    def _turn_up(self, i: int) -> int:
        """Turns up column ``i``'s end when it is face down; 1 when it did."""
        return turn_up(self.cols, self.down, i)

    def undo(self) -> KlondikeMove:
        if not self.history:
            raise refuse_undo()
        move, aux, fan = self.history.pop()
        kind = move.kind
        if kind == K_COL_COL:
            s = move.src
            dst = self.cols[move.dst]
            n = move.n
            if n == 1:
                self.cols[s].append(dst.pop())
            else:
                self.cols[s].extend(dst[-n:])
                del dst[-n:]
            self.down[s] += aux
        elif kind == K_DRAW:
            stock = self.stock
            waste = self.waste
            if aux < 0:
                waste.extend(reversed(stock))
                stock.clear()
                self.recycles -= 1
            else:
                for _ in range(aux):
                    stock.append(waste.pop())
        elif kind == K_W_COL:
            self.waste.append(self.cols[move.dst].pop())
        elif kind in (K_COL_F, K_W_F):
            suit = move.dst - F0
            r = self.found[suit] - 1
            self.found[suit] = r
            self.up -= 1
            if kind == K_W_F:
                self.waste.append(suit * 13 + r)
            else:
                self.cols[move.src].append(suit * 13 + r)
                self.down[move.src] += aux
        else:  # K_F_COL
            self.found[move.src - F0] += 1
            self.cols[move.dst].pop()
            self.up += 1
        self.fan = fan
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[KlondikeMove]:
        return [m for m, _, _ in self.history]

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def resolve(self, move: KlondikeMove) -> KlondikeMove:
        """``F`` (the card's own foundation) named by the moving card's suit."""
        if move.dst != FANY or move.n != 1 or not 0 <= move.src <= WASTE:
            return move
        src = self.waste if move.src == WASTE else self.cols[move.src]
        return _to_suit(move.src, SUIT[src[-1]]) if src else move

    # -- status ------------------------------------------------------------------------------

    def is_won(self) -> bool:
        f = self.found
        return f[0] + f[1] + f[2] + f[3] == 52

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        if self.stock or self.waste or self.legal_moves():
            return Status.PLAYING
        return Status.BLOCKED

    # -- Finish (``finish``) ------------------------------------------------------------------

    def can_finish(self) -> bool:
        from paciencia.games.klondike.finish import can_finish

        return can_finish(self)

    def finish_step(self) -> KlondikeMove | None:
        from paciencia.games.klondike.finish import finish_step

        return finish_step(self)

    def finish_move(self) -> KlondikeMove | None:
        return self.finish_step() if self.can_finish() else None

    def auto_move(self) -> KlondikeMove | None:
        """The next automatic move up (the rule and its proof: ``klondike/auto.py``)."""
        from paciencia.games.klondike.auto import auto_move

        return None if self.is_won() else auto_move(self)

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [
            ("status", self.status.value),
            ("moves", str(self.moves)),
            ("recycles", str(self.recycles)),
            ("fan", str(self.fan)),
            ("up", str(self.up)),
        ]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out: list[tuple[str, Sequence[tuple[int, bool]]]] = [
            ("S", [(c, False) for c in self.stock]),
            ("W", [(c, True) for c in self.waste]),
        ]
        out += SUIT_UP.lines(FOUNDATIONS, self.found)
        out += column_lines(PLACE_NAMES[:COLS], self.cols, self.down)
        return out

    def shown(self) -> list[int]:
        """The face-up column cards and the waste's fan (the foundations are known anyway)."""
        out = list(self.visible_waste())
        for i, col in enumerate(self.cols):
            out += col[self.down[i] :]
        return out

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: 0 the stock, 1 the waste, 2-5 the
        foundations (never filled), 6-12 the columns."""
        other = self.copy()
        places = [other.stock, other.waste, [], [], [], [], *other.cols]
        for (line, k), card in cards.items():
            places[line][k] = card
        return other

    def visible_waste(self) -> tuple[int, ...]:
        """The waste cards a player sees, bottom to top: the last draw's fan, or the top alone."""
        return tuple(self.waste[-max(self.fan, 1) :]) if self.waste else ()

    def run_length(self, i: int) -> int:
        """How many face-up cards at column ``i``'s end form an ordered run (0 when empty)."""
        return COLUMN.run.length(self.cols[i], self.down[i])

    def observe(self) -> Observation:
        """The stock as a count, the waste's fan (or its top alone), each foundation's top card,
        each column's face-down count and face-up cards; the deal code only once the game is
        over (with the published shuffle it would reveal every card)."""
        heaps = (
            PlaceInfo("S", STOCK_KIND, len(self.stock), role=Role.STOCK),
            PlaceInfo("W", WASTE_KIND, len(self.waste), cards=self.visible_waste(), role=Role.WASTE),
        )
        found = SUIT_UP.places(FOUNDATIONS, self.found)
        cols = column_places(PLACE_NAMES[:COLS], self.cols, self.down)
        status = self.status
        playing = status == Status.PLAYING
        legal = self.legal_moves()
        runs = {p.place: self.run_length(i) for i, p in enumerate(cols) if p.count}
        if self.waste:
            runs["W"] = 1
        runs.update({p.place: 1 for p in found if p.count})
        names = [p.place for p in (*heaps, *found, *cols)]
        groups = (
            Group("heaps", tuple(names[:2])),
            Group("foundations", tuple(names[2:6])),
            Group("columns", tuple(names[6:])),
        )
        return Observation(
            game=self.game.name,
            variant=self.game.variant,
            places=(*heaps, *found, *cols),
            groups=groups,
            reading=tuple(g.places for g in groups),
            runs=runs,
            dests=dests_of(self, (m for m in legal if m.kind != K_DRAW)),
            actions=(Action("draw", "D", playing and DRAW in legal, place="S"),),
            status=status,
            figures=self.figures(),
            can_undo=self.can_undo,
            can_finish=playing and self.can_finish(),
            code=None if playing else self.code,
            parameters={"draw": self.draw},
        )

    def figures(self) -> Figures:
        # The pass through the stock the player is on: the first is 1.
        return Figures(self.moves, {"recycles": self.recycles, "passes": self.recycles + 1, "sent_up": self.up})

    def copy(self) -> Self:
        other = type(self)(
            self.game,
            self.code,
            list(self.stock),
            list(self.waste),
            list(self.found),
            [list(c) for c in self.cols],
            list(self.down),
            self.fan,
            self.recycles,
            self.moves,
            self.up,
        )
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        """Not the counters, not the fan (which only says how the waste is shown)."""
        return (
            tuple(self.stock),
            tuple(self.waste),
            tuple(self.found),
            tuple(map(tuple, self.cols)),
            tuple(self.down),
        )
