"""Crescent positions written as table text, for the site's tests."""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.cards import RANK_LETTERS, SUIT_LETTERS


def foundation(suit: str, ascending: bool, top: str) -> list[str]:
    """The cards of a foundation from its base to ``top`` (a rank letter)."""
    end = RANK_LETTERS.index(top)
    ranks = range(0, end + 1) if ascending else range(12, end - 1, -1)
    return [RANK_LETTERS[r] + suit for r in ranks]


def crescent_table(
    tops: dict[str, str],
    piles: Sequence[Sequence[str]],
    redeals: int = 3,
    moves: int = 0,
    code: str = "CR1-N-AAAAAAA",
) -> str:
    """Table text from foundation tops (``{"As": "K", "Ks": "2", …}``, default full) and 16 piles."""
    lines = [f"# crescent {code} moves={moves} redeals={redeals}"]
    for kind, asc in (("A", True), ("K", False)):
        for s in SUIT_LETTERS:
            name = kind + s
            top = tops.get(name, "K" if asc else "A")
            lines.append(f"{name}: " + " ".join(foundation(s, asc, top)))
    padded = list(piles) + [[]] * (16 - len(piles))
    for i, pile in enumerate(padded, 1):
        lines.append(f"{i}: " + " ".join(pile) if pile else f"{i}:")
    return "\n".join(lines) + "\n"


# One move from the end: the second Ace of spades waits on pile 1 for the descending spades.
WON_IN_ONE = crescent_table({"Ks": "2"}, [["As"]])
WINNING_MOVE = "1-Ks"

# One move from blocked (no redeal left): 4♥ goes up, then no card can move any more.
BLOCKED_IN_ONE = crescent_table(
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

# Hearts to go, no redeal left; the only moves put A♥ and 2♥ on each other, and no line wins: lost.
LOST = crescent_table(
    {"Ah": "9", "Kh": "5"}, [["4h", "Th", "Ah"], ["3h", "Kh", "Jh", "2h"], ["Qh"]], redeals=0, code="CR1-N-AAAAAAB"
)
# No move helps one move ahead, yet a winning line starts with 2-1: the hint gives it.
QUIET_BUT_WINNABLE = crescent_table({"Ah": "9", "Kh": "4"}, [["2h", "Jh"], ["Ah", "Th", "3h", "Kh", "Qh"]], redeals=0)
