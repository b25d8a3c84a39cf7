"""Why a move is refused: codes only; ``paciencia.i18n`` turns them into words."""

from __future__ import annotations

from enum import StrEnum

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar


class Reason(str):
    """A refusal's code: an open value, the API's ``reason`` and the key of its words.

    The engine names the reasons any game may give (below); a game declares its own beside its
    words, in its package (``Reason("king_only")``). Codes are unique across the registered
    games (the words layer checks it), so a code alone finds its words.
    """

    __slots__ = ()

    NOTHING_TO_UNDO: ClassVar[Reason]
    SAME_PLACE: ClassVar[Reason]
    SOURCE_EMPTY: ClassVar[Reason]
    NOT_A_DESTINATION: ClassVar[Reason]
    WRONG_SUIT: ClassVar[Reason]
    FOUNDATION_ORDER: ClassVar[Reason]
    GAME_OVER: ClassVar[Reason]

    _known: ClassVar[dict[str, Reason]] = {}

    def __new__(cls, code: str) -> Reason:
        # One value per code, as an enum's members are: a reason compares with ``is`` too.
        found = cls._known.get(code)
        if found is None:
            found = cls._known[code] = super().__new__(cls, code)
        return found

    def __repr__(self) -> str:
        return f"Reason({str(self)!r})"


Reason.NOTHING_TO_UNDO = Reason("nothing_to_undo")
Reason.SAME_PLACE = Reason("same_place")
Reason.SOURCE_EMPTY = Reason("source_empty")
Reason.NOT_A_DESTINATION = Reason("not_a_destination")
Reason.WRONG_SUIT = Reason("wrong_suit")
Reason.FOUNDATION_ORDER = Reason("foundation_order")
Reason.GAME_OVER = Reason("game_over")
SHARED = (
    Reason.NOTHING_TO_UNDO,
    Reason.SAME_PLACE,
    Reason.SOURCE_EMPTY,
    Reason.NOT_A_DESTINATION,
    Reason.WRONG_SUIT,
    Reason.FOUNDATION_ORDER,
    Reason.GAME_OVER,
)
"""The reasons every game may give, whose words the site's catalog holds."""


class Position(StrEnum):
    """Why a table text is not a position the rules can reach (``InvalidPosition.reason``).

    The principle: a table text must describe a position some play of its game could have led
    to, as far as the text alone can tell (every header field agreeing with the cards).
    """

    BAD_POSITION = "bad_position"  # the message names the problem (syntax, cards, places)
    BAD_NUMBER = "bad_number"
    FACE_DOWN_IN_FACE_UP_DEAL = "face_down_in_face_up_deal"
    TOO_MANY_FACE_DOWN = "too_many_face_down"
    STATUS_MISMATCH = "status_mismatch"
    SENT_UP_MISMATCH = "sent_up_mismatch"
