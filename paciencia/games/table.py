"""How the site lays out a game's table, as plain data a game's package gives (``TABLE``)."""

from __future__ import annotations

from paciencia.engine.record import dataclass, field
from paciencia.i18n import GameWords


@dataclass(frozen=True)
class Table:
    """How the site lays out a game's table: its layout module and stylesheet (files of the
    ``static/`` folder of the game's package), the UI word keys of its board's name, keys help
    and title, the figures of its status bar and results panel (``(UI word key, view field,
    element id)``), and its buttons for a new game in a given variant (``(variant, UI word
    key, element id)``)."""

    layout: str = ""
    """The layout module (``layout.js``), whose default export is the layout's data (how each
    kind of place spreads its cards, how the arrows walk, whether a double tap plays); empty:
    the default layout (every place shows its top card, the arrows move spatially)."""
    stylesheet: str | None = None
    """The table's stylesheet (``table.css``), where its places stand."""
    spreads: dict[str, str] = field(default_factory=dict)
    """How the pages drawn without the board's script (the rules pages' schemas) spread each kind
    of place's cards: ``cascade`` or ``fan`` (``top``, the default, shows its top card), as the
    layout module spreads them at the table."""
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
