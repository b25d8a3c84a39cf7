"""How the site lays out crescent's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.crescent.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
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
    words=WORDS,
)
