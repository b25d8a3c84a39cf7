"""What the browser is sent for a position: places, legal destinations, counters, words.

The browser holds no rules: for every place it gets the top card and its accessible name,
and for every source the places that accept its card now; everything else it asks for.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from paciencia.engine.protocol import State, Status
from paciencia.games.crescent import ASC, DESC, PLACE_INDEX, CrescentState
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


def announce(words: Words, state: State[Any], token: str | None) -> str:
    """Says what ``token`` (just played on ``state``) did, then the game's end if it came."""
    parts: list[str] = []
    if token == "U":
        parts.append(say(words, "undone"))
    elif token == "R":
        parts.append(say(words, "redealt") + " " + words.redeal_button(state.figures().redeals_left or 0) + ".")
    elif token and isinstance(state, CrescentState):
        dst = PLACE_INDEX[token.split("-")[1].lower()]
        if dst < ASC:
            card = state.piles[dst][-1]
            parts.append(say(words, "to_pile", card=words.card_name(card), number=dst + 1))
        else:
            f = dst - ASC
            card = f % 4 * 13 + state.ftop[f]
            key = "to_asc" if dst < DESC else "to_desc"
            parts.append(say(words, key, card=words.card_name(card), suit=words.suit_name(f % 4)))
    if token and state.status != Status.PLAYING:
        parts.append(words.status(state.status.value))
    return " ".join(parts)


def game_view(saved: SavedGame, words: Words, token: str | None = None) -> GameView:
    state = saved.state
    places: list[PlaceView] = []
    for group in reversed(state.describe_places()):  # piles first, then foundations
        for p in group:
            top = p.cards[-1] if p.cards else None
            places.append(
                PlaceView(
                    id=p.place,
                    kind=p.kind,
                    number=p.number,
                    count=p.count,
                    card=top,
                    face=words.card_face(top) if top is not None else None,
                    down=p.face_down,
                    label=words.describe_place(p),
                )
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
    status = state.status
    return GameView(
        id=saved.id,
        game=saved.game,
        lang=words.locale,
        code=str(state.code),
        version=saved.version,
        status=status.value,
        status_text=words.status(status.value),
        moves=figures.moves,
        redeals=redeals,
        redeal_text=words.redeal_button(redeals),
        can_undo=state.can_undo,
        can_redeal=can_redeal and status == Status.PLAYING,
        elapsed=round(saved.elapsed(time.time()), 1),
        running=saved.started is not None and saved.ended is None,
        places=places,
        dests=dests,
        last=token,
        announce=announce(words, state, token),
        description=words.describe(state),
    )
