"""TriPeaks' words: its refusal reasons, its places (the peaks' cards, the stock and the waste the
cards go to), its turn of the stock and its UI keys. The catalogs beside them (``locales/``)
translate them.

Its kinds of place are its own (``tripeaks_card``…), and where it says what another game says
word for word (``stock: empty``) its msgid carries the context ``tripeaks``, so that each
package keeps its own catalog entry.
"""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import Observation, PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.games.takeaway import HeapWords, no_button, turned_up
from paciencia.i18n import N_, NP_, ActionWords, GameWords, Words

STOCK = "tripeaks_stock"
WASTE = "tripeaks_waste"
CARD = "tripeaks_card"
"""TriPeaks' kinds of place."""
TURN = "tripeaks_turn"
"""TriPeaks' one action: a tap on the stock, turning its top card onto the waste."""

ON_THE_WASTE = Reason("on_the_waste")
STILL_FACE_DOWN = Reason("still_face_down")
STOCK_USED_UP = Reason("stock_used_up")

_NEXT_WORDS = (
    N_("The waste shows an Ace: only a King or a 2 goes on it"),
    N_("The waste shows a 2: only an Ace or a 3 goes on it"),
    N_("The waste shows a 3: only a 2 or a 4 goes on it"),
    N_("The waste shows a 4: only a 3 or a 5 goes on it"),
    N_("The waste shows a 5: only a 4 or a 6 goes on it"),
    N_("The waste shows a 6: only a 5 or a 7 goes on it"),
    N_("The waste shows a 7: only a 6 or an 8 goes on it"),
    N_("The waste shows an 8: only a 7 or a 9 goes on it"),
    N_("The waste shows a 9: only an 8 or a 10 goes on it"),
    N_("The waste shows a 10: only a 9 or a Jack goes on it"),
    N_("The waste shows a Jack: only a 10 or a Queen goes on it"),
    N_("The waste shows a Queen: only a Jack or a King goes on it"),
    N_("The waste shows a King: only a Queen or an Ace goes on it"),
)
_RANK_CODES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
NOT_NEXT = tuple(Reason(f"not_next_to_{code}") for code in _RANK_CODES)
"""The refusal of a card that is not one rank above or below the waste's top, by that top's rank
(``NOT_NEXT[6]``: the waste shows a 7)."""


STOCK_WORDS = HeapWords(
    "tripeaks", NP_("tripeaks", "stock: empty"), NP_("tripeaks", "stock: %(count)s"), NP_("tripeaks", "the stock")
)
WASTE_WORDS = HeapWords(
    "tripeaks",
    NP_("tripeaks", "waste: empty"),
    NP_("tripeaks", "waste: %(count)s, %(card)s on top"),
    NP_("tripeaks", "the waste"),
)


def _card(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w.p_("tripeaks", "card %(number)d: played") % {"number": p.number}
    if p.face_down:
        return w.p_("tripeaks", "card %(number)d: face down") % {"number": p.number}
    return w.p_("tripeaks", "card %(number)d: %(card)s") % {"number": p.number, "card": w.top(p)}


def _to_waste(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w.p_("tripeaks", "%(card)s onto the waste.") % {"card": w.card_name(card)}


def _turned(w: Words, obs: Observation) -> str:
    return turned_up(w, obs, "tripeaks", NP_("tripeaks", "Turned up: %(card)s."))


WORDS = GameWords(
    reasons={
        ON_THE_WASTE: N_("That card is already on the waste"),
        STILL_FACE_DOWN: N_("This card is face down: it turns up once the cards on it are gone"),
        STOCK_USED_UP: N_("The stock is used up: it is gone through only once"),
        **dict(zip(NOT_NEXT, _NEXT_WORDS, strict=True)),
    },
    places={STOCK: STOCK_WORDS.describe, WASTE: WASTE_WORDS.describe, CARD: _card},
    names={
        STOCK: STOCK_WORDS.named,
        WASTE: WASTE_WORDS.named,
        CARD: lambda w, p: w.p_("tripeaks", "card %(number)d") % {"number": p.number},
    },
    arrivals={WASTE: _to_waste},
    selected={
        STOCK: NP_("tripeaks_stock", "selected"),
        WASTE: NP_("tripeaks_waste", "selected"),
        CARD: NP_("tripeaks_card", "selected"),
    },
    actions={TURN: ActionWords(no_button, _turned)},
    ui={
        "tripeaks": N_("TriPeaks"),
        "odds_rules_tripeaks": N_(
            "The rules of these figures: one pack of 52 cards, 28 of them in three peaks over a shared bottom "
            "row; an uncovered card goes onto the waste when it is one rank above or below the waste's top card, "
            "King and Ace next to each other; the game is won when the peaks are cleared."
        ),
        "odds_rules_tripeaks_1": N_("One pass through the stock, one card turned at a time."),
        "tripeaks_blurb": N_(
            "One deck in three peaks: clear them onto the waste, a card one rank above or below its top, King next "
            "to Ace."
        ),
        "rules_tripeaks": N_("How to play TriPeaks"),
        "tripeaks_board": N_("TriPeaks table"),
        "tripeaks_peaks": N_("Peaks"),
        "tripeaks_heaps": N_("Stock and waste pile"),
        "stock_left": N_("Cards in the stock"),
        "hint_why_tripeaks_played": N_("It clears a card off the peaks onto the waste."),
        "hint_tripeaks_turn": N_("Hint: turn a card from the stock."),
        "tripeaks_keys_help": N_(
            "Keys: ←/→ move between cards, Enter plays a card onto the waste, Space turns a card from the stock, "
            "U undo, H hint, N new game, Esc cancels."
        ),
    },
    catalog=Path(__file__).parent / "locales",
)
