"""Klondike for the browser: the view of a position, its part of hints, and Finish steps.

The browser never learns a face-down card: the view carries, for the stock, only its count;
for the waste, the cards of the last draw's fan (or its top alone); for each column, how many
cards lie face down and the face-up ones. The deal code reveals every card through the
published shuffle, so it is sent only once the game is over (won or blocked); the results
panel shows it then.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from paciencia.engine.protocol import Status
from paciencia.games.klondike import (
    COLS,
    F0,
    FANY,
    K_COL_COL,
    K_COL_F,
    K_DRAW,
    K_F_COL,
    K_W_COL,
    K_W_F,
    PLACE_NAMES,
    SUIT,
    WASTE,
    KlondikeMove,
    KlondikeState,
)
from paciencia.i18n import Words
from paciencia.web.store import SavedGame
from paciencia.web.views import label
from paciencia.web.words import say


class KlondikePlace(BaseModel):
    id: str = Field(description="S the stock, W the waste, Fs Fh Fd Fc the foundations, 1-7 the columns")
    count: int = Field(description="How many cards the place holds, face down included")
    cards: list[int] = Field(description="The visible cards bottom to top, as suit*13+rank (suits ♠♥♦♣, ranks A..K)")
    down: int = Field(default=0, description="Face-down cards (a column's first ones)")
    label: str = Field(description="The place's part of the board description (its accessible name)")


class KlondikeView(BaseModel):
    id: str
    game: str = Field(description="klondike")
    lang: str
    draw: int = Field(description="Cards turned per draw: 3 or 1")
    code: str | None = Field(description="The deal code, once the game is over (it reveals every card)")
    version: int
    status: str
    status_text: str
    moves: int
    recycles: int = Field(description="Times the waste was turned back into the stock")
    sent_up: int = Field(description="Cards sent up to the foundations (less those taken back down)")
    can_undo: bool
    can_draw: bool
    can_finish: bool = Field(description="The third button is Finish: every card is face up or seen")
    elapsed: float
    running: bool
    ranks: list[str] = Field(description="The 13 rank letters of this language, Ace to King")
    places: list[KlondikePlace]
    dests: dict[str, list[str]] = Field(description="Legal destinations of each source: 3, 3x2 (a run of 2), W, Fh…")
    last: str | None
    announce: str
    description: str
    winnable: bool = Field(default=False, description="The deal is one the solver proved winnable")


def dest_name(state: KlondikeState, move: KlondikeMove) -> str:
    """The move's destination, a foundation named by its suit (``F`` resolved)."""
    if move.dst != FANY:
        return PLACE_NAMES[move.dst]
    card = state.waste[-1] if move.src == WASTE else state.cols[move.src][-1]
    return PLACE_NAMES[F0 + SUIT[card]]


def source_name(move: KlondikeMove) -> str:
    src = PLACE_NAMES[move.src]
    return f"{src}x{move.n}" if move.n > 1 else src


def token_of(state: KlondikeState, move: KlondikeMove) -> str:
    """The move in notation, with its foundation named (so that it means the same after a preview)."""
    if move.kind == K_DRAW:
        return "D"
    return f"{source_name(move)}-{dest_name(state, move)}"


def announce(words: Words, state: KlondikeState, token: str | None, status: Status) -> str:
    """What ``token`` (just played) did, from the position as it is now, then the end if it came."""
    parts: list[str] = []
    if token == "U":
        parts.append(say(words, "undone"))
    elif token == "D":
        if state.history and state.history[-1][1] < 0:
            parts.append(say(words, "kl_recycled", number=state.recycles + 1))
        else:
            shown = state.visible_waste()[-max(state.fan, 1) :]
            parts.append(say(words, "kl_drew", cards=", ".join(words.card_name(c) for c in shown)))
    elif token and "-" in token and state.history:
        move, flipped, _ = state.history[-1]
        if move.dst < COLS:
            col = state.cols[move.dst]
            first = col[-move.n]
            key = "kl_run_to_column" if move.n > 1 else "kl_to_column"
            parts.append(say(words, key, card=words.card_name(first), number=move.dst + 1))
        elif move.dst >= F0:
            suit = move.dst - F0
            card = suit * 13 + state.found[suit] - 1
            parts.append(say(words, "kl_to_foundation", card=words.card_name(card), suit=words.suit_name(suit)))
        if flipped and move.src < COLS and state.cols[move.src]:
            parts.append(say(words, "kl_turned_up", card=words.card_name(state.cols[move.src][-1])))
    if token and status != Status.PLAYING:
        parts.append(words.status(status.value))
    return " ".join(parts)


