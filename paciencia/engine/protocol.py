"""The one protocol every game implements (after OpenSpiel's Game/State).

A ``Game`` holds the rules and their parameters (a variant) and makes ``State``s; a ``State``
is one position with its legal moves, make/undo (a public move stack), status, key, table
text and ``observe()``: the ``Observation`` of what a player at the table sees and may do.
The command line, the web layer, the words layer, the solver and the hints are written once
against these classes; only a game's own package knows its rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import IllegalMove, InvalidCode, NoSolver
from paciencia.engine.generics import Generic, Protocol, TypeVar
from paciencia.engine.reasons import Reason
from paciencia.engine.record import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Self

    from paciencia.engine.knowledge import Knowledge, Slot
    from paciencia.engine.verdict import Result

UNDO_TOKEN = "U"


def is_undo(token: str) -> bool:
    """Whether a notation token is the undo (``U``, any case, spaces around it)."""
    return token.strip().upper() == UNDO_TOKEN


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"


class Role(StrEnum):
    """What a place is to the board's input layer (a game's ``kind`` says more, for words and looks)."""

    TABLEAU = "tableau"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"


@dataclass(frozen=True, slots=True)
class PlaceInfo:
    """One place as a player sees it, in words-free form.

    ``kind`` names the kind of place (a pile, a column, a foundation…): the words layer
    describes a place by its kind, in the words of the game that brings the kind
    (``GameWords.places``), so a new game reuses a kind or brings its own words.
    ``cards`` are the visible cards, bottom to top (the last is the top); ``count`` counts every
    card of the place, ``face_down`` those the player has not been shown.
    """

    place: str
    kind: str
    count: int
    number: int = 0
    suit: int = -1
    cards: tuple[int, ...] = ()
    face_down: int = 0
    role: Role = Role.TABLEAU


@dataclass(frozen=True, slots=True)
class Figures:
    """The counters a table and its results panel show: the moves, and the game's own by name
    (``counts``: redeals left, passes through the stock…), each a field of the site's view of
    the game under that name; the game's ``Table`` labels those it shows."""

    moves: int
    counts: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Group:
    """Places that belong together on the table (``name``: piles, foundations, heaps, columns)."""

    name: str
    places: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """A move that is not a card's move from place to place: a button (a redeal), or a tap on
    ``place`` (a draw, a tap on the stock). ``left``: how many remain."""

    name: str
    token: str
    enabled: bool
    left: int | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class Observation:
    """What a player at the table sees and may do: the one thing the web layer serializes and
    the words layer describes (the hints read what the player knows: ``Game.knowledge``).
    Nothing in it depends on a face-down card.

    ``places`` are in board order, ``groups`` partition them in that order, and ``reading`` is
    the board description's order (groups of place names). ``runs[place]``: how many cards from
    the place's end may be picked up together (the longest movable run; absent when none).
    ``dests[source]``: the places that accept it now, a source being a place or ``<place>x<n>``
    for a run of ``n`` > 1 cards, every foundation named. ``actions``: the game's other moves
    (buttons, and taps on a place: ``taps``). ``code`` is ``None`` while it would reveal cards
    the player has not seen (a published shuffle makes every code do that while cards are hidden).
    ``takes[place]``: the legal moves that take the place's card away (``taken_of``), each as
    (its partner: the other place it empties, else its destination, else ``None`` for a card
    that goes alone; its token), so that the board knows which tap plays at once and which
    card pairs with which (``takes_of``).
    """

    game: str
    variant: str
    places: tuple[PlaceInfo, ...]
    groups: tuple[Group, ...]
    reading: tuple[tuple[str, ...], ...]
    runs: Mapping[str, int]
    dests: Mapping[str, tuple[str, ...]]
    actions: tuple[Action, ...]
    status: Status
    figures: Figures
    can_undo: bool
    can_finish: bool
    code: DealCode | None
    parameters: Mapping[str, int] = field(default_factory=dict)
    takes: Mapping[str, tuple[tuple[str | None, str], ...]] = field(default_factory=dict)

    @property
    def taps(self) -> dict[str, str]:
        """Place → the token a tap on it plays, while that is legal."""
        return {a.place: a.token for a in self.actions if a.place is not None and a.enabled}

    def place(self, name: str) -> PlaceInfo:
        return next(p for p in self.places if p.place == name)

    def described(self) -> list[list[PlaceInfo]]:
        """The places in the board description's groups and order."""
        by_name = {p.place: p for p in self.places}
        return [[by_name[name] for name in group] for group in self.reading]


def source_key(place: str, n: int) -> str:
    """A source in ``Observation.dests``: the place, or ``<place>x<n>`` for a run of ``n`` > 1."""
    return f"{place}x{n}" if n > 1 else place


