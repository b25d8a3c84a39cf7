"""The API's documented shapes of a game's view (``paciencia.play.views.game_view`` builds them
as plain data; these models are for the OpenAPI document and the API's response models)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class PlaceView(BaseModel):
    id: str = Field(description="The place in the game's move notation (as 1, Fs, W)")
    kind: str = Field(
        description="The kind of place, as the game names it (pile, foundation, column…): its words and looks"
    )
    role: str = Field(description="tableau, foundation, stock or waste")
    number: int = Field(description="The pile's or column's number (0 otherwise)")
    count: int = Field(description="How many cards the place holds, face down included")
    down: int = Field(default=0, description="Face-down cards (the place's first ones)")
    cards: list[int] = Field(description="The visible cards bottom to top, as suit*13+rank (suits ♠♥♦♣, ranks A..K)")
    card: int | None = Field(description="The top visible card, or null")
    face: str | None = Field(description="The top visible card as printed in this language, as R♠")
    label: str = Field(description="The place's part of the board description (its accessible name)")
    name: str = Field(default="", description="The place's short name, without its cards (as cascade 5)")


class GroupView(BaseModel):
    name: str = Field(description="piles, foundations, heaps, columns…")
    label: str
    places: list[str]
    read: int = Field(description="Where the group comes in the board description (the order the page reads it in)")


class ActionView(BaseModel):
    name: str = Field(description="The action's name, as the game names it (redeal, draw: a tap on the stock…)")
    token: str
    enabled: bool
    text: str = Field(description="The button's words (empty for a tap on a place)")
    place: str | None = Field(default=None, description="The place a tap on which plays the action")
    left: int | None = Field(
        default=None, description="How many of it remain (redeals left), where the game counts them"
    )


class DeckView(BaseModel):
    ranks: list[str] = Field(description="The 13 rank letters of this language, Ace to King")
    suits: list[str] = Field(description="The four suit symbols, ♠♥♦♣")
    red: list[bool] = Field(description="Whether each suit is drawn red")


class GameView(BaseModel):
    id: str
    game: str = Field(description="The game's name, as in its page's path")
    variant: str
    lang: str
    title: str = Field(description="The game's name (and variant, and code once it may be shown) for the page title")
    code: str | None = Field(description="The deal code; null while it would reveal face-down cards")
    number: int | None = Field(
        default=None, description="With the code, where the game numbers its deals: the deal's number (#11982)"
    )
    version: int = Field(description="Moves stored so far; a move must name it")
    status: str = Field(description="playing, won, blocked or left (for a newer game of the same game)")
    closed: bool = Field(
        description="The game takes no more moves (won, left, or reviewed once blocked); its review may be shown"
    )
    status_text: str
    end_title: str = Field(description="The results panel's title for this status")
    moves: int
    redeals: int | None = Field(default=None, description="Where the game redeals: redeals left")
    recycles: int | None = Field(
        default=None, description="Where the game has a stock: times the waste was turned back"
    )
    sent_up: int | None = Field(default=None, description="Cards sent up, less those taken back down (where counted)")
    passes: int | None = Field(default=None, description="The pass through the stock (the first is 1)")
    draw: int | None = Field(default=None, description="Where the game draws: cards turned per draw")
    can_undo: bool
    can_finish: bool = Field(description="Finish is offered (the game says when: the rest is automatic)")
    can_auto: bool = Field(
        default=False, description="An automatic move up applies now (POST /api/games/{id}/auto plays it)"
    )
    actions: list[ActionView]
    places: list[PlaceView] = Field(description="Every place, in board order")
    groups: list[GroupView] = Field(description="The places in groups, in board order")
    runs: dict[str, int] = Field(description="Per place: how many cards from its end may be picked up together")
    dests: dict[str, list[str]] = Field(
        description="Legal destinations per source (a place, or <place>x<n> for a run of n cards)"
    )
    taps: dict[str, str] = Field(description="A tap on this place plays this token (as the stock's draw)")
    takes: dict[str, list[tuple[str | None, str]]] = Field(
        default_factory=dict,
        description="Per place: the moves that take its card away, each [partner, token]: the other place the "
        "move empties (a pair), else where the card goes, else null (a card that goes alone: one tap plays it)",
    )
    deck: DeckView
    ranks: list[str] = Field(description="The 13 rank letters of this language (as deck.ranks)")
    elapsed: float = Field(description="Seconds of play so far")
    running: bool = Field(description="Whether the clock runs")
    last: str | None = Field(description="The last token played, when the server saw it")
    announce: str = Field(description="What the last action did, for the live region")
    description: str = Field(description="The whole board description")
    winnable: bool = Field(default=False, description="The deal is one the solver proved winnable")
    record: bool = Field(
        default=False,
        description="The game's record may be kept on the device (GET /api/games/{id}/record answers it); "
        "false while it would tell unseen cards (a stand-in is kept instead)",
    )
    level: str | None = Field(
        default=None,
        description="The deal's difficulty (easy, medium, hard, expert, unwinnable) once the game is closed, "
        "or from the start where the player chose it; null otherwise (or while not yet measured)",
    )
    level_text: str = Field(default="", description="The level in words, as the results panel says it")
    level_pending: bool = Field(
        default=False, description="A closed game's deal is being measured: ask again in a few seconds for its level"
    )

    model_config = {"extra": "allow"}  # can_<action> and <action>_text, flattened for each action
