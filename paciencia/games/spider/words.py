"""Spider's words: its refusal reasons, its places (the stock, eight foundations that each take a
complete run, ten columns), its deal and its UI keys. The catalogs beside them (``locales/``)
translate them.

Its kinds of place are its own (``spider_column``…): another game's ``column`` describes
another game's column, and words are one namespace across the registered games. Where Spider
says what another game says word for word (``column 3: empty``), its msgid carries the context
``spider``, so that each package keeps its own catalog entry.
"""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import Observation, PlaceInfo, Role
from paciencia.engine.reasons import Reason
from paciencia.games import pile_words
from paciencia.i18n import N_, NP_, ActionWords, GameWords, Words, combine

STOCK = "spider_stock"
FOUNDATION = "spider_foundation"
COLUMN = "spider_column"
"""Spider's kinds of place."""
DEAL = "deal_row"
"""Spider's one action: a row dealt from the stock, a card onto every column."""

NO_DEALS_LEFT = Reason("no_deals_left")
UNFILLED_COLUMN = Reason("unfilled_column")


def _stock(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w.p_("spider", "stock: empty")
    rows = p.count // 10
    return w.n_("stock: %(count)d row to deal", "stock: %(count)d rows to deal", rows)


def _foundation(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w.p_("spider", "foundation %(number)d: empty") % {"number": p.number}
    return w._("foundation %(number)d: %(suit)s, King to Ace", number=p.number, suit=w.suit_name(p.suit))


def _column(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w.p_("spider", "column %(number)d: empty") % {"number": p.number}
    shown = ", ".join(w.card_name(c) for c in p.cards)
    if p.face_down:
        hidden = w.n_("%(count)d card face down", "%(count)d cards face down", p.face_down)
        return w.p_("spider", "column %(number)d: %(hidden)s, then %(cards)s") % {
            "number": p.number,
            "hidden": hidden,
            "cards": shown,
        }
    return w.p_("spider", "column %(number)d: %(cards)s") % {"number": p.number, "cards": shown}


def _to_column(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    name = w.card_name(card)
    if n > 1:
        return w.p_("spider", "%(card)s and the cards on it to column %(number)s.") % {"card": name, "number": p.number}
    return w.p_("spider", "%(card)s to column %(number)s.") % {"card": name, "number": p.number}


def _to_foundation(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    """A complete run leaving for foundation ``p`` (by itself: no move names a foundation)."""
    return w._(
        "The run of %(suit)s, King to Ace, goes to foundation %(number)d.",
        suit=w.suit_name(card // 13),
        number=p.number,
    )


def _no_button(w: Words, left: int | None) -> str:
    return ""  # a tap on the stock


def _dealt(w: Words, obs: Observation) -> str:
    ends = [p.cards[-1] for p in obs.places if p.role == Role.TABLEAU and p.cards]
    return w._("A row dealt: %(cards)s.", cards=", ".join(w.card_name(c) for c in ends))


WORDS = combine(
    pile_words.WORDS,
    GameWords(
        reasons={
            NO_DEALS_LEFT: N_("The stock is empty: every row has been dealt"),
            UNFILLED_COLUMN: N_("Every column needs a card before you deal"),
        },
        places={STOCK: _stock, FOUNDATION: _foundation, COLUMN: _column},
        names={
            STOCK: lambda w, p: w.p_("spider", "the stock"),
            FOUNDATION: lambda w, p: w.p_("spider", "foundation %(number)d") % {"number": p.number},
            COLUMN: lambda w, p: w.p_("spider", "column %(number)d") % {"number": p.number},
        },
        arrivals={COLUMN: _to_column, FOUNDATION: _to_foundation},
        selected={
            STOCK: NP_("spider_stock", "selected"),
            FOUNDATION: NP_("spider_foundation", "selected"),
            COLUMN: NP_("spider_column", "selected"),
        },
        actions={DEAL: ActionWords(_no_button, _dealt)},
        ui={
            "spider": N_("Spider"),
            "spider_blurb": N_("Two decks' worth of cards in ten columns: build runs of one suit, King down to Ace."),
            "rules_spider": N_("How to play Spider"),
            "spider_board": N_("Spider table"),
            "spider_stock": N_("Stock"),
            "spider_columns": N_("Ten columns"),
            "spider_suits_1": N_("One suit"),
            "spider_suits_2": N_("Two suits"),
            "spider_suits_4": N_("Four suits"),
            "new_spider_1": N_("New game, one suit"),
            "new_spider_2": N_("New game, two suits"),
            "new_spider_4": N_("New game, four suits"),
            "deals_left": N_("Deals left"),
            "spider_keys_help": N_(
                "Keys: 1–9 and 0 take cards from columns 1–10, then the key of the column where they go; ←/→ move "
                "between places, Enter picks up or puts down, ↑/↓ choose how much of a column to take, Space deals a "
                "row, U undo, H hint, F finish, N new game, Esc cancels."
            ),
            "cannot_finish_spider": N_("Finish comes once every card is face up and the stock is dealt."),
            "hint_deal_row": N_("Hint: deal a row from the stock."),
            "odds_rules_spider": N_(
                "The rules of these figures: 104 cards, 54 of them dealt into ten columns with only each column's "
                "last card face up, the other 50 in the stock, dealt a row of ten at a time and only while no column "
                "is empty; a run moves together only when it is of one suit, and a complete run, King to Ace, goes to "
                "a foundation by itself. Our solver knows every card, the face-down ones and the stock's order too."
            ),
            "odds_rules_spider_1": N_("One suit: the 104 cards are eight runs of spades."),
            "odds_rules_spider_2": N_("Two suits: four runs of spades and four of hearts."),
            "odds_rules_spider_4": N_(
                "Four suits: two runs of each suit. The solver plspider's figure is for PySol's deals, where a "
                "complete run may stay on the table; Steve Brown's is his own play without undo, as reported by "
                "Plus Magazine."
            ),
        },
    ),
    catalog=Path(__file__).parent / "locales",
)