class MoveLike(Protocol):
    """What every game's move value says of itself."""

    def places(self) -> tuple[str | None, int, str | None]:
        """(source place, cards moved, destination place); ``None`` for a move of no place."""
        ...


@dataclass(frozen=True, slots=True)
class Analysis:
    """A hint's verdict: ``move`` (play ``token``), ``no_useful`` (legal moves, none helps),
    ``lost`` (proved: no line wins from here) or ``none`` (no legal move)."""

    kind: str
    token: str | None = None


M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Played(Generic[M]):
    """One token played (``State.step``): ``token`` as a game's record keeps it (``U``, or the
    move's notation as parsed, so that replaying the record makes the same moves), ``move`` the
    move made (as made: a foundation named) or taken back, ``undo`` which of the two."""

    token: str
    move: M
    undo: bool


@dataclass(frozen=True, slots=True)
class Explains:
    """What a hint's reason (``paciencia.analysis.why``) asks of the game, by its own place
    kinds and action names (the layers above name none): the reason a move has when it empties a
    place of a kind (``emptied``: "it empties a column for a king"), the kinds of place a card
    is put aside in (``aside``: a free cell), each action's reason, and another when the place
    it is played from is empty (``actions``: a draw, or the waste turned over), and the limited
    actions a move may spare (``spared``: a redeal)."""

    emptied: Mapping[str, str] = field(default_factory=dict)
    aside: frozenset[str] = frozenset()
    actions: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    spared: frozenset[str] = frozenset()


