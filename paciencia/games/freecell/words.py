"""FreeCell's words: its refusal reasons, its places (free cells, cascades; the foundations are
the shared pile vocabulary's) and its UI keys. The catalogs beside them (``locales/``) translate them."""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.games import pile_words
from paciencia.i18n import N_, NP_, GameWords, Words, combine

CELL_FULL = Reason("cell_full")
RUN_CAPACITY = Reason("run_capacity")
FROM_FOUNDATION = Reason("from_foundation")


def _cell(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w._("free cell %(name)s: empty", name=p.place)
    return w._("free cell %(name)s: %(card)s", name=p.place, card=w.top(p))


def _cascade(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w._("cascade %(number)d: empty", number=p.number)
    return w._("cascade %(number)d: %(cards)s", number=p.number, cards=", ".join(w.card_name(c) for c in p.cards))


def _to_cell(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._("%(card)s to free cell %(name)s.", card=w.card_name(card), name=p.place)


def _to_cascade(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    name = w.card_name(card)
    if n > 1:
        return w._("%(card)s and the cards on it to cascade %(number)s.", card=name, number=p.number)
    return w._("%(card)s to cascade %(number)s.", card=name, number=p.number)


WORDS = combine(
    pile_words.WORDS,
    GameWords(
        reasons={
            CELL_FULL: N_("That free cell already holds a card"),
            RUN_CAPACITY: N_("Not enough free cells and empty cascades to move that many cards"),
            FROM_FOUNDATION: N_("A card on a foundation stays there"),
        },
        places={"cell": _cell, "cascade": _cascade},
        names={
            "cell": lambda w, p: w._("free cell %(name)s", name=p.place),
            "cascade": lambda w, p: w._("cascade %(number)d", number=p.number),
        },
        arrivals={"cell": _to_cell, "cascade": _to_cascade},
        selected={"cell": NP_("cell", "selected"), "cascade": NP_("cascade", "selected")},
        ui={
            "freecell": N_("FreeCell"),
            "freecell_blurb": N_("One deck face up in eight cascades, four free cells: Microsoft's numbered deals."),
            "rules_freecell": N_("How to play FreeCell"),
            "freecell_board": N_("FreeCell table"),
            "cells": N_("Free cells"),
            "cascades": N_("Cascades"),
            "fc_cells_4": N_("Four free cells"),
            "fc_cells_3": N_("Three free cells"),
            "fc_cells_2": N_("Two free cells"),
            "fc_cells_1": N_("One free cell"),
            "new_fc_4": N_("New game, four free cells"),
            "new_fc_3": N_("New game, three free cells"),
            "new_fc_2": N_("New game, two free cells"),
            "new_fc_1": N_("New game, one free cell"),
            "fc_keys_help": N_(
                "Keys: 1–8 take from a cascade and A–D from a free cell, then the key of where it goes, or F for "
                "its foundation; ←/→ move between places, Enter picks up or puts down, ↑/↓ choose how much of a "
                "cascade to take, U undo, H hint, F finish, N new game, Esc cancels."
            ),
            "cannot_finish_freecell": N_("Finish comes once every cascade runs down in rank from its first card."),
            "odds_rules_freecell": N_(
                "The rules of these figures: one pack of 52 cards dealt face up into eight cascades (Microsoft's "
                "deals), foundations built up by suit from the Ace, cascades built down in alternating colours, "
                "and a run moves as one when the free cells and empty cascades would let it move card by card."
            ),
            "odds_rules_freecell_4": N_("Four free cells: Microsoft's FreeCell."),
            "odds_rules_freecell_3": N_("Three free cells: the same deals, one cell fewer."),
            "odds_rules_freecell_2": N_("Two free cells: the same deals, two cells fewer."),
            "odds_rules_freecell_1": N_("One free cell: the same deals, three cells fewer."),
        },
    ),
    catalog=Path(__file__).parent / "locales",
)
