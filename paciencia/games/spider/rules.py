"""Spider: 104 cards in ten columns and a stock dealt a row at a time (PRODUCT.md §8).

Place indexes: columns ``1``–``10`` are 0–9. The notation names nothing else: ``D`` deals a
row from the stock, and the foundations ``F1``–``F8`` (in the order the runs left) are only
listed by the table text; no move names them.

Cards are ints ``suit * 13 + rank`` (``paciencia.engine.cards``), repeated: the one-suit game
holds eight of each spade, the two-suit game four of each spade and heart, the four-suit game
two of each card.

State:

* ``cols[i]`` bottom to top, and ``down[i]`` how many of its first cards are face down (a
  bottom prefix: a card turns up as soon as it is the column's end).
* ``stock`` bottom to top; a deal takes its last card onto column 1, the next onto column 2, …
  ten cards, one a column.
* ``found``: the suit of each complete run that left, in the order they left (``F1`` first).
* ``moves``: every accepted action (a deal included); an undo takes one off.

A card goes onto a card one rank higher of any suit; an empty column takes any card or run.
Several cards move together only when they run down in sequence in one suit. A run King down
to Ace of one suit at a column's end leaves for the next foundation as part of the move (or
the deal) that completed it, and the card it uncovers turns up.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from paciencia.engine.cards import CARD_NAMES, SUIT_LETTERS
from paciencia.engine.dealcode import DealCode, shuffled
from paciencia.engine.errors import InvalidMove, InvalidPosition
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
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, face_down_first, int_field
from paciencia.games.moves import PlaceMove
from paciencia.games.piles import (
    ANY_SUIT,
    DOWN,
    RANK,
    SAME_SUIT,
    SUIT,
    Build,
    CompleteRuns,
    Deck,
    Empty,
    Run,
    Tableau,
    check_decks,
    column_lines,
    column_places,
    turn_up,
)
from paciencia.games.spider.words import COLUMN, DEAL, FOUNDATION, NO_DEALS_LEFT, STOCK, UNFILLED_COLUMN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

    from paciencia.engine.knowledge import Knowledge
    from paciencia.engine.verdict import Result

COLS = 10
FOUNDATIONS = 8
ROWS = 5
"""Rows the stock deals: 50 cards, ten a row."""
RUN = 13
"""A complete run: King down to Ace of one suit."""
COLUMN_RULE = Tableau(Build(ANY_SUIT, DOWN), Run(Build(SAME_SUIT, DOWN)), Empty.ANY)
"""A column: a card goes on one a rank higher of any suit, cards move together as a run of one
suit, and an empty column takes any card or run."""
COMPLETE = CompleteRuns()
"""The foundations: each takes a complete run, King down to Ace of one suit, as it forms."""
COLUMN_NAMES = [str(i + 1) for i in range(COLS)]
FOUNDATION_NAMES = [f"F{k + 1}" for k in range(FOUNDATIONS)]
TEXT_ORDER = ["S", *FOUNDATION_NAMES, *COLUMN_NAMES]
DECKS = {"1": Deck(2, "s"), "2": Deck(2, "sh"), "4": Deck(2, "shdc")}
"""The cards each variant deals: two packs' worth of spades alone, of spades and hearts, or of all four suits."""

_TOKEN = r"(?a)(10|[1-9])(?:X([1-9][0-9]{0,2}))?-(10|[1-9])"
EXPECTED_MOVE = "SRC-DST or SRCxN-DST with columns 1-10, as 3-6 or 3x4-10; or D to deal a row from the stock"

K_DEAL, K_MOVE, K_BAD = range(3)


