"""The words of the pile vocabulary the games share (``piles``): the refusals of its builds, runs,
empty places and face-down cards, and its kinds of place (``COLUMN``, ``STOCK``, ``WASTE``,
``FOUNDATION``), so that a game whose places are these names them without depending on another
game being registered. Each game's words name only its own kinds, reasons and actions.

A game that builds this way takes these words into its own (``combine``); their msgids live in
the site's catalog, since no one game owns them.
"""

from __future__ import annotations

from paciencia.engine.protocol import PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.i18n import N_, NP_, GameWords, Words

COLUMN = "column"
"""A numbered column: its face-down cards first, then its face-up ones (``piles.column_places``)."""
STOCK = "stock"
"""A stock of face-down cards, said by its count."""
WASTE = "waste"
"""A waste: its count and its cards in sight (the last draw's fan, or the top card alone)."""
FOUNDATION = "foundation"
"""A foundation by suit (``piles.BySuit``): its top card and count."""

WRONG_COLOUR = Reason("wrong_colour")
COLUMN_RANK = Reason("column_rank")
NOT_A_RUN = Reason("not_a_run")
RUN_TOO_LONG = Reason("run_too_long")
ONE_CARD_ONLY = Reason("one_card_only")
NOT_ONE_SUIT = Reason("not_one_suit")
WRONG_RANK = Reason("wrong_rank")
RANK_ABOVE = Reason("rank_above")
KING_ONLY = Reason("king_only")
EMPTY_PILE = Reason("empty_pile")
FACE_DOWN = Reason("face_down")


def describe_column(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w._("column %(number)d: empty", number=p.number)
    shown = ", ".join(w.card_name(c) for c in p.cards)
    if p.face_down:
        hidden = w.n_("%(count)d face-down card", "%(count)d face-down cards", p.face_down)
        return w._("column %(number)d: %(hidden)s, then %(cards)s", number=p.number, hidden=hidden, cards=shown)
    return w._("column %(number)d: %(cards)s", number=p.number, cards=shown)


def to_column(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    name = w.card_name(card)
    if n > 1:
        return w._("%(card)s and the cards on it to column %(number)s.", card=name, number=p.number)
    return w._("%(card)s to column %(number)s.", card=name, number=p.number)


def describe_stock(w: Words, p: PlaceInfo) -> str:
    return w._("stock: %(count)s", count=w.cards(p.count)) if p.count else w._("stock: empty")


def describe_waste(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w._("waste: empty")
    count = w.cards(p.count)
    if len(p.cards) > 1:
        under = ", ".join(w.card_name(c) for c in p.cards[:-1])
        return w._("waste: %(count)s, %(cards)s, %(card)s on top", count=count, cards=under, card=w.top(p))
    return w._("waste: %(count)s, %(card)s on top", count=count, card=w.top(p))


def describe_foundation(w: Words, p: PlaceInfo) -> str:
    suit = w.suit_name(p.suit)
    if not p.count:
        return w._(N_("foundation of %(suit)s: empty"), suit=suit)
    return w._(
        N_("foundation of %(suit)s: %(card)s on top, %(count)s"), suit=suit, card=w.top(p), count=w.cards(p.count)
    )


def name_foundation(w: Words, p: PlaceInfo) -> str:
    return w._(N_("foundation of %(suit)s"), suit=w.suit_name(p.suit))


def to_foundation(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._(N_("%(card)s to the foundation of %(suit)s."), card=w.card_name(card), suit=w.suit_name(p.suit))


WORDS = GameWords(
    reasons={
        WRONG_COLOUR: N_("Must be the opposite colour"),
        COLUMN_RANK: N_("Must be one rank lower than the card it goes on"),
        NOT_A_RUN: N_("Those cards are not an ordered run"),
        RUN_TOO_LONG: N_("The column does not hold that many cards"),
        ONE_CARD_ONLY: N_("Only one card at a time can go there"),
        NOT_ONE_SUIT: N_("Only cards of one suit move together"),
        WRONG_RANK: N_("Must be one rank higher or lower"),
        RANK_ABOVE: N_("Must be one rank higher than the card it goes on"),
        KING_ONLY: N_("Only a King can go on an empty column"),
        EMPTY_PILE: N_("Cannot place on an empty pile"),
        FACE_DOWN: N_("A face-down card cannot move"),
    },
    places={COLUMN: describe_column, STOCK: describe_stock, WASTE: describe_waste, FOUNDATION: describe_foundation},
    names={
        COLUMN: lambda w, p: w._("column %(number)d", number=p.number),
        STOCK: lambda w, p: w._("the stock"),
        WASTE: lambda w, p: w._("the waste"),
        FOUNDATION: name_foundation,
    },
    arrivals={COLUMN: to_column, FOUNDATION: to_foundation},
    selected={
        COLUMN: NP_("column", "selected"),
        STOCK: NP_("stock", "selected"),
        WASTE: NP_("waste", "selected"),
        FOUNDATION: NP_("foundation", "selected"),
    },
)
