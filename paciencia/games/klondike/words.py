"""Klondike's words: its refusal reason, its draw and its UI keys; its places (the stock, the waste,
the columns and the foundations) and the reasons of its builds are the shared pile vocabulary's
(``pile_words``). The catalogs beside them (``locales/``) translate them."""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import Observation, Role
from paciencia.engine.reasons import Reason
from paciencia.games import pile_words
from paciencia.games.pile_words import FACE_DOWN as FACE_DOWN
from paciencia.games.pile_words import KING_ONLY as KING_ONLY
from paciencia.i18n import N_, ActionWords, GameWords, Words, combine

STOCK_EMPTY = Reason("stock_empty")


def _no_button(w: Words, left: int | None) -> str:
    return ""  # a tap on the stock


def _drew(w: Words, obs: Observation) -> str:
    waste = next(p for p in obs.places if p.role == Role.WASTE)
    if not waste.count:
        return w._("The waste is turned back into the stock: pass %(number)s.", number=obs.figures.counts["passes"])
    return w._("Drawn: %(cards)s.", cards=", ".join(w.card_name(c) for c in waste.cards))


WORDS = combine(
    pile_words.WORDS,
    GameWords(
        reasons={
            STOCK_EMPTY: N_("The stock and the waste are both empty"),
        },
        actions={"draw": ActionWords(_no_button, _drew)},
        ui={
            "klondike": N_("Klondike"),
            "klondike_blurb": N_("One deck, seven columns, the stock turned three cards at a time (or one)."),
            "rules_klondike": N_("How to play Klondike"),
            "draw_three": N_("Draw three"),
            "draw_one": N_("Draw one"),
            "new_draw_three": N_("New game, draw three"),
            "new_draw_one": N_("New game, draw one"),
            "klondike_board": N_("Klondike table"),
            "heaps": N_("Stock and waste"),
            "columns": N_("Columns"),
            "pass": N_("Pass"),
            "recycles": N_("Recycles"),
            "sent_up": N_("Cards sent up"),
            "kl_keys_help": N_(
                "Keys: ←/→ move between piles, Enter picks up or puts down, ↑/↓ choose how much of a column to "
                "take, Space draws, U undo, H hint, F finish, N new game, Esc cancels."
            ),
            "kl_won": N_("You won!"),
            "kl_blocked": N_("No legal move is left."),
            "cannot_finish_klondike": N_("Finish comes once every card is face up and the stock holds nothing unseen."),
            "hint_draw": N_("Hint: draw from the stock."),
            "ex_intro_klondike": N_(
                "A won game of draw three, found by the solver: step through it and watch each move and the "
                "board description."
            ),
            "odds_rules_klondike": N_(
                "The rules of these figures: one pack of 52 cards, seven columns, as many passes through the "
                "stock as you like, and a card may come back down from its foundation onto a column."
            ),
            "odds_rules_klondike_3": N_("Draw three: the stock is turned three cards at a time."),
            "odds_rules_klondike_1": N_("Draw one: the stock is turned one card at a time."),
        },
    ),
    catalog=Path(__file__).parent / "locales",
)
