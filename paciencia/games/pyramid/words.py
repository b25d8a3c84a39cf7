"""Pyramid's words: its refusal reasons, its places (the pyramid's cards, the stock, the waste
and the foundation the cards taken away go to), its turn of the stock and its UI keys. The
catalogs beside them (``locales/``) translate them.

Its kinds of place are its own (``pyramid_card``…), and where it says what another game says
word for word (``stock: empty``) its msgid carries the context ``pyramid``, so that each
package keeps its own catalog entry. A pyramid card is described by one of two kinds: one
that may be taken away now (``pyramid_card``, also a place already cleared) and one still
covered by the cards below it (``pyramid_covered``).
"""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import Observation, PlaceInfo, Role
from paciencia.engine.reasons import Reason
from paciencia.games.takeaway import HeapWords, no_button, turned_up
from paciencia.i18n import N_, NP_, ActionWords, GameWords, Words

STOCK = "pyramid_stock"
WASTE = "pyramid_waste"
FOUNDATION = "pyramid_foundation"
CARD = "pyramid_card"
COVERED_CARD = "pyramid_covered"
"""Pyramid's kinds of place."""
TURN = "pyramid_turn"
"""Pyramid's one action: a tap on the stock, turning its top card (or the waste back over)."""

TAKEN_AWAY = Reason("taken_away")
WASTE_EMPTY = Reason("waste_empty")
COVERED = Reason("covered")
KING_ALONE = Reason("king_alone")
NOT_A_KING = Reason("not_a_king")
SAME_CARD = Reason("same_card")
NO_PASSES_LEFT = Reason("no_passes_left")
NOTHING_TO_TURN = Reason("nothing_to_turn")

_SUM_WORDS = {
    2: N_("These two add up to 2, not 13"),
    3: N_("These two add up to 3, not 13"),
    4: N_("These two add up to 4, not 13"),
    5: N_("These two add up to 5, not 13"),
    6: N_("These two add up to 6, not 13"),
    7: N_("These two add up to 7, not 13"),
    8: N_("These two add up to 8, not 13"),
    9: N_("These two add up to 9, not 13"),
    10: N_("These two add up to 10, not 13"),
    11: N_("These two add up to 11, not 13"),
    12: N_("These two add up to 12, not 13"),
    14: N_("These two add up to 14, not 13"),
    15: N_("These two add up to 15, not 13"),
    16: N_("These two add up to 16, not 13"),
    17: N_("These two add up to 17, not 13"),
    18: N_("These two add up to 18, not 13"),
    19: N_("These two add up to 19, not 13"),
    20: N_("These two add up to 20, not 13"),
    21: N_("These two add up to 21, not 13"),
    22: N_("These two add up to 22, not 13"),
    23: N_("These two add up to 23, not 13"),
    24: N_("These two add up to 24, not 13"),
}
SUMS = {total: Reason(f"sum_{total}") for total in _SUM_WORDS}
"""The refusal of two cards (no King among them) by what they add up to: ``SUMS[12]``."""


STOCK_WORDS = HeapWords(
    "pyramid", NP_("pyramid", "stock: empty"), NP_("pyramid", "stock: %(count)s"), NP_("pyramid", "the stock")
)
WASTE_WORDS = HeapWords(
    "pyramid",
    NP_("pyramid", "waste: empty"),
    NP_("pyramid", "waste: %(count)s, %(card)s on top"),
    NP_("pyramid", "the waste"),
)
FOUNDATION_WORDS = HeapWords(
    "pyramid",
    NP_("pyramid", "foundation: empty"),
    NP_("pyramid", "foundation: %(count)s, %(card)s on top"),
    NP_("pyramid", "the foundation"),
)


def _card(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w.p_("pyramid", "card %(number)d: taken away") % {"number": p.number}
    return w.p_("pyramid", "card %(number)d: %(card)s") % {"number": p.number, "card": w.top(p)}


def _covered(w: Words, p: PlaceInfo) -> str:
    return w.p_("pyramid", "card %(number)d: %(card)s, covered") % {"number": p.number, "card": w.top(p)}


def _name_card(w: Words, p: PlaceInfo) -> str:
    return w.p_("pyramid", "card %(number)d") % {"number": p.number}


def _turned(w: Words, obs: Observation) -> str:
    waste = next(p for p in obs.places if p.role == Role.WASTE)
    if not waste.count:  # the waste turned back over: a new pass
        left = obs.figures.counts["passes_left"]
        return w.n_(
            "The waste is turned back into the stock: %(count)d pass left.",
            "The waste is turned back into the stock: %(count)d passes left.",
            left,
        )
    return turned_up(w, obs, "pyramid", NP_("pyramid", "Turned up: %(card)s."))


WORDS = GameWords(
    reasons={
        TAKEN_AWAY: N_("That card has already been taken away"),
        WASTE_EMPTY: N_("The waste is empty: turn a card from the stock first"),
        COVERED: N_("This card is covered: the cards on it must go first"),
        KING_ALONE: N_("A King is taken away alone, not in a pair"),
        NOT_A_KING: N_("Only a King goes alone: pair this card with one that makes 13"),
        SAME_CARD: N_("Pick two different cards"),
        NO_PASSES_LEFT: N_("No pass is left: the waste cannot be turned back again"),
        NOTHING_TO_TURN: N_("There is no card left to turn: the stock and the waste are empty"),
        **{SUMS[total]: words for total, words in _SUM_WORDS.items()},
    },
    places={
        STOCK: STOCK_WORDS.describe,
        WASTE: WASTE_WORDS.describe,
        FOUNDATION: FOUNDATION_WORDS.describe,
        CARD: _card,
        COVERED_CARD: _covered,
    },
    names={
        STOCK: STOCK_WORDS.named,
        WASTE: WASTE_WORDS.named,
        FOUNDATION: FOUNDATION_WORDS.named,
        CARD: _name_card,
        COVERED_CARD: _name_card,
    },
    selected={
        STOCK: NP_("pyramid_stock", "selected"),
        WASTE: NP_("pyramid_waste", "selected"),
        FOUNDATION: NP_("pyramid_foundation", "selected"),
        CARD: NP_("pyramid_card", "selected"),
        COVERED_CARD: NP_("pyramid_covered", "selected"),
    },
    actions={TURN: ActionWords(no_button, _turned)},
    ui={
        "pyramid": N_("Pyramid"),
        "pyramid_blurb": N_("One deck in a pyramid of seven rows: take away pairs that add up to 13, and Kings alone."),
        "rules_pyramid": N_("How to play Pyramid"),
        "pyramid_board": N_("Pyramid table"),
        "pyramid_heaps": N_("Stock, waste and foundation"),
        "passes_left": N_("Passes left"),
        "odds_rules_pyramid": N_(
            "The rules of these figures: one pack of 52 cards, 28 of them face up in a pyramid of seven rows; "
            "two uncovered cards that add up to 13 are taken away together, a King alone; the waste's top card "
            "counts as uncovered; the game is won when the pyramid is cleared."
        ),
        "odds_rules_pyramid_3": N_("Three passes through the stock, one card turned at a time."),
        "hint_why_pyramid_taken": N_("It takes cards away from the pyramid."),
        "hint_why_pyramid_king": N_("It takes the King off the waste, freeing the card under it."),
        "hint_pyramid_turn": N_("Hint: turn a card from the stock (or the waste back into it)."),
        "pyramid_keys_help": N_(
            "Keys: ←/→ move between cards, Enter picks a card and then its partner (a King alone), Space turns "
            "a card from the stock, U undo, H hint, N new game, Esc cancels."
        ),
    },
    catalog=Path(__file__).parent / "locales",
)