class Game(ABC, Generic[M]):
    """Rules and parameters; makes states. One instance per variant."""

    name: ClassVar[str]
    """Lower-case game name, the first word of the table text header (and the site's path)."""
    prefix: ClassVar[str]
    """The two letters that open the game's deal codes."""
    version: ClassVar[int] = 1
    variants: ClassVar[dict[str, str]]
    """Variant letter → a short English label; the first is the default."""
    capabilities: ClassVar[frozenset[str]] = frozenset()
    """What the game has beyond moves and undo: ``redeal``, ``draw``, ``finish``, ``runs``,
    ``solve`` (a solver: ``solve``, and so "winnable deals only"), ``numbers`` (its deals are
    known by their numbers alone, as a classic program's "game #11982": ``paciencia.games.read_code``)."""
    explains: ClassVar[Explains] = Explains()
    """The game's words for why a move is worth playing (``Explains``)."""
    hint_budget: ClassVar[tuple[int, int]] = (16, 10_000)
    """The honest hints' and chances' search: completions drawn, positions searched in each
    (``Game.settle``); chosen so that an answer comes within 300 ms (``bench/honest_latency.py``)."""
    patience: ClassVar[int | None] = None
    """How many moves the honest hints may spend rearranging since a card last came into sight
    (while cards are still hidden) before they hint only moves that advance at once
    (``Game.advancing``), or follow a plan that turns one up; None: no limit. Where the places can
    be rearranged in endlessly many new ways (runs moved about among many columns), the lines
    found in the completions start differently at each new position, and hints following them
    wandered for a thousand moves; a player who has shuffled that long without seeing a card
    would turn one up, or deal."""
    deal_search: ClassVar[tuple[float, float, float]] = (0.5, 3.0, 1.0)
    """Solver seconds for a "winnable deals only" deal: per deal tried while a player waits,
    in all while a player waits, per deal tried in the background."""

    def __init__(self, variant: str) -> None:
        if variant not in self.variants:
            raise InvalidCode(f"unknown {self.name} variant {variant!r} (expected one of {', '.join(self.variants)})")
        self.variant = variant

    def code(self, number: int) -> DealCode:
        return DealCode(self.prefix, self.version, self.variant, number)

    @abstractmethod
    def new_state(self, number: int) -> State[M]:
        """The deal with this number, as the first position of a game."""

    @abstractmethod
    def parse_move(self, token: str) -> M:
        """A move from its notation; ``InvalidMove`` naming the token otherwise."""

    @abstractmethod
    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> State[M]:
        """A state from parsed table text; ``InvalidPosition`` naming the problem otherwise."""

    def solve(self, state: State[M], timeout: float, nodes: int | None = None) -> Result:
        """Is ``state`` winnable (with every card known)? ``paciencia.solver.solve`` calls this.
        Given ``nodes``, the search is bounded by that many positions searched instead of the
        clock (the same answer on any machine), ``timeout`` being only a cap (inf: none)."""
        raise NoSolver(f"{self.name} has no solver yet")

    def solve_deal(self, number: int, timeout: float, nodes: int | None = None) -> tuple[str, str, int, float]:
        """``solve`` of the first position of deal ``number``, as ``paciencia solve --codes`` writes
        it: the verdict's value, the line's tokens joined by spaces, the positions searched and
        the seconds. A game whose search deals for itself may answer without the position."""
        state = self.new_state(number)
        result = self.solve(state, timeout) if nodes is None else self.solve(state, timeout, nodes)
        return result.verdict.value, " ".join(result.line), result.nodes, result.seconds

    def analyse(self, state: State[M], seconds: float, avoid: set[Key], memo: dict[str, Any]) -> Analysis:
        """A hint for ``state`` (a private copy, which it may change): a move worth playing,
        or why there is none. ``avoid``: keys of positions met earlier on the game's path,
        never to be gone back to. ``memo``: what the analysis may keep between the hints of one
        game (the caller owns it, one per game). The default plays the first legal move that
        avoids them."""
        for m in state.legal_moves():
            state.push(m)
            back = state.key() in avoid
            state.undo()
            if not back:
                return Analysis("move", str(state.resolve(m)))
        return Analysis("no_useful") if state.legal_moves() else Analysis("none")

    # -- what the player knows, and answers from it (games with the ``solve`` capability) --------

    def deck(self) -> list[int]:
        """Every card of the game, with repeats (a knowledge's unseen cards are drawn from it)."""
        return list(range(52))

    def knowledge(self, start: State[M], tokens: Sequence[str]) -> Knowledge:
        """What the player knows after playing ``tokens`` from ``start``: a card is known once
        it has been in sight (``State.shown``), and stays known wherever it goes. This default
        suits games whose cards are all different; a game with repeated cards follows each slot
        itself. A foundation's cards are known (its order is the rules')."""
        state = start.copy()
        seen = set(state.shown())
        since = 0
        for token in tokens:
            state.play(token)
            shown = state.shown()
            if not seen.issuperset(shown):
                seen.update(shown)
                since = len(state.move_stack)
        roles = {p.place: p.role for p in state.observe().places}
        known = [
            [roles.get(name) == Role.FOUNDATION or card in seen for card, _ in cards]
            for name, cards in state.place_lines()
        ]
        from paciencia.engine.knowledge import knowledge_of  # the hints' alone: not a deal's start-up

        return knowledge_of(state, known, self.deck(), since)

    def settle(self, state: State[M], nodes: int) -> tuple[str, str | None]:
        """The solver with full knowledge of ``state`` and at most about ``nodes`` positions
        searched (so the answer does not depend on the machine's speed): a ``Verdict`` value and,
        when winnable, the first move of the line found (as ``State.resolve`` names it)."""
        raise NoSolver(f"{self.name} has no solver yet")

    def sure_move(self, knowledge: Knowledge) -> str | None:
        """A move (resolved token) that keeps every completion of ``knowledge`` as winnable as it
        was, and that a player needs no search to see (a card sent up that nothing can need, a
        look at cards for free): the honest player may play it at once. None by default."""
        return None

    commits: bool = False
    """Whether the variant's hints are a player of its own (``commitment``), not the hints'
    search alone (``honest.advise``)."""

    def commitment(self, knowledge: Knowledge) -> tuple[str, ...] | None:
        """Where ``commits``: the moves (tokens) the game's own honest player commits to from
        ``knowledge`` (read from the player's knowledge alone), which the hints then follow move
        by move, or None: the hints' own search decides. None by default."""
        return None

    def useful(self, state: State[M]) -> list[str]:
        """The legal moves (resolved tokens) that really advance the game here."""
        return [str(state.resolve(m)) for m in state.legal_moves()]

    def advancing(self, state: State[M], tokens: Sequence[str]) -> list[str]:
        """Those of ``tokens`` (legal here) that advance at once: a card turned up, a card sent
        home, a row dealt (what ``patience`` leaves the hints). All of them by default."""
        return list(tokens)

    def scores(self, state: State[M], tokens: Sequence[str]) -> list[float]:
        """The heuristic's worth of playing each of ``tokens`` (legal here; higher is better)."""
        return [0.0 for _ in tokens]


Key = tuple[object, ...]


