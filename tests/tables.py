"""Table text for the tests: the builders every test module writes its positions with, then the
named positions that the site's tests (API and browser) and the web benchmarks share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias, TypeVar

import pytest

from paciencia.engine.cards import RANK_LETTERS, SUIT_LETTERS
from paciencia.engine.errors import IllegalMove
from paciencia.engine.protocol import State
from paciencia.games import state_from_text

T = TypeVar("T")

RANKS = RANK_LETTERS
SUITS = SUIT_LETTERS
DECK = [r + s for s in SUITS for r in RANKS]
"""One deck, suit by suit, each from the Ace to the King."""
CRESCENT_FOUNDATIONS = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"]
KLONDIKE_FOUNDATIONS = ["Fs", "Fh", "Fd", "Fc"]
KLONDIKE_PLACES = ["S", "W", *KLONDIKE_FOUNDATIONS, *(str(i) for i in range(1, 8))]

Foundation: TypeAlias = str | int | Sequence[str]
"""A foundation given by its top's rank letter, by how many cards it holds, or card by card."""


# -- cards ------------------------------------------------------------------------------------


def up(suit: str, ranks: str) -> list[str]:
    """The cards of ``suit`` with these rank letters, in this order: ``up("s", "A23")`` is As 2s 3s."""
    return [r + suit for r in ranks]


def run(suit: str, low: str, high: str) -> list[str]:
    """The cards of ``suit`` from rank ``low`` to ``high`` (letters), in that order, up or down."""
    a, b = RANKS.index(low), RANKS.index(high)
    return up(suit, RANKS[a : b + 1] if a <= b else RANKS[b : a + 1][::-1])


def face_down(cards: Iterable[str]) -> list[str]:
    """The cards as table text writes them face down: ``[Qh]``."""
    return [f"[{c}]" for c in cards]


def foundation(name: str, top: str | int) -> list[str]:
    """The cards of foundation ``name`` from its base to the rank letter ``top``, or its first
    ``top`` cards: Crescent's ``Ks``…``Kc`` run down from the King, every other one up from the Ace."""
    ranks = RANKS[::-1] if name[0] == "K" else RANKS
    return up(name[1], ranks[: top if isinstance(top, int) else ranks.index(top) + 1])


# -- table text -------------------------------------------------------------------------------


def _cards(name: str, given: Foundation) -> list[str]:
    return foundation(name, given) if isinstance(given, str | int) else list(given)


def _table(header: str, places: Iterable[tuple[str, Sequence[str]]]) -> str:
    return "\n".join([header.rstrip(), *(f"{name}: {' '.join(cards)}".rstrip() for name, cards in places)]) + "\n"


def crescent_table(
    foundations: Mapping[str, Foundation] | None = None,
    piles: Mapping[int, Sequence[str]] | Sequence[Sequence[str]] = (),
    *,
    code: str = "CR1-N-AAAAAAA",
    status: str | None = None,
    moves: int = 0,
    redeals: int = 3,
) -> str:
    """Crescent table text: each foundation complete unless given, piles 1–16 (by number, or a
    list from pile 1) empty unless given; ``status`` is left out of the header unless given."""
    found = foundations or {}
    by_number = piles if isinstance(piles, Mapping) else dict(enumerate(piles, 1))
    fields = ([f"status={status}"] if status is not None else []) + [f"moves={moves}", f"redeals={redeals}"]
    return _table(
        f"# crescent {code} {' '.join(fields)}",
        [(f, _cards(f, found.get(f, 13))) for f in CRESCENT_FOUNDATIONS]
        + [(str(i), by_number.get(i, ())) for i in range(1, 17)],
    )


