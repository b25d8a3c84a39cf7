"""Why a move is refused: codes only; ``paciencia.i18n`` turns them into words."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    # Both games
    NOTHING_TO_UNDO = "nothing_to_undo"
    SAME_PLACE = "same_place"
    SOURCE_EMPTY = "source_empty"
    NOT_A_DESTINATION = "not_a_destination"
    WRONG_SUIT = "wrong_suit"
    GAME_OVER = "game_over"
    # Crescent
    BASE_LOCKED = "base_locked"
    EMPTY_PILE = "empty_pile"
    WRONG_RANK = "wrong_rank"
    PILE_FULL = "pile_full"
    FOUNDATION_TO_PILE = "foundation_to_pile"
    FOUNDATION_ORDER = "foundation_order"
    NO_REDEALS = "no_redeals"
    # Klondike
    WRONG_COLOUR = "wrong_colour"
    COLUMN_RANK = "column_rank"
    KING_ONLY = "king_only"
    FACE_DOWN = "face_down"
    NOT_A_RUN = "not_a_run"
    RUN_TOO_LONG = "run_too_long"
    STOCK_EMPTY = "stock_empty"
    ONE_CARD_ONLY = "one_card_only"
    # FreeCell
    CELL_FULL = "cell_full"
    RUN_CAPACITY = "run_capacity"
    FROM_FOUNDATION = "from_foundation"


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
