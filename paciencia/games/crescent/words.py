"""Crescent's words: its refusal reasons, its places (piles, ascending and descending
foundations), its redeal and its UI keys. The catalogs beside them (``locales/``) translate them."""

from __future__ import annotations

from pathlib import Path

from paciencia.engine.protocol import Observation, PlaceInfo
from paciencia.engine.reasons import Reason
from paciencia.games import pile_words
from paciencia.games.pile_words import EMPTY_PILE as EMPTY_PILE
from paciencia.games.pile_words import WRONG_RANK as WRONG_RANK
from paciencia.i18n import N_, NP_, ActionWords, GameWords, Words, combine

BASE_LOCKED = Reason("base_locked")
PILE_FULL = Reason("pile_full")
FOUNDATION_TO_PILE = Reason("foundation_to_pile")
NO_REDEALS = Reason("no_redeals")

REASONS: dict[str, str] = {
    BASE_LOCKED: N_("The foundation's base card is locked"),
    PILE_FULL: N_("This pile is full; choose another destination"),
    FOUNDATION_TO_PILE: N_("A card never goes back from a foundation to a pile"),
    NO_REDEALS: N_("No redeals"),
}


def _pile(w: Words, p: PlaceInfo) -> str:
    if not p.count:
        return w._("pile %(number)d: empty", number=p.number)
    return w._("pile %(number)d: %(count)s, %(card)s on top", number=p.number, count=w.cards(p.count), card=w.top(p))


def _asc(w: Words, p: PlaceInfo) -> str:
    return w._(
        "ascending foundation of %(suit)s: %(card)s on top, %(count)s",
        suit=w.suit_name(p.suit),
        card=w.top(p),
        count=w.cards(p.count),
    )


def _desc(w: Words, p: PlaceInfo) -> str:
    return w._(
        "descending foundation of %(suit)s: %(card)s on top, %(count)s",
        suit=w.suit_name(p.suit),
        card=w.top(p),
        count=w.cards(p.count),
    )


def _to_pile(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._("%(card)s to pile %(number)s.", card=w.card_name(card), number=p.number)


def _to_asc(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._("%(card)s to the ascending foundation of %(suit)s.", card=w.card_name(card), suit=w.suit_name(p.suit))


def _to_desc(w: Words, p: PlaceInfo, card: int, n: int) -> str:
    return w._("%(card)s to the descending foundation of %(suit)s.", card=w.card_name(card), suit=w.suit_name(p.suit))


def redeal_button(w: Words, left: int | None) -> str:
    if not left:
        return w._(REASONS[NO_REDEALS])
    return w.n_("Redeal (%(count)d left)", "Redeal (%(count)d left)", left)


def _redealt(w: Words, obs: Observation) -> str:
    left = obs.figures.counts.get("redeals", 0)
    if left:
        return w.n_("Cards redealt; %(count)s redeal left.", "Cards redealt; %(count)s redeals left.", left)
    # The last one says what the button now says (the seeds' "No redeals").
    return w._("Cards redealt. %(none)s.", none=redeal_button(w, 0))


_OWN = GameWords(
    catalog=Path(__file__).parent / "locales",
    reasons=REASONS,
    places={"pile": _pile, "asc": _asc, "desc": _desc},
    names={
        "pile": lambda w, p: w._("pile %(number)d", number=p.number),
        "asc": lambda w, p: w._("ascending foundation of %(suit)s", suit=w.suit_name(p.suit)),
        "desc": lambda w, p: w._("descending foundation of %(suit)s", suit=w.suit_name(p.suit)),
    },
    arrivals={"pile": _to_pile, "asc": _to_asc, "desc": _to_desc},
    selected={"pile": NP_("pile", "selected"), "asc": NP_("asc", "selected"), "desc": NP_("desc", "selected")},
    actions={"redeal": ActionWords(redeal_button, _redealt)},
    ui={
        "crescent": N_("Crescent"),
        "crescent_blurb": N_("Two decks, sixteen piles around eight foundations, three redeals."),
        "play_crescent": N_("Play Crescent"),
        "rules_crescent": N_("How to play Crescent"),
        "crescent_board": N_("Crescent table"),
        "piles": N_("Piles"),
        "crescent_keys_help": N_(
            "Keys: arrows move between places, Enter or Space plays, U undo, R redeal, H hint, N new game, Esc cancels."
        ),
        "variant_crescent_N": N_("Standard"),
        "variant_crescent_F": N_("Crescent Four"),
        "variant_crescent_D": N_("Face-down deal"),
        "variant_crescent_B": N_("Four and face-down"),
        "new_standard": N_("New game, standard"),
        "new_four": N_("New game, Crescent Four"),
        "new_face_down": N_("New game, face-down deal"),
        "new_four_face_down": N_("New game, Four and face-down"),
        # The redeal button's word on a phone's bar (its count shows as a number beside it)
        "short_redeal": N_("Redeal"),
        "hint_redeal": N_("Hint: redeal."),
        "ex_intro_crescent": N_(
            "The won game the rules quote, from the deal to the last card: step through it and watch each move, "
            "the redeals and the board description."
        ),
        "odds_rules_crescent": N_(
            "The rules of these figures: two packs (104 cards); the Ace and the King of each suit start on the "
            "eight foundations, which build up from the Ace and down from the King in suit; the other 96 cards "
            "are dealt into 16 piles of six; a pile's top card goes onto a pile whose top is of its suit and one "
            "rank above or below (King and Ace wrap); a redeal moves every pile's bottom card to its top."
        ),
        "odds_rules_crescent_N": N_("Standard: three redeals, every card face up."),
        "odds_rules_crescent_F": N_("Crescent Four: four redeals, every card face up."),
        "odds_rules_crescent_D": N_(
            "Face-down deal: three redeals, only each pile's top card face up at the start. The solver knows "
            "every card, so for it this is the standard game."
        ),
        "odds_rules_crescent_B": N_("Both: four redeals and the face-down deal. For the solver this is Crescent Four."),
        "odds_first_crescent": N_("As far as we know, these are the first figures ever published for Crescent."),
    },
)

WORDS = combine(pile_words.WORDS, _OWN, catalog=_OWN.catalog)
"""Crescent's words and the pile vocabulary's it gives (an empty pile, a rank above or below)."""
