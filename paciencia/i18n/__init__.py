"""Words for the five locales: gettext catalogs turn the engine's codes into text.

The site's catalogs are ``locales/<ll_CC>/LC_MESSAGES/messages.po``; each game's package holds
its own words (``GameWords``: its refusal reasons, its kinds of place, its actions, its UI keys)
and its own catalogs beside them, which are merged with the site's. They are compiled in
memory with Babel the first time a locale is used, so no binary ``.mo`` file lives in the
repository. English is the source language: its msgids are the English text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from io import BytesIO
from pathlib import Path

from paciencia.engine.cards import SUIT_SYMBOLS
from paciencia.engine.protocol import Observation, PlaceInfo, State
from paciencia.engine.reasons import Position, Reason
from paciencia.engine.record import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    import gettext
    from typing import Any

LOCALES = ("en", "pt-PT", "pt-BR", "es", "it")
DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).parent / "locales"
DOMAIN = "messages"


def N_(message: str) -> str:
    """Marks a msgid for extraction without translating it here."""
    return message


REASONS: dict[str, str] = {
    Reason.NOTHING_TO_UNDO: N_("There is nothing to undo"),
    Reason.SAME_PLACE: N_("The card is already there"),
    Reason.SOURCE_EMPTY: N_("There is no card to move from there"),
    Reason.NOT_A_DESTINATION: N_("Cards cannot go there"),
    Reason.WRONG_SUIT: N_("Must be the same suit"),
    Reason.FOUNDATION_ORDER: N_("Must be the next card of that foundation"),
    Reason.GAME_OVER: N_("The game is over"),
}
"""The words of the reasons the engine names (``reasons.SHARED``); a game brings its own."""


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


Describe = Callable[["Words", PlaceInfo], str]
"""One place's part of the board description (its accessible name)."""
Arrive = Callable[["Words", PlaceInfo, int, int], str]
"""What a move says when ``card`` (the first of ``n``) arrives at a place: a move's words, a hint's."""


@dataclass(frozen=True)
class ActionWords:
    """A game's action in words: its button (given how many remain; empty for a tap on a
    place) and what the table says once it was played (given the observation after it)."""

    button: Callable[[Words, int | None], str]
    done: Callable[[Words, Observation], str]


@dataclass(frozen=True, eq=False)
class GameWords:
    """Everything a game says, in its own package: every msgid is English, marked with ``N_``
    (and kin) for extraction into the game's catalogs (``catalog``: its ``locales`` folder).
    Kinds of place, reasons and keys are shared by every registered game, so a game may reuse
    another's or the shared pile vocabulary's; the same key must then mean the same words."""

    catalog: Path | None = None
    reasons: Mapping[str, str] = field(default_factory=dict)
    """Refusal reason code → its msgid."""
    places: Mapping[str, Describe] = field(default_factory=dict)
    """Kind of place → its description."""
    names: Mapping[str, Describe] = field(default_factory=dict)
    """Kind of place → its short name, without its cards (``cascade 5``, ``free cell a``): what a
    selection and a move's words say it by."""
    arrivals: Mapping[str, Arrive] = field(default_factory=dict)
    """Kind of place → the words of a card arriving there."""
    selected: Mapping[str, str] = field(default_factory=dict)
    """Kind of place → its "selected" msgid, in the kind's context (the word agrees with the noun)."""
    actions: Mapping[str, ActionWords] = field(default_factory=dict)
    """Action name (``Action.name``) → its words."""
    ui: Mapping[str, str] = field(default_factory=dict)
    """UI key → msgid (the pages' ``ui.<key>``; a key ``<key>_<game>`` is a game's own word
    for what generic code calls ``<key>``: ``game_key``)."""
    counted: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """UI key → (singular, plural) msgids of words around a number."""
    counted_in_page: tuple[str, ...] = ()
    """The counted keys that the table's script says by itself."""