class State(ABC, Generic[M]):
    """One position. ``apply`` checks and makes a move; ``push`` makes a legal move unchecked;
    ``undo`` takes the last one back and returns it; ``move_stack`` holds the moves it can take
    back, oldest first."""

    game: Game[M]
    code: DealCode
    moves: int

    @abstractmethod
    def legal_moves(self) -> list[M]: ...

    @abstractmethod
    def check(self, move: M) -> Reason | None:
        """Why ``move`` is refused here, or ``None`` when it is legal."""

    @abstractmethod
    def push(self, move: M) -> None:
        """Makes a legal move without checking it."""

    @abstractmethod
    def undo(self) -> M:
        """Takes back the last move and returns it; ``IllegalMove`` with ``NOTHING_TO_UNDO`` when
        there is none."""

    @property
    @abstractmethod
    def move_stack(self) -> list[M]:
        """The moves ``undo`` can take back, oldest first (as made: a foundation named)."""

    @property
    def can_undo(self) -> bool:
        return bool(self.move_stack)

    @property
    @abstractmethod
    def status(self) -> Status: ...

    @abstractmethod
    def key(self) -> Key:
        """A hashable key of everything that decides the future (not the counters)."""

    @abstractmethod
    def observe(self) -> Observation:
        """What a player at the table sees and may do now."""

    @abstractmethod
    def header_fields(self) -> list[tuple[str, str]]:
        """The table text header's ``key=value`` fields after the code."""

    @abstractmethod
    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        """Every place with its cards bottom to top as ``(card id, face up)``."""

    @abstractmethod
    def copy(self) -> Self: ...

    @abstractmethod
    def figures(self) -> Figures: ...

    def describe_places(self) -> list[list[PlaceInfo]]:
        """The board description's groups of places, in the order it reads them."""
        return self.observe().described()

    def shown(self) -> Iterable[int]:
        """The cards a player at the table sees now (``Game.knowledge`` adds them to what is known)."""
        return (c for p in self.observe().places for c in p.cards)

    def filled(self, cards: dict[Slot, int]) -> Self:
        """A copy with the card at each slot (line, index in ``place_lines()``) replaced; the
        history is kept (it holds moves, not cards), so the copy undoes as this one does."""
        raise NotImplementedError(f"{type(self).__name__} cannot be filled")

    def resolve(self, move: M) -> M:
        """The move as it would be made here (a game whose notation lets a move leave a place
        to be found, as ``W-F`` for "the waste's card to its foundation", names it)."""
        return move

    def finish_move(self) -> M | None:
        """The next step of Finish, for a game with the ``finish`` capability; ``None`` when
        Finish does not apply here."""
        return None

    def auto_move(self) -> M | None:
        """The next automatic move up (the "automatic moves" setting): a card to a foundation
        that provably can never be needed anywhere else, so that playing it keeps every winnable
        position winnable, decided from what the player sees alone; ``None`` when none applies
        (always, for a game without such a rule). Each game proves its rule where it defines it."""
        return None

    def apply(self, move: M) -> None:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(str(move), reason)
        self.push(move)

    def step(self, token: str) -> Played[M]:
        """Plays one notation token: a move, or ``U`` for undo (the one way a token is applied:
        the command line, the site and the analyses all come here); nothing changes when it is
        malformed or refused."""
        if is_undo(token):
            return Played(UNDO_TOKEN, self.undo(), True)
        move = self.game.parse_move(token)
        made = self.resolve(move)
        self.apply(made)
        return Played(str(move), made, False)

    def play(self, token: str) -> M:
        """Plays one notation token (``step``); returns the move made or undone."""
        return self.step(token).move

    def play_all(self, tokens: Iterable[str]) -> None:
        for token in tokens:
            self.play(token)

    def to_text(self) -> str:
        from paciencia.engine import tabletext

        return tabletext.format_state(self)

    def __str__(self) -> str:
        return self.to_text()


def dests_of(state: State[Any], moves: Iterable[MoveLike]) -> dict[str, tuple[str, ...]]:
    """``Observation.dests`` from legal moves (resolved, so that every foundation is named)."""
    out: dict[str, list[str]] = {}
    for m in moves:
        src, n, dst = state.resolve(m).places()
        if src is not None and dst is not None:
            out.setdefault(source_key(src, n), []).append(dst)
    return {k: tuple(v) for k, v in out.items()}


def taken_of(move: MoveLike) -> tuple[str, ...]:
    """The places a removal empties (its ``taken()``: a pair's two, a card's one); none for a move
    from one place to another (a game's move says it takes cards away by having ``taken``)."""
    taken = getattr(move, "taken", None)
    return tuple(taken()) if taken is not None else ()


def takes_of(moves: Iterable[MoveLike]) -> dict[str, tuple[tuple[str | None, str], ...]]:
    """``Observation.takes`` from legal moves: for each place a removal empties, the removal's
    partner (the other place it empties, else its destination, else ``None``) and its token."""
    out: dict[str, list[tuple[str | None, str]]] = {}
    for m in moves:
        taken = taken_of(m)
        for p in taken:
            others = [q for q in taken if q != p]
            out.setdefault(p, []).append((others[0] if others else m.places()[2], str(m)))
    return {k: tuple(v) for k, v in out.items()}


def refuse_undo() -> IllegalMove:
    return IllegalMove(UNDO_TOKEN, Reason.NOTHING_TO_UNDO)
