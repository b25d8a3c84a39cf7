"""The vocabulary of the games that take cards away (Pyramid, TriPeaks; Golf and Elevens are of
the kind), written once as ``piles`` is for the games that move cards between piles: a game
composes its rules from these instead of writing them again.

* ``Layout``: places in rows, each card covered by cards below it until they are gone (two in
  a pyramid or in peaks, one in Golf's columns, none in Elevens' grid); what is exposed, what
  covers what (``covers``, ``covered_by``, ``below``), the reading order, and the table text's
  checks of a layout's places;
* the rule that says which cards go together, a parameter of the game: ``AddsTo`` (two cards
  whose values add up to a total, a card of that value alone) or ``NextRank`` (a card one rank
  above or below another);
* the stock and the waste: their table text lines, their places in a view, their checks, and
  their words (``HeapWords``: each game marks its msgids, this says them);
* ``TakeAwayState`` and ``TakeAwayGame``: the status (won when the layout is cleared, blocked
  when no move is left), the view's common part, and the game's solver, settle and scores found
  in its package (``solver.SEARCH``, ``analysis.move_scores``);
* ``Search``: a game's C search (``_search.c`` over ``solver/_takeaway.h``) as ``solve`` and
  ``settle``, its winning lines written as move tokens and replayed before they are returned.

    >>> PYRAMID = Layout.pyramid(7)
    >>> PYRAMID
    Layout.pyramid(7)
    >>> print(PYRAMID)
    28 places in 7 rows of 1 to 7, a card covered by the cards below it
    >>> PYRAMID.covers[0], PYRAMID.covers[21], PYRAMID.covered_by[4]
    ((1, 2), (), (1, 2))
    >>> print(AddsTo(13), "/", NextRank())
    two cards whose values add up to 13, a 13 alone / a card one rank above or below, King next to Ace

Cards are ints ``suit * 13 + rank`` (``paciencia.engine.cards``): the Ace's rank 0, its value 1.
"""

from __future__ import annotations

import importlib
import sys
from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property

from paciencia.engine.cards import CARD_NAMES
from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import InvalidPosition
from paciencia.engine.generics import Generic, Protocol, TypeVar, cast
from paciencia.engine.protocol import (
    Action,
    Game,
    Group,
    M,
    MoveLike,
    Observation,
    PlaceInfo,
    Role,
    State,
    Status,
    dests_of,
    takes_of,
)
from paciencia.engine.record import dataclass
from paciencia.i18n import Words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paciencia.engine.verdict import Result
    from paciencia.solver.schedule import Answer

RANK = [c % 13 for c in range(52)]
VALUE = [c % 13 + 1 for c in range(52)]
"""A card's value: the Ace 1, … the Jack 11, the Queen 12, the King 13."""


