"""Words for the five locales: gettext catalogs turn the engine's codes into text.

The catalogs are ``locales/<ll_CC>/LC_MESSAGES/messages.po``; they are compiled in memory with
Babel the first time a locale is used, so no binary ``.mo`` file lives in the repository.
English is the source language: its msgids are the English text.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from paciencia.engine.cards import SUIT_SYMBOLS
from paciencia.engine.protocol import PlaceInfo, State
from paciencia.engine.reasons import Position, Reason

LOCALES = ("en", "pt-PT", "pt-BR", "es", "it")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).parent / "locales"
DOMAIN = "messages"


def N_(message: str) -> str:
    """Marks a msgid for extraction without translating it here."""
    return message


REASONS: dict[Reason, str] = {
    Reason.NOTHING_TO_UNDO: N_("There is nothing to undo"),
    Reason.SAME_PLACE: N_("The card is already there"),
    Reason.SOURCE_EMPTY: N_("There is no card to move from there"),
    Reason.NOT_A_DESTINATION: N_("Cards cannot go there"),
    Reason.WRONG_SUIT: N_("Must be the same suit"),
    Reason.GAME_OVER: N_("The game is over"),
    Reason.BASE_LOCKED: N_("The foundation's base card is locked"),
    Reason.EMPTY_PILE: N_("Cannot place on an empty pile"),
    Reason.WRONG_RANK: N_("Must be one rank higher or lower"),
    Reason.PILE_FULL: N_("This pile is full; choose another destination"),
    Reason.FOUNDATION_TO_PILE: N_("A card never goes back from a foundation to a pile"),
    Reason.FOUNDATION_ORDER: N_("Must be the next card of that foundation"),
    Reason.NO_REDEALS: N_("No redeals"),
    Reason.WRONG_COLOUR: N_("Must be the opposite colour"),
    Reason.COLUMN_RANK: N_("Must be one rank lower than the card it goes on"),
    Reason.KING_ONLY: N_("Only a King can go on an empty column"),
    Reason.FACE_DOWN: N_("A face-down card cannot move"),
    Reason.NOT_A_RUN: N_("Those cards are not an ordered run"),
    Reason.RUN_TOO_LONG: N_("The column does not hold that many cards"),
    Reason.STOCK_EMPTY: N_("The stock and the waste are both empty"),
    Reason.ONE_CARD_ONLY: N_("Only one card at a time can go there"),
    Reason.CELL_FULL: N_("That free cell already holds a card"),
    Reason.RUN_CAPACITY: N_("Not enough free cells and empty cascades to move that many cards"),
    Reason.FROM_FOUNDATION: N_("A card on a foundation stays there"),
}


POSITIONS: dict[Position, str] = {
    Position.BAD_POSITION: N_("The table text does not hold a position"),
    Position.BAD_NUMBER: N_("A number in the header is not written in the digits 0 to 9 without leading zeros"),
    Position.FACE_DOWN_IN_FACE_UP_DEAL: N_("This deal has every card face up: no card can be face down"),
    Position.TOO_MANY_FACE_DOWN: N_("More cards are face down than any play of this deal leaves"),
    Position.STATUS_MISMATCH: N_("The status in the header is not the position's own"),
    Position.SENT_UP_MISMATCH: N_("More cards are counted as sent up than the foundations hold"),
}
"""Why a table text is refused (``InvalidPosition.reason``)."""


def NP_(context: str, message: str) -> str:
    """Marks a msgid with a context for extraction without translating it here."""
    return message


_RANK_NAMES = {0: NP_("rank", "ace"), 10: NP_("rank", "jack"), 11: NP_("rank", "queen"), 12: NP_("rank", "king")}
_RANK_LETTERS = {
    0: NP_("rank letter", "A"),
    10: NP_("rank letter", "J"),
    11: NP_("rank letter", "Q"),
    12: NP_("rank letter", "K"),
}
_SUIT_NAMES = (NP_("suit", "spades"), NP_("suit", "hearts"), NP_("suit", "diamonds"), NP_("suit", "clubs"))


def normalize_locale(tag: str) -> str | None:
    """``pt_pt``, ``PT-pt`` → ``pt-PT``; a bare ``pt`` → ``pt-PT``; unknown → None."""
    t = tag.strip().replace("_", "-").lower()
    if t == "pt":
        return "pt-PT"
    for loc in LOCALES:
        if loc.lower() == t:
            return loc
    return None


@cache
def translations(locale: str) -> gettext.NullTranslations:
    if locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    # Babel loads only here, for a locale other than English: the commands that print no words
    # (solve, survey) and English ones never pay for it.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = CATALOG_DIR / locale.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=locale.replace("-", "_"))
    buf = BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


class Words:
    """Everything a locale says about the game: reasons, card names, descriptions, labels."""

    def __init__(self, locale: str = DEFAULT_LOCALE) -> None:
        found = normalize_locale(locale)
        if found is None:
            raise ValueError(f"unknown language {locale!r} (expected one of {', '.join(LOCALES)})")
        self.locale = found
        self.t = translations(found)

    def _(self, message: str, **kw: Any) -> str:
        text = self.t.gettext(message)
        return text % kw if kw else text

    def n_(self, singular: str, plural: str, n: int, **kw: Any) -> str:
        return self.t.ngettext(singular, plural, n) % {"count": n, **kw}

    def p_(self, context: str, message: str) -> str:
        return self.t.pgettext(context, message)

    # -- cards -------------------------------------------------------------------------------

    def rank_name(self, rank: int) -> str:
        name = _RANK_NAMES.get(rank)
        return self.p_("rank", name) if name else str(rank + 1)

    def suit_name(self, suit: int) -> str:
        return self.p_("suit", _SUIT_NAMES[suit])

    def card_name(self, card: int) -> str:
        """``7 of hearts``, ``fante di quadri``."""
        return self._("%(rank)s of %(suit)s", rank=self.rank_name(card % 13), suit=self.suit_name(card // 13))

    def rank_letter(self, rank: int) -> str:
        """The rank as printed on a card face in this locale (``R`` for the King in pt-PT)."""
        letter = _RANK_LETTERS.get(rank)
        return self.p_("rank letter", letter) if letter else str(rank + 1)

    def card_face(self, card: int) -> str:
        return self.rank_letter(card % 13) + SUIT_SYMBOLS[card // 13]

    # -- refusals and labels -----------------------------------------------------------------

    def reason(self, reason: Reason | str) -> str:
        return self._(REASONS[Reason(reason)])

    def position(self, reason: Position | str) -> str:
        """Why a table text is refused, in words (an unknown code reads as the general one)."""
        try:
            return self._(POSITIONS[Position(reason)])
        except ValueError:
            return self._(POSITIONS[Position.BAD_POSITION])

    def refused(self, number: int, move: str, reason: Reason | str) -> str:
        """The command line's line for a refused move."""
        return self._(
            "move %(number)d (%(move)s) refused: %(reason)s", number=number, move=move, reason=self.reason(reason)
        )

    def redeal_button(self, left: int) -> str:
        if left == 0:
            return self._(REASONS[Reason.NO_REDEALS])
        return self.n_("Redeal (%(count)d left)", "Redeal (%(count)d left)", left)

    def action(self, name: str, left: int | None) -> str:
        """The words on an action's button (``Observation.actions``); empty for a tap."""
        if name == "redeal":
            return self.redeal_button(left or 0)
        return ""

    def status(self, status: str) -> str:
        return {
            "playing": self._("Playing"),
            "won": self._("You won!"),
            "blocked": self._("No move left: the game is blocked"),
        }[status]

    # -- the board description ---------------------------------------------------------------

    def cards(self, n: int) -> str:
        return self.n_("%(count)d card", "%(count)d cards", n)

    def describe_place(self, p: PlaceInfo) -> str:
        """One place's part of the board description (a control's accessible name)."""
        top = self.card_name(p.cards[-1]) if p.cards else ""
        count = self.cards(p.count)
        if p.kind == "pile":
            if not p.count:
                return self._("pile %(number)d: empty", number=p.number)
            return self._("pile %(number)d: %(count)s, %(card)s on top", number=p.number, count=count, card=top)
        if p.kind in ("asc", "desc"):
            suit = self.suit_name(p.suit)
            if p.kind == "asc":
                return self._(
                    "ascending foundation of %(suit)s: %(card)s on top, %(count)s", suit=suit, card=top, count=count
                )
            return self._(
                "descending foundation of %(suit)s: %(card)s on top, %(count)s", suit=suit, card=top, count=count
            )
        if p.kind == "foundation":
            suit = self.suit_name(p.suit)
            if not p.count:
                return self._("foundation of %(suit)s: empty", suit=suit)
            return self._("foundation of %(suit)s: %(card)s on top, %(count)s", suit=suit, card=top, count=count)
        if p.kind == "stock":
            return self._("stock: %(count)s", count=count) if p.count else self._("stock: empty")
        if p.kind == "waste":
            if not p.count:
                return self._("waste: empty")
            if len(p.cards) > 1:
                under = ", ".join(self.card_name(c) for c in p.cards[:-1])
                return self._("waste: %(count)s, %(cards)s, %(card)s on top", count=count, cards=under, card=top)
            return self._("waste: %(count)s, %(card)s on top", count=count, card=top)
        if p.kind == "column":
            if not p.count:
                return self._("column %(number)d: empty", number=p.number)
            shown = ", ".join(self.card_name(c) for c in p.cards)
            if p.face_down:
                hidden = self.n_("%(count)d face-down card", "%(count)d face-down cards", p.face_down)
                return self._(
                    "column %(number)d: %(hidden)s, then %(cards)s", number=p.number, hidden=hidden, cards=shown
                )
            return self._("column %(number)d: %(cards)s", number=p.number, cards=shown)
        if p.kind == "cascade":
            if not p.count:
                return self._("cascade %(number)d: empty", number=p.number)
            shown = ", ".join(self.card_name(c) for c in p.cards)
            return self._("cascade %(number)d: %(cards)s", number=p.number, cards=shown)
        if p.kind == "cell":
            if not p.count:
                return self._("free cell %(name)s: empty", name=p.place)
            return self._("free cell %(name)s: %(card)s", name=p.place, card=top)
        raise ValueError(f"no words for a place of kind {p.kind!r}")

    def describe(self, state: State[Any]) -> str:
        """The whole board description: places joined by '; ', groups by '. ', a final '.'."""
        return ". ".join("; ".join(self.describe_place(p) for p in group) for group in state.describe_places()) + "."
