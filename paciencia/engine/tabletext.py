"""Table text: the plain-text form of a position, for every game (PRODUCT.md §4).

::

    # <game> <deal code> status=playing moves=0 <field>=<value> ...
    <place>: <card> <card> ...
    ...
    <place>: 9c Jd [Qh] ...

The header carries everything that is not a card place; then one line per place with its
cards bottom to top, a face-down card in brackets. This module knows the shared syntax; each
game's ``Game.from_fields`` checks what its places and fields must hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from paciencia.engine.cards import CARD_NAMES, parse_card_id
from paciencia.engine.dealcode import DealCode
from paciencia.engine.errors import InvalidCard, InvalidCode, InvalidPosition
from paciencia.engine.reasons import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paciencia.engine.protocol import State


def is_number(text: str) -> bool:
    """A whole number of at most ten digits 0-9, without a leading zero (a header's number)."""
    return 0 < len(text) <= 10 and text.isascii() and text.isdigit() and (text[0] != "0" or text == "0")


"""A header number: plain ASCII digits, no leading zero, short enough to read at once."""


def format_state(state: State[Any]) -> str:
    fields = " ".join(f"{k}={v}" for k, v in state.header_fields())
    lines = [f"# {state.game.name} {state.code} {fields}"]
    for place, cards in state.place_lines():
        body = " ".join(CARD_NAMES[c] if up else f"[{CARD_NAMES[c]}]" for c, up in cards)
        lines.append(f"{place}: {body}" if body else f"{place}:")
    return "\n".join(lines) + "\n"


def header_field(text: str, key: str) -> str | None:
    """One ``key=value`` field of a table text's header, read without parsing the rest (for
    texts the site wrote itself, as a stored game's: its moves figure, say)."""
    for tok in text.split("\n", 1)[0].split()[3:]:
        name, eq, value = tok.partition("=")
        if eq and name == key:
            return value
    return None


def parse(text: str) -> tuple[str, DealCode, dict[str, str], dict[str, list[tuple[int, bool]]]]:
    """Splits table text into (game name, code, header fields, places).

    Only the syntax is checked here: a header, ``key=value`` fields, ``place: cards`` lines,
    each place once, every card token valid.
    """
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines or not lines[0][1].startswith("#"):
        raise InvalidPosition("table text must start with a header line '# <game> <deal code> key=value …'")
    head = lines[0][1][1:].split()
    if len(head) < 2:
        raise InvalidPosition(f"the header {lines[0][1]!r} needs a game name and a deal code")
    game, code_text, *rest = head
    try:
        code = DealCode.parse(code_text)
    except InvalidCode as e:
        raise InvalidPosition(f"header: {e}") from None
    fields: dict[str, str] = {}
    for tok in rest:
        key, eq, value = tok.partition("=")
        if not eq or not key or not value:
            raise InvalidPosition(f"header: {tok!r} is not a key=value field")
        if key in fields:
            raise InvalidPosition(f"header: field {key!r} is given twice")
        fields[key] = value
    places: dict[str, list[tuple[int, bool]]] = {}
    for n, line in lines[1:]:
        name, colon, body = line.partition(":")
        name = name.strip()
        if not colon or not name:
            raise InvalidPosition(f"line {n}: {line!r} is not '<place>: <cards>'")
        if name in places:
            raise InvalidPosition(f"line {n}: place {name!r} is given twice")
        cards = []
        for tok in body.split():
            up = not (tok.startswith("[") and tok.endswith("]"))
            try:
                cards.append((parse_card_id(tok if up else tok[1:-1]), up))
            except InvalidCard as e:
                raise InvalidPosition(f"line {n} (place {name}): {e}") from None
        places[name] = cards
    return game.lower(), code, fields, places


def face_down_first(cards: list[tuple[int, bool]], name: str, top: str = "top card") -> tuple[list[int], int]:
    """A pile's or column's cards and how many lie face down at its bottom.

    Face-down cards only ever form the bottom of a pile (a card turns up when it becomes the
    top), and a pile that holds cards shows its top: anything else is refused.
    """
    hidden = 0
    while hidden < len(cards) and not cards[hidden][1]:
        hidden += 1
    if any(not up for _, up in cards[hidden:]):
        raise InvalidPosition(f"{name}: face-down cards must all lie below the face-up ones")
    if cards and hidden == len(cards):
        raise InvalidPosition(f"{name}: its {top} must be face up")
    return [c for c, _ in cards], hidden


def int_field(fields: dict[str, str], key: str, default: int | None, low: int, high: int) -> int:
    """A whole-number header field within ``low..high``; ``default`` when absent (None: required)."""
    raw = fields.get(key)
    if raw is None:
        if default is None:
            raise InvalidPosition(f"header: the field {key}= is missing")
        return default
    if not is_number(raw):
        raise InvalidPosition(
            f"header: {key}={raw} is not a whole number in the digits 0-9 without leading zeros", Position.BAD_NUMBER
        )
    if not low <= int(raw) <= high:
        raise InvalidPosition(f"header: {key}={raw} is not a whole number from {low} to {high}")
    return int(raw)


def check_status(fields: dict[str, str], state: State[Any]) -> None:
    """A ``status=`` field that claims an ended game (won, blocked) must be the position's own:
    it is never trusted. ``status=playing`` is taken for any position, its status worked out
    from the cards (PRODUCT.md's command line plays on from a hand-written position, and a move
    on a blocked one is refused with its reason, exit 1)."""
    given = fields.get("status")
    if given is not None and given != "playing" and given != state.status.value:
        raise InvalidPosition(
            f"header: status={given}, but the position is {state.status.value}", Position.STATUS_MISMATCH
        )


def check_fields(fields: dict[str, str], known: Sequence[str]) -> None:
    unknown = [k for k in fields if k not in known]
    if unknown:
        raise InvalidPosition(f"header: unknown field {unknown[0]!r} (known: {', '.join(known)})")
    status = fields.get("status")
    if status is not None and status not in ("playing", "won", "blocked"):
        raise InvalidPosition(f"header: status={status} is not playing, won or blocked")


def check_places(places: dict[str, list[tuple[int, bool]]], expected: Sequence[str]) -> None:
    for name in places:
        if name not in expected:
            raise InvalidPosition(f"unknown place {name!r} (places are {', '.join(expected)})")
    for name in expected:
        if name not in places:
            raise InvalidPosition(f"place {name!r} is missing")