@dataclass(frozen=True, slots=True)
class SpiderMove(PlaceMove):
    """``n`` cards from column ``src`` to column ``dst``; the deal ``D`` has ``src == dst == -1``."""

    NAMES: ClassVar[Sequence[str]] = COLUMN_NAMES

    @staticmethod
    def classify(src: int, dst: int, n: int) -> tuple[int, Reason | None]:
        if src < 0:
            return K_DEAL, None
        if src == dst:
            return K_BAD, Reason.SAME_PLACE
        return K_MOVE, None

    def __str__(self) -> str:
        return "D" if self.kind == K_DEAL else PlaceMove.__str__(self)

    def places(self) -> tuple[str | None, int, str | None]:
        """A deal's cards leave the stock for every column (no one place)."""
        return ("S", COLS, None) if self.kind == K_DEAL else PlaceMove.places(self)


DEAL_MOVE = SpiderMove(-1, -1, 0)


@cache
def _moves() -> list[list[list[SpiderMove]]]:
    """Every move between columns, interned: ``_moves()[src][dst][n - 1]`` (made when first asked
    for, not at import)."""
    return [[[SpiderMove(s, d, n) for n in range(1, RUN + 1)] for d in range(COLS)] for s in range(COLS)]


def move(src: int, dst: int, n: int = 1) -> SpiderMove:
    """The interned move of ``n`` cards from column ``src`` to column ``dst``."""
    return _moves()[src][dst][n - 1] if n <= RUN else SpiderMove(src, dst, n)


def deck(variant: str) -> list[int]:
    """The variant's 104 cards in deck order: eight (one suit), four (two) or two (four) packs'
    worth, each pack by suit, Ace to King; card ``k`` of the four-suit game is card ``k`` of
    every variant with its suit folded onto the variant's suits (``Deck.cards``)."""
    return list(DECKS[variant].cards)


def run_length(col: list[int], stop: int) -> int:
    """How many cards at ``col``'s end run down in sequence in one suit (0 when empty), not
    reaching below index ``stop`` (the column's first face-up card)."""
    return COLUMN_RULE.run.length(col, stop)


def complete_run_at_end(col: list[int], down: int) -> int:
    """The suit of the complete run (King down to Ace, one suit, face up) at ``col``'s end, or -1."""
    return COMPLETE.at_end(col, down)


