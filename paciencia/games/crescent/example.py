"""Crescent's example: the seeds' won game, how it is built, and the steps the rules pages name.

The seeds fix only what their three board descriptions show (top cards and counts before the
10th move, at the end of the first phase, just after the first redeal) and two facts: the 10th
move puts the A♠ of pile 10 on the K♠ of pile 14, and the first redeal turns pile 1 from
2♥ 9♣ J♦ J♦ into 9♣ J♦ J♦ 2♥. The deal below is worked out from them (``CRESCENT_DEAL``): the
redeal shows each pile's bottom card, so the third description fixes every pile's bottom; the
16 moves of the first phase are chosen to pass through the first two descriptions. The cards no
description shows (the "?" slots) are filled at random, seed by seed, until the solver wins from
the position after the redeal; the start is then a table text, and the line the 17 tokens plus
the solver's. The example passes through the three positions the Italian seed describes
(``SEED_DESCRIPTIONS``).
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Sequence

from paciencia.engine.cards import CARD_NAMES, parse_card_id


def marks(moves: Sequence[str]) -> dict[str, int]:
    """The steps the seeds show: before the 10th move, the end of the first phase (just before
    the first redeal), just after it."""
    redeal = list(moves).index("R")
    return {"before_ten": 9, "tenth": 10, "first_phase": redeal, "after_redeal": redeal + 1}


# Each pile bottom to top; "?" a card no description shows. Bottoms: the third description's
# tops (a redeal lifts each bottom card to the top). Tops: what the first 16 moves take away.
CRESCENT_DEAL = [
    "2h 9c Jd Jd Qh 2s",  # 1: 2♠ and Q♥ go up (moves 1, 2); 2♥ 9♣ J♦ J♦ stay for the redeal
    "7h ? ? ? ? 8s",  # 2
    "4c ? ? 7d Qc Jc",  # 3: J♣ onto the T♣ of pile 12, then Q♣ and J♣ up (moves 5-7)
    "5c ? ? ? 4d 2h",  # 4: 2♥ up (move 3)
    "8d ? ? ? 5h Ts",  # 5: T♠ up (move 12)
    "Js ? ? Qs 9c Tc",  # 6: T♣ and 9♣ up (moves 8, 9)
    "Ts ? ? ? ? 5h",  # 7
    "Ad ? ? ? ? 6s",  # 8
    "7s ? ? ? 5c Qs",  # 9: Q♠ up (move 4)
    "Qc ? ? 9d Js As",  # 10: A♠ onto the K♠ of pile 14 (move 10), J♠ up (move 11)
    "8c ? ? ? ? Kc",  # 11: takes the A♣ of pile 16 (move 13)
    "2c ? ? ? ? Tc",  # 12
    "6d ? ? ? ? 7c",  # 13
    "4s ? ? ? ? Ks",  # 14
    "8d ? ? Kh Th 6s",  # 15: 6♠ onto pile 16, T♥ up (moves 15, 16)
    "3d ? ? 7s Jh Ac",  # 16: A♣ onto pile 11, J♥ up (moves 13, 14)
]
CRESCENT_OPENING = [
    "1-As",
    "1-Kh",
    "4-Ah",
    "9-Ks",
    "3-12",
    "3-Kc",
    "12-Kc",
    "6-Kc",
    "6-Kc",
    "10-14",
    "10-Ks",
    "5-Ks",
    "16-11",
    "16-Kh",
    "15-16",
    "15-Kh",
    "R",
]
CRESCENT_CODE = "CR1-N-AAAAAAA"  # the header's code: the cards are the table text's, not this deal's


def crescent_text(piles: list[list[int]]) -> str:
    head = [f"# crescent {CRESCENT_CODE} status=playing moves=0 redeals=3"]
    bases = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc"]
    head += [f"{b}: {b}" for b in bases]
    head += [f"{i + 1}: " + " ".join(CARD_NAMES[c] for c in pile) for i, pile in enumerate(piles)]
    return "\n".join(head) + "\n"


def crescent_fill(rng: random.Random) -> list[list[int]]:
    counts = [2] * 52
    for s in range(4):
        counts[s * 13] -= 1  # the bases: one Ace and one King of each suit
        counts[s * 13 + 12] -= 1
    rows = [row.split() for row in CRESCENT_DEAL]
    for row in rows:
        for tok in row:
            if tok != "?":
                counts[parse_card_id(tok)] -= 1
    if any(n < 0 for n in counts):
        raise SystemExit("CRESCENT_DEAL uses a card more often than the two decks hold")
    rest = [c for c, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(rest)
    it = iter(rest)
    return [[next(it) if tok == "?" else parse_card_id(tok) for tok in row] for row in rows]


def build(timeout: float, first_seed: int) -> dict[str, object]:
    """The seeds' won game: the first filling from seed ``first_seed`` on that the solver wins
    within ``timeout`` and that passes through the seeds' three descriptions."""
    # Only building needs the solver and the words: the site asks ``marks`` alone.
    from paciencia.engine.verdict import Verdict
    from paciencia.games import state_from_text
    from paciencia.i18n import Words
    from paciencia.solver import solve

    italian = Words("it")
    for seed in range(first_seed, 1000):
        text = crescent_text(crescent_fill(random.Random(seed)))
        state = state_from_text(text)
        seen = []
        for token in CRESCENT_OPENING:
            seen.append(italian.describe(state))
            state.play(token)
        seen.append(italian.describe(state))
        result = solve(state, timeout)
        print(f"seed {seed}: {result.verdict} in {result.seconds:.1f} s", file=sys.stderr)
        if result.verdict != Verdict.WINNABLE:
            continue
        moves = CRESCENT_OPENING + list(result.line)
        example: dict[str, object] = {"game": "crescent", "start_kind": "table", "start": text, "moves": moves}
        steps = marks(moves)
        for name, want in SEED_DESCRIPTIONS.items():
            if seen[steps[name]] != want:
                raise SystemExit(f"the {name} position does not match the seed:\n{seen[steps[name]]}\n{want}")
        return example
    raise SystemExit("no filling won")