def klondike_table(
    places: Mapping[str, Foundation], header: str = "", *, code: str = "KL1-3-AAAAAAA", rest_in_stock: bool = False
) -> str:
    """Klondike table text from its places by name (``S``, ``W``, ``Fs``…``Fc``, ``1``…``7``),
    each empty unless given; ``header`` goes after the code (``"recycles=1 fan=2"``). With
    ``rest_in_stock`` the cards placed nowhere make the stock, face down, suit by suit."""
    full = {name: _cards(name, given) for name, given in places.items()}
    if rest_in_stock:
        assert "S" not in full, "the stock is given"
        used = {c.strip("[]") for cards in full.values() for c in cards}
        full["S"] = face_down(c for c in DECK if c not in used)
    return _table(f"# klondike {code} {header}", [(p, full.get(p, [])) for p in KLONDIKE_PLACES])


def refusal(state: State[Any], token: str) -> str:
    """The reason code that refuses ``token`` in ``state``, checked to leave it unchanged."""
    before = state.to_text()
    with pytest.raises(IllegalMove) as e:
        state.play(token)
    assert state.to_text() == before, "a refused move changed the position"
    return e.value.reason


def read(text: str, kind: type[T]) -> T:
    """The position ``text`` gives, checked to be a ``kind``."""
    state = state_from_text(text)
    assert isinstance(state, kind), type(state)
    return state


# -- Crescent positions the site's tests share ------------------------------------------------

# One move from the end: the second Ace of spades waits on pile 1 for the descending spades.
CRESCENT_WON_IN_ONE = crescent_table({"Ks": "2"}, [["As"]])
WINNING_MOVE = "1-Ks"

# One move from blocked (no redeal left): 4♥ goes up, then no card can move any more.
CRESCENT_BLOCKED_IN_ONE = crescent_table(
    {"Ah": "3", "Kh": "9"},
    [
        ["6h", "4h"],
        ["2h", "3h", "4h", "Ah"],
        ["5h", "5h", "7h", "6h"],
        ["7h", "8h", "8h", "Th"],
        ["9h", "Jh", "Kh", "Qh"],
    ],
    redeals=0,
)
BLOCKING_MOVE = "1-Ah"

# Pile 1 is full (13 hearts) and pile 2's 5♥ would fit it but for that; pile 3 is empty.
FULL_PILE = crescent_table(
    {"Ah": "2", "Kh": "Q"},
    [
        ["3h", "3h", "4h", "6h", "6h", "7h", "7h", "8h", "8h", "9h", "9h", "Th", "4h"],
        ["Th", "Jh", "Jh", "5h"],
        [],
        ["5h", "Ah", "2h", "Qh", "Kh"],
    ],
)

# Hearts only. Pile 1's 3♥ fits the ascending hearts and pile 2 (two places: a tap selects it);
# pile 2's 4♥ fits pile 1 only (a tap moves it); pile 3 holds 13 cards; pile 4's K♥ fits nowhere.
HEARTS = crescent_table(
    {"Ah": "2", "Kh": "Q"},
    [
        ["5h", "3h"],
        ["6h", "4h"],
        ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "7h", "8h", "8h", "9h", "9h", "Th"],
        ["Th", "Jh", "Jh", "Qh", "Kh"],
    ],
)

# Hearts to go, no redeal left; the player sees only K♥, 2♥ and A♥ on top, and however the five
# cards beneath them lie (120 ways, every one tried), no line wins: lost, from what is in sight.
LOST = crescent_table(
    {"Ah": "9", "Kh": "5"}, [["3h", "4h", "Kh"], ["Jh", "Qh", "2h"], ["Th", "Ah"]], redeals=0, code="CR1-N-AAAAAAB"
)
# No move helps one move ahead, yet a winning line starts with 2-1: the hint gives it.
QUIET_BUT_WINNABLE = crescent_table({"Ah": "9", "Kh": "4"}, [["2h", "Jh"], ["Ah", "Th", "3h", "Kh", "Qh"]], redeals=0)


# -- Klondike positions the site's tests share ------------------------------------------------