# -- the layout ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Places numbered row by row from the top, left to right (place ``i`` named ``i + 1``);
    ``rows`` the rows' lengths, ``cover[i]`` the places that cover place ``i`` (each after it:
    a card lies on cards further down), none on the bottom row. A card may be taken only once
    the cards that cover it are gone.

    >>> peaks = Layout.overlapping((3, 6, 9, 10), [3, 5, 7, 9, 10, 12, 13, 15, 16, *range(18, 27)])
    >>> peaks.covers[3], peaks.covers[17], peaks.row_places[0]
    ((9, 10), (26, 27), (0, 1, 2))
    >>> peaks.exposed([5] * 18 + [-1, -1] + [5] * 8, 9), peaks.covered([5] * 28, 9)
    (True, True)
    >>> golf = Layout.columns(7, 5)
    >>> golf.covers[0], golf.covers[28], golf.covered_by[8], golf.apart(0, 8), golf.apart(0, 7)
    ((7,), (), (1,), True, False)
    """

    rows: tuple[int, ...]
    cover: tuple[tuple[int, ...], ...]

    @classmethod
    def overlapping(cls, rows: Sequence[int], left: Sequence[int]) -> Layout:
        """Each place ``i`` of the rows but the last covered by two side by side below it,
        ``left[i]`` and ``left[i] + 1``; the last row by none."""
        size = sum(rows)
        return cls(tuple(rows), tuple((a, a + 1) for a in left) + ((),) * (size - len(left)))

    @classmethod
    def pyramid(cls, rows: int) -> Layout:
        """A pyramid: row ``r`` (from 0) of ``r + 1`` places, each covered by the two below it."""
        left = [i + r + 1 for r in range(rows - 1) for i in range(r * (r + 1) // 2, (r + 1) * (r + 2) // 2)]
        return cls.overlapping(range(1, rows + 1), left)

    @classmethod
    def columns(cls, width: int, depth: int) -> Layout:
        """``width`` columns of ``depth`` cards, each card covered by the one below it (Golf's)."""
        size = width * depth
        return cls((width,) * depth, tuple((i + width,) if i + width < size else () for i in range(size)))

    def __repr__(self) -> str:
        depth = len(self.rows)
        if self == Layout.pyramid(depth):
            return f"Layout.pyramid({depth})"
        if self == Layout.columns(self.rows[0], depth):
            return f"Layout.columns({self.rows[0]}, {depth})"
        return f"Layout({self.rows!r}, {self.cover!r})"

    def __str__(self) -> str:
        return (
            f"{self.size} places in {len(self.rows)} rows of {min(self.rows)} to {max(self.rows)}, "
            "a card covered by the cards below it"
        )

    @property
    def size(self) -> int:
        return len(self.cover)

    @cached_property
    def names(self) -> list[str]:
        """The places' names, ``"1"`` to the last."""
        return [str(i + 1) for i in range(self.size)]

    @cached_property
    def covers(self) -> list[tuple[int, ...]]:
        """``covers[i]``: the places below place ``i`` that cover it (none for the bottom row)."""
        return list(self.cover)

    @cached_property
    def covered_by(self) -> list[tuple[int, ...]]:
        """``covered_by[i]``: the places that place ``i`` helps cover (the cards it may expose)."""
        return [tuple(j for j in range(self.size) if i in self.covers[j]) for i in range(self.size)]

    @cached_property
    def below(self) -> list[int]:
        """``below[i]``: the places that must go before place ``i`` (those that cover it, and on
        down), as bits."""
        out = [0] * self.size
        for i in reversed(range(self.size)):
            for c in self.covers[i]:
                out[i] |= 1 << c | out[c]
        return out

    @cached_property
    def row_places(self) -> list[tuple[int, ...]]:
        """Each row's places, top row first."""
        starts = [sum(self.rows[:r]) for r in range(len(self.rows))]
        return [tuple(range(s, s + n)) for s, n in zip(starts, self.rows, strict=True)]

    def reading(self) -> tuple[tuple[str, ...], ...]:
        """The rows' place names, top row first (``Observation.reading``)."""
        return tuple(tuple(self.names[i] for i in row) for row in self.row_places)

    def covered(self, cards: Sequence[int], i: int) -> bool:
        """Whether a card lies on a place that covers place ``i`` (``cards[j]`` -1: none)."""
        return any(cards[c] >= 0 for c in self.covers[i])

    def exposed(self, cards: Sequence[int], i: int) -> bool:
        """Whether place ``i`` holds a card that nothing covers."""
        return cards[i] >= 0 and not self.covered(cards, i)

    def apart(self, i: int, j: int) -> bool:
        """Whether places ``i`` and ``j`` may leave together (neither must go before the other)."""
        return not (self.below[i] >> j & 1 or self.below[j] >> i & 1)

    # -- the table text

    def read(self, places: dict[str, list[tuple[int, bool]]], kind: str) -> tuple[list[int], list[bool]]:
        """Each place's card (-1: none) and whether it lies face up, from table text; a place of
        more than one card refused (``kind`` names such a place: ``a pyramid place``)."""
        cards: list[int] = []
        ups: list[bool] = []
        for name in self.names:
            held = places[name]
            if len(held) > 1:
                raise InvalidPosition(f"place {name} holds {len(held)} cards; {kind} holds one or none")
            cards.append(held[0][0] if held else -1)
            ups.append(held[0][1] if held else True)
        return cards, ups

    def check_cleared(self, cards: Sequence[int], verb: str) -> None:
        """Refuses a place emptied while a card still covers it (``verb``: how a card leaves,
        ``taken away``)."""
        for i in range(self.size):
            if cards[i] < 0 and self.covered(cards, i):
                which = "which cover it, are" if len(self.covers[i]) > 1 else "which covers it, is"
                raise InvalidPosition(
                    f"place {self.names[i]} is empty but {self.cover_names(i)}, {which} not: "
                    f"a card is {verb} only once uncovered"
                )

    def cover_names(self, i: int) -> str:
        return " and ".join(self.names[c] for c in self.covers[i])


# -- which cards go together ---------------------------------------------------------------------


@dataclass(frozen=True)
class AddsTo:
    """Two cards go together when their values add up to ``total``; a card of that value goes
    alone.

    >>> thirteen = AddsTo(13)
    >>> thirteen.pairs(4, 7), thirteen.pairs(4, 8), thirteen.alone(12), thirteen.alone(25)
    (True, False, True, True)
    """

    total: int = 13

    def alone(self, card: int) -> bool:
        return VALUE[card] == self.total

    def pairs(self, a: int, b: int) -> bool:
        return VALUE[a] + VALUE[b] == self.total

    def __str__(self) -> str:
        return f"two cards whose values add up to {self.total}, a {self.total} alone"


@dataclass(frozen=True)
class NextRank:
    """A card goes on another one rank above or below it, suits ignored; with ``wrap`` the King
    and the Ace are next to each other.

    >>> NextRank().fits(12, 0), NextRank(wrap=False).fits(12, 0), NextRank().fits(1, 15)
    (True, False, True)
    """

    wrap: bool = True

    def fits(self, a: int, b: int) -> bool:
        gap = (RANK[a] - RANK[b]) % 13
        return gap in (1, 12) if self.wrap else abs(RANK[a] - RANK[b]) == 1

    def __str__(self) -> str:
        return "a card one rank above or below" + (", King next to Ace" if self.wrap else "")


# -- the stock and the waste ---------------------------------------------------------------------


def check_talon(places: dict[str, list[tuple[int, bool]]], up: Iterable[str]) -> None:
    """Table text's stock ``S`` face down, and the places named ``up`` (the waste…) face up."""
    for c, face_up in places["S"]:
        if face_up:
            raise InvalidPosition(f"stock S: {CARD_NAMES[c]} must be face down, as [{CARD_NAMES[c]}]")
    for name in up:
        for c, face_up in places[name]:
            if not face_up:
                kind = {"W": "waste W", "F": "foundation F"}.get(name, f"place {name}")
                raise InvalidPosition(f"{kind}: [{CARD_NAMES[c]}] must be face up, as {CARD_NAMES[c]}")


def talon_lines(stock: list[int], waste: list[int]) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
    """The table text's lines of the stock (face down) and the waste (face up)."""
    return [("S", [(c, False) for c in stock]), ("W", [(c, True) for c in waste])]


def talon_places(stock: list[int], waste: list[int], stock_kind: str, waste_kind: str) -> tuple[PlaceInfo, ...]:
    """The view's stock (a count) and waste (its top card)."""
    return (
        PlaceInfo("S", stock_kind, len(stock), face_down=len(stock), role=Role.STOCK),
        PlaceInfo("W", waste_kind, len(waste), cards=tuple(waste[-1:]), role=Role.WASTE),
    )


def fill_talon(stock: list[int], waste: list[int], line: int, k: int, card: int) -> bool:
    """``State.filled`` for the stock (line 0) and the waste (line 1); whether it was one of them."""
    if line == 0:
        stock[k] = card
    elif line == 1:
        waste[k] = card
    return line < 2


@dataclass(frozen=True)
class HeapWords:
    """How a game says one of its heaps (its stock, its waste, a foundation): ``empty`` and
    ``count`` (with ``%(count)s``, and ``%(card)s`` for its top card when it says it) in its
    description, ``name`` as a place named; each a msgid the game marks with its ``context``
    (``NP_(context, …)``, so that its own catalog holds it), said here.

    >>> stock = HeapWords("a game", "stock: empty", "stock: %(count)s", "the stock")
    >>> w = Words("en")
    >>> stock.describe(w, PlaceInfo("S", "stock", 3, face_down=3)), stock.describe(w, PlaceInfo("S", "stock", 0))
    ('stock: 3 cards', 'stock: empty')
    """

    context: str
    empty: str
    count: str
    name: str

    def describe(self, w: Words, p: PlaceInfo) -> str:
        if not p.count:
            return w.p_(self.context, self.empty)
        return w.p_(self.context, self.count) % {"count": w.cards(p.count), "card": w.top(p)}

    def named(self, w: Words, p: PlaceInfo) -> str:
        return w.p_(self.context, self.name)


def turned_up(w: Words, obs: Observation, context: str, message: str) -> str:
    """A turn's words: ``message`` (``%(card)s``, the waste's new top card) in ``context``."""
    waste = next(p for p in obs.places if p.role == Role.WASTE)
    return w.p_(context, message) % {"card": w.top(waste)}


def no_button(w: Words, left: int | None) -> str:
    """The turn's button label: none (the turn is a tap on the stock)."""
    return ""


# -- the state and the game ----------------------------------------------------------------------


class TakeAwayMove(MoveLike, Protocol):
    @property
    def is_turn(self) -> bool:
        """Whether the move turns the stock (else it takes cards away from the layout)."""


class TakeAwayState(State[M]):
    """What the states of the take-away games share: ``table`` the layout's cards (-1 where one
    was taken), ``stock`` and ``waste``; won once the layout is cleared, blocked when no move is
    left."""

    layout: Layout
    stock: list[int]
    waste: list[int]

    def __init__(self, game: Game[M], code: DealCode, stock: list[int], waste: list[int], moves: int) -> None:
        self.game = game
        self.code = code
        self.stock = stock
        self.waste = waste
        self.moves = moves

    @property
    @abstractmethod
    def table(self) -> list[int]:
        """The layout's cards, place by place (-1: none)."""

    def is_won(self) -> bool:
        """The layout is cleared (the stock and the waste need not be)."""
        return all(c < 0 for c in self.table)

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        return Status.PLAYING if self.legal_moves() else Status.BLOCKED

    def free(self, place: int) -> bool:
        """Whether the layout's place holds a card that nothing covers."""
        return self.layout.exposed(self.table, place)

    def covered(self, place: int) -> bool:
        """Whether a card lies on a place that covers place ``place``."""
        return self.layout.covered(self.table, place)

    def observation(
        self,
        cards: Sequence[PlaceInfo],
        heaps: Sequence[PlaceInfo],
        groups: tuple[Group, ...],
        status: Status,
        runs: dict[str, int],
        legal: Iterable[TakeAwayMove],
        action: Action,
        parameters: dict[str, int] | None = None,
    ) -> Observation:
        """The view: the layout's places (``cards``, read row by row), then the ``heaps`` (the
        stock, the waste…, read as one line); the legal removals as ``dests`` and ``takes``; the
        deal code only once the game is over (with the published shuffle it would reveal the
        cards not shown)."""
        removals = [m for m in legal if not m.is_turn]
        return Observation(
            game=self.game.name,
            variant=self.game.variant,
            places=(*cards, *heaps),
            groups=groups,
            reading=(*self.layout.reading(), tuple(p.place for p in heaps)),
            runs=runs,
            dests=dests_of(self, removals),
            takes=takes_of(removals),
            actions=(action,),
            status=status,
            figures=self.figures(),
            can_undo=self.can_undo,
            can_finish=False,
            code=None if status == Status.PLAYING else self.code,
            parameters=parameters or {},
        )


S = TypeVar("S", bound="TakeAwayState[Any]")


class TakeAwayGame(Game[M]):
    """A take-away game's solver, settle and scores, from its package's ``solver.SEARCH`` (a
    ``Search``) and ``analysis.move_scores``, imported when first asked."""

    def _module(self, name: str) -> Any:
        return importlib.import_module(f"{type(self).__module__.rsplit('.', 1)[0]}.{name}")

    def solve(self, state: State[M], timeout: float, nodes: int | None = None) -> Result:
        return cast("Result", self._module("solver").SEARCH.solve(state, timeout, nodes))

    def settle(self, state: State[M], nodes: int) -> tuple[str, str | None]:
        return cast(tuple[str, str | None], self._module("solver").SEARCH.settle(state, nodes))

    def scores(self, state: State[M], tokens: Sequence[str]) -> list[float]:
        return cast(list[float], self._module("analysis").move_scores(state, tokens))


def first_won_example(game: Game[Any], timeout: float) -> dict[str, object]:
    """A game's example (``example.py``'s ``build``): the first deal from number 1 on that its
    solver wins (every card known: the example is replayed after the game, not hinted), along
    the solver's line."""
    from paciencia.engine.verdict import Verdict

    for number in range(1, 50):
        code = str(game.code(number))
        state = game.new_state(number)
        result = game.solve(state, timeout)
        if result.verdict is Verdict.WINNABLE:
            print(f"{code}: {len(result.line)} moves", file=sys.stderr)
            return {"game": game.name, "start_kind": "code", "start": code, "moves": list(result.line)}
    raise SystemExit("no winnable deal among the first 49")


# -- the search ----------------------------------------------------------------------------------

Step = tuple[int, int, int, int, int]
"""A search move as a C loop reports it: (kind, a, b, n, card), each game saying what they mean."""

SAFETY_SECONDS = 10.0
"""A clock only against a runaway search: node budgets decide, so a busy machine answers alike."""


@dataclass(frozen=True)
class Search(Generic[S]):
    """A game's C search: ``module`` (its ``_search``, with ``search(position…, budget, seconds,
    noise, seed)`` and ``hopeless(position…)``), ``position`` (a state as the C loop reads it),
    ``step_tokens`` (one search move's tokens, played on the state given as they come), and
    ``kind`` (the state's class)."""

    module: str
    kind: type[S]
    position: Callable[[S], tuple[Any, ...]]
    step_tokens: Callable[[S, Step], Iterable[str]]

    def _check(self, state: object) -> S:
        assert isinstance(state, self.kind), f"a {self.kind.__name__}"
        return state

    def search(self, state: S, budget: int, seconds: float, noise: float = 0.0, seed: int = 0) -> Answer:
        loop = importlib.import_module(self.module)
        return cast("Answer", loop.search(*self.position(state), budget, seconds, noise, seed))

    def hopeless(self, state: S) -> bool:
        """The dead-position test on ``state``."""
        return bool(importlib.import_module(self.module).hopeless(*self.position(state)))

    def tokens(self, state: S, steps: Iterable[Step]) -> tuple[str, ...]:
        """The line in move notation, each token played on a copy of ``state`` as it is written
        (a refused one raises); it must win (else AssertionError)."""
        sim = state.copy()
        out: list[str] = []
        for step in steps:
            for token in self.step_tokens(sim, step):
                sim.play(token)
                out.append(token)
        if not sim.is_won():
            raise AssertionError("the solver's line does not win")
        return tuple(out)

    def first_token(self, state: S, step: Step) -> str:
        """The first move of a search move's tokens in ``state``, resolved."""
        token = next(iter(self.step_tokens(state.copy(), step)))
        return str(state.resolve(state.game.parse_move(token)))

    def solve(self, state: object, timeout: float = 10.0, nodes: int | None = None) -> Result:
        """Whether ``state`` (left untouched) can be won: the dead-position test, then one sound
        search on the whole budget (seconds, or ``nodes`` positions searched: the same answer on
        any machine, ``timeout`` being then only a cap). ``notes``: ``proof`` (``static`` or
        ``search``) for a loss."""
        from paciencia.engine.verdict import Result, Verdict  # the solver's alone: not a deal's start-up
        from paciencia.solver.meter import Meter
        from paciencia.solver.schedule import EXHAUSTED, WON

        s = self._check(state)
        m = Meter(timeout, nodes)
        if s.is_won():
            return Result(Verdict.WINNABLE, (), 0, 0.0)
        if self.hopeless(s):
            return Result(Verdict.UNWINNABLE, (), 0, m.seconds(), {"proof": "static"})
        if m.total <= 0:
            return Result(Verdict.UNKNOWN, (), 0, 0.0)
        status, steps, n = self.search(s, *m.limits(m.total))
        m.count(n)
        if status == WON:
            return Result(Verdict.WINNABLE, self.tokens(s, steps), m.nodes, m.seconds())
        if status == EXHAUSTED:
            return Result(Verdict.UNWINNABLE, (), m.nodes, m.seconds(), {"proof": "search"})
        return Result(Verdict.UNKNOWN, (), m.nodes, m.seconds())

    def settle(self, state: object, nodes: int) -> tuple[str, str | None]:
        """``Game.settle``: one sound search on the whole budget (``schedule.settle``)."""
        from paciencia.solver import schedule

        s = self._check(state)

        def sound(budget: int) -> Answer:
            return self.search(s, budget, SAFETY_SECONDS)

        return schedule.settle(s, nodes, ((True, 1.0, sound),), lambda steps: self.first_token(s, steps[0]))