def in_cima_last(text: str) -> str:
    """The seed's third description writes "in cima X"; ours (and its first two) write "X in cima"."""
    return re.sub(r"in cima ([^,;.]+)", r"\1 in cima", text)


SEED_DESCRIPTIONS = {
    "before_ten": (
        "fondazione ascendente di picche: 2 di picche in cima, 2 carte; fondazione ascendente di cuori: 2 di cuori"
        " in cima, 2 carte; fondazione ascendente di quadri: asso di quadri in cima, 1 carta; fondazione ascendente"
        " di fiori: asso di fiori in cima, 1 carta; fondazione discendente di picche: donna di picche in cima, 2"
        " carte; fondazione discendente di cuori: donna di cuori in cima, 2 carte; fondazione discendente di"
        " quadri: re di quadri in cima, 1 carta; fondazione discendente di fiori: 9 di fiori in cima, 5 carte."
        " pila 1: 4 carte, fante di quadri in cima; pila 2: 6 carte, 8 di picche in cima; pila 3: 4 carte, 7 di"
        " quadri in cima; pila 4: 5 carte, 4 di quadri in cima; pila 5: 6 carte, 10 di picche in cima; pila 6: 4"
        " carte, donna di picche in cima; pila 7: 6 carte, 5 di cuori in cima; pila 8: 6 carte, 6 di picche in"
        " cima; pila 9: 5 carte, 5 di fiori in cima; pila 10: 6 carte, asso di picche in cima; pila 11: 6 carte,"
        " re di fiori in cima; pila 12: 6 carte, 10 di fiori in cima; pila 13: 6 carte, 7 di fiori in cima; pila"
        " 14: 6 carte, re di picche in cima; pila 15: 6 carte, 6 di picche in cima; pila 16: 6 carte, asso di"
        " fiori in cima."
    ),
    "first_phase": (
        "fondazione ascendente di picche: 2 di picche in cima, 2 carte; fondazione ascendente di cuori: 2 di cuori"
        " in cima, 2 carte; fondazione ascendente di quadri: asso di quadri in cima, 1 carta; fondazione ascendente"
        " di fiori: asso di fiori in cima, 1 carta; fondazione discendente di picche: 10 di picche in cima, 4"
        " carte; fondazione discendente di cuori: 10 di cuori in cima, 4 carte; fondazione discendente di quadri:"
        " re di quadri in cima, 1 carta; fondazione discendente di fiori: 9 di fiori in cima, 5 carte. pila 1: 4"
        " carte, fante di quadri in cima; pila 2: 6 carte, 8 di picche in cima; pila 3: 4 carte, 7 di quadri in"
        " cima; pila 4: 5 carte, 4 di quadri in cima; pila 5: 5 carte, 5 di cuori in cima; pila 6: 4 carte, donna"
        " di picche in cima; pila 7: 6 carte, 5 di cuori in cima; pila 8: 6 carte, 6 di picche in cima; pila 9: 5"
        " carte, 5 di fiori in cima; pila 10: 4 carte, 9 di quadri in cima; pila 11: 7 carte, asso di fiori in"
        " cima; pila 12: 6 carte, 10 di fiori in cima; pila 13: 6 carte, 7 di fiori in cima; pila 14: 7 carte,"
        " asso di picche in cima; pila 15: 4 carte, re di cuori in cima; pila 16: 5 carte, 6 di picche in cima."
    ),
    "after_redeal": in_cima_last(
        "fondazione ascendente di picche: in cima 2 di picche, 2 carte; fondazione ascendente di cuori: in cima 2"
        " di cuori, 2 carte; fondazione ascendente di quadri: in cima asso di quadri, 1 carta; fondazione"
        " ascendente di fiori: in cima asso di fiori, 1 carta; fondazione discendente di picche: in cima 10 di"
        " picche, 4 carte; fondazione discendente di cuori: in cima 10 di cuori, 4 carte; fondazione discendente"
        " di quadri: in cima re di quadri, 1 carta; fondazione discendente di fiori: in cima 9 di fiori, 5 carte."
        " pila 1: 4 carte, in cima 2 di cuori; pila 2: 6 carte, in cima 7 di cuori; pila 3: 4 carte, in cima 4 di"
        " fiori; pila 4: 5 carte, in cima 5 di fiori; pila 5: 5 carte, in cima 8 di quadri; pila 6: 4 carte, in"
        " cima fante di picche; pila 7: 6 carte, in cima 10 di picche; pila 8: 6 carte, in cima asso di quadri;"
        " pila 9: 5 carte, in cima 7 di picche; pila 10: 4 carte, in cima donna di fiori; pila 11: 7 carte, in"
        " cima 8 di fiori; pila 12: 6 carte, in cima 2 di fiori; pila 13: 6 carte, in cima 6 di quadri; pila 14:"
        " 7 carte, in cima 4 di picche; pila 15: 4 carte, in cima 8 di quadri; pila 16: 5 carte, in cima 3 di"
        " quadri."
    ),
}
"""The Italian seed's three board descriptions of its won game (the third put in our order)."""
