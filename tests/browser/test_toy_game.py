"""The proof that the site is written once for every game: a third, tiny game that exists only in
this file, registered by a fixture, played to won in Chromium through the same board.

*Stairs*: the Ace to Six of spades, dealt two to each of three columns (the lower one face
down), and one foundation. A column's top card goes up when it is the next rank, or onto an
empty column, or onto a column whose top card is higher. Nothing outside this file knows it:
no template, layout module, stylesheet or catalog entry of its own (its places are of kinds
the words layer knows, ``column`` and ``foundation``).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import pytest
from playwright.sync_api import Page, expect

from paciencia.engine.dealcode import DEAL_COUNT, DealCode, shuffled
from paciencia.engine.errors import InvalidMove, InvalidPosition
from paciencia.engine.protocol import (
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
from paciencia.engine.tabletext import check_fields, check_places, face_down_first, int_field
from paciencia.games import registered
from paciencia.games.crescent.words import WRONG_RANK
from paciencia.games.table import Table
from tests.browser.conftest import open_table, place

SELECTED = re.compile(r"\bselected\b")

CARDS = 6
COLS = 3
F = COLS  # the foundation's place index
NAMES = ["1", "2", "3", "F"]


@dataclass(frozen=True, slots=True)
class StairsMove:
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{NAMES[self.src]}-{NAMES[self.dst]}"

    def places(self) -> tuple[str | None, int, str | None]:
        return NAMES[self.src], 1, NAMES[self.dst]


class StairsGame(Game[StairsMove]):
    name = "stairs"
    prefix = "ST"
    variants: ClassVar[dict[str, str]] = {"1": "one suit"}

    def __init__(self, variant: str = "1") -> None:
        super().__init__(variant)

    def new_state(self, number: int) -> StairsState:
        cards = shuffled(list(range(CARDS)), self.code(number))
        cols = [cards[2 * i : 2 * i + 2] for i in range(COLS)]
        return StairsState(self, self.code(number), cols, [1] * COLS, 0)

    def parse_move(self, token: str) -> StairsMove:
        src, dash, dst = token.strip().upper().partition("-")
        if not dash or src not in NAMES[:COLS] or dst not in NAMES:
            raise InvalidMove(f"not a Stairs move: {token!r} (expected SRC-DST, columns 1-3 and F)")
        return StairsMove(NAMES.index(src), NAMES.index(dst))

    def from_fields(
        self, code: DealCode, fields: dict[str, str], places: dict[str, list[tuple[int, bool]]]
    ) -> StairsState:
        check_fields(fields, ("status", "moves"))
        check_places(places, NAMES)
        up = [c for c, _ in places["F"]]
        if up != list(range(len(up))):
            raise InvalidPosition("the foundation must run from the Ace up")
        cols, down = zip(*(face_down_first(places[n], f"column {n}") for n in NAMES[:COLS]), strict=True)
        if sorted(up + [c for col in cols for c in col]) != list(range(CARDS)):
            raise InvalidPosition("Stairs holds the Ace to Six of spades, each once")
        return StairsState(
            self, code, [list(c) for c in cols], list(down), len(up), int_field(fields, "moves", 0, 0, 10**6)
        )


class StairsState(State[StairsMove]):
    game: StairsGame

    def __init__(
        self, game: StairsGame, code: DealCode, cols: list[list[int]], down: list[int], up: int, moves: int = 0
    ) -> None:
        self.game = game
        self.code = code
        self.cols = cols
        self.down = down
        self.up = up
        self.moves = moves
        self.history: list[tuple[StairsMove, bool]] = []

    def legal_moves(self) -> list[StairsMove]:
        return [StairsMove(s, d) for s in range(COLS) for d in range(COLS + 1) if self.check(StairsMove(s, d)) is None]

    def check(self, move: StairsMove) -> Reason | None:
        if self.up == CARDS:
            return Reason.GAME_OVER
        if move.src == move.dst:
            return Reason.SAME_PLACE
        if not self.cols[move.src]:
            return Reason.SOURCE_EMPTY
        card = self.cols[move.src][-1]
        if move.dst == F:
            return None if card == self.up else Reason.FOUNDATION_ORDER
        target = self.cols[move.dst]
        return None if not target or target[-1] > card else WRONG_RANK

    def push(self, move: StairsMove) -> None:
        card = self.cols[move.src].pop()
        if move.dst == F:
            self.up += 1
        else:
            self.cols[move.dst].append(card)
        turned = self.down[move.src] > 0 and self.down[move.src] == len(self.cols[move.src])
        self.down[move.src] -= turned
        self.history.append((move, turned))
        self.moves += 1

    def undo(self) -> StairsMove:
        if not self.history:
            raise refuse_undo()
        move, turned = self.history.pop()
        self.down[move.src] += turned
        if move.dst == F:
            self.up -= 1
            card = self.up
        else:
            card = self.cols[move.dst].pop()
        self.cols[move.src].append(card)
        self.moves -= 1
        return move

    @property
    def move_stack(self) -> list[StairsMove]:
        return [m for m, _ in self.history]

    @property
    def status(self) -> Status:
        if self.up == CARDS:
            return Status.WON
        return Status.PLAYING if self.legal_moves() else Status.BLOCKED

    def key(self) -> Key:
        return (tuple(map(tuple, self.cols)), tuple(self.down), self.up)

    def observe(self) -> Observation:
        cols = tuple(
            PlaceInfo(NAMES[i], "column", len(c), number=i + 1, cards=tuple(c[self.down[i] :]), face_down=self.down[i])
            for i, c in enumerate(self.cols)
        )
        found = PlaceInfo(
            "F", "foundation", self.up, suit=0, cards=(self.up - 1,) if self.up else (), role=Role.FOUNDATION
        )
        status = self.status
        groups = (Group("columns", tuple(NAMES[:COLS])), Group("foundations", ("F",)))
        return Observation(
            game=self.game.name,
            variant=self.game.variant,
            places=(*cols, found),
            groups=groups,
            reading=tuple(g.places for g in groups),
            runs={p.place: 1 for p in cols if p.count},
            dests=dests_of(self, self.legal_moves()),
            actions=(),
            status=status,
            figures=self.figures(),
            can_undo=bool(self.history),
            can_finish=False,
            code=None if status == Status.PLAYING else self.code,  # the shuffle would show the face-down cards
        )

    def figures(self) -> Figures:
        return Figures(moves=self.moves)

    def header_fields(self) -> list[tuple[str, str]]:
        return [("status", self.status.value), ("moves", str(self.moves))]

    def place_lines(self) -> list[tuple[str, Sequence[tuple[int, bool]]]]:
        lines: list[tuple[str, Sequence[tuple[int, bool]]]] = [("F", [(c, True) for c in range(self.up)])]
        for i, col in enumerate(self.cols):
            lines.append((NAMES[i], [(c, k >= self.down[i]) for k, c in enumerate(col)]))
        return lines

    def copy(self) -> Self:
        other = type(self)(self.game, self.code, [list(c) for c in self.cols], list(self.down), self.up, self.moves)
        other.history = list(self.history)
        return other


def winning_line(state: State[Any]) -> list[str] | None:
    """The shortest winning line, by breadth-first search over the protocol (the toy is tiny)."""
    start = state.copy()
    seen = {start.key()}
    todo: deque[tuple[State[Any], list[str]]] = deque([(start, [])])
    while todo:
        here, line = todo.popleft()
        if here.status == Status.WON:
            return line
        for m in here.legal_moves():
            nxt = here.copy()
            nxt.push(m)
            if nxt.key() not in seen:
                seen.add(nxt.key())
                todo.append((nxt, [*line, str(m)]))
    return None


@pytest.fixture
def stairs() -> Iterator[None]:
    with registered(StairsGame, Table(board_label="columns")):
        yield


def winnable_code() -> tuple[str, list[str]]:
    for number in range(0, DEAL_COUNT, 7919):
        state = StairsGame().new_state(number)
        line = winning_line(state)
        if line and len(line) >= CARDS + 2:  # a deal that needs column moves, not only moves up
            return str(state.code), line
    raise AssertionError("no winnable Stairs deal")


def assert_drawn(page: Page, view: dict[str, Any]) -> None:
    """Each place shows what the view says it shows: its top card, a card back, or nothing."""
    for p in view["places"]:
        cards = place(page, p["id"]).locator(".card")
        if p["cards"]:
            expect(cards).to_have_count(1)
            expect(cards).to_have_attribute("data-card", str(p["cards"][-1]))
        elif p["count"]:
            expect(cards).to_have_count(1)
            expect(cards).to_have_class(re.compile(r"\bback\b"))
        else:
            expect(cards).to_have_count(0)
        expect(place(page, p["id"])).to_have_accessible_name(p["label"])


def test_the_toy_game_is_played_to_won_through_the_same_board(page: Page, stairs: None) -> None:
    code, line = winnable_code()
    game = open_table(page, "stairs", {"code": code})
    assert game["code"] is None  # withheld while cards are face down
    for k, token in enumerate(line):
        view = page.request.get(f"/api/games/{game['id']}").json()
        src, dst = token.split("-")
        place(page, src).click()
        if view["dests"][src] != [dst]:  # one destination: the tap has played it already
            place(page, dst).click()
        expect(page.locator("#moves")).to_have_text(str(k + 1))
        assert_drawn(page, page.request.get(f"/api/games/{game['id']}").json())
    expect(page.locator("#end-panel")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-code")).to_have_text(code)


def refusable() -> tuple[str, str]:
    """A deal and a column whose top card a tap picks up (it has no single destination) but the
    foundation refuses (it is not the next rank)."""
    for number in range(0, DEAL_COUNT, 7919):
        state = StairsGame().new_state(number)
        dests = state.observe().dests
        for src in NAMES[:COLS]:
            move = state.game.parse_move(f"{src}-F")
            if len(dests.get(src, ())) != 1 and state.check(move) is Reason.FOUNDATION_ORDER:
                return str(state.code), src
    raise AssertionError("no such Stairs deal")


def test_the_toy_game_refuses_in_the_rules_words_then_plays_and_undoes_by_key(page: Page, stairs: None) -> None:
    code, src = refusable()
    open_table(page, "stairs", {"code": code})
    place(page, src).click()
    expect(place(page, src)).to_have_class(SELECTED)
    place(page, "F").click()
    expect(page.locator("#message")).to_have_text("Must be the next card of that foundation")
    expect(page.locator("#moves")).to_have_text("0")
    page.locator("#hint").click()  # the default analysis: the first move that goes somewhere new
    expect(page.locator("#moves")).to_have_text("1")
    page.keyboard.press("u")
    expect(page.locator("#moves")).to_have_text("0")


def test_the_toy_game_through_the_api(page: Page, stairs: None) -> None:
    """The API, the words and the hints serve the toy as they serve every game."""
    api = page.request
    code, line = winnable_code()
    game = api.post("/api/games", data={"code": code}).json()
    assert game["game"] == "stairs" and game["title"] == "stairs" and game["code"] is None
    assert [g["name"] for g in game["groups"]] == ["columns", "foundations"]
    assert game["description"].startswith("column 1: 1 face-down card, then ")
    hint = api.post(f"/api/games/{game['id']}/hint", data={"version": 0}).json()
    assert hint["kind"] == "move"
    for k, token in enumerate(line):
        res = api.post(f"/api/games/{game['id']}/moves", data={"move": token, "version": k})
        assert res.ok, res.text()
    won = res.json()
    assert won["status"] == "won" and won["code"] == code and won["announce"].endswith("You won!")
    assert api.get(f"/en/stairs/{game['id']}").ok
    assert api.get("/en/stairs/rules").status == 404  # a game without a rules page
    home = api.get("/en/").text()
    assert 'id="stairs-card"' in home and 'href="/en/stairs"' in home
    # Without a solver, "winnable deals only" cannot apply: a random deal is dealt as it comes.
    assert api.post("/api/games", data={"game": "stairs", "winnable_only": True}).status == 201