# Taps, drags, the run picker, Kings and foundations. Column 1's 9♠ 8♥ fit column 2's 10♥;
# 7♣ (column 5, over a face-down 2♣) fits only on 8♥; the K♠ Q♥ J♣ run fits only the empty
# column 3; Q♦ fits nowhere (column 3 takes a King only); the 3♥ on its foundation fits 4♣.
# The other cards are in the stock.
MOVES = klondike_table(
    {
        "Fh": "3",
        "Fs": "8",
        "Fd": "4",
        "Fc": "A",
        "1": ["[Kc]", "9s", "8h"],
        "2": ["Th"],
        "3": [],
        "4": ["Ks", "Qh", "Jc"],
        "5": ["[2c]", "7c"],
        "6": ["Qd"],
        "7": ["5d", "4c"],
    },
    rest_in_stock=True,
)

# Both tables below: the same foundations and columns, the stock and waste cards 9c 9d Ts Td Tc.
TENS_TO_PLAY: dict[str, list[str] | str] = {
    "Fs": "8",
    "Fh": "Q",
    "Fd": "8",
    "Fc": "8",
    "1": ["Kh"],
    "2": ["Js", "Qs", "Ks"],
    "3": ["Jd", "Qd", "Kd"],
    "4": ["Jc", "Qc", "Kc"],
    "5": ["9s"],
}

# Two cards left in the stock (the next draw turns both), three in the waste.
FEW_IN_STOCK = klondike_table({**TENS_TO_PLAY, "S": ["[9c]", "[9d]"], "W": ["Ts", "Td", "Tc"]}, "fan=3")

# The stock is empty and the waste holds five cards: a tap on the stock turns them back.
RECYCLE = klondike_table({**TENS_TO_PLAY, "S": [], "W": ["9c", "9d", "Ts", "Td", "Tc"]})

# Stock and waste empty; the game goes on (the clubs can go up).
EMPTY_STOCK = klondike_table(
    {
        "S": [],
        "Fs": "K",
        "Fh": "K",
        "Fd": "K",
        "1": ["Kc", "Qc", "Jc", "Tc", "9c", "8c", "7c"],
        "2": ["6c", "5c", "4c", "3c", "2c", "Ac"],
    },
)

# One move (1-Fc, the A♣ up) from no legal move at all: the clubs are all of one colour.
KLONDIKE_BLOCKED_IN_ONE = klondike_table(
    {
        "S": [],
        "Fs": "K",
        "Fh": "K",
        "Fd": "K",
        "1": ["3c", "Ac"],
        "2": ["[2c]", "4c"],
        "3": ["5c", "6c"],
        "4": ["7c", "8c"],
        "5": ["9c", "Tc"],
        "6": ["Jc", "Qc"],
        "7": ["Kc"],
    },
)

# Legal moves (the lone K♥ to the empty column, Kings down from the foundations), none that helps,
# and the position is lost: only hearts are in play, 2♥ lies on its face-down Ace and 3♥, the
# black cards the hearts need are under the black Kings, and a King taken down takes nothing.
NO_USEFUL = klondike_table(
    {
        "S": [],
        "Fs": "K",
        "Fd": "K",
        "Fc": "K",
        "1": ["[Ah]", "[3h]", "2h"],
        "2": ["[4h]", "5h"],
        "3": ["6h"],
        "4": ["7h"],
        "5": ["[8h]", "[Th]", "[Jh]", "[Qh]", "9h"],
        "6": [],
        "7": ["Kh"],
    },
)

# Every card face up and the stock empty: Finish sends the last 27 cards up, one by one.
FINISH = klondike_table(
    {
        "S": [],
        "Fs": "K",
        "Fh": "4",
        "Fd": "4",
        "Fc": "4",
        "1": run("h", "K", "5"),
        "2": run("d", "K", "5"),
        "3": run("c", "K", "5"),
    },
)

# One move from won: the K♣ goes up.
KLONDIKE_WON_IN_ONE = klondike_table({"S": [], "Fs": "K", "Fh": "K", "Fd": "K", "Fc": "Q", "1": ["Kc"]})
