"""The words of the pile vocabulary the games share (``piles``): the refusals of its builds, runs,
empty places and face-down cards, and its foundations by suit.

A game that builds this way takes these words into its own (``combine``); their msgids live in
the site's catalog, since no one game owns them.
"""

from __future__ import annotations

from paciencia.engine.protocol import PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.i18n import N_, NP_, GameWords, Words

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
    places={"foundation": describe_foundation},
    names={"foundation": name_foundation},
    arrivals={"foundation": to_foundation},
    selected={"foundation": NP_("foundation", "selected")},
)
