"""The one registry of games, and the ways into them: a deal code, or table text.

Each game lives in its own package (rules, observation, analysis, Finish) and is registered
here once, with how its table is laid out (``Table``: plain data for the site, no web code).
The command line, the site, the solver and the survey all find games through this registry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from paciencia.engine import tabletext
from paciencia.engine.dealcode import EXPECTED_FORM, DealCode
from paciencia.engine.errors import InvalidCode, InvalidPosition
from paciencia.engine.protocol import Game, State
from paciencia.games.crescent import CrescentGame
from paciencia.games.crescent import words as crescent_words
from paciencia.games.freecell import FreeCellGame
from paciencia.games.freecell import words as freecell_words
from paciencia.games.klondike import KlondikeGame
from paciencia.games.klondike import words as klondike_words
from paciencia.i18n import GameWords


@dataclass(frozen=True)
class Table:
    """How the site lays out a game's table: its layout module and stylesheet (files of the
    ``static/`` folder of the game's package), the UI word keys of its board's name, keys help and title, the figures of
    its status bar and results panel (``(UI word key, view field, element id)``), and its
    buttons for a new game in a given variant (``(variant, UI word key, element id)``)."""

    layout: str = ""
    """The layout module (``layout.js``), whose default export is the layout's data (how each
    kind of place spreads its cards, how the arrows walk, whether a double tap plays); empty:
    the default layout (every place shows its top card, the arrows move spatially)."""
    stylesheet: str | None = None
    """The table's stylesheet (``table.css``), where its places stand."""
    base_styles: tuple[str, ...] = ()
    """Site stylesheets (``css/<name>`` under the site's static root) the table's own builds on."""
    title: str = ""
    """UI word key of the game's name (the page titles, the home page's card); empty: the name."""
    blurb: str = ""
    """UI word key of the home page's line about the game."""
    play: str = "play"
    """UI word key of the home page's link to the table (a game with variant buttons has those instead)."""
    rules: str = ""
    """UI word key of the home page's link to the rules page (empty: the game has none)."""
    board_label: str = "board"
    keys_help: str = "keys_help_plain"
    counters: tuple[tuple[str, str, str], ...] = (("moves", "moves", "moves"),)
    end_figures: tuple[tuple[str, str, str], ...] = (("moves", "moves", "end-moves"),)
    variant_buttons: tuple[tuple[str, str, str], ...] = ()
    tools: bool = False
    handed: bool = False
    """The table can be drawn mirrored for a left-handed player (Klondike: the stock on the right)."""
    """The play-a-code and paste-a-table forms and the interactive-rules setting."""
    variant_titles: dict[str, str] = field(default_factory=dict)
    """UI word key per variant, added to the title (Klondike: draw three / draw one)."""
    end_titles: dict[str, str] = field(default_factory=dict)
    """UI word key of the results panel's title per end status (default: the status's words)."""
    end_buttons: tuple[tuple[str, str, str], ...] = (
        ("end-undo", "undo_last", "blocked can_undo"),
        ("end-again", "play_again", "won"),
        ("end-new", "new_game", ""),
        ("end-close", "close", ""),
    )
    """The results panel's buttons: (element id, UI word key, when shown: conditions that must
    all hold, among ``won``, ``blocked``, ``can_undo``; empty for always). The id says what the
    button does (``-undo``, ``-again``, ``-new``, ``-view``, ``-close``)."""
    notice_buttons: tuple[tuple[str, str, str], ...] = (
        ("notice-undo", "undo_last", "can_undo"),
        ("notice-new", "new_game", ""),
        ("notice-close", "close", ""),
    )
    """The hint notice's buttons ("no move helps", "lost"), as ``end_buttons``."""
    words: GameWords = field(default_factory=GameWords)
    """The game's words (``paciencia.i18n.GameWords``): its reasons, kinds of place, actions,
    UI keys (those named above among them) and catalogs."""


@dataclass(frozen=True)
class Entry:
    game: type[Game[Any]]
    table: Table

    @property
    def name(self) -> str:
        return self.game.name


REGISTRY: dict[str, Entry] = {}
"""Every game the site plays, by name, in the order the site lists them."""
GAMES: dict[str, Entry] = {}
"""Every game the command line, the solver and the survey know: the site's and those not (yet) on it."""


