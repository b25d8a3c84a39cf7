"""How the site lays out freecell's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.freecell.rules import FreeCellGame
from paciencia.games.freecell.words import WORDS
from paciencia.games.table import Table

TABLE = Table(
    layout="layout.js",
    stylesheet="table.css",
    spreads={"cascade": "cascade"},
    base_styles=("cascades.css",),
    title="freecell",
    blurb="freecell_blurb",
    rules="rules_freecell",
    board_label="freecell_board",
    keys_help="fc_keys_help",
    variant_buttons=tuple((v, f"new_fc_{v}", f"new-{v}") for v in FreeCellGame.variants),
    variant_titles={v: f"fc_cells_{v}" for v in FreeCellGame.variants},
    tools=True,
    words=WORDS,
)