class SpiderGame(Game[SpiderMove]):
    name = "spider"
    prefix = "SP"
    variants: ClassVar[dict[str, str]] = {"1": "one suit", "2": "two suits", "4": "four suits"}
    capabilities = frozenset({"finish", "runs", "solve"})
    explains = Explains(emptied={COLUMN: "empty_column"}, actions={DEAL: ("stock_next", "stock_next")})
    hint_budget = (8, 40_000)
    patience = 40  # the longest run without a card seen in the honest wins of one suit: 9-40
    deal_search = (2.0, 6.0, 4.0)

    def __init__(self, variant: str = "1") -> None:
        super().__init__(variant)
        self.suits = len(DECKS[variant].suits)
        self.cards = deck(variant)

    def deal(self, number: int) -> tuple[list[list[int]], list[int]]:
        """The ten columns and the stock of a deal, bottom to top.

        The 104 cards in deck order (``deck``) are shuffled by the project's shuffle under the
        code (``dealcode``: the variant is not part of its seed, so every variant deals the same
        places, and only the suits differ), then dealt as at a table, row by row: cards 0–9 one
        to each of columns 1–10, cards 10–19 the same, … until columns 1–4 have six cards and
        columns 5–10 five (54 cards). Cards 54–103 form the stock in that order, bottom to top,
        so card 103 is the first one dealt, onto column 1.
        """
        cards = shuffled(self.cards, self.code(number))
        cols: list[list[int]] = [[] for _ in range(COLS)]
        for k in range(54):
            cols[k % COLS].append(cards[k])
        return cols, cards[54:]

    def new_state(self, number: int) -> SpiderState:
        cols, stock = self.deal(number)
        return SpiderState(self, self.code(number), stock, cols, [len(c) - 1 for c in cols], [])

    def parse_move(self, token: str) -> SpiderMove:
        t = token.strip().upper()
        if t == "D":
            return DEAL_MOVE
        m = re.fullmatch(_TOKEN, t)
        if m is None:
            raise InvalidMove(f"not a Spider move: {token!r} (expected {EXPECTED_MOVE})")
        src, count, dst = m.groups()
        return move(int(src) - 1, int(dst) - 1, int(count) if count else 1)

    def deck(self) -> list[int]:
        return list(self.cards)

    def solve(self, state: State[SpiderMove], timeout: float, nodes: int | None = None) -> Result:
        from paciencia.games.spider.solver import solve_spider

        return solve_spider(state, timeout, nodes)

    def settle(self, state: State[SpiderMove], nodes: int) -> tuple[str, str | None]:
        from paciencia.games.spider.solver import settle

        assert isinstance(state, SpiderState)
        return settle(state, nodes)

    def useful(self, state: State[SpiderMove]) -> list[str]:
        from paciencia.games.spider.analysis import useful_moves

        return useful_moves(state)

    def advancing(self, state: State[SpiderMove], tokens: Sequence[str]) -> list[str]:
        from paciencia.games.spider.analysis import advancing_moves

        return advancing_moves(state, tokens)

    def scores(self, state: State[SpiderMove], tokens: Sequence[str]) -> list[float]:
        from paciencia.games.spider.analysis import move_scores

        return move_scores(state, tokens)

    def knowledge(self, start: State[SpiderMove], tokens: Sequence[str]) -> Knowledge:
        from paciencia.games.spider.knowledge import spider_knowledge

        assert isinstance(start, SpiderState)
        return spider_knowledge(start, tokens)

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> SpiderState:
        """Reads a position: the variant's 104 cards (each as many times as it deals it), the
        stock face down and a whole number of rows, each foundation empty or a complete run
        (Ace to King, bottom to top) and the full ones first, each column face down below face
        up and no column ending in a complete run (it would have left). The columns may hold
        any other cards in any order (a made-up position)."""
        check_fields(fields, ("status", "moves"))
        check_places(places, TEXT_ORDER)
        check_decks(places, DECKS[self.variant], f"Spider with {self.variants[self.variant]}")
        stock = places["S"]
        for c, up in stock:
            if up:
                raise InvalidPosition(f"stock S: {CARD_NAMES[c]} must be face down, as [{CARD_NAMES[c]}]")
        if len(stock) % COLS or len(stock) > ROWS * COLS:
            raise InvalidPosition(f"stock S holds {len(stock)} cards; it deals rows of ten, five at most")
        found = COMPLETE.read(places, FOUNDATION_NAMES)
        cols: list[list[int]] = []
        down: list[int] = []
        for name in COLUMN_NAMES:
            ids, hidden = face_down_first(places[name], f"column {name}", "last card")
            suit = complete_run_at_end(ids, hidden)
            if suit >= 0:
                s = SUIT_LETTERS[suit]
                raise InvalidPosition(f"column {name} ends with a complete run, K{s} down to A{s}: it would have left")
            cols.append(ids)
            down.append(hidden)
        moves = int_field(fields, "moves", 0, 0, 10**9)
        state = SpiderState(self, code, [c for c, _ in stock], cols, down, found, moves)
        check_status(fields, state)
        return state


