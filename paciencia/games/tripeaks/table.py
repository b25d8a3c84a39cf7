"""How the site lays out TriPeaks's table (``paciencia.games.table.Table``)."""

from __future__ import annotations

from paciencia.games.table import Table
from paciencia.games.tripeaks.words import WORDS

TABLE = Table(
    layout="layout.js",
    stylesheet="table.css",
    title="tripeaks",
    blurb="tripeaks_blurb",
    rules="rules_tripeaks",
    board_label="tripeaks_board",
    keys_help="tripeaks_keys_help",
    counters=(("moves", "moves", "moves"), ("stock_left", "stock_left", "stock-left")),
    tools=True,
    words=WORDS,
)
