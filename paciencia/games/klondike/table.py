"""How the site lays out klondike's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.klondike.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    layout="layout.js",
    stylesheet="table.css",
    spreads={"waste": "fan"},
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
    words=WORDS,
)
