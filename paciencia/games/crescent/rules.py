"""Crescent: two decks, 16 piles of 6, 8 foundations, three redeals (PRODUCT.md §2).

Places are numbered 0–15 for piles 1–16 and 16–23 for the foundations ``As Ah Ad Ac``
(ascending, 16 + suit) and ``Ks Kh Kd Kc`` (descending, 20 + suit). A foundation's cards
follow from its top rank, so a foundation is stored as that rank alone.

Variants: ``N`` standard, ``F`` Crescent Four (a fourth redeal), ``D`` face-down deal (only
each pile's top card starts face up), ``B`` both. Face-down cards always form the bottom of
a pile (a card turns up when it becomes the top, and a redeal lifts the bottom card to the
top), so each pile keeps only a count of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

from paciencia.engine.cards import SUIT_LETTERS
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
from paciencia.engine.reasons import Position, Reason
from paciencia.engine.record import dataclass
from paciencia.engine.tabletext import check_fields, check_places, check_status, face_down_first, int_field
from paciencia.games.crescent.words import BASE_LOCKED, FOUNDATION_TO_PILE, NO_REDEALS, PILE_FULL
from paciencia.games.piles import (
    ACE,
    DOWN,
    EITHER,
    KING,
    RANK,
    SAME_SUIT,
    SUIT,
    UP,
    Build,
    BySuit,
    Deck,
    Empty,
    Run,
    Tableau,
    check_decks,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Self

    from paciencia.engine.knowledge import Knowledge
    from paciencia.engine.verdict import Result

PILES = 16
PILE_SIZE = 6
PILE_LIMIT = 13
UNDO_LIMIT = 100
ASC = 16
DESC = 20

PLACE_NAMES = [str(i + 1) for i in range(PILES)] + [f"A{s}" for s in SUIT_LETTERS] + [f"K{s}" for s in SUIT_LETTERS]
PLACE_INDEX = {name.lower(): i for i, name in enumerate(PLACE_NAMES)}
TEXT_ORDER = PLACE_NAMES[ASC:] + PLACE_NAMES[:ASC]

DECK = Deck(2)
PILE = Tableau(Build(SAME_SUIT, EITHER, wrap=True), Run(), Empty.NOTHING)
"""A pile: a card goes on one of its suit a rank above or below (King and Ace next to each
other), one card at a time, and never on an empty pile; it holds ``PILE_LIMIT`` cards at most."""
FOUNDATIONS = (BySuit(ACE, UP), BySuit(KING, DOWN))
"""Four ascending foundations from the Ace, four descending from the King, their bases dealt there."""
ABOVE = [(c // 13) * 13 + (c % 13 + 1) % 13 for c in range(52)]
BELOW = [(c // 13) * 13 + (c % 13 - 1) % 13 for c in range(52)]
"""The card of the same suit a rank above (below) each, King and Ace next to each other: the two
cards ``PILE.build`` lets it lie on."""
_NONE: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CrescentMove:
    """``src``→``dst`` between places 0–23; the redeal is ``src == dst == -1``."""

    src: int
    dst: int

    @property
    def is_redeal(self) -> bool:
        return self.src < 0

    def __str__(self) -> str:
        return "R" if self.src < 0 else f"{PLACE_NAMES[self.src]}-{PLACE_NAMES[self.dst]}"

    def places(self) -> tuple[str | None, int, str | None]:
        return (None, 1, None) if self.src < 0 else (PLACE_NAMES[self.src], 1, PLACE_NAMES[self.dst])


REDEAL = CrescentMove(-1, -1)


@cache
def _moves() -> list[list[CrescentMove]]:
    """Every move between two places, interned: ``_moves()[src][dst]`` (made when first asked
    for, not at import: a deal's table text needs none)."""
    return [[CrescentMove(s, d) for d in range(24)] for s in range(24)]


def move(src: int, dst: int) -> CrescentMove:
    """The interned move between two place indexes."""
    return _moves()[src][dst]


class CrescentGame(Game[CrescentMove]):
    name = "crescent"
    prefix = "CR"
    variants: ClassVar[dict[str, str]] = {
        "N": "standard",
        "F": "Crescent Four",
        "D": "face-down deal",
        "B": "Crescent Four, face-down deal",
    }
    capabilities = frozenset({"redeal", "solve"})
    explains = Explains(
        emptied={"pile": "empty_pile"}, actions={"redeal": ("deal_again", "deal_again")}, spared=frozenset({"redeal"})
    )
    hint_budget = (12, 6_000)
    deal_search = (1.5, 6.0, 3.0)

    def __init__(self, variant: str = "N") -> None:
        super().__init__(variant)
        self.redeals = 4 if variant in "FB" else 3
        self.face_down = variant in "DB"

    def deal(self, number: int) -> list[list[int]]:
        """The 16 piles of a deal, bottom to top.

        The two decks in order (♠ ♥ ♦ ♣, Ace to King, twice) lose one Ace and one King of each
        suit, the foundation bases; the other 96 are shuffled (see ``dealcode``) and pile ``i``
        takes cards ``6i … 6i+5``, the first of them at the bottom.
        """
        rest = [c for c in range(52) if RANK[c] not in (ACE, KING)] * 2
        rest += [c for c in range(52) if RANK[c] in (ACE, KING)]
        cards = shuffled(sorted(rest), self.code(number))
        return [cards[PILE_SIZE * i : PILE_SIZE * (i + 1)] for i in range(PILES)]

    def new_state(self, number: int) -> CrescentState:
        piles = self.deal(number)
        down = [PILE_SIZE - 1 if self.face_down else 0] * PILES
        return CrescentState(self, self.code(number), piles, down, [ACE] * 4 + [KING] * 4, self.redeals)

    def parse_move(self, token: str) -> CrescentMove:
        t = token.strip()
        if t.upper() == "R":
            return REDEAL
        src, dash, dst = t.partition("-")
        s, d = PLACE_INDEX.get(src.lower()), PLACE_INDEX.get(dst.lower())
        if not dash or s is None or d is None:
            raise InvalidMove(
                f"not a Crescent move: {token!r} (expected SRC-DST with piles 1-16 and foundations "
                "As Ah Ad Ac Ks Kh Kd Kc, as 10-14 or 3-Kd; or R for a redeal)"
            )
        return move(s, d)

    def solve(self, state: State[CrescentMove], timeout: float, nodes: int | None = None) -> Result:
        from paciencia.games.crescent.solver import solve_crescent

        assert isinstance(state, CrescentState)
        return solve_crescent(state, timeout, nodes=nodes)

    def deck(self) -> list[int]:
        return list(DECK.cards)

    def knowledge(self, start: State[CrescentMove], tokens: Sequence[str]) -> Knowledge:
        from paciencia.games.crescent.analysis import crescent_knowledge

        assert isinstance(start, CrescentState)
        return crescent_knowledge(start, tokens)

    def settle(self, state: State[CrescentMove], nodes: int) -> tuple[str, str | None]:
        from paciencia.games.crescent.analysis import settle

        assert isinstance(state, CrescentState)
        return settle(state, nodes)

    def useful(self, state: State[CrescentMove]) -> list[str]:
        from paciencia.games.crescent.analysis import useful_crescent

        assert isinstance(state, CrescentState)
        return useful_crescent(state)

    def scores(self, state: State[CrescentMove], tokens: Sequence[str]) -> list[float]:
        from paciencia.games.crescent.analysis import move_scores

        assert isinstance(state, CrescentState)
        return move_scores(state, tokens)

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> CrescentState:
        check_fields(fields, ("status", "moves", "redeals"))
        check_places(places, TEXT_ORDER)
        check_decks(places, DECK, "Crescent")
        ftop = []
        for k, found in enumerate(FOUNDATIONS):
            for count in found.read(places, PLACE_NAMES[ASC + 4 * k : ASC + 4 * k + 4], based=True):
                ftop.append(RANK[found.card(0, count - 1)])
        piles: list[list[int]] = []
        down: list[int] = []
        for i in range(PILES):
            cards = places[PLACE_NAMES[i]]
            if len(cards) > PILE_LIMIT:
                raise InvalidPosition(f"pile {i + 1} holds {len(cards)} cards; a pile holds at most {PILE_LIMIT}")
            ids, hidden = face_down_first(cards, f"pile {i + 1}")
            piles.append(ids)
            down.append(hidden)
        redeals = int_field(fields, "redeals", self.redeals, 0, self.redeals)
        moves = int_field(fields, "moves", 0, 0, 10**9)
        # Face-down cards are dealt only in the face-down variants, five under each pile's top,
        # and each redeal turns one up: no play leaves more.
        most = max(0, PILE_SIZE - 1 - (self.redeals - redeals)) if self.face_down else 0
        for i, hidden in enumerate(down):
            if hidden > most:
                if not self.face_down:
                    raise InvalidPosition(
                        f"pile {i + 1} holds a face-down card, but the {self.variants[self.variant]} deal"
                        " has every card face up",
                        Position.FACE_DOWN_IN_FACE_UP_DEAL,
                    )
                raise InvalidPosition(
                    f"pile {i + 1} holds {hidden} face-down cards; with {redeals} redeals left at most {most} can be",
                    Position.TOO_MANY_FACE_DOWN,
                )
        state = CrescentState(self, code, piles, down, ftop, redeals, moves)
        check_status(fields, state)
        return state


class CrescentState(State[CrescentMove]):
    __slots__ = ("code", "down", "ftop", "game", "history", "moves", "piles", "redeals")

    game: CrescentGame

    def __init__(
        self,
        game: CrescentGame,
        code: DealCode,
        piles: list[list[int]],
        down: list[int],
        ftop: list[int],
        redeals: int,
        moves: int = 0,
    ) -> None:
        self.game = game
        self.code = code
        self.piles = piles
        self.down = down
        self.ftop = ftop
        self.redeals = redeals
        self.moves = moves
        # (src, dst, turned a card up): the last UNDO_LIMIT moves since the last redeal.
        self.history: deque[tuple[int, int, bool]] = deque(maxlen=UNDO_LIMIT)

    # -- moves -------------------------------------------------------------------------------

    def legal_moves(self) -> list[CrescentMove]:
        piles = self.piles
        ftop = self.ftop
        where: dict[int, list[int]] = {}
        for i in range(PILES):
            p = piles[i]
            if 0 < len(p) < PILE_LIMIT:
                t = p[-1]
                if t in where:
                    where[t].append(i)
                else:
                    where[t] = [i]
        out: list[CrescentMove] = []
        moves = _moves()
        for i in range(PILES):
            p = piles[i]
            if not p:
                continue
            c = p[-1]
            row = moves[i]
            for j in where.get(ABOVE[c], _NONE):
                out.append(row[j])
            for j in where.get(BELOW[c], _NONE):
                out.append(row[j])
            s = SUIT[c]
            r = RANK[c]
            if ftop[s] == r - 1:
                out.append(row[ASC + s])
            if ftop[s + 4] == r + 1:
                out.append(row[DESC + s])
        for s in range(4):
            a = ftop[s]
            d = ftop[s + 4]
            if d == a + 1:
                if a != ACE:
                    out.append(moves[ASC + s][DESC + s])
                if d != KING:
                    out.append(moves[DESC + s][ASC + s])
        if self.redeals and any(piles):
            out.append(REDEAL)
        return out

    def check(self, move: CrescentMove) -> Reason | None:
        s, d = move.src, move.dst
        if s < 0:
            if self.redeals == 0:
                return NO_REDEALS
            return Reason.GAME_OVER if self.is_won() else None
        if s == d:
            return Reason.SAME_PLACE
        if s < ASC:
            p = self.piles[s]
            if not p:
                return Reason.SOURCE_EMPTY
            card = p[-1]
        else:
            top = self.ftop[s - ASC]
            if top == (ACE if s < DESC else KING):
                return BASE_LOCKED
            if d < ASC:
                return FOUNDATION_TO_PILE
            card = (s - ASC) % 4 * 13 + top
        if d < ASC:
            target = self.piles[d]
            why = PILE.put_refusal(target, card)
            if why is not None:
                return why
            return PILE_FULL if len(target) >= PILE_LIMIT else None
        f = d - ASC
        return FOUNDATIONS[f // 4].refusal(f % 4, self.found_count(f), card)

    def push(self, move: CrescentMove) -> None:
        s = move.src
        if s < 0:
            self._redeal()
            return
        d = move.dst
        turned = False
        if s < ASC:
            p = self.piles[s]
            card = p.pop()
            hidden = self.down[s]
            if hidden and hidden == len(p):
                self.down[s] = hidden - 1
                turned = True
        else:
            card = self._lift(s)
        if d < ASC:
            self.piles[d].append(card)
        else:
            self.ftop[d - ASC] = RANK[card]
        self.history.append((s, d, turned))
        self.moves += 1

    def _lift(self, place: int) -> int:
        """Takes the top card off foundation ``place`` and returns it."""
        f = place - ASC
        top = self.ftop[f]
        self.ftop[f] = top - 1 if place < DESC else top + 1
        return f % 4 * 13 + top

    def _redeal(self) -> None:
        down = self.down
        for i, p in enumerate(self.piles):
            if len(p) >= 2:
                p.append(p.pop(0))
                if down[i]:
                    down[i] -= 1
        self.redeals -= 1
        self.history.clear()

    def undo(self) -> CrescentMove:
        if not self.history:
            raise refuse_undo()
        s, d, turned = self.history.pop()
        card = self.piles[d].pop() if d < ASC else self._lift(d)
        if s < ASC:
            self.piles[s].append(card)
            if turned:
                self.down[s] += 1
        else:
            self.ftop[s - ASC] = RANK[card]
        self.moves -= 1
        return _moves()[s][d]

    def auto_move(self) -> CrescentMove | None:
        """The next automatic move up (the rule and its proof: ``crescent/auto.py``)."""
        from paciencia.games.crescent.auto import auto_move

        return auto_move(self)

    @property
    def move_stack(self) -> list[CrescentMove]:
        """The moves since the last redeal (at most ``UNDO_LIMIT``): a redeal cannot be undone."""
        return [move(s, d) for s, d, _ in self.history]

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    # -- status ------------------------------------------------------------------------------

    def is_won(self) -> bool:
        return not any(self.piles)

    def has_pile_move(self) -> bool:
        """Whether some move changes the piles now, or after foundation transfers only.

        The two foundations of a suit allow transfers only when they meet (descending top =
        ascending top + 1), and then the meeting point can slide over every rank, so together
        they accept any card of that suit: a pile topped by one can always be played.
        """
        for m in self.legal_moves():
            if 0 <= m.src < ASC:
                return True
        ftop = self.ftop
        meeting = [ftop[s + 4] == ftop[s] + 1 for s in range(4)]
        return any(p and meeting[SUIT[p[-1]]] for p in self.piles)

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        # A redeal always can change the piles: were every pile down to one card, some foundation
        # would accept one of them (the card it needs is not on a foundation). (Asked first: a
        # deal's header then needs no moves.)
        return Status.PLAYING if self.redeals or self.has_pile_move() else Status.BLOCKED

    # -- text and views ----------------------------------------------------------------------

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves)), ("redeals", str(self.redeals))]

    def found_count(self, f: int) -> int:
        """How many cards foundation ``f`` (0-7) holds, its base included."""
        return abs(self.ftop[f] - FOUNDATIONS[f // 4].base) + 1

    def foundation_cards(self, f: int) -> list[int]:
        found = FOUNDATIONS[f // 4]
        return [found.card(f % 4, k) for k in range(self.found_count(f))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        out: list[tuple[str, Sequence[tuple[int, bool]]]] = []
        for f in range(8):
            out.append((PLACE_NAMES[ASC + f], [(c, True) for c in self.foundation_cards(f)]))
        for i, p in enumerate(self.piles):
            hidden = self.down[i]
            out.append((PLACE_NAMES[i], [(c, k >= hidden) for k, c in enumerate(p)]))
        return out

    def observe(self) -> Observation:
        """Each pile shows its top card and its count (PRODUCT.md §2; in the face-down variants
        also how many of its cards are face down); each foundation its top card. The deal code:
        in the face-down variants only once the game is over."""
        found = []
        for f in range(8):
            count = self.found_count(f)
            top = (f % 4) * 13 + self.ftop[f]
            kind = "asc" if f < 4 else "desc"
            found.append(PlaceInfo(PLACE_NAMES[ASC + f], kind, count, suit=f % 4, cards=(top,), role=Role.FOUNDATION))
        piles = [
            PlaceInfo(PLACE_NAMES[i], "pile", len(p), number=i + 1, cards=tuple(p[-1:]), face_down=self.down[i])
            for i, p in enumerate(self.piles)
        ]
        legal = self.legal_moves()
        status = self.status
        playing = status == Status.PLAYING
        runs = {p.place: 1 for p in piles if p.count}
        runs.update({PLACE_NAMES[m.src]: 1 for m in legal if m.src >= ASC})
        names = tuple(PLACE_NAMES)
        return Observation(
            game=self.game.name,
            variant=self.game.variant,
            places=(*piles, *found),
            groups=(Group("piles", names[:ASC]), Group("foundations", names[ASC:])),
            reading=(names[ASC:], names[:ASC]),
            runs=runs,
            dests=dests_of(self, legal),
            actions=(Action("redeal", "R", playing and REDEAL in legal, self.redeals),),
            status=status,
            figures=self.figures(),
            can_undo=self.can_undo,
            can_finish=False,
            # With the published shuffle the code names every card: the face-down variants withhold
            # it until the game is over (like Klondike), even once every card has turned up, since
            # the cards beneath the tops are still unseen.
            code=None if playing and (self.game.face_down or any(self.down)) else self.code,
        )

    def figures(self) -> Figures:
        return Figures(self.moves, {"redeals": self.redeals})

    def copy(self) -> Self:
        other = type(self)(
            self.game,
            self.code,
            [list(p) for p in self.piles],
            list(self.down),
            list(self.ftop),
            self.redeals,
            self.moves,
        )
        other.history.extend(self.history)
        return other

    def key(self) -> Key:
        return (tuple(map(tuple, self.piles)), tuple(self.ftop), tuple(self.down), self.redeals)

    def shown(self) -> list[int]:
        return [p[-1] for p in self.piles if p]

    def filled(self, cards: dict[tuple[int, int], int]) -> Self:
        """Slots as ``place_lines()`` numbers them: 0-7 the foundations (never filled), 8-23 the piles."""
        other = self.copy()
        for (line, k), card in cards.items():
            other.piles[line - 8][k] = card
        return other