class SpiderState(State[SpiderMove]):
    __slots__ = ("code", "cols", "down", "finish_plan", "found", "game", "history", "moves", "stock")

    game: SpiderGame

    def __init__(
        self,
        game: SpiderGame,
        code: DealCode,
        stock: list[int],
        cols: list[list[int]],
        down: list[int],
        found: list[int],
        moves: int = 0,
    ) -> None:
        self.game = game
        self.code = code
        self.stock = stock
        self.cols = cols
        self.down = down
        self.found = found
        self.moves = moves
        # (move, 1 when the source's new end turned up, the runs that left: (column, turned up)).
        self.history: list[tuple[SpiderMove, int, tuple[tuple[int, int], ...]]] = []
        # Finish: position key -> the next move of a line that wins from there (``finish``).
        self.finish_plan: dict[Key, SpiderMove] = {}

    # -- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[SpiderMove]:
        if len(self.found) == FOUNDATIONS:
            return []
        cols = self.cols
        by_rank: list[list[int]] = [[] for _ in range(13)]
        empties: list[int] = []
        for i, col in enumerate(cols):
            if col:
                by_rank[RANK[col[-1]]].append(i)
            else:
                empties.append(i)
        out: list[SpiderMove] = []
        moves = _moves()
        for i, col in enumerate(cols):
            if not col:
                continue
            row = moves[i]
            top = len(col) - 1
            for n in range(1, run_length(col, self.down[i]) + 1):
                r = RANK[col[top - n + 1]]
                if r < 12:
                    for d in by_rank[r + 1]:
                        out.append(row[d][n - 1])
                for d in empties:
                    out.append(row[d][n - 1])
        if self.stock and not empties:
            out.append(DEAL_MOVE)
        return out

    def check(self, move: SpiderMove) -> Reason | None:
        if len(self.found) == FOUNDATIONS:
            return Reason.GAME_OVER
        if move.kind == K_DEAL:
            if not self.stock:
                return NO_DEALS_LEFT
            return UNFILLED_COLUMN if not all(self.cols) else None
        if move.static is not None:
            return move.static
        col = self.cols[move.src]
        why = COLUMN_RULE.take_refusal(col, self.down[move.src], move.n)
        return why if why is not None else COLUMN_RULE.put_refusal(self.cols[move.dst], col[-move.n])

    def push(self, move: SpiderMove) -> None:
        if move.kind == K_DEAL:
            stock = self.stock
            for col in self.cols:
                col.append(stock.pop())
            left = tuple(
                (i, self._complete(i)) for i in range(COLS) if complete_run_at_end(self.cols[i], self.down[i]) >= 0
            )
            self.history.append((move, 0, left))
        elif move.kind == K_MOVE:
            s, d, n = move.src, move.dst, move.n
            src = self.cols[s]
            if n == 1:
                self.cols[d].append(src.pop())
            else:
                self.cols[d].extend(src[-n:])
                del src[-n:]
            flipped = self._turn_up(s)
            done = ((d, self._complete(d)),) if complete_run_at_end(self.cols[d], self.down[d]) >= 0 else ()
            self.history.append((move, flipped, done))
        else:
            raise ValueError(f"push of a move no position allows: {move}")
        self.moves += 1

    def _complete(self, i: int) -> int:
        """Sends the complete run at column ``i``'s end to the next foundation; 1 when the card
        it uncovers turned up."""
        col = self.cols[i]
        self.found.append(SUIT[col[-1]])
        del col[-RUN:]
        return self._turn_up(i)

    def _turn_up(self, i: int) -> int:
        """Turns up column ``i``'s end when it is face down; 1 when it did."""
        return turn_up(self.cols, self.down, i)

    def undo(self) -> SpiderMove:
        if not self.history:
            raise refuse_undo()
        move, flipped, left = self.history.pop()
        for i, turned in reversed(left):
            self.down[i] += turned
            suit = self.found.pop()
            self.cols[i].extend(suit * 13 + r for r in range(RUN - 1, -1, -1))
        if move.kind == K_DEAL:
            for col in reversed(self.cols):
                self.stock.append(col.pop())
        else:
            s, d, n = move.src, move.dst, move.n
            self.down[s] += flipped
            dst = self.cols[d]
            self.cols[s].extend(dst[-n:])
            del dst[-n:]
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[SpiderMove]:
        return [m for m, _, _ in self.history]

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    # -- status and Finish -------------------------------------------------------------------

    def is_won(self) -> bool:
        return len(self.found) == FOUNDATIONS

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        if self.stock and all(self.cols):
            return Status.PLAYING  # a row may be dealt (a deal's header: no moves made)
        return Status.PLAYING if self.legal_moves() else Status.BLOCKED

    def can_finish(self) -> bool:
        """Nothing is hidden (every card face up, the stock dealt) and the game is not over."""
        return not self.stock and not any(self.down) and not self.is_won()

    def finish_move(self) -> SpiderMove | None:
        """The next move of a winning line found by a bounded search (``finish``); ``None``
        when Finish does not apply or no line was found within its budget."""
        if not self.can_finish():
            return None
        from paciencia.games.spider.finish import finish_step

        return finish_step(self)

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out: list[tuple[str, Sequence[tuple[int, bool]]]] = [("S", [(c, False) for c in self.stock])]
        out += COMPLETE.lines(FOUNDATION_NAMES, self.found)
        out += column_lines(COLUMN_NAMES, self.cols, self.down)
        return out

    def shown(self) -> list[int]:
        """The face-up column cards (the foundations' are known anyway)."""
        return [c for i, col in enumerate(self.cols) for c in col[self.down[i] :]]

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: 0 the stock, 1-8 the foundations (never
        filled), 9-18 the columns."""
        other = self.copy()
        for (line, k), card in cards.items():
            if line == 0:
                other.stock[k] = card
            elif line > FOUNDATIONS:
                other.cols[line - FOUNDATIONS - 1][k] = card
        return other

    def run_length(self, i: int) -> int:
        """How many cards at column ``i``'s end may move together (0 when empty)."""
        return run_length(self.cols[i], self.down[i])

    def observe(self) -> Observation:
        """The stock as a count, each foundation's King (its run complete), each column's
        face-down count and face-up cards; the deal code only once the game is over (with the
        published shuffle it would reveal every card)."""
        stock = PlaceInfo("S", STOCK, len(self.stock), face_down=len(self.stock), role=Role.STOCK)
        found = tuple(
            PlaceInfo(
                name,
                FOUNDATION,
                RUN,
                number=k + 1,
                suit=self.found[k],
                cards=(self.found[k] * 13 + 12,),
                role=Role.FOUNDATION,
            )
            if k < len(self.found)
            else PlaceInfo(name, FOUNDATION, 0, number=k + 1, role=Role.FOUNDATION)
            for k, name in enumerate(FOUNDATION_NAMES)
        )
        cols = column_places(COLUMN_NAMES, self.cols, self.down, COLUMN)
        status = self.status
        playing = status == Status.PLAYING
        legal = self.legal_moves()
        runs = {p.place: self.run_length(i) for i, p in enumerate(cols) if p.count}
        groups = (
            Group("spider_stock", ("S",)),
            Group("foundations", tuple(FOUNDATION_NAMES)),
            Group("spider_columns", tuple(COLUMN_NAMES)),
        )
        return Observation(
            game=self.game.name,
            variant=self.game.variant,
            places=(stock, *found, *cols),
            groups=groups,
            reading=tuple(g.places for g in groups),
            runs=runs,
            dests=dests_of(self, (m for m in legal if m.kind != K_DEAL)),
            actions=(Action(DEAL, "D", playing and DEAL_MOVE in legal, left=len(self.stock) // COLS, place="S"),),
            status=status,
            figures=self.figures(),
            can_undo=self.can_undo,
            can_finish=playing and self.can_finish(),
            code=None if playing else self.code,
            parameters={"suits": self.game.suits},
        )

    def figures(self) -> Figures:
        return Figures(self.moves, {"deals_left": len(self.stock) // COLS, "sent_up": RUN * len(self.found)})

    def copy(self) -> Self:
        other = type(self)(
            self.game,
            self.code,
            list(self.stock),
            [list(c) for c in self.cols],
            list(self.down),
            list(self.found),
            self.moves,
        )
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        """Not the counters, nor which foundation holds which run (no rule reads it)."""
        return (tuple(self.stock), tuple(map(tuple, self.cols)), tuple(self.down), tuple(sorted(self.found)))
