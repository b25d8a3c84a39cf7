"""What the browser is sent for a position: places, legal destinations, counters, words.

The browser holds no rules: for every place it gets the top card and its accessible name,
and for every source the places that accept its card now; everything else it asks for.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from paciencia.engine.protocol import PlaceInfo, Status
from paciencia.i18n import Words
from paciencia.web.store import SavedGame
from paciencia.web.words import say


class PlaceView(BaseModel):
    id: str = Field(description="The place in move notation: piles 1-16, foundations As…Kc")
    kind: str = Field(description="pile, asc or desc")
    number: int = Field(description="The pile's number (0 for a foundation)")
    count: int = Field(description="How many cards the place holds")
    card: int | None = Field(description="The top card as suit*13+rank (suits ♠♥♦♣, ranks A..K), or null")
    face: str | None = Field(description="The top card as printed in this language, as R♠")
    down: int = Field(default=0, description="Face-down cards under the top")
    label: str = Field(description="The place's part of the board description (its accessible name)")


class GameView(BaseModel):
    id: str
    game: str
    lang: str
    code: str = Field(description="The deal code")
    version: int = Field(description="Moves stored so far; a move must name it")
    status: str = Field(description="playing, won or blocked")
    status_text: str
    moves: int
    redeals: int = Field(description="Redeals left")
    redeal_text: str = Field(description="The redeal button's words")
    can_undo: bool
    can_redeal: bool
    elapsed: float = Field(description="Seconds of play so far")
    running: bool = Field(description="Whether the clock runs")
    places: list[PlaceView]
    dests: dict[str, list[str]] = Field(description="Legal destinations of each source that has one")
    last: str | None = Field(description="The last token played, when the server saw it")
    announce: str = Field(description="What the last action did, for the live region")
    description: str = Field(description="The whole board description")
    winnable: bool = Field(default=False, description="The deal is one the solver proved winnable")


def announce(words: Words, places: list[list[PlaceInfo]], token: str | None, status: Status, redeals: int) -> str:
    """Says what ``token`` (just played) did, from the places as they are now, then the end if it came."""
    parts: list[str] = []
    if token == "U":
        parts.append(say(words, "undone"))
    elif token == "R":
        parts.append(say(words, "redealt") + " " + words.redeal_button(redeals) + ".")
    elif token and "-" in token:
        dst = token.rsplit("-", 1)[1]
        place = next((p for group in places for p in group if p.place == dst), None)
        if place is not None and place.cards:
            card = words.card_name(place.cards[-1])
            if place.kind == "pile":
                parts.append(say(words, "to_pile", card=card, number=place.number))
            elif place.kind in ("asc", "desc"):
                key = "to_asc" if place.kind == "asc" else "to_desc"
                parts.append(say(words, key, card=card, suit=words.suit_name(place.suit)))
    if token and status != Status.PLAYING:
        parts.append(words.status(status.value))
    return " ".join(parts)


_LABELS: dict[tuple[str, PlaceInfo], str] = {}
_FACES: dict[tuple[str, int], str] = {}


def face(words: Words, card: int) -> str:
    key = (words.locale, card)
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = words.card_face(card)
    return found


def label(words: Words, place: PlaceInfo) -> str:
    """``words.describe_place(place)``, remembered: a game has few distinct places."""
    key = (words.locale, place)
    found = _LABELS.get(key)
    if found is None:
        if len(_LABELS) > 100_000:
            _LABELS.clear()
        found = _LABELS[key] = words.describe_place(place)
    return found


def game_view(saved: SavedGame, words: Words, token: str | None = None) -> dict[str, Any]:
    """The position for the browser, as ``GameView`` documents it (built as plain data: it is
    the server's hottest path, and these values come from the engine, so there is nothing to
    validate)."""
    if saved.game == "klondike":
        from paciencia.web.klondike import klondike_view

        return klondike_view(saved, words, token)
    state = saved.state
    places: list[dict[str, Any]] = []
    groups = state.describe_places()
    labels = [[label(words, p) for p in group] for group in groups]
    for group, names in zip(reversed(groups), reversed(labels), strict=True):  # piles first, then foundations
        for p, name in zip(group, names, strict=True):
            top = p.cards[-1] if p.cards else None
            places.append(
                {
                    "id": p.place,
                    "kind": p.kind,
                    "number": p.number,
                    "count": p.count,
                    "card": top,
                    "face": face(words, top) if top is not None else None,
                    "down": p.face_down,
                    "label": name,
                }
            )
    dests: dict[str, list[str]] = {}
    can_redeal = False
    for m in state.legal_moves():
        text = str(m)
        if text == "R":
            can_redeal = True
            continue
        src, _, dst = text.partition("-")
        dests.setdefault(src, []).append(dst)
    figures = state.figures()
    redeals = figures.redeals_left or 0
    status = saved.status
    return {
        "id": saved.id,
        "game": saved.game,
        "lang": words.locale,
        "code": str(state.code),
        "version": saved.version,
        "status": status.value,
        "status_text": words.status(status.value),
        "moves": figures.moves,
        "redeals": redeals,
        "redeal_text": words.redeal_button(redeals),
        "can_undo": state.can_undo,
        "can_redeal": can_redeal and status == Status.PLAYING,
        "elapsed": round(saved.elapsed(time.time()), 1),
        "running": saved.started is not None and saved.ended is None,
        "places": places,
        "dests": dests,
        "last": token,
        "announce": announce(words, groups, token, status, redeals),
        "description": ". ".join("; ".join(names) for names in labels) + ".",  # as Words.describe
        "winnable": saved.winnable,
    }