def _union(name: str, parts: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key in out and out[key] != value:
                raise ValueError(f"two games give different words for the {name} {key!r}")
            out[key] = value
    return out


def combine(*parts: GameWords, catalog: Path | None = None) -> GameWords:
    """One ``GameWords`` holding every part's words (a game's own and the shared vocabulary it
    uses, or every registered game's); a key two parts give differently is an error."""
    return GameWords(
        catalog=catalog,
        reasons=_union("reason", (p.reasons for p in parts)),
        places=_union("kind of place", (p.places for p in parts)),
        names=_union("name of a kind of place", (p.names for p in parts)),
        arrivals=_union("arrival at a kind", (p.arrivals for p in parts)),
        selected=_union("selection word of the kind", (p.selected for p in parts)),
        actions=_union("action", (p.actions for p in parts)),
        ui=_union("UI key", (p.ui for p in parts)),
        counted=_union("counted key", (p.counted for p in parts)),
        counted_in_page=tuple(dict.fromkeys(k for p in parts for k in p.counted_in_page)),
    )


SITE = GameWords(catalog=CATALOG_DIR, reasons=REASONS)
"""The words the engine itself names (the site's catalog holds them)."""


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The site's words and every registered game's, merged, and the catalogs that hold them."""

    words: GameWords
    catalogs: tuple[Path, ...]


@cache
def _vocabulary(parts: tuple[GameWords, ...]) -> Vocabulary:
    merged = combine(*parts)
    catalogs = tuple(dict.fromkeys(p.catalog for p in parts if p.catalog is not None))
    return Vocabulary(merged, catalogs)


def vocabulary() -> Vocabulary:
    """The words of the site and of every game in the registry (``paciencia.games``), as it
    stands now (a test may register a game of its own)."""
    from paciencia.games import GAMES  # the registry imports the games, whose words import this module

    return _vocabulary((SITE, *(e.table.words for e in GAMES.values())))


def catalog_path(folder: Path, locale: str) -> Path:
    """The ``.po`` file of one locale in a ``locales`` folder."""
    return folder / locale.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po"


def normalize_locale(tag: str) -> str | None:
    """``pt_pt``, ``PT-pt`` → ``pt-PT``; a bare ``pt`` → ``pt-PT``; unknown → None."""
    t = tag.strip().replace("_", "-").lower()
    if t == "pt":
        return "pt-PT"
    for loc in LOCALES:
        if loc.lower() == t:
            return loc
    return None


def translations(locale: str) -> gettext.NullTranslations:
    """The site's catalog for ``locale``, falling back on each registered game's."""
    return _translations(locale, vocabulary().catalogs)


@cache
def _translations(locale: str, catalogs: tuple[Path, ...]) -> gettext.NullTranslations:
    import gettext  # here: a command that says no words (a deal's table text) need not load it

    if locale == DEFAULT_LOCALE:
        return gettext.NullTranslations()
    first: gettext.NullTranslations | None = None
    for folder in catalogs:
        path = catalog_path(folder, locale)
        if not path.exists():  # a game with no words of its own yet
            continue
        found = _compiled(path, locale)
        if first is None:
            first = found
        else:
            first.add_fallback(found)
    return first if first is not None else gettext.NullTranslations()


def _compiled(path: Path, locale: str) -> gettext.GNUTranslations:
    # Babel loads only here, for a locale other than English: the commands that print no words
    # (solve, survey) and English ones never pay for it.
    import gettext

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

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

    def reason(self, reason: str) -> str:
        """A refusal reason's words, whichever game gives it."""
        msgid = vocabulary().words.reasons.get(reason)
        if msgid is None:
            raise ValueError(f"no words for the refusal reason {reason!r}")
        return self._(msgid)

    def position(self, reason: Position | str) -> str:
        """Why a table text is refused, in words (an unknown code reads as the general one)."""
        try:
            return self._(POSITIONS[Position(reason)])
        except ValueError:
            return self._(POSITIONS[Position.BAD_POSITION])

    def refused(self, number: int, move: str, reason: str) -> str:
        """The command line's line for a refused move."""
        return self._(
            "move %(number)d (%(move)s) refused: %(reason)s", number=number, move=move, reason=self.reason(reason)
        )

    def action(self, name: str, left: int | None) -> str:
        """The words on an action's button (``Observation.actions``); empty for a tap."""
        found = vocabulary().words.actions.get(name)
        return found.button(self, left) if found is not None else ""

    def action_done(self, name: str, obs: Observation) -> str:
        """What the table says once the action ``name`` was played (``obs``: the position after it)."""
        found = vocabulary().words.actions.get(name)
        return found.done(self, obs) if found is not None else ""

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
        """One place's part of the board description (a control's accessible name), in the
        words its kind's game gives."""
        describe = vocabulary().words.places.get(p.kind)
        if describe is None:
            raise ValueError(f"no words for a place of kind {p.kind!r}")
        return describe(self, p)

    def place_name(self, p: PlaceInfo) -> str:
        """A place's short name (``cascade 5``), in the words its kind's game gives (its whole
        description where the game gives its kind no name)."""
        name = vocabulary().words.names.get(p.kind)
        return name(self, p) if name is not None else self.describe_place(p)

    def top(self, p: PlaceInfo) -> str:
        """The name of a place's top visible card (empty when it shows none)."""
        return self.card_name(p.cards[-1]) if p.cards else ""

    def arrival(self, place: PlaceInfo, card: int, n: int) -> str:
        """``card`` (the first of ``n``) goes to ``place``: a move's words, and a hint's."""
        arrive = vocabulary().words.arrivals.get(place.kind)
        if arrive is None:
            raise ValueError(f"no words for a card arriving at a place of kind {place.kind!r}")
        return arrive(self, place, card, n)

    def describe(self, state: State[Any]) -> str:
        """The whole board description: places joined by '; ', groups by '. ', a final '.'."""
        return ". ".join("; ".join(self.describe_place(p) for p in group) for group in state.describe_places()) + "."