def klondike_view(saved: SavedGame, words: Words, token: str | None = None) -> dict[str, Any]:
    """The position for the browser, as ``KlondikeView`` documents it (plain data: hot path)."""
    state = saved.state
    assert isinstance(state, KlondikeState)
    groups = state.describe_places()
    labels = [[label(words, p) for p in group] for group in groups]
    places: list[dict[str, Any]] = []
    for group, names in zip(groups, labels, strict=True):
        for p, name in zip(group, names, strict=True):
            places.append({"id": p.place, "count": p.count, "cards": list(p.cards), "down": p.face_down, "label": name})
    dests: dict[str, list[str]] = {}
    can_draw = False
    for m in state.legal_moves():
        if m.kind == K_DRAW:
            can_draw = True
            continue
        dests.setdefault(source_name(m), []).append(dest_name(state, m))
    status = saved.status
    over = status != Status.PLAYING
    return {
        "id": saved.id,
        "game": saved.game,
        "lang": words.locale,
        "draw": state.draw,
        "code": str(state.code) if over else None,
        "version": saved.version,
        "status": status.value,
        "status_text": words.status(status.value),
        "moves": state.moves,
        "recycles": state.recycles,
        "sent_up": state.up,
        "can_undo": state.can_undo,
        "can_draw": can_draw and not over,
        "can_finish": not over and state.can_finish(),
        "elapsed": round(saved.elapsed(time.time()), 1),
        "running": saved.started is not None and saved.ended is None,
        "ranks": [words.rank_letter(r) for r in range(13)],
        "places": places,
        "dests": dests,
        "last": token,
        "announce": announce(words, state, token, status),
        "description": ". ".join("; ".join(names) for names in labels) + ".",
        "winnable": saved.winnable,
    }


# -- hints and Finish --------------------------------------------------------------------------


def analyse(state: KlondikeState, avoid: set[tuple[object, ...]], seconds: float) -> tuple[str, str | None]:
    """For a hint: ``("no_useful", None)`` or ``("move", token)``."""
    from paciencia.solver.klondike import hint_klondike, useful_moves_klondike

    if not useful_moves_klondike(state):
        return "no_useful", None
    return "move", hint_klondike(state, seconds, avoid)


def hint_places(state: KlondikeState, token: str) -> dict[str, Any]:
    """A hint's move for the page: its token (foundation named), where the cards are and go."""
    move = state.game.parse_move(token)
    if move.kind == K_DRAW:
        return {"move": "D", "src": "S", "n": 1, "dst": "W"}
    return {"move": token_of(state, move), "src": PLACE_NAMES[move.src], "n": move.n, "dst": dest_name(state, move)}


def plain_hint(state: KlondikeState) -> str | None:
    """A card up, else a move that turns a card up, else any move but a draw, else the draw."""
    legal = state.legal_moves()
    if not legal:
        return None
    order = {K_COL_F: 0, K_W_F: 0, K_COL_COL: 1, K_W_COL: 2, K_DRAW: 3, K_F_COL: 4}
    return str(min(legal, key=lambda m: order.get(m.kind, 5)))


def finish_token(state: KlondikeState) -> str | None:
    """The next Finish step in notation, or ``None`` when Finish does not apply."""
    if not state.can_finish():
        return None
    step = state.finish_step()
    return None if step is None else token_of(state, step)