def register(game: type[Game[Any]], table: Table, site: bool = True) -> None:
    """Registers a game; ``site=False`` keeps it off the site (the command line still finds it)."""
    if game.name in GAMES or any(e.game.prefix == game.prefix for e in GAMES.values()):
        raise ValueError(f"a game named {game.name!r} or with prefix {game.prefix!r} is registered already")
    GAMES[game.name] = Entry(game, table)
    if site:
        REGISTRY[game.name] = GAMES[game.name]


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    GAMES.pop(name, None)


@contextmanager
def registered(game: type[Game[Any]], table: Table) -> Iterator[Entry]:
    """``game`` registered for the length of the block (a test's own game)."""
    register(game, table)
    try:
        yield REGISTRY[game.name]
    finally:
        unregister(game.name)


def entry(name: str) -> Entry:
    """The registered game named ``name``; ``KeyError`` otherwise."""
    return REGISTRY[name]


def game_for(code: DealCode) -> Game[Any]:
    """The game (with its variant) that a code names; ``InvalidCode`` naming what is wrong."""
    cls = next((e.game for e in GAMES.values() if e.game.prefix == code.game), None)
    if cls is None:
        raise InvalidCode(f"unknown game {code.game!r} in {str(code)!r} (expected {EXPECTED_FORM})")
    if code.version != cls.version:
        raise InvalidCode(
            f"unknown deal algorithm version {code.version} in {str(code)!r} "
            f"(this build deals {code.game}{cls.version} codes)"
        )
    return cls(code.variant)


def new_state(code_text: str) -> State[Any]:
    """The first position of the deal a code names."""
    code = DealCode.parse(code_text)
    return game_for(code).new_state(code.number)


def state_from_text(text: str) -> State[Any]:
    """A position from table text; ``InvalidPosition`` naming the problem."""
    name, code, fields, places = tabletext.parse(text)
    try:
        game = game_for(code)
    except InvalidCode as e:
        raise InvalidPosition(f"header: {e}") from None
    if name != game.name:
        raise InvalidPosition(f"header: the game is {name!r} but the code {code} is a {game.name} code")
    return game.from_fields(code, fields, places)


register(
    CrescentGame,
    Table(
        stylesheet="table.css",
        title="crescent",
        blurb="crescent_blurb",
        play="play_crescent",
        rules="rules_crescent",
        board_label="crescent_board",
        keys_help="crescent_keys_help",
        counters=(("moves", "moves", "moves"),),
        end_figures=(("moves", "moves", "end-moves"),),
        variant_buttons=(
            ("N", "new_standard", "new-N"),
            ("F", "new_four", "new-F"),
            ("D", "new_face_down", "new-D"),
            ("B", "new_four_face_down", "new-B"),
        ),
        tools=True,
        words=crescent_words.WORDS,
    ),
)
register(
    KlondikeGame,
    Table(
        layout="layout.js",
        stylesheet="table.css",
        base_styles=("cascades.css",),
        title="klondike",
        blurb="klondike_blurb",
        rules="rules_klondike",
        board_label="klondike_board",
        keys_help="kl_keys_help",
        counters=(("moves", "moves", "moves"), ("pass", "passes", "passes")),
        end_figures=(
            ("moves", "moves", "end-moves"),
            ("recycles", "recycles", "end-recycles"),
            ("sent_up", "sent_up", "end-up"),
        ),
        variant_buttons=(("3", "new_draw_three", "new-3"), ("1", "new_draw_one", "new-1")),
        variant_titles={"3": "draw_three", "1": "draw_one"},
        handed=True,
        tools=True,
        end_titles={"won": "kl_won", "blocked": "kl_blocked"},
        end_buttons=(
            ("end-new", "new_game", ""),
            ("end-again", "replay", ""),
            ("end-view", "view_table", "blocked"),
            ("end-undo", "undo_last", "blocked can_undo"),
        ),
        notice_buttons=(
            ("notice-undo", "undo_last", "can_undo"),
            ("notice-again", "replay", ""),
            ("notice-new", "new_game", ""),
            ("notice-close", "close", ""),
        ),
        words=klondike_words.WORDS,
    ),
)
register(
    FreeCellGame,
    Table(
        layout="layout.js",
        stylesheet="table.css",
        base_styles=("cascades.css",),
        title="freecell",
        blurb="freecell_blurb",
        rules="rules_freecell",
        board_label="freecell_board",
        keys_help="fc_keys_help",
        variant_buttons=tuple((v, f"new_fc_{v}", f"new-{v}") for v in FreeCellGame.variants),
        variant_titles={v: f"fc_cells_{v}" for v in FreeCellGame.variants},
        tools=True,
        words=freecell_words.WORDS,
    ),
)
