"""Klondike positions written as table text, for the site's tests."""

from __future__ import annotations

from paciencia.engine.cards import RANK_LETTERS, SUIT_LETTERS

ORDER = ["S", "W", "Fs", "Fh", "Fd", "Fc", "1", "2", "3", "4", "5", "6", "7"]
ALL = [r + s for s in SUIT_LETTERS for r in RANK_LETTERS]


def run(suit: str, low: str, high: str) -> list[str]:
    """The cards of ``suit`` from rank ``low`` to ``high`` (letters), in that order."""
    a, b = RANK_LETTERS.index(low), RANK_LETTERS.index(high)
    step = 1 if b >= a else -1
    return [RANK_LETTERS[r] + suit for r in range(a, b + step, step)]


def klondike_table(places: dict[str, list[str] | str], header: str = "", code: str = "KL1-3-AAAAAAA") -> str:
    """Table text; a foundation given as a rank letter (``{"Fh": "3"}``) runs from the Ace to it.
    Cards placed nowhere go to the stock, face down, unless the stock is given."""
    lines = [f"# klondike {code} {header}".rstrip()]
    full: dict[str, list[str]] = {}
    for name, cards in places.items():
        full[name] = run(name[1], "A", cards) if isinstance(cards, str) else list(cards)
    used = {c.strip("[]") for cards in full.values() for c in cards}
    if "S" not in full:
        full["S"] = [f"[{c}]" for c in ALL if c not in used]
    lines += [f"{p}: {' '.join(full.get(p, []))}".rstrip() for p in ORDER]
    return "\n".join(lines) + "\n"


# Taps, drags, the run picker, Kings and foundations. Column 1's 9♠ 8♥ fit column 2's 10♥;
# 7♣ (column 5, over a face-down 2♣) fits only on 8♥; the K♠ Q♥ J♣ run fits only the empty
# column 3; Q♦ fits nowhere (column 3 takes a King only); the 3♥ on its foundation fits 4♣.
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
    }
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
BLOCKED_IN_ONE = klondike_table(
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
WON_IN_ONE = klondike_table({"S": [], "Fs": "K", "Fh": "K", "Fd": "K", "Fc": "Q", "1": ["Kc"]})
